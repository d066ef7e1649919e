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

// symmetries sets m.turn, m.flip and m.flips. It reads the land as classify left it loaded in
// the workspace's canon (its lowercase letters and their twins), before any move is made.
func (m *mover) symmetries() {
	m.turn, m.flip, m.flips = m.turn[:0], m.flip[:0], m.flips[:0]
	off := mirrorsOff.Load()
	for b := range m.bnd {
		turn, flip := m.bnd[b].len(), -1
		if !off {
			twinned := m.twinned(b)
			for k := 1; twinned && k < turn; k++ {
				if turn%k == 0 && m.turnsBy(b, k) {
					turn = k
					break
				}
			}
			flip = m.firstFlip(b)
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

// twin returns how many places forward round boundary b the twin of the letter at its place
// i is, or 0 when the letter is seen once there (uppercase) or i holds a digit.
func (m *mover) twin(b, i int) int {
	c := &m.ws.can
	if p := m.bnd[b].lo + i; c.lower(m.src[p]) {
		return c.twin[p]
	}
	return 0
}

// twinned reports whether every letter of boundary b is seen twice on it.
func (m *mover) twinned(b int) bool {
	for i, x := range m.codesOf(b) {
		if isLetter(x) && m.twin(b, i) == 0 {
			return false
		}
	}
	return true
}

// turnsBy reports whether boundary b, every letter of it twinned, is itself turned by k
// places.
func (m *mover) turnsBy(b, k int) bool {
	s := m.codesOf(b)
	n := len(s)
	for i, x := range s {
		y := s[(i+k)%n]
		if isLetter(x) != isLetter(y) || !isLetter(x) && x != y || m.twin(b, i) != m.twin(b, (i+k)%n) {
			return false
		}
	}
	return true
}

// firstFlip returns the least c such that reading boundary b backwards from place c (place i
// going to place c - i) gives it back, or -1 when none does.
func (m *mover) firstFlip(b int) int {
	s := m.codesOf(b)
	n := len(s)
next:
	for c := range n {
		for i, x := range s {
			j := ((c-i)%n + n) % n
			y := s[j]
			switch d := m.twin(b, i); {
			case isLetter(x) != isLetter(y), !isLetter(x) && x != y:
				continue next
			case isLetter(x) && d == 0 && i != j: // seen once: it stays
				continue next
			case isLetter(x) && d > 0 && m.twin(b, j) != n-d:
				continue next
			}
		}
		return c
	}
	return -1
}

// orbit reports whether the chord i–j (i ≤ j) of boundary b in region r is the first of its
// images by the turns of b and, when r reads backwards, its reflections: the least pair of
// ends, the lesser end first. swaps says whether the chord's two sides are alike: a loop on a
// spot alone in its boundary, or a chord that one of them maps onto itself with its sides
// swapped (a half turn that swaps its ends, a reflection that keeps both).
func (m *mover) orbit(r, b, i, j int) (first, swaps bool) {
	n, k, c := m.bnd[b].len(), m.turn[b], -1
	swaps = i == j && n == 1 && !mirrorsOff.Load()
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
