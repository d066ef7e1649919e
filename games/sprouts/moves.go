package sprouts

import (
	"slices"
	"sync/atomic"
)

// A mover lists the moves of one land (SPROUTS.md, "Moves") and writes the position each one
// leads to. Boundaries of one region that can be swapped without changing anything (see
// classify) are played on once, and for them only how many go to each side of a line is
// chosen.
type mover struct {
	ws    workspace
	src   []uint8  // the land's codes
	bnd   []span   // its boundaries: spans of src, separator excluded
	reg   []span   // its regions: spans of bnd
	regAt []span   // its regions: spans of src, separators included
	regOf []int    // the region of each boundary
	cls   []int    // for each boundary, the first of its region that can stand for it (see classify)
	turn  []int    // for each boundary, its least turn onto itself (see turns)
	at    [256]int // scratch of twinned: where each letter is seen
	twin  []int    // scratch of twinned: at each letter of a boundary, how far its twin is
	keys  []byte
	keyAt []span
	fresh uint8   // the first unused letter id
	raw   []uint8 // the child under construction
	dead  []uint8 // letters the move kills
	group []span  // classes of the other boundaries of a region, as spans of others
	other []int
	count []int // how many boundaries of each class go to the first side

	emit  func() bool             // called at each move, written in raw and dead
	onRaw func(raw, dead []uint8) // for tests: sees each child before reduction
}

// options calls emit at each move of the canonical land s, until emit returns false; emit
// makes the move's option from raw and dead (Position.option), or skips it. It reports
// whether it went to the end.
func (m *mover) options(s string, emit func() bool) bool {
	lands, err := read(s)
	if err != nil || len(lands) != 1 {
		panic("sprouts: land " + s + " is not canonical") // Positions hold canonical lands only
	}
	m.load(lands[0].codes)
	m.emit = emit
	for r := range m.reg {
		if !m.region(r) {
			return false
		}
	}
	return true
}

// load indexes the codes of a land and sorts its boundaries into classes.
func (m *mover) load(codes []uint8) {
	m.src, m.bnd, m.reg, m.regAt, m.regOf = codes, m.bnd[:0], m.reg[:0], m.regAt[:0], m.regOf[:0]
	m.fresh = letter0
	lo, blo, rlo := 0, 0, 0
	for i, x := range codes {
		switch {
		case x == sepB:
			m.bnd = append(m.bnd, span{lo, i})
			m.regOf = append(m.regOf, len(m.reg))
			lo = i + 1
		case x == sepR:
			m.reg = append(m.reg, span{blo, len(m.bnd)})
			m.regAt = append(m.regAt, span{rlo, i + 1})
			blo, lo, rlo = len(m.bnd), i+1, i+1
		case isLetter(x):
			m.fresh = max(m.fresh, x+1)
		}
	}
	m.classify()
	m.turns()
}

func (m *mover) codesOf(b int) []uint8 { return m.src[m.bnd[b].lo:m.bnd[b].hi] }

// region plays every move in region r.
func (m *mover) region(r int) bool {
	rg := m.reg[r]
	for b := rg.lo; b < rg.hi; b++ {
		if m.cls[b] == b && !m.chords(r, b) {
			return false
		}
	}
	for b := rg.lo; b < rg.hi; b++ {
		for c := b + 1; c < rg.hi; c++ {
			if m.distinctPair(b, c) && !m.joins(r, b, c) {
				return false
			}
		}
	}
	return true
}

// distinctPair reports whether boundaries b < c are the first pair of their classes.
func (m *mover) distinctPair(b, c int) bool {
	if m.cls[b] != b {
		return false
	}
	if m.cls[c] == c {
		return true
	}
	if m.cls[c] != b {
		return false
	}
	for o := b + 1; o < c; o++ { // c must be the second of b's class
		if m.cls[o] == b {
			return false
		}
	}
	return true
}

// chords plays the moves of the first kind on boundary b of region r: a line from s[i] to
// s[j] that cuts the region in two, with every way of sharing the other boundaries.
func (m *mover) chords(r, b int) bool {
	s := m.codesOf(b)
	for i := range m.turn[b] { // the chords from the first turn stand for all (see turns)
		for j := i; j < len(s); j++ {
			if i == j && s[i] > spot1 || i != j && isLetter(s[i]) && s[i] == s[j] {
				continue // a loop needs 2 lives; a letter twice is one spot
			}
			if !m.firstTurn(b, i, j) {
				continue
			}
			if !m.partitions(r, b, i, j) {
				return false
			}
		}
	}
	return true
}

