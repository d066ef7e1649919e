package sprouts

import "sync/atomic"

// Moves that a symmetry of the land maps onto each other lead to one position: the mover
// plays one move of each orbit, the first it would meet, so that the options come in the
// order every move would give them (the search keeps that order for ties). On 0*9's positions four moves deep, half the moves it made
// before led to a position made already, most of them on boundaries such as 1a1a or
// 1abc1cba, which a turn or a reflection gives back.
//
// Two kinds of symmetries are used, each a renaming of the notation (SPROUTS.md, canonical
// form), so that the position a move leads to is the one its image leads to:
//   - a turn of one boundary whose letters are all seen twice on it (lowercase letters): a
//     letter seen once is a spot shared with another region, which a renaming within the
//     boundary cannot move;
//   - a region read backwards, each of its boundaries onto itself: a letter seen once may
//     only stay in its place.
//
// Two places of a boundary hold the same thing when both hold one digit, or both a letter
// whose twin is as many places further round (read backwards: as many places back).

// mirrorsOff makes the mover play every move, for the tests that compare its options with
// and without the symmetries.
var mirrorsOff atomic.Bool

// symmetries sets m.turn, m.flip and m.flips.
func (m *mover) symmetries() {
	m.turn, m.flip, m.flips = m.turn[:0], m.flip[:0], m.flips[:0]
	off := mirrorsOff.Load()
	for b := range m.bnd {
		s := m.codesOf(b)
		turn, flip := len(s), -1
		if !off {
			twinned := m.twins(s)
			for k := 1; twinned && k < len(s); k++ {
				if len(s)%k == 0 && m.turnsBy(s, k) {
					turn = k
					break
				}
			}
			flip = m.firstFlip(s)
		}
		m.turn, m.flip = append(m.turn, turn), append(m.flip, flip)
	}
	for _, rg := range m.reg {
		flips := !off
		for b := rg.lo; flips && b < rg.hi; b++ {
			flips = m.flip[b] >= 0
		}
		m.flips = append(m.flips, flips)
	}
}

// twins leaves in m.twin, at each place of a letter of boundary s, how many places forward
// round s its twin is, or 0 when it is seen once; it reports whether every letter is seen
// twice.
func (m *mover) twins(s []uint8) bool {
	m.twin = m.twin[:0]
	for _, x := range s {
		m.at[x] = -1
		m.twin = append(m.twin, 0)
	}
	twinned := true
	for i, x := range s {
		switch first := m.at[x]; {
		case !isLetter(x):
		case first < 0:
			m.at[x] = i
		default:
			m.twin[first], m.twin[i] = i-first, len(s)-(i-first)
		}
	}
	for i, x := range s {
		twinned = twinned && (!isLetter(x) || m.twin[i] > 0)
	}
	return twinned
}

// turnsBy reports whether boundary s, every letter of it twinned, is itself turned by k
// places.
func (m *mover) turnsBy(s []uint8, k int) bool {
	n := len(s)
	for i, x := range s {
		y, t := s[(i+k)%n], m.twin[(i+k)%n]
		if isLetter(x) != isLetter(y) || !isLetter(x) && x != y || m.twin[i] != t {
			return false
		}
	}
	return true
}

// firstFlip returns the least c such that reading boundary s backwards from place c (place i
// going to place c - i) gives it back, or -1 when none does.
func (m *mover) firstFlip(s []uint8) int {
	n := len(s)
next:
	for c := range n {
		for i, x := range s {
			j := ((c-i)%n + n) % n
			y := s[j]
			switch {
			case isLetter(x) != isLetter(y), !isLetter(x) && x != y:
				continue next
			case isLetter(x) && m.twin[i] == 0 && i != j: // seen once: it stays
				continue next
			case isLetter(x) && m.twin[i] > 0 && m.twin[j] != n-m.twin[i]:
				continue next
			}
		}
		return c
	}
	return -1
}

// orbit reports whether the chord i–j (i ≤ j) of boundary b in region r is the first of its
// images by the turns of b and, when r reads backwards, its reflections: the least pair of
// ends, the lesser end first. swaps says whether one of them maps the chord onto itself with
// its sides swapped: a half turn that swaps its ends, or a reflection that keeps both.
func (m *mover) orbit(r, b, i, j int) (first, swaps bool) {
	n, k, c := m.bnd[b].len(), m.turn[b], -1
	if m.flips[r] {
		c = m.flip[b]
	}
	before := func(x, y int) bool {
		x, y = min(x, y), max(x, y)
		return x < i || x == i && y < j
	}
	for t := 0; t < n; t += k {
		if x, y := (i+t)%n, (j+t)%n; t > 0 {
			if before(x, y) {
				return false, false
			}
			swaps = swaps || x == j && y == i
		}
		if c >= 0 {
			x, y := ((c-i-t)%n+n)%n, ((c-j-t)%n+n)%n
			if before(x, y) {
				return false, false
			}
			swaps = swaps || i != j && x == i && y == j
		}
	}
	return true, swaps
}

// firstJoin reports whether the join of place u of boundary b to place v of boundary c
// (each within its first turn) is the first of it and its reflection, when region r reads
// backwards: b and c are then read backwards together.
func (m *mover) firstJoin(r, b, u, c, v int) bool {
	if !m.flips[r] {
		return true
	}
	nb, nc := m.bnd[b].len(), m.bnd[c].len()
	x := ((m.flip[b]-u)%nb + nb) % nb % m.turn[b]
	y := ((m.flip[c]-v)%nc + nc) % nc % m.turn[c]
	return x > u || x == u && y >= v
}
