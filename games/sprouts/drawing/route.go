package drawing

import (
	"math"
	"slices"
)

// Curves for a plan are found on a square grid laid over the drawing: its nodes keep clear
// of every line and spot, its edges join neighbours (diagonals too) without crossing a line.
// A breadth-first search runs from the first spot of the plan to the second through the
// face; its state is a node and, for each other walk of the face, the parity of the times
// the path crossed a ray going up from a point of that walk. The parities are what decides
// on which side of the new line each walk falls, so the first path found for each is the
// shortest that shares the walks that way; each is shortened by straight cuts that sweep
// over no spot, then checked.

// A grid is the routing grid over one drawing.
type grid struct {
	d         *Drawing
	x0, y0, h float64
	nx, ny    int
	clear     float64 // how far nodes keep from lines and spots
	segs      [][2]Point
	segAt     [][]int32 // segments near each node
	spotAt    [][]int32 // spots near each node
	free      []bool    // node keeps clear
	edge      []int8    // cache of edges: 0 unknown, 1 free, 2 blocked
	stamp     []int32
}

var neighbours = [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}

// newGrid lays a grid of about cells steps a side over the box lo–hi, with a margin for
// curves round the outside, on the lines and spots of d.
func newGrid(d *Drawing, lo, hi Point, cells float64) *grid {
	h := max(hi.X-lo.X, hi.Y-lo.Y) / cells
	m := 4*h + 0.1*max(hi.X-lo.X, hi.Y-lo.Y)
	g := &grid{d: d, h: h, x0: lo.X - m, y0: lo.Y - m, clear: 0.3 * h}
	g.nx, g.ny = int((hi.X-lo.X+2*m)/h)+1, int((hi.Y-lo.Y+2*m)/h)+1
	n := g.nx * g.ny
	g.segAt, g.spotAt, g.free, g.edge = make([][]int32, n), make([][]int32, n), make([]bool, n), make([]int8, 8*n)
	g.stamp = make([]int32, n)
	for i := range g.stamp {
		g.stamp[i] = -1
	}
	blo, bhi := Point{g.x0 - 3*h, g.y0 - 3*h}, Point{g.x0 + float64(g.nx+3)*h, g.y0 + float64(g.ny+3)*h}
	for _, l := range d.Lines {
		for k := 1; k < len(l.Path); k++ {
			s := [2]Point{l.Path[k-1], l.Path[k]}
			g.segs = append(g.segs, s)
			t0, t1, ok := clip(s[0], s[1], blo, bhi)
			if !ok {
				continue
			}
			a, b := lerp(s[0], s[1], t0), lerp(s[0], s[1], t1)
			steps := int(a.dist(b)/(h/2)) + 1
			for t := 0; t <= steps; t++ {
				g.mark(g.segAt, lerp(a, b, float64(t)/float64(steps)), int32(len(g.segs)-1))
			}
		}
	}
	for i := range g.stamp {
		g.stamp[i] = -1
	}
	for k, s := range d.Spots {
		g.mark(g.spotAt, s, int32(k))
	}
	for i := range n {
		g.free[i] = g.keepsClear(g.pos(i))
	}
	return g
}

// clip returns the part [t0, t1] of segment ab inside the box lo–hi, if any.
func clip(a, b, lo, hi Point) (t0, t1 float64, ok bool) {
	t0, t1 = 0, 1
	for _, ax := range [][4]float64{{a.X, b.X, lo.X, hi.X}, {a.Y, b.Y, lo.Y, hi.Y}} {
		p, q, l, h := ax[0], ax[1], ax[2], ax[3]
		if p == q {
			if p < l || p > h {
				return 0, 0, false
			}
			continue
		}
		u, v := (l-p)/(q-p), (h-p)/(q-p)
		t0, t1 = max(t0, min(u, v)), min(t1, max(u, v))
	}
	return t0, t1, t0 <= t1
}

