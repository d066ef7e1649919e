package drawing

import (
	"math"
	"slices"
)

// Relaxing moves the points of a drawing (spots and the inner points of lines) a little at a
// time: points and lines push away points nearer than reach, and each inner point is drawn
// toward the middle of its neighbours, which smooths the curves. A point moves only when the
// segments it ends cross nothing after the step and sweep over no other point, so that the
// embedding, hence the string, never changes.
const (
	reach   = 30.0 // distance under which points push each other
	maxStep = 4.0  // longest step of one point in one round
	rounds  = 40
	longest = 20.0 // segments longer are cut so that lines can bend
	settled = 0.5  // a round whose steps are all shorter ends the relaxing
)

// A node is one movable point of a drawing: a spot (line < 0), or the inner point k of a line.
type node struct{ line, k, spot int }

// Relax returns d with its spots and lines moved apart and smoothed, with the same embedding.
func (d *Drawing) Relax() *Drawing {
	e := d.Clone()
	e.subdivide()
	for range rounds {
		if !e.relaxRound() {
			break
		}
	}
	return e
}

// subdivide cuts every segment longer than longest into equal parts.
func (d *Drawing) subdivide() {
	for i, l := range d.Lines {
		var p []Point
		for k := 1; k < len(l.Path); k++ {
			a, b := l.Path[k-1], l.Path[k]
			n := int(a.dist(b) / longest)
			p = append(p, a)
			for m := 1; m <= n; m++ {
				p = append(p, lerp(a, b, float64(m)/float64(n+1)))
			}
		}
		d.Lines[i].Path = append(p, l.Path[len(l.Path)-1])
	}
}

// relaxRound moves every point once; it reports whether any moved noticeably.
func (d *Drawing) relaxRound() bool {
	var nodes []node
	var pts []Point
	for s, p := range d.Spots {
		nodes, pts = append(nodes, node{-1, 0, s}), append(pts, p)
	}
	for i, l := range d.Lines {
		for k := 1; k < len(l.Path)-1; k++ {
			nodes, pts = append(nodes, node{i, k, -1}), append(pts, l.Path[k])
		}
	}
	moved := false
	for n, nd := range nodes {
		f := Point{}
		p := d.at(nd)
		ends := d.segsAt(nd)
		for m, q := range pts {
			v := p.sub(q)
			if m == n || v.X >= reach || v.X <= -reach || v.Y >= reach || v.Y <= -reach || v.dot(v) >= reach*reach {
				continue
			}
			if dd := v.len(); dd > 0 && !slices.ContainsFunc(ends, func(s segEnd) bool { return s.other == q }) {
				f = f.add(v.scale((reach - dd) / reach / dd * 2))
			}
		}
		for i, l := range d.Lines { // lines push points away too
			for k := 1; k < len(l.Path); k++ {
				a, b := l.Path[k-1], l.Path[k]
				if a == p || b == p || min(a.X, b.X) > p.X+reach || max(a.X, b.X) < p.X-reach ||
					min(a.Y, b.Y) > p.Y+reach || max(a.Y, b.Y) < p.Y-reach || nd.line == i && (k == nd.k || k == nd.k+1) {
					continue
				}
				c := nearest(a, b, p)
				v := p.sub(c)
				if dd := v.len(); dd < reach/2 && dd > 0 {
					f = f.add(v.scale((reach/2 - dd) / (reach / 2) / dd * 2))
				}
			}
		}
		if nd.line >= 0 { // smoothing
			l := d.Lines[nd.line].Path
			mid := lerp(l[nd.k-1], l[nd.k+1], 0.5)
			f = f.add(mid.sub(p).scale(0.5 / maxStep))
		}
		step := f.scale(maxStep)
		if l := step.len(); l > maxStep {
			step = step.scale(maxStep / l)
		}
		if step.len() < 1e-3 {
			continue
		}
		for try := 0; try < 3; try, step = try+1, step.scale(0.5) {
			if d.tryMove(nd, ends, p.add(step), pts) {
				pts[n] = p.add(step)
				moved = moved || step.len() > settled
				break
			}
		}
	}
	return moved
}

// at returns where node nd is.
func (d *Drawing) at(nd node) Point {
	if nd.line < 0 {
		return d.Spots[nd.spot]
	}
	return d.Lines[nd.line].Path[nd.k]
}

