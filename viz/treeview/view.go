package treeview

import "grundy/viz/layout"

// Zoom limits: screen units per point of the drawing.
const (
	minZoom = 0.05
	maxZoom = 8.0
	fitMax  = 2.5 // Fit never enlarges a small tree beyond this
	// readable is the least zoom a tree's levels are opened to: labels 7 pt high at natural
	// size are then about 11 units high. A tree wider than that at the root's options opens
	// fitted all the same.
	readable = 1.6
	margin   = 12 // screen units kept around a fitted drawing
)

// A view maps the drawing (points, as laid out) to the widget: screen = drawing·zoom + pan.
type view struct {
	zoom       float64
	panX, panY float64
}

// toScreen maps a point of the drawing to the widget.
func (v view) toScreen(x, y float64) (float64, float64) {
	return x*v.zoom + v.panX, y*v.zoom + v.panY
}

// toDrawing maps a point of the widget to the drawing.
func (v view) toDrawing(sx, sy float64) (float64, float64) {
	return (sx - v.panX) / v.zoom, (sy - v.panY) / v.zoom
}

// visible returns the part of the drawing that a w × h widget shows.
func (v view) visible(w, h float64) layout.Rect {
	x, y := v.toDrawing(0, 0)
	return layout.Rect{X: x, Y: y, W: w / v.zoom, H: h / v.zoom}
}

// fit returns the view that shows all of bounds in a w × h widget, centred, with a margin,
// never larger than fitMax.
func fit(bounds layout.Rect, w, h float64) view {
	zw := (w - 2*margin) / max(bounds.W, 1)
	zh := (h - 2*margin) / max(bounds.H, 1)
	z := clampZoom(min(zw, zh, fitMax))
	return view{
		zoom: z,
		panX: (w-bounds.W*z)/2 - bounds.X*z,
		panY: max((h-bounds.H*z)/2, margin) - bounds.Y*z,
	}
}

// zoomAt multiplies the zoom by f, keeping the drawing's point under (sx, sy) in place.
func (v view) zoomAt(f, sx, sy float64) view {
	x, y := v.toDrawing(sx, sy)
	z := clampZoom(v.zoom * f)
	return view{zoom: z, panX: sx - x*z, panY: sy - y*z}
}

// panBy moves the drawing by (dx, dy) screen units.
func (v view) panBy(dx, dy float64) view {
	v.panX += dx
	v.panY += dy
	return v
}

// keep returns the view that puts the drawing's point (x, y) where (ox, oy) was on screen:
// after a layout changes, the node that was tapped stays under the pointer.
func (v view) keep(x, y, ox, oy float64) view {
	v.panX, v.panY = ox-x*v.zoom, oy-y*v.zoom
	return v
}

func clampZoom(z float64) float64 { return min(max(z, minZoom), maxZoom) }
