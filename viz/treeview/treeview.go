package treeview

import (
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"grundy/engine"
	"grundy/viz/draw"
)

// A TreeView shows a solution tree the way the paper's Figure 11 draws it: each node is its
// position's picture with the label "= n" (solid frame) or "≠ n" (dashed frame on a shade),
// laid out tidily by viz/layout and drawn from viz/draw's display lists, as the exporter
// draws them. A tap on a node selects it, a tap on the selected node expands or collapses
// it (as Enter does); a double tap activates it; Esc calls OnEscape; the wheel zooms about the pointer and a drag pans. Only the nodes in view
// get canvas objects, and a large tree opens collapsed to a depth (StartNodes).
type TreeView struct {
	widget.BaseWidget

	// OnSelected is called with the id of a node the user selects.
	OnSelected func(id int)
	// OnActivated is called with the id of a node the user double-taps.
	OnActivated func(id int)
	// OnEscape is called on Esc while the view has the keyboard focus (which takes the key
	// from the window).
	OnEscape func()
	// Ask, when set, is called before an expansion would show more than LargeTree nodes,
	// with how many it would show; the expansion waits for answer. Without it, such an
	// expansion stops at LargeTree nodes.
	Ask func(nodes int, answer func(Answer))
	// Do runs a function on the UI goroutine; nil uses fyne.Do. The drawings of a Sprouts
	// tree, made in the background, come through it. Tests pass a queue they drain.
	Do func(func())

	model    *model
	view     view
	auto     autoView  // how the view follows the widget's size
	sized    fyne.Size // the size the view was last made for
	selected int
	scratch  []int
	message  string   // what the view says with no tree
	outline  *Outline // the outline of the tree, when it is on show instead of the drawing
	focused  bool
	drawer   *drawer // makes the Sprouts drawings of the nodes on show, nil when none works
}

// New returns an empty tree view.
func New() *TreeView {
	v := &TreeView{selected: -1, message: EmptyText}
	v.ExtendBaseWidget(v)
	return v
}

// SetMessage sets what the view says when it has no tree (EmptyText until then): why there
// is none, for instance.
func (v *TreeView) SetMessage(text string) {
	v.message = text
	v.Refresh()
}

// Message returns what the view says when it has no tree.
func (v *TreeView) Message() string { return v.message }

// SetTree shows t, collapsed to the depth that shows about StartNodes nodes and that keeps its
// labels readable when fitted (the root's options at least), fitted to the widget. A nil t clears
// the view.
func (v *TreeView) SetTree(t *engine.Tree) {
	v.stopDrawing()
	v.model, v.selected, v.auto, v.sized = nil, -1, autoStart, fyne.Size{}
	if t != nil && len(t.Nodes) > 0 {
		v.model = newModel(t, draw.Estimate{})
		v.message = EmptyText // the reason there was no tree has gone
	}
	if v.outline != nil {
		v.outline.SetTree(t)
	}
	v.Refresh()
}

// Tree returns the tree on show, or nil.
func (v *TreeView) Tree() *engine.Tree {
	if v.model == nil {
		return nil
	}
	return v.model.tree
}

// Selected returns the id of the selected node, or -1.
func (v *TreeView) Selected() int { return v.selected }

// Select selects node id (-1: none) without calling OnSelected, and brings it into view
// when it is on show.
func (v *TreeView) Select(id int) {
	v.selected = id
	v.reveal(id)
	v.Refresh()
}

// Expanded reports whether node id shows its children.
func (v *TreeView) Expanded(id int) bool {
	return v.model != nil && id >= 0 && id < len(v.model.expanded) && v.model.expanded[id]
}

// Toggle expands or collapses node id, keeping it where it is on screen; it reports whether
// the node has children to show.
func (v *TreeView) Toggle(id int) bool {
	if v.model == nil || id < 0 || id >= len(v.model.expanded) {
		return false
	}
	return v.keepingPlace(id, func() bool { return v.model.toggle(id) })
}

// ExpandBelow expands node id and its descendants down to levels levels below it (all of
// them when levels < 0), asking first (Ask) when that shows more than LargeTree nodes.
func (v *TreeView) ExpandBelow(id, levels int) {
	if v.model == nil || id < 0 || id >= len(v.model.expanded) {
		return
	}
	md := v.model
	v.guarded(id, md.belowCost(id, levels),
		func() { md.expandSubtree(id, levels) },
		func() { md.expandBudget(id, levels, LargeTree) })
}

// ExpandAll expands everything under node id (the root when id < 0), asking first when that
// shows more than LargeTree nodes.
func (v *TreeView) ExpandAll(id int) {
	if v.model != nil && id < 0 {
		id = v.model.tree.Root
	}
	v.ExpandBelow(id, -1)
}

// ExpandLevel shows one more level under node id (the root when id < 0): the collapsed
// nodes on show under it open. It asks first when that shows more than LargeTree nodes.
func (v *TreeView) ExpandLevel(id int) {
	if v.model == nil || id >= len(v.model.expanded) {
		return
	}
	if id < 0 {
		id = v.model.tree.Root
	}
	md := v.model
	v.guarded(id, md.levelCost(id),
		func() { md.expandLevel(id) },
		func() { md.expandSome(md.frontier(id), LargeTree) })
}