// partitions plays the chord s[i]–s[j] of boundary b with every sharing of the other
// boundaries of region r between the two sides.
func (m *mover) partitions(r, b, i, j int) bool {
	m.classes(r, b)
	// A loop on a spot alone in its boundary has two sides alike, and so has a chord across a
	// boundary that a half turn gives back (see turns), which swaps its ends: a sharing and
	// its mirror lead to one position, and only the first of the two is played.
	n := m.bnd[b].len()
	mirror := !mirrorsOff.Load() && (i == j && n == 1 || 2*(j-i) == n && (j-i)%m.turn[b] == 0)
	for {
		if !mirror || m.firstOfMirror() {
			m.chord(r, b, i, j)
			if !m.finish() {
				return false
			}
		}
		if !m.nextCount() {
			return true
		}
	}
}

// firstOfMirror reports whether the counts are not past those of the mirror sharing (every
// boundary to the other side).
func (m *mover) firstOfMirror() bool {
	for g, k := range m.count {
		if other := m.group[g].len() - k; k != other {
			return k < other
		}
	}
	return true
}

// classes groups the boundaries of region r other than b into classes of equal ones, and
// sets every count to 0.
func (m *mover) classes(r, b int) {
	rg := m.reg[r]
	m.other, m.group, m.count = m.other[:0], m.group[:0], m.count[:0]
	for q := rg.lo; q < rg.hi; q++ {
		if m.cls[q] != q {
			continue
		}
		lo := len(m.other)
		for o := q; o < rg.hi; o++ {
			if o != b && m.cls[o] == q {
				m.other = append(m.other, o)
			}
		}
		if len(m.other) > lo {
			m.group = append(m.group, span{lo, len(m.other)})
			m.count = append(m.count, 0)
		}
	}
}

// nextCount steps the counts to the next sharing; it reports false after the last.
func (m *mover) nextCount() bool {
	for g := range m.count {
		if m.count[g] < m.group[g].len() {
			m.count[g]++
			return true
		}
		m.count[g] = 0
	}
	return false
}

// chord writes the child of the chord s[i]–s[j] of boundary b in region r: one side keeps
// s[j]…s[i] n, the other s[i]…s[j] n, and the counts say which boundaries go with the first.
func (m *mover) chord(r, b, i, j int) {
	s := m.codesOf(b)
	m.begin(r)
	ends := 1
	if i == j {
		ends = 2
	}
	ei, iok := m.end(s[i], ends, m.fresh+1)
	ej, jok := ei, iok
	if i != j {
		ej, jok = m.end(s[j], 1, m.fresh+2)
	}
	n := m.fresh
	m.raw = appendIf(m.raw, ej, jok)
	m.raw = append(append(m.raw, s[j+1:]...), s[:i]...)
	m.raw = append(appendIf(m.raw, ei, iok), n, sepB)
	m.share(true)
	m.raw = appendIf(m.raw, ei, iok)
	if i < j {
		m.raw = append(m.raw, s[i+1:j]...)
	}
	m.raw = append(appendIf(m.raw, ej, jok), n, sepB)
	m.share(false)
}

// share writes the other boundaries that go to the first side (or to the second) and ends
// the region.
func (m *mover) share(first bool) {
	for g, sp := range m.group {
		members := m.other[sp.lo:sp.hi]
		if first {
			members = members[:m.count[g]]
		} else {
			members = members[m.count[g]:]
		}
		for _, o := range members {
			m.raw = append(append(m.raw, m.codesOf(o)...), sepB)
		}
	}
	m.raw = append(m.raw, sepR)
}

// joins plays the moves of the second kind between boundaries b and c of region r.
func (m *mover) joins(r, b, c int) bool {
	same := string(m.codesOf(b)) == string(m.codesOf(c)) // digits only: u in b, v in c is v in b, u in c
	for u := range m.turn[b] {                           // see turns
		for v := range m.turn[c] {
			if same && v < u {
				continue
			}
			m.join(r, b, u, c, v)
			if !m.finish() {
				return false
			}
		}
	}
	return true
}

// join writes the child of the line from spot u of boundary b to spot v of boundary c: the
// two boundaries become one, b from u round to u, n, c from v round to v, n.
func (m *mover) join(r, b, u, c, v int) {
	m.begin(r)
	n := m.fresh
	m.walk(b, u, m.fresh+1)
	m.raw = append(m.raw, n)
	m.walk(c, v, m.fresh+2)
	m.raw = append(m.raw, n, sepB)
	for o := m.reg[r].lo; o < m.reg[r].hi; o++ {
		if o != b && o != c {
			m.raw = append(append(m.raw, m.codesOf(o)...), sepB)
		}
	}
	m.raw = append(m.raw, sepR)
}

