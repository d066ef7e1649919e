package treeview

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/viz/draw"
)

// Levels of detail, in screen units: below these every node is drawn as its frame alone, a
// text is left out, and dashes are drawn as a solid line. They depend on the zoom alone, so
// that at one zoom every node is drawn alike.
const (
	minLabel  = 4.0 // the least height of a node's label ("= n") for its contents to be drawn
	minText   = 4.0
	minDash   = 3.0
	maxDashes = 3000 // dashes per redraw; past it every frame is solid
)

// EmptyText is what the view shows with no tree.
const EmptyText = "No tree yet: solve a position, or open a tree file"

// renderer owns pools of canvas objects that it hands out, each redraw, to the items of the
// nodes in view, in the display lists' back-to-front order. Pools only grow, to the most
// items ever in view at once, so a pan or a zoom allocates nothing new once warm.
type renderer struct {
	v     *TreeView
	bg    *canvas.Rectangle
	empty *widget.Label     // the message with no tree, wrapped to the view's width
	mark  *canvas.Rectangle // the selection

	rects   []*canvas.Rectangle
	circles []*canvas.Circle
	lines   []*canvas.Line
	texts   []*canvas.Text
	nr, nc  int // pool objects in use this redraw
	nl, nt  int
	dashes  int

	objects []fyne.CanvasObject
	vis     []int // nodes in view, by pruned index
	links   []int // parents whose edges are in view
	built   int   // nodes drawn in the last redraw
	detail  bool  // this redraw draws the nodes' contents
	dashing bool  // this redraw draws dashed frames as dashes
	colors  map[color.NRGBA]color.Color
}

func newRenderer(v *TreeView) *renderer {
	r := &renderer{v: v, bg: canvas.NewRectangle(draw.Paper), mark: canvas.NewRectangle(color.Transparent),
		colors: map[color.NRGBA]color.Color{}}
	r.empty = widget.NewLabel(EmptyText)
	r.empty.Alignment = fyne.TextAlignCenter
	r.empty.Wrapping = fyne.TextWrapWord
	r.empty.Importance = widget.LowImportance
	return r
}

func (r *renderer) Destroy()                     {}
func (r *renderer) MinSize() fyne.Size           { return r.v.MinSize() }
func (r *renderer) Objects() []fyne.CanvasObject { return r.objects }

// Layout makes the view follow the widget's size, unless the user placed it, and redraws.
func (r *renderer) Layout(size fyne.Size) {
	r.v.follow(size)
	r.redraw(size)
}

// Refresh redraws with the current state and theme.
func (r *renderer) Refresh() {
	r.Layout(r.v.Size())
	canvas.Refresh(r.v)
}

// redraw hands out canvas objects to the edges and nodes in view.
func (r *renderer) redraw(size fyne.Size) {
	r.bg.Resize(size)
	r.objects = append(r.objects[:0], r.bg)
	r.nr, r.nc, r.nl, r.nt, r.dashes, r.built = 0, 0, 0, 0, 0, 0
	md := r.v.model
	if o := r.v.outline; o != nil && md != nil {
		o.Resize(size)
		o.Move(fyne.NewPos(0, 0))
		r.objects = append(r.objects[:0], o) // on the theme's background, not the paper
		r.trim()
		return
	}
	if md == nil {
		if r.empty.Text != r.v.message {
			r.empty.SetText(r.v.message)
		}
		r.empty.Resize(fyne.NewSize(size.Width, 1)) // a long message wraps, never cut at both ends
		h := r.empty.MinSize().Height
		r.empty.Move(fyne.NewPos(0, max(0, size.Height-h)/2))
		r.empty.Resize(fyne.NewSize(size.Width, h))
		r.objects = append(r.objects, r.empty)
		return
	}
	area := r.v.view.visible(float64(size.Width), float64(size.Height))
	r.links = md.index.VisibleLinks(area, r.links[:0])
	for _, p := range r.links {
		if p < len(md.pruned.Children) {
			for _, c := range md.pruned.Children[p] {
				from, to, _ := md.lay.Link(c)
				r.line(from.X, from.Y, to.X, to.Y, draw.EdgeStyle)
			}
		}
	}
	r.vis = md.index.Visible(area, r.vis[:0])
	r.detail = draw.LabelSize*r.v.view.zoom >= minLabel
	r.dashing = r.detail && r.dashesInView() <= maxDashes
	for _, k := range r.vis {
		r.node(k)
	}
	r.built = len(r.vis)
	r.markSelected()
	r.trim()
	r.v.drawLater()
}

