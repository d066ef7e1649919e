package workbench

import "fyne.io/fyne/v2/widget"

// showNoTree says in the tree's area that a solve of position of game ended without a tree,
// and why, so that the tree of another position is never left on show under its answer. The
// tree on show stays when it is one of that very position: it is still its proof.
func (w *Workbench) showNoTree(game, position, why string) {
	if t := w.Tree.Tree(); t != nil && t.Game == game && t.Nodes[t.Root].Position == position {
		return
	}
	if r := w.Details.run; r != nil { // the check of the tree that goes: its verdict must not come back
		r.cancel()
		w.Details.run = nil
	}
	w.clearStale()
	w.Tree.SetTree(nil)
	w.session.keep(nil)
	w.Tree.SetMessage("No tree for " + game + " " + position + ": " + why)
	w.noTree = game + " " + position
	w.Details.SetNode(nil, -1)
	w.title.SetText("No tree for " + game + " " + position + ": " + why)
	w.title.Importance = widget.MediumImportance
	w.title.Refresh()
}
