package layout

import (
	"math"
	"slices"
)

// An Index finds the nodes and links of a Layout that meet a rectangle, such as the
// viewport, so that a view of a huge tree builds widgets only for what it shows. A query
// costs time in proportion to the area searched and what is found, not to the tree's size.
//
// It is a uniform grid over the layout's bounds, built once: each cell lists the boxes that
// meet it. Boxes are small and spread fairly evenly over a tidy drawing, which is the case a
// grid handles best, and it needs no balancing.
type Index struct {
	boxes grid // the node boxes
	fans  grid // per node, the bounding box of the links to its children
}

// NewIndex indexes l. The index reads l.Boxes when queried, so l must not change after.
func NewIndex(l *Layout) *Index {
	if len(l.Boxes) == 0 {
		return &Index{}
	}
	cw, ch := cellSize(l)
	return &Index{
		boxes: newGrid(l.Boxes, l.Bounds, cw, ch),
		fans:  newGrid(fans(l), l.Bounds, cw, ch),
	}
}

// Visible appends to dst the indexes of the nodes whose boxes intersect r (edges count), in
// increasing order, and returns the extended slice.
func (ix *Index) Visible(r Rect, dst []int) []int {
	return ix.boxes.query(r, dst)
}

// VisibleLinks appends to dst, in increasing order, the indexes of the nodes whose links to
// their children (see Layout.Link) may cross r: those whose fan, the bounding box of all
// those links, intersects r. Links are found by parent because a link can cross the viewport
// while neither of its ends is in it.
func (ix *Index) VisibleLinks(r Rect, dst []int) []int {
	return ix.fans.query(r, dst)
}

// fans returns, for each node, the bounding box of its links to its children; a leaf's has
// a negative width, which newGrid skips.
func fans(l *Layout) []Rect {
	fs := make([]Rect, len(l.Boxes))
	for i := range fs {
		fs[i].W = -1
	}
	for i, p := range l.Parent {
		from, to, ok := l.Link(i)
		if !ok {
			continue
		}
		if seg := spanning(from, to); fs[p].W < 0 {
			fs[p] = seg
		} else {
			fs[p] = fs[p].union(seg)
		}
	}
	return fs
}

// cellSize picks the grid's cells about twice the average box, so a box meets few cells and
// a cell holds few boxes, then enlarges them until there are at most about 2n cells: a
// drawing can be much larger than its boxes (a long path over a wide row), and the grid
// must stay linear in memory.
func cellSize(l *Layout) (cw, ch float64) {
	var sw, sh float64
	for _, b := range l.Boxes {
		sw, sh = sw+b.W, sh+b.H
	}
	n := float64(len(l.Boxes))
	cw, ch = 2*sw/n, 2*sh/n
	if !(cw > 0) {
		cw = max(l.Bounds.W, 1)
	}
	if !(ch > 0) {
		ch = max(l.Bounds.H, 1)
	}
	limit := 2*n + 64
	for cellCount(l.Bounds.W, cw)*cellCount(l.Bounds.H, ch) > limit {
		cw, ch = 2*cw, 2*ch
	}
	return cw, ch
}

// cellCount returns how many cells of side cell cover length, at least one.
func cellCount(length, cell float64) float64 {
	return max(math.Ceil(length/cell), 1)
}

// A grid lists, for each cell, the rectangles that meet it, in compressed rows: cell c's
// rectangles are items[start[c]:start[c+1]].
type grid struct {
	rects      []Rect
	bounds     Rect
	cw, ch     float64
	cols, rows int
	start      []int
	items      []int
}

// newGrid indexes the rectangles of rects with a non-negative width, all inside bounds.
func newGrid(rects []Rect, bounds Rect, cw, ch float64) grid {
	g := grid{rects: rects, bounds: bounds, cw: cw, ch: ch,
		cols: int(cellCount(bounds.W, cw)), rows: int(cellCount(bounds.H, ch))}
	g.start = make([]int, g.cols*g.rows+1)
	g.each(func(cell, _ int) { g.start[cell+1]++ })
	for c := 1; c < len(g.start); c++ {
		g.start[c] += g.start[c-1]
	}
	g.items = make([]int, g.start[len(g.start)-1])
	next := slices.Clone(g.start)
	g.each(func(cell, j int) {
		g.items[next[cell]] = j
		next[cell]++
	})
	return g
}

// each calls f for every cell that every indexed rectangle meets.
func (g *grid) each(f func(cell, j int)) {
	for j, r := range g.rects {
		if r.W < 0 {
			continue
		}
		c0, c1, r0, r1 := g.cells(r)
		for row := r0; row <= r1; row++ {
			for col := c0; col <= c1; col++ {
				f(row*g.cols+col, j)
			}
		}
	}
}

// query appends the indexes of the rectangles meeting r to dst, sorted.
func (g *grid) query(r Rect, dst []int) []int {
	if g.cols == 0 || !r.Intersects(g.bounds) {
		return dst
	}
	base := len(dst)
	c0, c1, r0, r1 := g.cells(r)
	for row := r0; row <= r1; row++ {
		for col := c0; col <= c1; col++ {
			cell := row*g.cols + col
			for _, j := range g.items[g.start[cell]:g.start[cell+1]] {
				if g.firstMeeting(j, r, col, row, c0, r0) {
					dst = append(dst, j)
				}
			}
		}
	}
	slices.Sort(dst[base:])
	return dst
}

// firstMeeting reports whether rectangle j meets r and (col, row) is the first cell, of
// those searched, that lists it; a rectangle spanning several cells is so reported once.
// The first cell is where the top-left corners of j and of the search range overlap.
func (g *grid) firstMeeting(j int, r Rect, col, row, c0, r0 int) bool {
	b := g.rects[j]
	return b.Intersects(r) && col == max(g.col(b.X), c0) && row == max(g.row(b.Y), r0)
}

// cells returns the range of columns and rows that r meets, clamped to the grid.
func (g *grid) cells(r Rect) (c0, c1, r0, r1 int) {
	return g.col(r.X), g.col(r.X + r.W), g.row(r.Y), g.row(r.Y + r.H)
}

// col returns the column holding x, clamped to the grid.
func (g *grid) col(x float64) int {
	return clamp(math.Floor((x-g.bounds.X)/g.cw), g.cols)
}

// row returns the row holding y, clamped to the grid.
func (g *grid) row(y float64) int {
	return clamp(math.Floor((y-g.bounds.Y)/g.ch), g.rows)
}

// clamp converts f to an index in [0, n). It compares as floats first, so that a point far
// outside the grid cannot overflow the conversion.
func clamp(f float64, n int) int {
	switch {
	case f < 0:
		return 0
	case f >= float64(n):
		return n - 1
	}
	return int(f)
}
