package treeview

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"grundy/viz/draw"
)

// rect draws a rectangle of the drawing; a dashed outline is drawn as dashes when they are
// large enough to see.
func (r *renderer) rect(x0, y0, x1, y1 float64, s draw.Style) {
	vw := r.v.view
	sx0, sy0 := vw.toScreen(x0, y0)
	sx1, sy1 := vw.toScreen(x1, y1)
	if r.nr == len(r.rects) {
		r.rects = append(r.rects, canvas.NewRectangle(nil))
	}
	o := r.rects[r.nr]
	r.nr++
	o.FillColor = r.paint(s.Fill)
	o.StrokeColor, o.StrokeWidth = r.paint(s.Stroke), r.stroke(s)
	o.Move(fyne.NewPos(float32(sx0), float32(sy0)))
	o.Resize(fyne.NewSize(float32(sx1-sx0), float32(sy1-sy0)))
	r.objects = append(r.objects, o)
	if s.Dash > 0 && s.Stroke.A > 0 && r.dashing && r.dashed(x0, y0, x1, y1, s) {
		o.StrokeColor, o.StrokeWidth = color.Transparent, 0
	}
}

// dashed draws the outline of a rectangle as dashes; it reports false, drawing nothing,
// when the dashes would be too small or too many.
func (r *renderer) dashed(x0, y0, x1, y1 float64, s draw.Style) bool {
	z := r.v.view.zoom
	perim := 2 * (x1 - x0 + y1 - y0)
	n := int(perim / (2 * s.Dash))
	if s.Dash*z < minDash {
		return false
	}
	r.dashes += n
	solid := s
	solid.Dash = 0
	sides := [4][4]float64{{x0, y0, x1, y0}, {x1, y0, x1, y1}, {x1, y1, x0, y1}, {x0, y1, x0, y0}}
	for _, e := range sides {
		length := math.Hypot(e[2]-e[0], e[3]-e[1])
		dx, dy := (e[2]-e[0])/length, (e[3]-e[1])/length
		for t := 0.0; t < length; t += 2 * s.Dash {
			u := min(t+s.Dash, length)
			r.line(e[0]+dx*t, e[1]+dy*t, e[0]+dx*u, e[1]+dy*u, solid)
		}
	}
	return true
}

// circle draws a circle of the drawing with centre (x, y) and radius rad.
func (r *renderer) circle(x, y, rad float64, s draw.Style) {
	vw := r.v.view
	sx, sy := vw.toScreen(x-rad, y-rad)
	d := float32(2 * rad * vw.zoom)
	if r.nc == len(r.circles) {
		r.circles = append(r.circles, canvas.NewCircle(nil))
	}
	o := r.circles[r.nc]
	r.nc++
	o.FillColor = r.paint(s.Fill)
	o.StrokeColor, o.StrokeWidth = r.paint(s.Stroke), r.stroke(s)
	o.Move(fyne.NewPos(float32(sx), float32(sy)))
	o.Resize(fyne.NewSquareSize(d))
	r.objects = append(r.objects, o)
}

// line draws a segment of the drawing.
func (r *renderer) line(x0, y0, x1, y1 float64, s draw.Style) {
	vw := r.v.view
	sx0, sy0 := vw.toScreen(x0, y0)
	sx1, sy1 := vw.toScreen(x1, y1)
	if r.nl == len(r.lines) {
		r.lines = append(r.lines, canvas.NewLine(nil))
	}
	o := r.lines[r.nl]
	r.nl++
	o.StrokeColor, o.StrokeWidth = r.paint(s.Stroke), r.stroke(s)
	o.Position1 = fyne.NewPos(float32(sx0), float32(sy0))
	o.Position2 = fyne.NewPos(float32(sx1), float32(sy1))
	r.objects = append(r.objects, o)
}

// text draws a one-line text centred in its box, or nothing when it would be too small to
// read.
func (r *renderer) text(it draw.Item, ox, oy float64) {
	vw := r.v.view
	size := float32(it.Size * vw.zoom)
	if float64(size) < minText {
		return
	}
	if r.nt == len(r.texts) {
		r.texts = append(r.texts, canvas.NewText("", nil))
	}
	o := r.texts[r.nt]
	r.nt++
	o.Text, o.TextSize, o.Color = it.Text, size, r.paint(it.Style.Fill)
	o.TextStyle = fyne.TextStyle{Monospace: it.Font == draw.Mono}
	o.Alignment = fyne.TextAlignCenter
	// A box larger than the text, centred on the item's box: the painters centre the text
	// in it both ways, and nothing needs measuring.
	cx, cy := vw.toScreen(ox+(it.Min.X+it.Max.X)/2, oy+(it.Min.Y+it.Max.Y)/2)
	w := float32((it.Max.X-it.Min.X)*vw.zoom) + 4*size
	h := 3 * size
	o.Move(fyne.NewPos(float32(cx)-w/2, float32(cy)-h/2))
	o.Resize(fyne.NewSize(w, h))
	r.objects = append(r.objects, o)
}

// trim gives back the pooled objects that this redraw did not use when they are many more
// than it used: after a collapse, or a zoom out of a large tree, the canvas objects of the
// nodes no longer drawn go, and with them fyne's caches of them. A redraw like the last
// one keeps its pools, and allocates nothing.
func (r *renderer) trim() {
	r.rects = trimPool(r.rects, r.nr)
	r.circles = trimPool(r.circles, r.nc)
	r.lines = trimPool(r.lines, r.nl)
	r.texts = trimPool(r.texts, r.nt)
	r.objects = trimPool(r.objects, len(r.objects))
	r.vis = trimPool(r.vis, len(r.vis))
	r.links = trimPool(r.links, len(r.links))
}

// trimPool returns pool, or a copy of its first used items (and some room) when it holds
// more than twice as many as used.
func trimPool[T any](pool []T, used int) []T {
	const room = 256
	if cap(pool) <= 2*used+room {
		return pool
	}
	out := make([]T, min(used+room, len(pool)), used+room)
	copy(out, pool)
	return out
}
