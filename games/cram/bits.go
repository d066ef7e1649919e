package cram

import "math/bits"

// maxCells is the largest board a uint64 holds.
const maxCells = 64

// firstColumn[c] has a bit at every multiple of c: the first column of a board c cells wide.
var firstColumn = func() (t [maxCells + 1]uint64) {
	for c := 1; c <= maxCells; c++ {
		for p := 0; p < maxCells; p += c {
			t[c] |= 1 << p
		}
	}
	return t
}()

// low returns the n lowest bits, 0 ≤ n ≤ 64.
func low(n int) uint64 { return 1<<n - 1 }

// A grid is the shape of a board: r rows of c cells, cell (i, j) at bit i*c+j of a uint64.
type grid struct{ r, c int }

// all returns the cells of the grid.
func (g grid) all() uint64 { return low(g.r * g.c) }

// row returns the cells of row 0.
func (g grid) row() uint64 { return low(g.c) }

// left returns the cells of the first column.
func (g grid) left() uint64 { return firstColumn[g.c] & g.all() }

// right returns the cells of the last column.
func (g grid) right() uint64 { return g.left() << (g.c - 1) }

// spread returns the cells orthogonally adjacent to a cell of x. It may include bits past the
// last row; callers mask it with a set of cells.
func (g grid) spread(x uint64) uint64 {
	l := g.left()
	return (x<<1)&^l | (x>>1)&^(l<<(g.c-1)) | x<<g.c | x>>g.c
}

// movable returns the free cells with a free neighbour: the only ones a domino can still cover.
func (g grid) movable(free uint64) uint64 { return free & g.spread(free) }

// dominoes returns the first cell (left or top) of every horizontal and vertical domino that
// fits on the free cells.
func (g grid) dominoes(free uint64) (h, v uint64) {
	return free & (free >> 1) &^ g.right(), free & (free >> g.c)
}

// flood returns the connected component of set that holds the cells of seed, a bit-parallel
// breadth-first search: one step per unit of the component's radius.
func (g grid) flood(seed, set uint64) uint64 {
	l := g.left()
	r := l << (g.c - 1)
	for {
		next := (seed | (seed<<1)&^l | (seed>>1)&^r | seed<<g.c | seed>>g.c) & set
		if next == seed {
			return seed
		}
		seed = next
	}
}

// crop returns the cells of set (not empty) cut to their bounding box, as a board.
func (g grid) crop(set uint64) Board {
	r0 := bits.TrailingZeros64(set) / g.c
	r1 := (63 - bits.LeadingZeros64(set)) / g.c
	var cols uint64
	for i := r0; i <= r1; i++ {
		cols |= set >> (i * g.c) & g.row()
	}
	c0 := bits.TrailingZeros64(cols)
	nc := bits.Len64(cols) - c0
	out := Board{rows: uint8(r1 - r0 + 1), cols: uint8(nc)}
	if nc == g.c {
		out.free = set >> (r0 * g.c)
		return out
	}
	for i := r0; i <= r1; i++ {
		out.free |= (set >> (i*g.c + c0) & low(nc)) << ((i - r0) * nc)
	}
	return out
}

// rot180 turns x half a turn: cell p goes to r*c-1-p.
func (g grid) rot180(x uint64) uint64 { return bits.Reverse64(x) >> (64 - g.r*g.c) }

// flip reverses the order of the rows of x.
func (g grid) flip(x uint64) uint64 {
	var out uint64
	for i, j := 0, (g.r-1)*g.c; i < g.r; i, j = i+1, j-g.c {
		out |= (x >> (i * g.c) & g.row()) << j
	}
	return out
}

// transpose moves cell (i, j) of x to cell (j, i) of the c×r grid.
func (g grid) transpose(x uint64) uint64 {
	var out uint64
	for i := 0; i < g.r; i++ {
		for w := x >> (i * g.c) & g.row(); w != 0; w &= w - 1 {
			out |= 1 << (bits.TrailingZeros64(w)*g.r + i)
		}
	}
	return out
}

// least returns the least of x, its flip and their half turns: the 4 symmetries that keep
// the grid's orientation.
func (g grid) least(x uint64) uint64 {
	f := g.flip(x)
	return min(x, f, g.rot180(x), g.rot180(f))
}

// canon returns the representative of b's class under the 8 symmetries of the rectangle: the
// orientation with no more rows than columns, and in it the least bits. Only square boards
// need all 8; a longer side picks the orientation.
func (b Board) canon() Board {
	g, x := b.grid(), b.free
	if g.r > g.c {
		x, g = g.transpose(x), grid{g.c, g.r}
	}
	best := g.least(x)
	if g.r == g.c {
		best = min(best, g.least(g.transpose(x)))
	}
	return Board{free: best, rows: uint8(g.r), cols: uint8(g.c)}
}

// less orders boards by shape, then by bits.
func (b Board) less(o Board) bool {
	if b.rows != o.rows {
		return b.rows < o.rows
	}
	if b.cols != o.cols {
		return b.cols < o.cols
	}
	return b.free < o.free
}

// appendKey appends the binary encoding of b: rows, columns, then the bytes of the board's
// cells, little end first. The shape fixes the length, so encodings can be concatenated.
func (b Board) appendKey(dst []byte) []byte {
	dst = append(dst, b.rows, b.cols)
	for n, x := (int(b.rows)*int(b.cols)+7)/8, b.free; n > 0; n, x = n-1, x>>8 {
		dst = append(dst, byte(x))
	}
	return dst
}
