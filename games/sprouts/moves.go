package sprouts

// A mover lists the moves of one land (SPROUTS.md, "Moves") and writes the position each one
// leads to. Boundaries of one region that can be swapped without changing anything (see
// classify) are played on once, and for them only how many go to each side of a line is
// chosen.
type mover struct {
	ws    workspace
	src   []uint8 // the land's codes
	bnd   []span  // its boundaries: spans of src, separator excluded
	reg   []span  // its regions: spans of bnd
	regAt []span  // its regions: spans of src, separators included
	regOf []int   // the region of each boundary
	cls   []int   // for each boundary, the first of its region that can stand for it (see classify)
	turn  []int   // for each boundary, its least turn onto itself (see symmetry.go)
	flip  []int   // for each boundary, a reflection onto itself, or -1 (see symmetry.go)
	flips []bool  // for each region, whether it can be read backwards (see symmetry.go)
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
	m.symmetries()
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
	for i := range m.turn[b] { // the chords from the first turn stand for all (see symmetry.go)
		for j := i; j < len(s); j++ {
			if i == j && s[i] > spot1 || i != j && isLetter(s[i]) && s[i] == s[j] {
				continue // a loop needs 2 lives; a letter twice is one spot
			}
			first, swaps := m.orbit(r, b, i, j)
			if !first {
				continue
			}
			if !m.partitions(r, b, i, j, swaps) {
				return false
			}
		}
	}
	return true
}

// partitions plays the chord s[i]–s[j] of boundary b with every sharing of the other
// boundaries of region r between the two sides; swaps says that its two sides are alike
// (see orbit).
func (m *mover) partitions(r, b, i, j int, swaps bool) bool {
	m.classes(r, b)
	// When the sides are alike (see orbit), a sharing and its mirror lead to one position, and
	// only the first of the two is played.
	for {
		if !swaps || m.firstOfMirror() {
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

// firstOfMirror reports whether the counts come before those of the mirror sharing (every
// boundary to the other side) in the order nextCount steps them, the last class the slowest:
// the options then come in the order every sharing would give them, which the search keeps
// for options it cannot tell apart.
func (m *mover) firstOfMirror() bool {
	for g := len(m.count) - 1; g >= 0; g-- {
		if k, other := m.count[g], m.group[g].len()-m.count[g]; k != other {
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
	for u := range m.turn[b] {                           // see symmetry.go
		for v := range m.turn[c] {
			// Two equal boundaries of digits are swapped rather than reflected.
			if same && v < u || !same && !m.firstJoin(r, b, u, c, v) {
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
