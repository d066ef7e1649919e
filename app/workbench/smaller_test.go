package workbench

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// "Smaller proof" proves the answer on show again in a proof no larger, showing its size as
// it shrinks, and puts that tree on show; Stop ends it early and keeps the smallest proof.
func TestSolverPanel_SmallerProof(t *testing.T) {
	defer func(d time.Duration) { MinimizeTime = d }(MinimizeTime)
	MinimizeTime = 2 * time.Second
	w, _, q := newTestWorkbench(t)
	p := w.Solver
	setPosition(t, w, "sprouts", "0*6")
	if p.CanShrink() {
		t.Fatal("Smaller proof offered before any tree")
	}
	solve(t, w, q, TaskOutcome)
	first := w.Tree.Tree()
	if first == nil || !p.CanShrink() || p.ui.smaller.Disabled() {
		t.Fatalf("after the tree of 0*6: tree %v, can shrink %v", first != nil, p.CanShrink())
	}
	var states []string
	p.SmallerProof()
	if !p.Running() || !p.ui.smaller.Disabled() {
		t.Fatal("Smaller proof did not start, or stays enabled while it runs")
	}
	done := p.Done()
	q.runUntil(t, 30*time.Second, func() bool {
		states = append(states, p.ui.state.Text)
		return isClosed(done)
	})
	second := w.Tree.Tree()
	if second == nil || second == first {
		t.Fatal("no new tree on show after Smaller proof")
	}
	if second.LosingCouples() > first.LosingCouples() {
		t.Errorf("smaller proof %d losing couples, first %d", second.LosingCouples(), first.LosingCouples())
	}
	if end := p.ui.state.Text; !strings.Contains(end, "Smaller proof: ") || !strings.Contains(end, fmt.Sprintf("from %d.", first.LosingCouples())) {
		t.Errorf("the state line at the end %q does not say how small the proof became", end)
	}
	t.Logf("states while it ran: %q", states) // the live size shows when the window gets to it

	root := second.Nodes[second.Root]
	if root.Position != "0*6" || root.Result != "L" {
		t.Errorf("root %s %s, want 0*6 L", root.Position, root.Result)
	}
}