// dashesInView returns how many dashes the dashed frames of the nodes in view would take.
func (r *renderer) dashesInView() int {
	md, n := r.v.model, 0
	for _, k := range r.vis {
		for _, it := range md.shown[k].Items {
			if it.Op == draw.OpRect && it.Style.Dash > 0 {
				n += int((it.Max.X - it.Min.X + it.Max.Y - it.Min.Y) / it.Style.Dash)
			}
		}
		if n > maxDashes {
			break
		}
	}
	return n
}

// node draws the node at pruned index k from its display list.
func (r *renderer) node(k int) {
	md := r.v.model
	b := md.lay.Boxes[k]
	pic := md.shown[k]
	items := pic.Items
	if !r.detail && len(items) > 0 {
		items = items[:1] // the frame
	}
	for _, it := range items {
		r.item(it, b.X, b.Y)
	}
}

// item draws one display-list item placed at (ox, oy) in the drawing.
func (r *renderer) item(it draw.Item, ox, oy float64) {
	switch it.Op {
	case draw.OpRect:
		r.rect(ox+it.Min.X, oy+it.Min.Y, ox+it.Max.X, oy+it.Max.Y, it.Style)
	case draw.OpCircle:
		r.circle(ox+it.Min.X, oy+it.Min.Y, it.R, it.Style)
	case draw.OpLine:
		r.line(ox+it.Min.X, oy+it.Min.Y, ox+it.Max.X, oy+it.Max.Y, it.Style)
	case draw.OpText:
		r.text(it, ox, oy)
	case draw.OpCurve:
		// Through the ends of its Bézier pieces: the points of the polyline it smooths,
		// close enough together to look smooth at a tree's zoom.
		for i := 3; i < len(it.Pts); i += 3 {
			p, q := it.Pts[i-3], it.Pts[i]
			r.line(ox+p.X, oy+p.Y, ox+q.X, oy+q.Y, it.Style)
		}
	}
}

// markSelected frames the selected node, when it is in view.
func (r *renderer) markSelected() {
	md := r.v.model
	b, ok := md.box(r.v.selected)
	if !ok {
		return
	}
	vw := r.v.view
	x0, y0 := vw.toScreen(b.X, b.Y)
	x1, y1 := vw.toScreen(b.X+b.W, b.Y+b.H)
	const pad = 3
	r.mark.FillColor = color.Transparent
	r.mark.StrokeColor = theme.Color(theme.ColorNamePrimary)
	r.mark.StrokeWidth = 2
	r.mark.CornerRadius = 3
	r.mark.Move(fyne.NewPos(float32(x0)-pad, float32(y0)-pad))
	r.mark.Resize(fyne.NewSize(float32(x1-x0)+2*pad, float32(y1-y0)+2*pad))
	r.objects = append(r.objects, r.mark)
}

// paint turns a display-list colour into a fyne one; alpha 0 paints nothing. The colours are
// kept boxed, so that a redraw does not allocate one interface value per item.
func (r *renderer) paint(c color.NRGBA) color.Color {
	if c.A == 0 {
		return color.Transparent
	}
	if p, ok := r.colors[c]; ok {
		return p
	}
	r.colors[c] = c
	return r.colors[c]
}

// stroke returns a stroke width on screen: at least one unit when there is a stroke.
func (r *renderer) stroke(s draw.Style) float32 {
	if s.Stroke.A == 0 || s.Width <= 0 {
		return 0
	}
	return float32(max(s.Width*r.v.view.zoom, 1))
}
