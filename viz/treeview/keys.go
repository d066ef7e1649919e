package treeview

import (
	"fyne.io/fyne/v2"

	"grundy/viz/layout"
)

var _ fyne.Focusable = (*TreeView)(nil)

// ZoomIn zooms in about the selected node when it is in view, else about the widget's
// centre, keeping the selection (or the tree) in view.
func (v *TreeView) ZoomIn() { v.zoomBy(1.25) }

// ZoomOut zooms out as ZoomIn zooms in.
func (v *TreeView) ZoomOut() { v.zoomBy(0.8) }

func (v *TreeView) zoomBy(f float64) {
	if v.model == nil {
		return
	}
	v.auto = autoNone
	s := v.Size()
	w, h := float64(s.Width), float64(s.Height)
	cx, cy := w/2, h/2
	b, sel := v.model.box(v.selected)
	if sel {
		if x, y := v.view.toScreen(b.X+b.W/2, b.Y+b.H/2); x >= 0 && x <= w && y >= 0 && y <= h {
			cx, cy = x, y
		}
	}
	v.view = v.view.zoomAt(f, cx, cy)
	if sel {
		v.view = v.view.show(b, w, h)
	} else {
		v.view = v.view.within(v.model.lay.Bounds, w, h)
	}
	v.Refresh()
}

// reveal pans, when needed, so that node id's box is in view.
func (v *TreeView) reveal(id int) {
	if v.model == nil {
		return
	}
	b, ok := v.model.box(id)
	s := v.Size()
	if !ok || s.Width <= 0 || s.Height <= 0 {
		return
	}
	v.view = v.view.show(b, float64(s.Width), float64(s.Height))
}

// FocusGained is called when the view takes the keyboard focus.
func (v *TreeView) FocusGained() { v.focused = true; v.Refresh() }

// FocusLost is called when the view loses the keyboard focus.
func (v *TreeView) FocusLost() { v.focused = false; v.Refresh() }

// TypedRune zooms with + and −.
func (v *TreeView) TypedRune(r rune) {
	switch r {
	case '+', '=':
		v.ZoomIn()
	case '-', '−':
		v.ZoomOut()
	}
}

// TypedKey moves the selection with the arrow keys (up: the parent, down: the first child,
// left and right: the siblings), toggles the selected node with Enter, and zooms with + and
// −; the view follows the selection. Esc calls OnEscape.
func (v *TreeView) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape && v.OnEscape != nil {
		v.OnEscape()
		return
	}
	if v.model == nil {
		return
	}
	switch ev.Name {
	case fyne.KeyUp:
		v.move(v.parentOf)
	case fyne.KeyDown:
		v.move(v.firstChildOf)
	case fyne.KeyLeft:
		v.move(func(k int) int { return v.siblingOf(k, -1) })
	case fyne.KeyRight:
		v.move(func(k int) int { return v.siblingOf(k, 1) })
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		if v.selected >= 0 {
			v.Toggle(v.selected)
			v.reveal(v.selected)
			v.Refresh()
		}
	case fyne.KeyPlus:
		v.ZoomIn()
	case fyne.KeyMinus:
		v.ZoomOut()
	}
}

// move selects the node that next gives for the selection's pruned index (or the root when
// nothing is selected), brings it into view and reports it.
func (v *TreeView) move(next func(k int) int) {
	md := v.model
	k, ok := md.at[v.selected]
	if !ok {
		k = 0
	} else if k = next(k); k < 0 {
		return
	}
	id := md.pruned.IDs[k] // a repeat selects the node drawn in full
	v.selected = id
	v.reveal(id)
	v.Refresh()
	if v.OnSelected != nil {
		v.OnSelected(id)
	}
}

func (v *TreeView) parentOf(k int) int { return v.model.parent[k] }

// firstChildOf returns the first child of pruned node k, expanding it first when it is
// collapsed; -1 when it has none.
func (v *TreeView) firstChildOf(k int) int {
	md := v.model
	id := md.pruned.IDs[k]
	if len(md.children(id)) == 0 {
		return -1
	}
	if !md.expanded[id] {
		v.Toggle(id)
		k = md.at[id]
	}
	if k >= len(md.pruned.Children) || len(md.pruned.Children[k]) == 0 {
		return -1
	}
	return md.pruned.Children[k][0]
}

// siblingOf returns the sibling of pruned node k by step places, or -1.
func (v *TreeView) siblingOf(k, step int) int {
	md := v.model
	p := md.parent[k]
	if p < 0 {
		return -1
	}
	kids := md.pruned.Children[p]
	for i, c := range kids {
		if c == k && i+step >= 0 && i+step < len(kids) {
			return kids[i+step]
		}
	}
	return -1
}

// show returns the view panned, as little as it takes, so that box b of the drawing is in a
// w × h widget (its top left corner when it is larger).
func (v view) show(b layout.Rect, w, h float64) view {
	x0, y0 := v.toScreen(b.X, b.Y)
	x1, y1 := v.toScreen(b.X+b.W, b.Y+b.H)
	const m = margin
	if x1 > w-m {
		v.panX -= x1 - (w - m)
		x0 -= x1 - (w - m)
	}
	if x0 < m {
		v.panX += m - x0
	}
	if y1 > h-m {
		v.panY -= y1 - (h - m)
		y0 -= y1 - (h - m)
	}
	if y0 < m {
		v.panY += m - y0
	}
	return v
}

// within returns the view panned so that the widget's centre stays over the drawing's
// bounds: a zoom never loses the tree off screen.
func (v view) within(b layout.Rect, w, h float64) view {
	x, y := v.toDrawing(w/2, h/2)
	cx, cy := min(max(x, b.X), b.X+b.W), min(max(y, b.Y), b.Y+b.H)
	return v.keep(cx, cy, w/2, h/2)
}
