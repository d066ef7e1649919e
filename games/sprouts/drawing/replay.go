package drawing

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"grundy/games/sprouts"
)

// Replay plays on d the move of the engine that leads to option, a position in the notation
// of package sprouts (an option of d's position, as Options yields them): it finds the move
// of d's embedding whose string is option's, routes a curve for it through its face, and
// returns the drawing after it, relaxed. When the move is in a region that the canonical
// form merges (2 or 3 lives, see equiv.go) and no drawn move reads as option, it draws a
// move to an equal game instead. It fails when option is no move of d, or when no curve was
// found (the grid is refined twice before). Replay is not safe for concurrent use on one
// drawing: it keeps the moves it found in d.
func (d *Drawing) Replay(option string) (*Drawing, error) {
	next, err := d.play(option)
	if err != nil {
		return nil, err
	}
	return next.Relax(), nil
}

// play is Replay without the relaxing.
func (d *Drawing) play(option string) (*Drawing, error) {
	p, err := sprouts.Parse(option)
	if err != nil {
		return nil, err
	}
	want := p.String()
	if d.emb == nil {
		d.emb = embed(d)
		d.moves = plans(d, d.emb)
	}
	e, ps := d.emb, d.moves[want]
	same := func(s string) bool { return samePosition(s, want) }
	if len(ps) == 0 { // a move in a merged region (see equiv.go)
		key := gameKey(want)
		for _, s := range slices.Sorted(maps.Keys(d.moves)) {
			if gameKey(s) == key {
				ps = append(ps, d.moves[s]...)
			}
		}
		same = func(s string) bool { return gameKey(s) == key }
	}
	if len(ps) == 0 {
		return nil, fmt.Errorf("drawing: %s is no option of %s", want, d.String())
	}
	for _, cells := range []float64{40, 80, 160} {
		grids := map[int]*grid{}
		type carried struct {
			pl plan
			g  *grid
			c  []Point
			h  []int
		}
		var later []carried
		for _, pl := range ps {
			g := grids[pl.face]
			if g == nil {
				lo, hi := d.box(e, pl.face)
				g = newGrid(d, lo, hi, cells)
				grids[pl.face] = g
			}
			good, other, holes := e.curves(g, pl)
			for _, c := range good {
				if next, err := d.Draw(c); err == nil && same(next.String()) {
					return next, nil
				}
			}
			for _, c := range other {
				later = append(later, carried{pl, g, c, holes})
			}
		}
		for _, l := range later {
			if moved := e.carry(d, l.g, l.pl, l.c, l.h); moved != nil {
				if next, err := moved.Draw(l.c); err == nil && same(next.String()) {
					return next, nil
				}
			}
		}
	}
	return nil, fmt.Errorf("drawing: found no curve to %s from %s", want, d.String())
}

// box returns the box round face f of embedding e: its outer walk, or the whole drawing for
// the unbounded face.
func (d *Drawing) box(e *embedding, f int) (lo, hi Point) {
	var pts []Point
	if f > 0 {
		pts = e.walks[e.faces[f][0]].poly
	} else {
		pts = slices.Clone(d.Spots)
		for _, l := range d.Lines {
			pts = append(pts, l.Path...)
		}
	}
	lo, hi = pts[0], pts[0]
	for _, p := range pts {
		lo, hi = Point{min(lo.X, p.X), min(lo.Y, p.Y)}, Point{max(hi.X, p.X), max(hi.Y, p.Y)}
	}
	if hi.X-lo.X < 1e-9 && hi.Y-lo.Y < 1e-9 {
		hi = lo.add(Point{1, 1})
		lo = lo.sub(Point{1, 1})
	}
	return lo, hi
}

