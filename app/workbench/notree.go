package workbench

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2/widget"

	"grundy/job"
)

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
	why = w.Solver.budgetWord(why)
	w.Tree.SetMessage("No tree for " + game + " " + position + ": " + why)
	w.noTree = game + " " + position
	w.Details.SetNode(nil, -1)
	w.title.SetText("No tree for " + game + " " + position + ": " + why)
	w.title.Importance = widget.MediumImportance
	w.title.Refresh()
}

// budgetWord adds to why, when a tree was too large for the memory set aside for recording,
// what that memory is and how to get more: the budget is a quarter of the cache setting,
// which no other part of the window shows.
func (p *SolverPanel) budgetWord(why string) string {
	if !strings.Contains(why, "too large to record") {
		return why
	}
	mb := p.CacheMB()
	s := fmt.Sprintf("%s. The recording may use a quarter of the cache setting (%d MB of %d MB)", why, mb/4, mb)
	switch bigger := nextCacheChoice(mb); {
	case bigger == 0:
		s += ", the largest setting"
	case job.CheckMemory(bigger) != nil:
		s += fmt.Sprintf(": a cache of %d MB would record a tree up to %d MB, but this machine has not the memory for it", bigger, bigger/4)
	default:
		s += fmt.Sprintf(": a cache of %d MB (⚙ › Cache) records a tree up to %d MB", bigger, bigger/4)
	}
	return s
}

// nextCacheChoice is the next larger cache choice than mb, or 0.
func nextCacheChoice(mb int) int {
	for _, c := range CacheChoices {
		if c > mb {
			return c
		}
	}
	return 0
}
