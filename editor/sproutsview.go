package editor

import (
	"math"

	"grundy/games/sprouts/drawing"
)

// A sproutsView places a Sprouts drawing in a widget: drawing units (y up) to pixels (y
// down), the drawing's box centred and scaled to fit. Plain arithmetic, tested without fyne.
type sproutsView struct {
	scale  float64 // pixels per drawing unit
	cx, cy float64 // the widget's centre, in pixels
	mx, my float64 // the drawing's centre, in drawing units
}

// viewMargin is the room in pixels left round the drawing, for spots and their numbers.
const viewMargin = 22

// minSpan is the least box, in drawing units, a view shows: a drawing of one or two spots is
// not blown up to fill the widget.
const minSpan = 240

// fitView returns the view of d in a widget of w × h pixels.
func fitView(d *drawing.Drawing, w, h float64) sproutsView {
	lo, hi := drawingBox(d)
	mx, my := (lo.X+hi.X)/2, (lo.Y+hi.Y)/2
	spanX, spanY := max(hi.X-lo.X, minSpan), max(hi.Y-lo.Y, minSpan)
	scale := min((w-2*viewMargin)/spanX, (h-2*viewMargin)/spanY)
	if scale <= 0 || math.IsNaN(scale) {
		scale = 1e-3
	}
	return sproutsView{scale: scale, cx: w / 2, cy: h / 2, mx: mx, my: my}
}

// drawingBox returns the box round d's spots and lines.
func drawingBox(d *drawing.Drawing) (lo, hi drawing.Point) {
	if d == nil {
		return drawing.Point{X: -1, Y: -1}, drawing.Point{X: 1, Y: 1}
	}
	return d.Bounds()
}

// screen returns the pixel position of drawing point p.
func (v sproutsView) screen(p drawing.Point) (x, y float64) {
	return v.cx + (p.X-v.mx)*v.scale, v.cy - (p.Y-v.my)*v.scale
}

// point returns the drawing point at pixel (x, y).
func (v sproutsView) point(x, y float64) drawing.Point {
	return drawing.Point{X: v.mx + (x-v.cx)/v.scale, Y: v.my - (y-v.cy)/v.scale}
}

// snapRadius is how near a spot, in pixels, a curve must start or end to be read as starting
// or ending there.
const snapRadius = 18

// spotNear returns the spot of d nearest pixel (x, y) within snapRadius, or -1.
func (v sproutsView) spotNear(d *drawing.Drawing, x, y float64) int {
	best, bestDist := -1, float64(snapRadius)
	for s, p := range d.Spots {
		sx, sy := v.screen(p)
		if dist := math.Hypot(sx-x, sy-y); dist <= bestDist {
			best, bestDist = s, dist
		}
	}
	return best
}

// minStep is the least distance in pixels between two points kept of a dragged curve: the
// pointer's small jitter would otherwise make the curve fold back on itself.
const minStep = 3

// curveOf returns the curve a drag through pixels xs, ys draws, in drawing units, from spot a
// to spot b: the spots' own points at its ends, and between them the points dragged through,
// each at least minStep from the one before and from the end spots.
func (v sproutsView) curveOf(d *drawing.Drawing, a, b int, xs, ys []float64) []drawing.Point {
	ax, ay := v.screen(d.Spots[a])
	bx, by := v.screen(d.Spots[b])
	curve := []drawing.Point{d.Spots[a]}
	lx, ly := ax, ay
	for i := range xs {
		x, y := xs[i], ys[i]
		if math.Hypot(x-lx, y-ly) < minStep || math.Hypot(x-ax, y-ay) < minStep || math.Hypot(x-bx, y-by) < minStep {
			continue
		}
		curve = append(curve, v.point(x, y))
		lx, ly = x, y
	}
	return append(curve, d.Spots[b])
}

// smoothed returns polyline p sampled along the smooth curve drawing.SVG draws through it
// (drawing.Smooth's Bézier pieces), steps points per piece.
func smoothed(p []drawing.Point, steps int) []drawing.Point {
	if len(p) < 3 {
		return p
	}
	c := drawing.Smooth(p)
	out := []drawing.Point{c[0]}
	for i := 0; i+3 < len(c); i += 3 {
		p0, c1, c2, p3 := c[i], c[i+1], c[i+2], c[i+3]
		for k := 1; k <= steps; k++ {
			t := float64(k) / float64(steps)
			u := 1 - t
			out = append(out, drawing.Point{
				X: u*u*u*p0.X + 3*u*u*t*c1.X + 3*u*t*t*c2.X + t*t*t*p3.X,
				Y: u*u*u*p0.Y + 3*u*u*t*c1.Y + 3*u*t*t*c2.Y + t*t*t*p3.Y,
			})
		}
	}
	return out
}
