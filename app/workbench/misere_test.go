package workbench

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"grundy/engine"
	"grundy/games"
)

// TestSolverPanel_Misere: the settings' toggle makes the panel solve under misère play: the
// outcome says misère and there is no nimber, Winning moves is off, the tree on show is a
// misère one whose nodes are explained as such; toggling back gives normal play again, and
// each toggle takes away the answer of the other question.
func TestSolverPanel_Misere(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	p := w.Solver
	setPosition(t, w, "nim", "1") // normal play: W; misère play: L
	if r := solve(t, w, q, TaskOutcome); r.Answer.OutcomeText() != "W" {
		t.Fatalf("normal play: nim 1 is %s, want W", r.Answer.OutcomeText())
	}
	test.Tap(p.ui.misere)
	if !p.Misere() {
		t.Fatal("tapping the toggle did not turn misère play on")
	}
	if p.Result().Answer.HasOutcome || p.ui.outcome.Text != "Misère outcome: ?" {
		t.Errorf("after the toggle: result %+v, label %q; want the normal-play answer gone", p.Result().Answer, p.ui.outcome.Text)
	}
	if !p.ui.tasks[TaskMoves].Disabled() {
		t.Error("Winning moves stays enabled under misère play")
	}
	r := solve(t, w, q, TaskNimber) // answered as the outcome
	if r.Answer.OutcomeText() != "L" || r.Answer.HasNimber {
		t.Fatalf("misère nim 1: %+v, want L and no nimber", r.Answer)
	}
	if got := p.ui.outcome.Text; got != "Misère outcome: L, the player to move loses" {
		t.Errorf("outcome label %q", got)
	}
	if got := p.ui.nimber.Text; !strings.Contains(got, "none under misère play") {
		t.Errorf("nimber label %q, want none under misère play", got)
	}
	tree := w.Tree.Tree()
	if tree == nil || tree.Convention != engine.Misere {
		t.Fatalf("tree on show %v, want the misère tree", tree)
	}
	root := &tree.Nodes[tree.Root]
	leaf := &tree.Nodes[root.Children[0]]
	if why := Why(tree, tree.Root); !strings.Contains(why, "L under misère play") {
		t.Errorf("Why(root) = %q", why)
	}
	if why := Why(tree, leaf.ID); !strings.Contains(why, "has no move, and the player who cannot move wins") {
		t.Errorf("Why(leaf %s) = %q", leaf.Position, why)
	}
	p.SetMisere(false)
	if p.ui.misere.Checked || p.ui.tasks[TaskMoves].Disabled() {
		t.Error("SetMisere(false) left the toggle checked or Winning moves disabled")
	}
	if r := solve(t, w, q, TaskOutcome); r.Answer.OutcomeText() != "W" || p.ui.outcome.Text != "Outcome: W, the player to move wins" {
		t.Errorf("normal play again: %s, label %q", r.Answer.OutcomeText(), p.ui.outcome.Text)
	}
}

// TestSolverPanel_MisereSproutsByForms: under misère play the window's Sprouts trees are trees
// by forms, explained as couples with their forms, and they check.
func TestSolverPanel_MisereSproutsByForms(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	w.Solver.SetMisere(true)
	setPosition(t, w, "sprouts", "0*6") // W under misère play
	if r := solve(t, w, q, TaskOutcome); r.Answer.OutcomeText() != "W" {
		t.Fatalf("misère 0*6: %s, want W", r.Answer.OutcomeText())
	}
	tree := w.Tree.Tree()
	if tree == nil || tree.Convention != engine.Misere || len(tree.Forms) == 0 {
		t.Fatalf("tree on show %v, want a misère tree by forms", tree)
	}
	g, err := games.Lookup("sprouts")
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.Check(context.Background(), tree, func(s string) (engine.Position, error) { return games.Parse(g, s) }); err != nil {
		t.Errorf("the window's tree does not check: %v", err)
	}
	if why := Why(tree, tree.Root); !strings.Contains(why, "W under misère play") {
		t.Errorf("Why(root) = %q", why)
	}
	beside := 0
	for i, n := range tree.Nodes {
		if n.N != 0 {
			beside++
			if got := tree.Couple(i); !strings.Contains(got, "+ F") {
				t.Errorf("node %d beside form %d reads %q", i, n.N, got)
			}
		}
	}
	if beside == 0 {
		t.Errorf("no node of the tree is beside a form:\n%+v", tree.Nodes)
	}
}

// TestSolverPanel_MisereProgressRows: the progress table of a misère search by proof numbers
// speaks of positions under misère play, never of a nimber, and says at the end what it
// proved.
func TestSolverPanel_MisereProgressRows(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	p := w.Solver
	p.SetCacheMB(128)
	p.SetMisere(true)
	setPosition(t, w, "sprouts", "0*4") // L under misère play
	if r := solve(t, w, q, TaskOutcome); r.Answer.OutcomeText() != "L" {
		t.Fatalf("misère 0*4: %s, want L", r.Answer.OutcomeText())
	}
	lines := proofShown(p)
	t.Logf("rows:\n%s", strings.Join(lines, "\n"))
	if len(lines) == 0 || lines[0] != "Proven\t0*4 is L under misère play: every move leads to a win for the opponent" {
		t.Errorf("misère rows %q, want the first to say misère play", lines)
	}
	for _, l := range lines {
		if strings.Contains(l, "nimber") {
			t.Errorf("misère row %q speaks of a nimber", l)
		}
	}
}
