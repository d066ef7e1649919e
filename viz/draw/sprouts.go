package draw

import (
	"image/color"
	"math"

	"grundy/games/sprouts/drawing"
)

// Sizes of a Sprouts drawing in a node, in points: it fits a square of side SproutsSide, and
// its spots stay apart by more than their size at the scales a paper column asks for.
const (
	SproutsSide = 30.0 // the largest width or height of a drawing
	spotRadius  = 1.35 // a spot with lives left
	deadRadius  = 1.05 // a dead spot, hollow
	curveWidth  = 0.6
)

// Styles of Sprouts drawings: curves dark grey under black spots, dead spots hollow in grey,
// so that live and dead spots and the curves stay apart in black-and-white print.
var (
	CurveStyle = Style{Stroke: color.NRGBA{0x44, 0x44, 0x44, 0xff}, Width: curveWidth}
	SpotStyle  = Style{Fill: color.NRGBA{0, 0, 0, 0xff}}
	DeadStyle  = Style{Fill: Paper, Stroke: Grey, Width: 0.45}
)

// Sprouts returns the picture of a drawn Sprouts position: its lines as smooth curves
// (drawing.Smooth) and its spots as discs, black while they have lives, hollow once dead,
// scaled to fit a square of side SproutsSide. The drawing's Y axis points up; the picture's
// down, so the drawing is flipped, which keeps it as drawing.SVG shows it.
func Sprouts(d *drawing.Drawing) Picture {
	if len(d.Spots) == 0 {
		return Empty()
	}
	lo, hi := sproutsBounds(d)
	span := max(hi.X-lo.X, hi.Y-lo.Y, 1e-9)
	inner := SproutsSide - 2*spotRadius - 1
	k := inner / span
	if len(d.Spots) == 1 && len(d.Lines) == 0 {
		k = 0
	}
	off := spotRadius + 0.5
	p := Picture{W: (hi.X-lo.X)*k + 2*off, H: (hi.Y-lo.Y)*k + 2*off}
	at := func(q drawing.Point) Point { return Point{off + (q.X-lo.X)*k, off + (hi.Y-q.Y)*k} }
	for _, l := range d.Lines {
		c := drawing.Smooth(l.Path)
		pts := make([]Point, len(c))
		for i, q := range c {
			pts[i] = at(q)
		}
		p.Items = append(p.Items, Item{Op: OpCurve, Pts: pts, Style: CurveStyle})
	}
	for s, q := range d.Spots {
		c := at(q)
		if d.Lives(s) == 0 {
			p.circle(c.X, c.Y, deadRadius, DeadStyle)
		} else {
			p.circle(c.X, c.Y, spotRadius, SpotStyle)
		}
	}
	return p
}

// sproutsBounds returns the box round d's spots and the points of its lines.
func sproutsBounds(d *drawing.Drawing) (lo, hi drawing.Point) {
	lo = drawing.Point{X: math.Inf(1), Y: math.Inf(1)}
	hi = drawing.Point{X: math.Inf(-1), Y: math.Inf(-1)}
	grow := func(q drawing.Point) {
		lo = drawing.Point{X: min(lo.X, q.X), Y: min(lo.Y, q.Y)}
		hi = drawing.Point{X: max(hi.X, q.X), Y: max(hi.Y, q.Y)}
	}
	for _, q := range d.Spots {
		grow(q)
	}
	for _, l := range d.Lines {
		for _, q := range l.Path {
			grow(q)
		}
	}
	return lo, hi
}
