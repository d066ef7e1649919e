package drawing

import (
	"fmt"
	"math"
	"slices"

	"grundy/games/sprouts"
)

// Replay plays on d the move of the engine that leads to option, a position in the notation
// of package sprouts (an option of d's position, as Options yields them): it finds the move
// of d's embedding whose string is option's, routes a curve for it through its face, and
// returns the drawing after it, relaxed. It fails when option is no move of d, or when no
// curve was found (the grid is refined three times before).
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
	if len(ps) == 0 {
		return nil, fmt.Errorf("drawing: %s is no option of %s", want, d.String())
	}
	ext := d.extent()
	for _, h := range []float64{ext / 40, ext / 80, ext / 160, ext / 320} {
		g := newGrid(d, h)
		for _, pl := range ps {
			for _, c := range e.curves(g, pl) {
				if next, err := d.Draw(c); err == nil && next.String() == want {
					return next, nil
				}
			}
		}
	}
	return nil, fmt.Errorf("drawing: found no curve to %s from %s", want, d.String())
}

// extent returns the larger side of the box round d's spots and lines, at least 1.
func (d *Drawing) extent() float64 {
	if len(d.Spots) == 0 {
		return 1
	}
	lo, hi := d.Spots[0], d.Spots[0]
	for _, l := range d.Lines {
		for _, p := range l.Path {
			lo, hi = Point{min(lo.X, p.X), min(lo.Y, p.Y)}, Point{max(hi.X, p.X), max(hi.Y, p.Y)}
		}
	}
	for _, p := range d.Spots {
		lo, hi = Point{min(lo.X, p.X), min(lo.Y, p.Y)}, Point{max(hi.X, p.X), max(hi.Y, p.Y)}
	}
	return max(hi.X-lo.X, hi.Y-lo.Y, 1)
}

// curves returns curves that may draw plan pl, found on grid g: those whose sides hold the
// walks as pl shares them.
func (e *embedding) curves(g *grid, pl plan) [][]Point {
	cs := e.walks[pl.b].corners
	a := e.cornerEnd(cs[pl.i])
	var b end
	var refs []Point
	var holes []int
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
	var out [][]Point
	if pl.c < 0 && pl.i == pl.j {
		if t := e.teardrop(g.d, a); t != nil && e.shares(g.d, pl, t, holes) {
			out = append(out, t)
		}
	}
	for _, p := range g.search(a, b, refs) {
		p = g.shorten(p, a, b)
		if pl.c >= 0 || e.shares(g.d, pl, p, holes) {
			out = append(out, p)
		}
	}
	return out
}

// midpoint returns the point halfway along polyline p, by its vertices.
func midpoint(p []Point) Point {
	k := len(p) / 2
	if len(p)%2 == 1 {
		return p[k]
	}
	return lerp(p[k-1], p[k], 0.5)
}

// shares reports whether curve c, drawn for chord or loop pl, leaves on the side that keeps
// corners j…i the walks of pl.side, and the other holes on the other side.
func (e *embedding) shares(d *Drawing, pl plan, c []Point, holes []int) bool {
	cs := e.walks[pl.b].corners
	in := func(poly []Point, w int) bool { return inside(poly, d.Spots[e.walks[w].corners[0].spot]) }
	var first func(w int) bool // whether hole w falls on the side of corners j…i
	switch {
	case pl.i == pl.j && cs[pl.i].in < 0: // the two sides of a loop on an isolated spot are alike
		same, other := true, true
		for _, w := range holes {
			s := slices.Contains(pl.side, w)
			same = same && in(c, w) == s
			other = other && in(c, w) != s
		}
		return same || other
	case pl.i == pl.j:
		rest := inside(c, midpoint(halfPath(d, cs[pl.i].out)))
		first = func(w int) bool { return in(c, w) == rest }
	default:
		var arc []Point
		for k := pl.i; k < pl.j; k++ {
			p := halfPath(d, cs[k].out)
			arc = append(arc, p[:len(p)-1]...)
		}
		back := slices.Clone(c)
		slices.Reverse(back)
		arc = append(arc, back[:len(back)-1]...)
		ccwise := area(arc) > 0
		first = func(w int) bool { return in(arc, w) != ccwise }
	}
	for _, w := range holes {
		if first(w) != slices.Contains(pl.side, w) {
			return false
		}
	}
	return true
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
		if d.curveFlaw(t, a.spot, a.spot, -1) == nil {
			return t
		}
	}
	return nil
}
