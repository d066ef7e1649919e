package drawing

import (
	"math"
	"slices"
)

// When no path of the search shares the holes of a face as a chord asks (its shortest path
// for that sharing may cross itself), a path that shares them otherwise is drawn and the
// misplaced holes are carried across it: each, with all that lies inside it, is shrunk and
// moved into the widest clear disc of the face on the side it belongs to.

// reach returns the nodes of g joined to end a through free edges: the nodes of its face.
func (g *grid) reach(a end) []int {
	seen := map[int]bool{}
	queue := g.links(a)
	for _, n := range queue {
		seen[n] = true
	}
	for i := 0; i < len(queue); i++ {
		for dir := range 8 {
			if m := g.step(queue[i], dir); m >= 0 && !seen[m] {
				seen[m] = true
				queue = append(queue, m)
			}
		}
	}
	return queue
}

// nested returns the pieces of e's drawing that lie in piece c, c itself included.
func (e *embedding) nested(c int) map[int]bool {
	out := map[int]bool{c: true}
	for changed := true; changed; {
		changed = false
		for _, f := range e.faces[1:] {
			if !out[e.walks[f[0]].comp] {
				continue
			}
			for _, w := range f[1:] {
				if k := e.walks[w].comp; !out[k] {
					out[k], changed = true, true
				}
			}
		}
	}
	return out
}

// carry returns d with the holes that curve c leaves on the wrong side of plan pl moved
// across, or nil when one cannot be (the outer walk of the face, or no room).
func (e *embedding) carry(d *Drawing, g *grid, pl plan, c []Point, holes []int) *Drawing {
	wrong := e.misplaced(d, pl, c, holes)
	if len(wrong) == 0 || pl.face > 0 && slices.Contains(wrong, e.faces[pl.face][0]) {
		return nil
	}
	first, _ := e.sideOf(d, pl, c)
	nodes := g.reach(e.cornerEnd(e.walks[pl.b].corners[pl.i]))
	comp := components(d)
	out := d.Clone()
	for _, w := range wrong {
		want := !first(d.Spots[e.walks[w].corners[0].spot])
		group := e.nested(e.walks[w].comp)
		p, r := out.widest(nodes, g, c, func(s int) bool { return group[comp[s]] }, func(q Point) bool { return first(q) == want })
		if r <= 0 {
			return nil
		}
		out.shift(group, comp, p, 0.4*r)
	}
	return out
}

// widest returns the node of nodes, on the side keep accepts, farthest from every line,
// spot and segment of curve c but those of the spots mine takes, and that distance.
func (d *Drawing) widest(nodes []int, g *grid, c []Point, mine func(int) bool, keep func(Point) bool) (Point, float64) {
	var best Point
	bestR := 0.0
	for _, n := range nodes {
		p := g.pos(n)
		if !keep(p) {
			continue
		}
		r := math.Inf(1)
		for s, q := range d.Spots {
			if !mine(s) {
				r = min(r, q.dist(p))
			}
		}
		for _, l := range d.Lines {
			if mine(l.From) {
				continue
			}
			for k := 1; k < len(l.Path) && r > bestR; k++ {
				r = min(r, segDist(l.Path[k-1], l.Path[k], p))
			}
		}
		for k := 1; k < len(c) && r > bestR; k++ {
			r = min(r, segDist(c[k-1], c[k], p))
		}
		if r > bestR {
			best, bestR = p, r
		}
	}
	return best, bestR
}

// shift moves the pieces of group (by comp, the piece of each spot) into the disc of radius r
// round p, shrunk about their centre as much as needed.
func (d *Drawing) shift(group map[int]bool, comp []int, p Point, r float64) {
	var pts []*Point
	for s := range d.Spots {
		if group[comp[s]] {
			pts = append(pts, &d.Spots[s])
		}
	}
	for i := range d.Lines {
		if group[comp[d.Lines[i].From]] {
			for k := range d.Lines[i].Path {
				pts = append(pts, &d.Lines[i].Path[k])
			}
		}
	}
	lo, hi := *pts[0], *pts[0]
	for _, q := range pts {
		lo, hi = Point{min(lo.X, q.X), min(lo.Y, q.Y)}, Point{max(hi.X, q.X), max(hi.Y, q.Y)}
	}
	mid := lerp(lo, hi, 0.5)
	size := 0.0
	for _, q := range pts {
		size = max(size, q.dist(mid))
	}
	k := 1.0
	if size > r {
		k = r / size
	}
	for _, q := range pts {
		*q = p.add(q.sub(mid).scale(k))
	}
}
