package drawing

import (
	"fmt"
	"math"
	"strings"
)

// SVGOptions says how SVG draws: Width is the picture's width in user units (the height
// follows the drawing's shape); Labels writes each spot's number beside it.
type SVGOptions struct {
	Width  float64
	Labels bool
}

// SVG returns d as a standalone SVG picture: lines as smooth curves through their points,
// spots as discs, black while they have lives, hollow and grey once dead. Its strokes are
// scaled to stay legible at small widths, as in tree nodes.
func (d *Drawing) SVG(o SVGOptions) string {
	if o.Width <= 0 {
		o.Width = 120
	}
	lo, hi := d.bounds()
	pad := 0.08*max(hi.X-lo.X, hi.Y-lo.Y) + 6
	lo, hi = lo.sub(Point{pad, pad}), hi.add(Point{pad, pad})
	w, h := hi.X-lo.X, hi.Y-lo.Y
	k := o.Width / w
	height := h * k
	// user units are drawing units; y is flipped so that counterclockwise stays so
	unit := 1 / k // one picture unit in drawing units
	stroke, r := 1.2*unit, 2.6*unit
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="%s %s %s %s">`+"\n",
		num(o.Width), num(height), num(lo.X), num(-hi.Y), num(w), num(h))
	fmt.Fprintf(&b, `<g fill="none" stroke="#1f3a93" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round">`+"\n", num(stroke))
	for _, l := range d.Lines {
		fmt.Fprintf(&b, `<path d="%s"/>`+"\n", smoothPath(l.Path))
	}
	b.WriteString("</g>\n")
	for s, p := range d.Spots {
		if d.Lives(s) == 0 {
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%s" fill="white" stroke="#888" stroke-width="%s"/>`+"\n",
				num(p.X), num(-p.Y), num(r*0.8), num(stroke*0.8))
		} else {
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="%s" fill="black"/>`+"\n", num(p.X), num(-p.Y), num(r))
		}
		if o.Labels {
			fmt.Fprintf(&b, `<text x="%s" y="%s" font-size="%s" fill="#c00">%d</text>`+"\n",
				num(p.X+r), num(-p.Y-r), num(9*unit), s)
		}
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// bounds returns the box round d's spots and lines.
func (d *Drawing) bounds() (lo, hi Point) {
	lo, hi = Point{math.Inf(1), math.Inf(1)}, Point{math.Inf(-1), math.Inf(-1)}
	grow := func(p Point) {
		lo, hi = Point{min(lo.X, p.X), min(lo.Y, p.Y)}, Point{max(hi.X, p.X), max(hi.Y, p.Y)}
	}
	for _, p := range d.Spots {
		grow(p)
	}
	for _, l := range d.Lines {
		for _, p := range l.Path {
			grow(p)
		}
	}
	if len(d.Spots) == 0 {
		return Point{-1, -1}, Point{1, 1}
	}
	return lo, hi
}

// smoothPath writes polyline p as the cubic Bézier pieces of Smooth, y flipped.
func smoothPath(p []Point) string {
	var b strings.Builder
	c := Smooth(p)
	fmt.Fprintf(&b, "M%s %s", num(c[0].X), num(-c[0].Y))
	for i := 1; i+2 < len(c); i += 3 {
		fmt.Fprintf(&b, "C%s %s %s %s %s %s", num(c[i].X), num(-c[i].Y), num(c[i+1].X), num(-c[i+1].Y), num(c[i+2].X), num(-c[i+2].Y))
	}
	return b.String()
}

// Smooth returns the smooth curve through polyline p as cubic Bézier pieces: p's first point,
// then for each piece its two control points and its end, 3(len(p)−1)+1 points. The
// tangents are Catmull–Rom's halved, which keeps the curve near the polyline.
func Smooth(p []Point) []Point {
	if len(p) == 0 {
		return nil
	}
	out := make([]Point, 0, 3*len(p)-2)
	out = append(out, p[0])
	at := func(i int) Point { return p[min(max(i, 0), len(p)-1)] }
	for i := 0; i+1 < len(p); i++ {
		c1 := p[i].add(at(i + 1).sub(at(i - 1)).scale(1.0 / 12))
		c2 := at(i + 1).sub(at(i + 2).sub(p[i]).scale(1.0 / 12))
		out = append(out, c1, c2, p[i+1])
	}
	return out
}

// num writes x with two decimals at most.
func num(x float64) string {
	s := fmt.Sprintf("%.2f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" || s == "" {
		return "0"
	}
	return s
}