// mark adds item k to the lists of the nodes within two steps of p.
func (g *grid) mark(lists [][]int32, p Point, k int32) {
	ci, cj := int(math.Round((p.X-g.x0)/g.h)), int(math.Round((p.Y-g.y0)/g.h))
	for i := ci - 2; i <= ci+2; i++ {
		for j := cj - 2; j <= cj+2; j++ {
			if i < 0 || j < 0 || i >= g.nx || j >= g.ny {
				continue
			}
			n := j*g.nx + i
			if g.stamp[n] == k {
				continue
			}
			g.stamp[n] = k
			lists[n] = append(lists[n], k)
		}
	}
}

func (g *grid) pos(n int) Point {
	return Point{g.x0 + float64(n%g.nx)*g.h, g.y0 + float64(n/g.nx)*g.h}
}

func (g *grid) keepsClear(p Point) bool {
	n := g.nodeNear(p)
	for _, k := range g.segAt[n] {
		if segDist(g.segs[k][0], g.segs[k][1], p) < g.clear {
			return false
		}
	}
	for _, k := range g.spotAt[n] {
		if g.d.Spots[k].dist(p) < g.clear {
			return false
		}
	}
	return true
}

func (g *grid) nodeNear(p Point) int {
	i := min(max(int(math.Round((p.X-g.x0)/g.h)), 0), g.nx-1)
	j := min(max(int(math.Round((p.Y-g.y0)/g.h)), 0), g.ny-1)
	return j*g.nx + i
}

// step returns the neighbour of node n in direction k, or -1 when the edge is not free.
func (g *grid) step(n, k int) int {
	i, j := n%g.nx+neighbours[k][0], n/g.nx+neighbours[k][1]
	if i < 0 || j < 0 || i >= g.nx || j >= g.ny {
		return -1
	}
	m := j*g.nx + i
	switch g.edge[8*n+k] {
	case 1:
		return m
	case 2:
		return -1
	}
	ok := g.free[m] && g.free[n]
	p, q := g.pos(n), g.pos(m)
	for _, s := range g.segAt[n] {
		if ok && segsMeet(p, q, g.segs[s][0], g.segs[s][1]) {
			ok = false
		}
	}
	for _, s := range g.spotAt[n] {
		if ok && segDist(p, q, g.d.Spots[s]) < g.clear {
			ok = false
		}
	}
	g.edge[8*n+k] = 2 - int8(btoi(ok))
	if !ok {
		return -1
	}
	return m
}

// An end is a spot where a curve starts or ends, in the angle of one corner: from lo,
// counterclockwise, span radians (2π: all round).
type end struct {
	spot     int
	lo, span float64
}

// cornerEnd returns the end at corner c of an embedding.
func (e *embedding) cornerEnd(c corner) end {
	if c.in < 0 {
		return end{c.spot, 0, 2 * math.Pi}
	}
	lo := e.ang[c.out]
	span := ccw(lo, e.ang[c.in^1])
	if span == 0 {
		span = 2 * math.Pi
	}
	return end{c.spot, lo, span}
}

// within reports whether direction v leaves the end's spot inside its angle.
func (x end) within(v Point) bool {
	t := ccw(x.lo, v.angle())
	return t > 0 && t < x.span
}

// links returns the nodes a straight segment joins to end x: free, within reach, in its
// angle, crossing no line.
func (g *grid) links(x end) []int {
	o := g.d.Spots[x.spot]
	var out []int
	c := g.nodeNear(o)
	for dj := -3; dj <= 3; dj++ {
		for di := -3; di <= 3; di++ {
			i, j := c%g.nx+di, c/g.nx+dj
			if i < 0 || j < 0 || i >= g.nx || j >= g.ny || !g.free[j*g.nx+i] {
				continue
			}
			p := g.pos(j*g.nx + i)
			if x.within(p.sub(o)) && g.segClear(o, p, x.spot, x.spot) {
				out = append(out, j*g.nx+i)
			}
		}
	}
	return out
}

