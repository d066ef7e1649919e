package boxing

import (
	"math/bits"
	"slices"
	"strings"
)

// A component is one 4-connected group of stones, cut to its bounding box, with the key of
// its canonical form.
type component struct {
	board *Board
	key   string
}

// components returns the 4-connected groups of b's stones, in the order of their first cell
// (row-major).
func (b *Board) components() []component {
	left := append([]uint64(nil), b.rows...) // the stones not yet in a group
	var out []component
	for i := range left {
		for left[i] != 0 {
			group := flood(left, i, left[i]&-left[i])
			for r, g := range group.rows {
				left[group.top+r] &^= g
			}
			c := group.crop(b.cols)
			out = append(out, component{board: c, key: c.canon()})
		}
	}
	return out
}

// A region is a set of cells in rows top..top+len(rows)-1 of a board.
type region struct {
	top  int
	rows []uint64
}

// flood returns the group of the cells set holding the seed cells of row i: a breadth-first
// search, row by row, one pass per step of the group's radius.
func flood(set []uint64, i int, seed uint64) region {
	g := make([]uint64, len(set))
	g[i] = seed
	for changed := true; changed; {
		changed = false
		for r := range g {
			x := g[r] | g[r]<<1 | g[r]>>1
			if r > 0 {
				x |= g[r-1]
			}
			if r+1 < len(g) {
				x |= g[r+1]
			}
			if x &= set[r]; x != g[r] {
				g[r], changed = x, true
			}
		}
	}
	top, bottom := 0, len(g)
	for g[top] == 0 {
		top++
	}
	for g[bottom-1] == 0 {
		bottom--
	}
	return region{top: top, rows: g[top:bottom]}
}

// crop returns the region as a board cut to its columns.
func (g region) crop(cols int) *Board {
	var used uint64
	for _, r := range g.rows {
		used |= r
	}
	first := bits.TrailingZeros64(used)
	out := &Board{rows: make([]uint64, len(g.rows)), cols: bits.Len64(used) - first}
	for i, r := range g.rows {
		out.rows[i] = r >> first
	}
	return out
}

// sameAs reports whether c is the whole of b: same shape, same stones.
func (c component) sameAs(b *Board) bool {
	return c.board.cols == b.cols && slices.Equal(c.board.rows, b.rows)
}

func sortComponents(comps []component) {
	slices.SortFunc(comps, func(a, b component) int { return strings.Compare(a.key, b.key) })
}
