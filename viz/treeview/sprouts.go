package treeview

import (
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"

	"grundy/engine"
	"grundy/viz/draw"
)

// redrawEvery is how often drawings made in the background are shown: the tree is laid out
// again with them at most this often.
const redrawEvery = 250 * time.Millisecond

// A drawer makes, off the UI thread, the Sprouts drawings that the nodes on show lack.
type drawer struct {
	md   *model
	stop atomic.Bool
}

// drawLater starts making the drawings the nodes on show lack, when no drawer works for this
// model yet; they show as their strings until then. As drawings come, the tree is laid out
// again with them.
func (v *TreeView) drawLater() {
	md := v.model
	if md == nil || md.sprouts == nil || len(md.wanted) == 0 || (v.drawer != nil && v.drawer.md == md) {
		return
	}
	dr := &drawer{md: md}
	v.drawer = dr
	ids := append([]int(nil), md.wanted...)
	sums := make([]bool, len(ids))
	for i, id := range ids {
		sums[i] = md.tree.Nodes[id].Kind == engine.KindSum
	}
	sp := md.sprouts
	post := v.Do
	if post == nil {
		post = fyne.Do
	}
	go func() {
		last := time.Now()
		for i, id := range ids {
			if dr.stop.Load() {
				return
			}
			c := draw.Couple{Sum: sums[i]}
			sp.Fill(&c, id, true)
			if now := time.Now(); now.Sub(last) >= redrawEvery && i < len(ids)-1 {
				last = now
				post(func() { v.drawn(dr, false) })
			}
		}
		post(func() { v.drawn(dr, true) })
	}()
}

// drawn lays the tree out again with the drawings made so far by dr; done says dr has
// finished, so that another may start for what is still missing.
func (v *TreeView) drawn(dr *drawer, done bool) {
	if v.drawer != dr || v.model != dr.md {
		return
	}
	if done {
		v.drawer = nil
	}
	md := v.model
	keep := md.tree.Root
	if v.selected >= 0 {
		keep = v.selected
	}
	before, ok := md.box(keep)
	md.relayout()
	if v.auto != autoNone {
		v.sized = fyne.Size{} // the view follows the widget: fit again
	} else if after, ok2 := md.box(keep); ok && ok2 {
		ox, oy := v.view.toScreen(before.X+before.W/2, before.Y)
		v.view = v.view.keep(after.X+after.W/2, after.Y, ox, oy)
	}
	v.Refresh()
}

// stopDrawing stops the drawer at work, if any.
func (v *TreeView) stopDrawing() {
	if v.drawer != nil {
		v.drawer.stop.Store(true)
		v.drawer = nil
	}
}

// SproutsReason returns why node id of a Sprouts tree shows its string instead of a drawing:
// nil when it is drawn, not drawn yet, or the tree is of another game.
func (v *TreeView) SproutsReason(id int) error {
	if v.model == nil || v.model.sprouts == nil {
		return nil
	}
	return v.model.sprouts.Reason(id)
}
