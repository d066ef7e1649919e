package sprouts

// Boundaries of one region can often be swapped without changing the game: isolated spots
// above all, and more generally two boundaries whose pieces (see pendant) are alike. The
// mover plays on one boundary of each class and, for the others, only chooses how many go to
// each side of a line, which saves most of the work on positions such as 0*12 or
// 0*6.AB.CD.EF|AB|CD|EF.

// classify sets m.cls: each boundary gets the first boundary of its region with the same key.
func (m *mover) classify() {
	c := &m.ws.can
	c.load(m.src)
	m.cls, m.keys, m.keyAt = m.cls[:0], m.keys[:0], m.keyAt[:0]
	for b := range m.bnd {
		lo, ok := len(m.keys), false
		if r := m.reg[m.regOf[b]]; r.len() > 1 {
			var key []byte
			key, ok = c.pieceKey(b, 0, 0, pinOrientation)
			m.keys = append(m.keys, key...)
		}
		m.keyAt = append(m.keyAt, span{lo, len(m.keys)})
		m.cls = append(m.cls, b)
		for o := m.reg[m.regOf[b]].lo; ok && o < b; o++ {
			if m.cls[o] == o && m.keyAt[o].len() > 0 && string(m.keyOf(o)) == string(m.keyOf(b)) {
				m.cls[b] = o
				break
			}
		}
	}
}

func (m *mover) keyOf(b int) []byte { return m.keys[m.keyAt[b].lo:m.keyAt[b].hi] }