// allPoints returns the spots and the inner points of lines.
func (d *Drawing) allPoints() []Point {
	out := append([]Point{}, d.Spots...)
	for _, l := range d.Lines {
		out = append(out, l.Path[1:len(l.Path)-1]...)
	}
	return out
}

// A segEnd is a segment that ends at a node: the node's neighbour on the line.
type segEnd struct {
	line, k int // the segment is Path[k-1]–Path[k] of the line
	other   Point
}

// segsAt returns the segments that end at node nd.
func (d *Drawing) segsAt(nd node) []segEnd {
	var out []segEnd
	if nd.line >= 0 {
		p := d.Lines[nd.line].Path
		return []segEnd{{nd.line, nd.k, p[nd.k-1]}, {nd.line, nd.k + 1, p[nd.k+1]}}
	}
	for i, l := range d.Lines {
		if l.From == nd.spot {
			out = append(out, segEnd{i, 1, l.Path[1]})
		}
		if l.To == nd.spot {
			out = append(out, segEnd{i, len(l.Path) - 1, l.Path[len(l.Path)-2]})
		}
	}
	return out
}

// tryMove moves node nd, which ends the segments ends, to q when the segments it ends then cross no other segment, and the
// triangles they sweep hold no other point; it reports whether it moved.
func (d *Drawing) tryMove(nd node, ends []segEnd, q Point, pts []Point) bool {
	p := d.at(nd)
	lo, hi := Point{min(p.X, q.X), min(p.Y, q.Y)}, Point{max(p.X, q.X), max(p.Y, q.Y)}
	for _, s := range ends {
		lo, hi = Point{min(lo.X, s.other.X), min(lo.Y, s.other.Y)}, Point{max(hi.X, s.other.X), max(hi.Y, s.other.Y)}
	}
	away := func(a, b Point) bool {
		return max(a.X, b.X) < lo.X || min(a.X, b.X) > hi.X || max(a.Y, b.Y) < lo.Y || min(a.Y, b.Y) > hi.Y
	}
	for _, l := range d.Lines { // the step itself crosses no segment but those at p
		for k := 1; k < len(l.Path); k++ {
			if a, b := l.Path[k-1], l.Path[k]; !away(a, b) && segsCross(p, q, a, b, p, a == p || b == p) {
				return false
			}
		}
	}
	for _, o := range pts {
		if o != p && !away(o, o) && onSegment(p, q, o) {
			return false
		}
	}
	for _, s := range ends {
		if s.other == q {
			return false
		}
		for i, l := range d.Lines {
			for k := 1; k < len(l.Path); k++ {
				if i == s.line && k == s.k {
					continue
				}
				a, b := l.Path[k-1], l.Path[k]
				if away(a, b) {
					continue
				}
				mine := false
				for _, t := range ends {
					mine = mine || i == t.line && k == t.k
				}
				if mine {
					// two segments of nd: they meet at q only, unless folded onto each other
					u, v := s.other.sub(q), otherEnd(a, b, p).sub(q)
					if u.cross(v) == 0 && u.dot(v) > 0 {
						return false
					}
					continue
				}
				shared := a == s.other || b == s.other
				if segsCross(q, s.other, a, b, s.other, shared) {
					return false
				}
			}
		}
		tri := []Point{p, q, s.other}
		if orient(p, q, s.other) == 0 {
			continue
		}
		for _, o := range pts {
			if o != p && o != s.other && !away(o, o) && (inside(tri, o) || onSegment(p, q, o)) {
				return false
			}
		}
	}
	if nd.line < 0 {
		d.Spots[nd.spot] = q
		for i := range d.Lines {
			l := &d.Lines[i]
			if l.From == nd.spot {
				l.Path[0] = q
			}
			if l.To == nd.spot {
				l.Path[len(l.Path)-1] = q
			}
		}
	} else {
		d.Lines[nd.line].Path[nd.k] = q
	}
	return true
}

// otherEnd returns the end of segment ab that is not p.
func otherEnd(a, b, p Point) Point {
	if a == p {
		return b
	}
	return a
}

// minGap returns the least distance between two spots over the larger side of the drawing.
func (d *Drawing) minGap() float64 {
	g := math.Inf(1)
	for i, p := range d.Spots {
		for _, q := range d.Spots[i+1:] {
			g = min(g, p.dist(q))
		}
	}
	lo, hi := d.bounds()
	return g / max(hi.X-lo.X, hi.Y-lo.Y)
}
