package cram

// The operations of bits.go on boards of up to 128 cells, kept in a w128: the same steps,
// one for one, so that the 64-cell boards keep their single words.

// firstColumnWide[c] has a bit at every multiple of c below 128.
var firstColumnWide = func() (t [maxWide + 1]w128) {
	for c := 1; c <= maxWide; c++ {
		for p := 0; p < maxWide; p += c {
			t[c] = t[c].or(w128{1, 0}.shl(p))
		}
	}
	return t
}()

// A wgrid is the shape of a wide board, cell (i, j) at bit i*c+j of a w128, with the cells of
// its first and last columns.
type wgrid struct {
	r, c        int
	left, right w128
}

func newWgrid(r, c int) wgrid {
	l := firstColumnWide[c].and(low128(r * c))
	return wgrid{r, c, l, l.shl(c - 1)}
}

func (g wgrid) all() w128 { return low128(g.r * g.c) }
func (g wgrid) row() w128 { return low128(g.c) }

// spread returns the cells orthogonally adjacent to a cell of x, and maybe bits past the
// last row.
func (g wgrid) spread(x w128) w128 {
	return x.shl(1).andNot(g.left).or(x.shr(1).andNot(g.right)).or(x.shl(g.c)).or(x.shr(g.c))
}

// movable returns the free cells with a free neighbour.
func (g wgrid) movable(free w128) w128 { return free.and(g.spread(free)) }

// dominoes returns the first cell of every horizontal and vertical domino on the free cells.
func (g wgrid) dominoes(free w128) (h, v w128) {
	return free.and(free.shr(1)).andNot(g.right), free.and(free.shr(g.c))
}

// flood returns the connected component of set that holds the cells of seed.
func (g wgrid) flood(seed, set w128) w128 {
	for {
		next := seed.or(g.spread(seed)).and(set)
		if next == seed {
			return seed
		}
		seed = next
	}
}

// crop returns the cells of set (not empty) cut to their bounding box, as a board.
func (g wgrid) crop(set w128) Wide {
	r0, r1 := set.first()/g.c, set.last()/g.c
	var cols w128
	for i := r0; i <= r1; i++ {
		cols = cols.or(set.shr(i * g.c).and(g.row()))
	}
	c0 := cols.first()
	nc := cols.last() + 1 - c0
	out := Wide{rows: uint8(r1 - r0 + 1), cols: uint8(nc)}
	if nc == g.c {
		out.free = set.shr(r0 * g.c)
		return out
	}
	for i := r0; i <= r1; i++ {
		out.free = out.free.or(set.shr(i*g.c + c0).and(low128(nc)).shl((i - r0) * nc))
	}
	return out
}

// rot180 turns x half a turn.
func (g wgrid) rot180(x w128) w128 { return x.reverse(g.r * g.c) }

// flip reverses the order of the rows of x.
func (g wgrid) flip(x w128) w128 {
	var out w128
	for i, j := 0, (g.r-1)*g.c; i < g.r; i, j = i+1, j-g.c {
		out = out.or(x.shr(i * g.c).and(g.row()).shl(j))
	}
	return out
}

// transpose moves cell (i, j) of x to cell (j, i) of the c×r grid.
func (g wgrid) transpose(x w128) w128 {
	var out w128
	for i := 0; i < g.r; i++ {
		for w := x.shr(i * g.c).and(g.row()); !w.zero(); w = w.dropLowest() {
			out = out.with(w.first()*g.r + i)
		}
	}
	return out
}

// least returns the least of x, its flip and their half turns.
func (g wgrid) least(x w128) w128 {
	f := g.flip(x)
	return min128(x, f, g.rot180(x), g.rot180(f))
}

// canon returns the representative of b's class under the 8 symmetries, as Board.canon does;
// it is Board.canon's for a board of at most 64 cells, so that both keys agree.
func (b Wide) canon() Wide {
	if b.area() <= narrowCells {
		n := Board{free: b.free.lo, rows: b.rows, cols: b.cols}.canon()
		return Wide{free: w128{n.free, 0}, rows: n.rows, cols: n.cols}
	}
	g, x := b.grid(), b.free
	if g.r > g.c {
		x, g = g.transpose(x), newWgrid(g.c, g.r)
	}
	best := g.least(x)
	if g.r == g.c {
		best = min128(best, g.least(g.transpose(x)))
	}
	return Wide{free: best, rows: uint8(g.r), cols: uint8(g.c)}
}

// less orders boards by shape, then by bits, as Board.less does.
func (b Wide) less(o Wide) bool {
	if b.rows != o.rows {
		return b.rows < o.rows
	}
	if b.cols != o.cols {
		return b.cols < o.cols
	}
	return b.free.less(o.free)
}

// appendKey appends the encoding of Board.appendKey: rows, columns, then the bytes of the
// cells, little end first, up to 16 of them.
func (b Wide) appendKey(dst []byte) []byte {
	dst = append(dst, b.rows, b.cols)
	n := (b.area() + 7) / 8
	for i, x := 0, b.free.lo; i < n && i < 8; i, x = i+1, x>>8 {
		dst = append(dst, byte(x))
	}
	for i, x := 8, b.free.hi; i < n; i, x = i+1, x>>8 {
		dst = append(dst, byte(x))
	}
	return dst
}
