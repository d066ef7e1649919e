package workbench

import (
	"fmt"

	"fyne.io/fyne/v2/widget"

	"grundy/engine"
	"grundy/job"
)

// PrefMisere keeps whether the panel solves under misère play (the last player to move
// loses); off by default.
const PrefMisere = "misere"

// Misere reports whether the panel's tasks ask for misère play.
func (p *SolverPanel) Misere() bool { return p.prefs.BoolWithFallback(PrefMisere, false) }

// SetMisere sets the play of the next tasks. What is on show answered the other question,
// so it goes. Call it when no task runs.
func (p *SolverPanel) SetMisere(on bool) {
	if on == p.Misere() {
		return
	}
	p.prefs.SetBool(PrefMisere, on)
	if p.ui.misere.Checked != on {
		p.ui.misere.SetChecked(on) // calls SetMisere again, which returns at once
	}
	p.clear()
	if p.OnMisere != nil {
		p.OnMisere(on)
	}
}

// newMisereCheck is the settings' toggle of misère play.
func newMisereCheck(p *SolverPanel) *widget.Check {
	c := widget.NewCheck("Misère (the last move loses)", nil)
	c.SetChecked(p.Misere())
	c.OnChanged = p.SetMisere
	return c
}

// updateMisere enables the toggle between tasks, and under misère play disables Winning
// moves, which misère play does not search (only the outcome of the whole position).
func (p *SolverPanel) updateMisere(running bool) {
	setEnabled(p.ui.misere, !running)
	if p.Misere() {
		p.ui.tasks[TaskMoves].Disable()
	}
}

// showAnswer fills the outcome and nimber labels; under misère play the outcome says so
// and there is no nimber.
func (p *SolverPanel) showAnswer() {
	a := p.result.Answer
	if !p.Misere() {
		p.ui.outcome.SetText(OutcomeText(a))
		p.ui.nimber.SetText(NimberText(a))
		return
	}
	p.ui.outcome.SetText(MisereOutcomeText(a))
	p.ui.nimber.SetText("Nimber: none under misère play")
}

// MisereOutcomeText gives the misère outcome as far as it is proven.
func MisereOutcomeText(a job.Answer) string {
	switch a.OutcomeText() {
	case "W":
		return "Misère outcome: W, the player to move wins"
	case "L":
		return "Misère outcome: L, the player to move loses"
	}
	return "Misère outcome: ?"
}

// whyMisere explains node n of a misère tree: a whole position, won with no move at all or
// by a move to a lost one, lost when every move leads to a won one.
func whyMisere(t *engine.Tree, n *engine.Node) string {
	if len(t.Forms) > 0 {
		return whyForms(t, n)
	}
	switch {
	case n.Losing():
		return fmt.Sprintf("L under misère play: each of the %s from %s leads to a position where the player to move wins.",
			plural(len(n.Children), "move", "moves"), n.Position)
	case len(n.Children) == 0:
		return fmt.Sprintf("W under misère play: %s has no move, and the player who cannot move wins.", n.Position)
	}
	c := &t.Nodes[n.Children[0]]
	return fmt.Sprintf("W under misère play: the move to %s leaves the opponent a losing position.", c.Position)
}

// whyForms explains a node of a misère tree by forms: a couple of a position and the misère
// form of the small lands beside it.
func whyForms(t *engine.Tree, n *engine.Node) string {
	me := t.Couple(n.ID)
	switch {
	case n.Losing():
		return fmt.Sprintf("L under misère play: each of the %s of %s, in its lands or in its form, leads to a couple where the player to move wins; the moves that leave small lands alone lead to a form that is won.",
			plural(len(n.Children), "couple shown", "couples shown"), me)
	case len(n.Children) == 0:
		return fmt.Sprintf("W under misère play: %s has no move, or a move that leaves small lands alone whose form is lost for the player to move.", me)
	}
	return fmt.Sprintf("W under misère play: the move to %s leaves the opponent a losing couple.", t.Couple(n.Children[0]))
}
