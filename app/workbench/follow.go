package workbench

import (
	"fmt"

	"fyne.io/fyne/v2/widget"

	"grundy/engine"
	"grundy/viz/treeview"
)

// followEditor keeps the tree pane about what the editor shows. A tree of another game, or
// of the other play (misère or normal), goes aside: the pane says so, and the tree comes back
// when the editor is back on its root (Undo) under its play. A "No tree for …" message of
// another position goes. A tree of the editor's game stays, whatever position the editor
// shows: its nodes are opened in the editor to be read.
func (w *Workbench) followEditor() {
	g, p := w.Editor.Current()
	if g == nil || p == nil {
		return
	}
	misere := w.Solver.Misere()
	if t := w.Tree.Tree(); t != nil && !ofPlay(t, g.Name(), misere) {
		w.setAside(t, g.Name()+" "+p.String())
	}
	if w.Tree.Tree() == nil && w.noTree != "" && w.noTree != g.Name()+" "+p.String() {
		w.noTree = ""
		w.Tree.SetMessage(treeview.EmptyText)
		w.setTreeTitle("Solution tree")
	}
	if a := w.aside; a != nil && ofPlay(a, g.Name(), misere) && a.Nodes[a.Root].Position == p.String() {
		w.ShowTree(a)
	}
}

// ofPlay reports whether t is a tree of game under the play misere says.
func ofPlay(t *engine.Tree, game string, misere bool) bool {
	return t.Game == game && (t.Convention == engine.Misere) == misere
}

// setAside takes t out of the pane, to come back with its position; now is what the editor
// shows instead.
func (w *Workbench) setAside(t *engine.Tree, now string) {
	if r := w.Details.run; r != nil { // its check: a verdict must not come back over the pane
		r.cancel()
		w.Details.run = nil
	}
	w.aside = t
	w.Tree.SetTree(nil)
	w.Details.SetNode(nil, -1)
	name := t.Game + " " + t.Nodes[t.Root].Position
	if t.Convention == engine.Misere {
		name += " under misère play"
	}
	w.Tree.SetMessage(fmt.Sprintf("No tree for %s yet. The tree of %s is set aside: it comes back with its position (Undo).", now, name))
	w.setTreeTitle("Solution tree")
}

// setTreeTitle sets the caption over the tree pane.
func (w *Workbench) setTreeTitle(text string) {
	w.title.SetText(text)
	w.title.Importance = widget.MediumImportance
	w.title.Refresh()
}
