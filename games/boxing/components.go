package boxing

import (
	"math/bits"
	"slices"
	"strings"
)

// A component is one 4-connected group of stones, cut to its bounding box, with the key of
// its canonical form. board is nil when only the key was asked for.
type component struct {
	board *Board
	key   string
}

// A rowBuf holds the rows of a board or of a group, on the stack.
type rowBuf [MaxSide]uint64

// components returns the 4-connected groups of b's stones, in the order of their first cell
// (row-major), each with its own board when withBoards is set.
func (b *Board) components(withBoards bool) []component {
	var left, group, cropped rowBuf // left: the stones not yet in a group
	copy(left[:], b.rows)
	n := len(b.rows)
	var out []component
	for i := range n {
		for left[i] != 0 {
			top, bottom := flood(left[:n], i, left[i]&-left[i], &group)
			for r := top; r < bottom; r++ {
				left[r] &^= group[r]
			}
			rows, cols := crop(group[top:bottom], &cropped)
			c := component{key: canon(rows, cols)}
			if withBoards {
				c.board = &Board{rows: slices.Clone(rows), cols: cols, key: c.key}
			}
			out = append(out, c)
		}
	}
	return out
}

// flood fills g with the group of the cells of set holding the seed cells of row i, and
// returns the rows it spans: a breadth-first search, row by row, one pass per step of the
// group's radius.
func flood(set []uint64, i int, seed uint64, g *rowBuf) (top, bottom int) {
	clear(g[:len(set)])
	g[i] = seed
	top, bottom = i, i+1
	for changed := true; changed; {
		changed = false
		for r := max(top-1, 0); r < min(bottom+1, len(set)); r++ {
			x := g[r] | g[r]<<1 | g[r]>>1
			if r > 0 {
				x |= g[r-1]
			}
			if r+1 < len(set) {
				x |= g[r+1]
			}
			if x &= set[r]; x != g[r] {
				g[r], changed = x, true
				top, bottom = min(top, r), max(bottom, r+1)
			}
		}
	}
	return top, bottom
}

// crop copies the rows of a group into dst, shifted to its first column, and returns them
// with the number of columns they span.
func crop(group []uint64, dst *rowBuf) (rows []uint64, cols int) {
	var used uint64
	for _, r := range group {
		used |= r
	}
	first := bits.TrailingZeros64(used)
	for i, r := range group {
		dst[i] = r >> first
	}
	return dst[:len(group)], bits.Len64(used) - first
}

// sameAs reports whether c is the whole of b: same shape, same stones.
func (c component) sameAs(b *Board) bool {
	return c.board.cols == b.cols && slices.Equal(c.board.rows, b.rows)
}

func sortComponents(comps []component) {
	slices.SortFunc(comps, func(a, b component) int { return strings.Compare(a.key, b.key) })
}