// guarded runs all, an expansion that shows cost nodes, keeping node id in place; past
// LargeTree nodes it asks first, and runs budget for AnswerBudget (or, with no Ask, always).
func (v *TreeView) guarded(id, cost int, all, budget func()) {
	run := func(f func()) { v.keepingPlace(id, func() bool { f(); return true }) }
	if cost <= LargeTree {
		run(all)
		return
	}
	if v.Ask == nil {
		run(budget)
		return
	}
	md := v.model
	v.Ask(cost, func(a Answer) {
		if v.model != md { // another tree came meanwhile
			return
		}
		switch a {
		case AnswerAll:
			run(all)
		case AnswerBudget:
			run(budget)
		}
	})
}

// CollapseTo shows the tree down to depth levels below the root, and fits it.
func (v *TreeView) CollapseTo(depth int) {
	if v.model == nil {
		return
	}
	v.model.expandTo(depth)
	v.Fit()
}

// keepingPlace runs change, which lays the tree out again, and pans so that node id stays
// where it was on screen.
func (v *TreeView) keepingPlace(id int, change func() bool) bool {
	before, ok := v.model.box(id)
	if !change() {
		return false
	}
	v.auto = autoNone
	if after, ok2 := v.model.box(id); ok && ok2 {
		ox, oy := v.view.toScreen(before.X+before.W/2, before.Y)
		v.view = v.view.keep(after.X+after.W/2, after.Y, ox, oy)
	}
	v.Refresh()
	return true
}

// Shown returns the number of nodes on show (expanded), drawn or out of view.
func (v *TreeView) Shown() int {
	if v.model == nil {
		return 0
	}
	return len(v.model.pruned.IDs)
}

// Zoom returns the screen units per point of the drawing.
func (v *TreeView) Zoom() float64 { return v.view.zoom }

// Fit zooms and pans so that the whole tree on show fits the widget.
func (v *TreeView) Fit() {
	if v.model == nil {
		return
	}
	v.auto = autoFit
	v.sized = fyne.Size{}
	v.Refresh()
}

// autoView says how the view follows the widget's size until the user zooms or pans.
type autoView int

const (
	autoNone  autoView = iota // the user placed the view
	autoStart                 // as a tree opens (start)
	autoFit                   // all of the tree (Fit)
)

// follow makes the view again for a new widget size, when it still follows the size.
func (v *TreeView) follow(size fyne.Size) {
	if v.model == nil || v.auto == autoNone || size == v.sized || size.Width <= 0 || size.Height <= 0 {
		return
	}
	v.sized = size
	w, h := float64(size.Width), float64(size.Height)
	if v.auto == autoFit {
		v.view = fit(v.model.lay.Bounds, w, h)
		return
	}
	// A tree too wide to read whole as it opens shows fewer levels, down to the root's
	// options: the researcher expands what they want to see.
	for v.model.depth > 1 && fit(v.model.lay.Bounds, w, h).zoom < readable {
		v.model.expandTo(v.model.depth - 1)
	}
	// Then all of it is shown, however wide, as Fit shows it: a wide tree opened at the
	// readable zoom with its root at the top centre showed a few nodes cut at both sides.
	v.view = fit(v.model.lay.Bounds, w, h)
}

// nodeAt returns the id of the node at the widget's point pos and whether it is a repeat.
func (v *TreeView) nodeAt(pos fyne.Position) (id int, repeat, ok bool) {
	if v.model == nil {
		return 0, false, false
	}
	x, y := v.view.toDrawing(float64(pos.X), float64(pos.Y))
	k := v.model.hit(x, y, v.scratch)
	if k < 0 {
		return 0, false, false
	}
	return v.model.pruned.IDs[k], v.model.pruned.Ref[k] >= 0, true
}

// Tapped selects the node under the tap; a tap on the node already selected expands or
// collapses it. A tap that selects never folds: reading a node's explanation must not hide
// the subtree it explains. A repeat selects the node it repeats.
func (v *TreeView) Tapped(ev *fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		c.Focus(v)
	}
	id, repeat, ok := v.nodeAt(ev.Position)
	if !ok {
		return
	}
	if !repeat && id == v.selected {
		v.Toggle(id)
	}
	v.selected = id
	v.Refresh()
	if v.OnSelected != nil {
		v.OnSelected(id)
	}
}

// DoubleTapped activates the node under the pointer.
func (v *TreeView) DoubleTapped(ev *fyne.PointEvent) {
	if id, _, ok := v.nodeAt(ev.Position); ok && v.OnActivated != nil {
		v.OnActivated(id)
	}
}

// Scrolled zooms about the pointer.
func (v *TreeView) Scrolled(ev *fyne.ScrollEvent) {
	v.auto = autoNone
	f := math.Pow(1.002, float64(ev.Scrolled.DY))
	v.view = v.view.zoomAt(f, float64(ev.Position.X), float64(ev.Position.Y))
	v.Refresh()
}

// Dragged pans the drawing.
func (v *TreeView) Dragged(ev *fyne.DragEvent) {
	v.auto = autoNone
	v.view = v.view.panBy(float64(ev.Dragged.DX), float64(ev.Dragged.DY))
	v.Refresh()
}

// DragEnd ends a pan.
func (v *TreeView) DragEnd() {}

// MinSize is small: the view scrolls and zooms.
func (v *TreeView) MinSize() fyne.Size { return fyne.NewSize(120, 120) }

// CreateRenderer returns the renderer, which builds canvas objects for the visible nodes.
func (v *TreeView) CreateRenderer() fyne.WidgetRenderer {
	return newRenderer(v)
}