// curves returns curves that may draw plan pl, found on grid g: good ones, whose sides hold
// the walks as pl shares them, other ones that cross nothing but share them otherwise, and
// the holes of the face: the walks that go to one side or the other.
func (e *embedding) curves(g *grid, pl plan) (good, other [][]Point, holes []int) {
	cs := e.walks[pl.b].corners
	a := e.cornerEnd(cs[pl.i])
	var b end
	var refs []Point
	if pl.c >= 0 {
		b = e.cornerEnd(e.walks[pl.c].corners[pl.j])
	} else {
		b = e.cornerEnd(cs[pl.j])
		for _, w := range e.faces[pl.face] {
			if w != pl.b {
				holes = append(holes, w)
				refs = append(refs, g.d.Spots[e.walks[w].corners[0].spot])
			}
		}
		if cs[pl.i].in >= 0 {
			refs = append(refs, midpoint(halfPath(g.d, cs[pl.i].out)))
		}
	}

	if pl.c < 0 && pl.i == pl.j {
		if t := e.teardrop(g.d, a); t != nil && e.shares(g.d, pl, t, holes) {
			good = append(good, t)
		} else if t != nil {
			other = append(other, t)
		}
	}
	for _, p := range g.search(a, b, refs) {
		p = g.shorten(p, a, b)
		if pl.c >= 0 || e.shares(g.d, pl, p, holes) {
			good = append(good, p)
		} else if g.d.curveFlaw(p, a.spot, b.spot, len(g.d.Lines)) == nil {
			other = append(other, p)
		}
	}
	return good, other, holes
}

// midpoint returns the point halfway along polyline p, by its vertices.
func midpoint(p []Point) Point {
	k := len(p) / 2
	if len(p)%2 == 1 {
		return p[k]
	}
	return lerp(p[k-1], p[k], 0.5)
}

// sideOf returns, for curve c drawn for chord or loop pl, whether a point of the face off the
// lines falls on the side that keeps corners j…i (side one); either is set when the two sides
// are alike (a loop on an isolated spot), so that side one may be either.
func (e *embedding) sideOf(d *Drawing, pl plan, c []Point) (first func(p Point) bool, either bool) {
	cs := e.walks[pl.b].corners
	switch {
	case pl.i == pl.j && cs[pl.i].in < 0:
		return func(p Point) bool { return inside(c, p) }, true
	case pl.i == pl.j:
		rest := inside(c, midpoint(halfPath(d, cs[pl.i].out)))
		return func(p Point) bool { return inside(c, p) == rest }, false
	}
	var arc []Point
	for k := pl.i; k < pl.j; k++ {
		p := halfPath(d, cs[k].out)
		arc = append(arc, p[:len(p)-1]...)
	}
	back := slices.Clone(c)
	slices.Reverse(back)
	arc = append(arc, back[:len(back)-1]...)
	ccwise := area(arc) > 0
	return func(p Point) bool { return inside(arc, p) != ccwise }, false
}

// misplaced returns the holes that curve c, drawn for pl, leaves on the wrong side.
func (e *embedding) misplaced(d *Drawing, pl plan, c []Point, holes []int) []int {
	first, either := e.sideOf(d, pl, c)
	var wrong, right []int
	for _, w := range holes {
		if first(d.Spots[e.walks[w].corners[0].spot]) == slices.Contains(pl.side, w) {
			right = append(right, w)
		} else {
			wrong = append(wrong, w)
		}
	}
	if either && len(right) < len(wrong) {
		return right
	}
	return wrong
}

// shares reports whether curve c, drawn for chord or loop pl, leaves on side one the walks of
// pl.side and the other holes on the other side.
func (e *embedding) shares(d *Drawing, pl plan, c []Point, holes []int) bool {
	return len(e.misplaced(d, pl, c, holes)) == 0
}

// teardrop returns a small loop at end a that holds nothing, or nil.
func (e *embedding) teardrop(d *Drawing, a end) []Point {
	o := d.Spots[a.spot]
	r := math.Inf(1)
	for s, p := range d.Spots {
		if s != a.spot {
			r = min(r, p.dist(o))
		}
	}
	for _, l := range d.Lines {
		for k := 1; k < len(l.Path); k++ {
			if l.Path[k-1] != o && l.Path[k] != o {
				r = min(r, segDist(l.Path[k-1], l.Path[k], o))
			}
		}
	}
	if math.IsInf(r, 1) {
		r = radius
	}
	mid, w := a.lo+a.span/2, min(a.span/2, math.Pi/3)*0.6
	for r *= 0.5; r > 1e-6; r /= 2 {
		t := []Point{o, o.add(polar(r, mid-w)), o.add(polar(1.3*r, mid)), o.add(polar(r, mid+w)), o}
		if d.curveFlaw(t, a.spot, a.spot, len(d.Lines)) == nil {
			return t
		}
	}
	return nil
}