// walk writes boundary b from its spot u round to u, which gets one more line.
func (m *mover) walk(b, u int, id uint8) {
	s := m.codesOf(b)
	if s[u] == spot0 { // an isolated spot is met once, then and now
		m.raw = append(m.raw, spot1)
		return
	}
	e, ok := m.end(s[u], 1, id)
	m.raw = appendIf(m.raw, e, ok)
	m.raw = append(append(m.raw, s[u+1:]...), s[:u]...)
	m.raw = appendIf(m.raw, e, ok)
}

// end returns what spot s becomes when k more lines end at it (1, or 2 for a loop): a digit,
// or the letter id when it is left with one life; ok is false when it dies.
func (m *mover) end(s uint8, k int, id uint8) (code uint8, ok bool) {
	switch {
	case s == spot0 && k == 1:
		return spot1, true
	case s == spot0 || s == spot1 && k == 1:
		return id, true
	case isLetter(s):
		m.dead = append(m.dead, s)
	}
	return 0, false
}

// begin starts a child with every region but r.
func (m *mover) begin(r int) {
	m.raw = append(append(m.raw[:0], m.src[:m.regAt[r].lo]...), m.src[m.regAt[r].hi:]...)
	m.dead = m.dead[:0]
}

// finish hands the move just written to emit.
func (m *mover) finish() bool {
	if m.onRaw != nil {
		m.onRaw(m.raw, m.dead)
	}
	return m.emit()
}

func appendIf(dst []uint8, c uint8, ok bool) []uint8 {
	if ok {
		return append(dst, c)
	}
	return dst
}

// turns sets m.turn: for each boundary, the least k > 0 such that turning it by k places
// gives it back, with its letters renamed. A move from place i and the same move from place
// i + k then lead to one position, and the mover plays from the first k places only: on
// 0*9's positions four moves deep, about a third of the moves it made led to a position made
// already, most of them on boundaries such as 1a1a or 1abc1cba.
//
// Only boundaries whose letters are all seen twice on them turn so (lowercase letters in the
// notation): a letter seen once is a spot shared with another region, which a renaming within
// the boundary cannot move. Two places of a boundary then hold the same thing when both hold
// one digit, or both a letter whose twin is as many places further round.
func (m *mover) turns() {
	m.turn = m.turn[:0]
	for b := range m.bnd {
		s := m.codesOf(b)
		m.turn = append(m.turn, len(s))
		if mirrorsOff.Load() || !m.twinned(s) {
			continue
		}
		for k := 1; k < len(s); k++ {
			if len(s)%k == 0 && m.turnsBy(s, k) {
				m.turn[b] = k
				break
			}
		}
	}
}

// mirrorsOff makes the mover play every move, turns and mirror sharings too, for the tests
// that compare its options with and without them.
var mirrorsOff atomic.Bool

// firstTurn reports whether the chord i–j (i ≤ j) of boundary b is the first of those its
// turns make of it: the least pair of ends, the lesser end first.
func (m *mover) firstTurn(b, i, j int) bool {
	n, k := m.bnd[b].len(), m.turn[b]
	for t := k; t < n; t += k {
		x, y := (i+t)%n, (j+t)%n
		if x > y {
			x, y = y, x
		}
		if x < i || x == i && y < j {
			return false
		}
	}
	return true
}

// twinned reports whether every letter of boundary s is seen twice on it, and leaves in
// m.twin, at each place of a letter, how many places forward round s its twin is.
func (m *mover) twinned(s []uint8) bool {
	m.twin = slices.Grow(m.twin[:0], len(s))[:len(s)]
	for _, x := range s {
		m.at[x] = -1
	}
	for i, x := range s {
		switch first := m.at[x]; {
		case !isLetter(x):
		case first < 0:
			m.at[x] = i
		default:
			m.twin[first], m.twin[i] = i-first, len(s)-(i-first)
			m.at[x] = len(s) // seen twice
		}
	}
	for _, x := range s {
		if isLetter(x) && m.at[x] < len(s) {
			return false
		}
	}
	return true
}

// turnsBy reports whether boundary s, every letter of it twinned, is itself turned by k
// places: each place holds what the place k further holds, the same digit, or a letter with
// its twin as far.
func (m *mover) turnsBy(s []uint8, k int) bool {
	n := len(s)
	for i, x := range s {
		y := s[(i+k)%n]
		if isLetter(x) != isLetter(y) || !isLetter(x) && x != y || isLetter(x) && m.twin[i] != m.twin[(i+k)%n] {
			return false
		}
	}
	return true
}
