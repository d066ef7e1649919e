package sprouts

import (
	"bytes"
	"slices"
	"strings"
)

// A workspace reduces lands under work, splits them and writes the lands that result in
// canonical form. One serves a whole Parse or Options call.
type workspace struct {
	red   reducer
	can   canon
	text  []byte
	parts []span // the lands written in text
	lives int    // their lives
	exact bool   // every land written got its text by a full search (see canon.search)
	cheap bool   // write cheap texts (canon.writeCheap), the Key of positions not exact
}

// add reduces a land under work whose letters listed in dead are dead spots, splits it and
// writes its lands.
func (w *workspace) add(codes, dead []uint8) {
	out := w.red.reduce(codes, dead)
	for _, l := range w.red.split(out) {
		codes, lo := w.red.comp[l.lo:l.hi], len(w.text)
		if w.cheap {
			var lives int
			w.text, lives = cheapText(&w.can, codes, w.text)
			w.lives += lives
			w.exact = false
		} else {
			var lives int
			var exact bool
			w.text, lives, exact = exactText(&w.can, codes, w.text)
			w.lives += lives
			w.exact = w.exact && exact
		}
		w.parts = append(w.parts, span{lo, len(w.text)})
	}
}

// reset forgets the lands written.
func (w *workspace) reset() { w.text, w.parts, w.lives, w.exact = w.text[:0], w.parts[:0], 0, true }

// joined returns the lands written, sorted and joined with '+', or "!" when there is none.
// A class of letters escaped in one land is escaped in all (see joinLands).
func (w *workspace) joined() string {
	switch len(w.parts) {
	case 0:
		return empty
	case 1:
		return string(w.text[w.parts[0].lo:w.parts[0].hi])
	}
	if bytes.IndexByte(w.text, '(') >= 0 {
		lands := make([]string, len(w.parts))
		for i, p := range w.parts {
			lands[i] = string(w.text[p.lo:p.hi])
		}
		return joinLands(lands)
	}
	slices.SortFunc(w.parts, func(a, b span) int {
		return bytes.Compare(w.text[a.lo:a.hi], w.text[b.lo:b.hi])
	})
	var b strings.Builder
	b.Grow(len(w.text) + len(w.parts))
	for i, p := range w.parts {
		if i > 0 {
			b.WriteByte('+')
		}
		b.Write(w.text[p.lo:p.hi])
	}
	return b.String()
}