// segClear reports whether segment pq crosses no line and keeps clear of every spot but
// spots a and b, where it may end.
func (g *grid) segClear(p, q Point, a, b int) bool {
	ea, eb := g.d.Spots[a], g.d.Spots[b]
	for _, s := range g.segs {
		if crossesAtEnds(p, q, s[0], s[1], ea, eb) {
			return false
		}
	}
	for k, s := range g.d.Spots {
		if (k == a || k == b) && (s == p || s == q) {
			continue
		}
		if segDist(p, q, s) < g.clear {
			return false
		}
	}
	return true
}

// toggles returns the rays that segment pq crosses, one bit for each of refs.
func toggles(p, q Point, refs []Point) int {
	m := 0
	for k, r := range refs {
		if rayCrosses(r, p, q) {
			m |= 1 << k
		}
	}
	return m
}

// search runs the breadth-first search from end a to end b and returns the paths found, the
// shortest for each parity of the rays from refs, in the order found.
func (g *grid) search(a, b end, refs []Point) [][]Point {
	k := 1 << len(refs)
	pa, pb := g.d.Spots[a.spot], g.d.Spots[b.spot]
	parent := make([]int32, g.nx*g.ny*k)
	for i := range parent {
		parent[i] = -2
	}
	var queue []int32
	for _, n := range g.links(a) {
		s := int32(n*k + toggles(pa, g.pos(n), refs))
		if parent[s] == -2 {
			parent[s] = -1
			queue = append(queue, s)
		}
	}
	last := map[int]bool{}
	for _, n := range g.links(b) {
		last[n] = true
	}
	var paths [][]Point
	found := make([]bool, k)
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		n, bits := int(s)/k, int(s)%k
		if last[n] {
			if f := bits ^ toggles(g.pos(n), pb, refs); !found[f] {
				found[f] = true
				paths = append(paths, g.trace(parent, s, k, pa, pb))
				if len(paths) == k {
					break
				}
			}
		}
		for dir := range 8 {
			m := g.step(n, dir)
			if m < 0 {
				continue
			}
			t := int32(m*k + (bits ^ toggles(g.pos(n), g.pos(m), refs)))
			if parent[t] == -2 {
				parent[t] = s
				queue = append(queue, t)
			}
		}
	}
	return paths
}

// trace returns the path that reaches state s, from pa to pb.
func (g *grid) trace(parent []int32, s int32, k int, pa, pb Point) []Point {
	path := []Point{pb}
	for ; s >= 0; s = parent[s] {
		path = append(path, g.pos(int(s)/k))
	}
	path = append(path, pa)
	slices.Reverse(path)
	return path
}

// shorten cuts corners of path, from end a to end b, with straight segments that keep clear
// of lines and spots, cross no other part of the path and sweep over no spot.
func (g *grid) shorten(path []Point, a, b end) []Point {
	out := []Point{path[0]}
	for i := 0; i < len(path)-1; {
		k := i + 1
		for m := i + 2; m < len(path) && g.cut(path, i, m, a, b); m++ {
			k = m
		}
		out = append(out, path[k])
		i = k
	}
	return out
}

// cut reports whether path[i] and path[m] may be joined straight.
func (g *grid) cut(path []Point, i, m int, a, b end) bool {
	p, q := path[i], path[m]
	if !g.segClear(p, q, a.spot, b.spot) {
		return false
	}
	if i == 0 && !a.within(q.sub(p)) || m == len(path)-1 && !b.within(p.sub(q)) {
		return false
	}
	for k := 1; k < len(path); k++ {
		if k > i && k <= m {
			continue
		}
		r, s := path[k-1], path[k]
		shared := r == p || r == q || s == p || s == q
		var o Point
		switch {
		case r == p || s == p:
			o = p
		default:
			o = q
		}
		if segsCross(p, q, r, s, o, shared) {
			return false
		}
	}
	poly := path[i : m+1]
	for _, s := range g.d.Spots {
		if !slices.Contains(poly, s) && inside(poly, s) {
			return false
		}
	}
	return true
}
