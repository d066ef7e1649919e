package treeview

import (
	"testing"
	"time"

	"grundy/engine"
	"grundy/games/sprouts"
	"grundy/viz/draw"
)

// sproutsTree proves the nimber of a Sprouts position.
func sproutsTree(t testing.TB, pos string) *engine.Tree {
	t.Helper()
	p, err := sprouts.Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	return proveTree(t, "sprouts", p)
}

// curvesShown counts the curves in the pictures of the nodes on show.
func curvesShown(md *model) int {
	n := 0
	for _, p := range md.shown {
		for _, it := range p.Items {
			if it.Op == draw.OpCurve {
				n++
			}
		}
	}
	return n
}

// A Sprouts tree opens with its positions as strings and asks for their drawings; once they
// are made, a new layout shows them.
func TestModel_SproutsDrawnLater(t *testing.T) {
	tree := sproutsTree(t, "0*2")
	md := newModel(tree, draw.Estimate{})
	if len(md.wanted) == 0 {
		t.Fatal("no drawing wanted")
	}
	if n := curvesShown(md); n != 0 {
		t.Fatalf("%d curves before any drawing was made", n)
	}
	for _, id := range md.wanted {
		if _, err := md.sprouts.Picture(id); err != nil {
			t.Errorf("node %d: %v", id, err)
		}
	}
	md.relayout()
	if len(md.wanted) != 0 || curvesShown(md) == 0 {
		t.Errorf("after the drawings: %d wanted, %d curves shown", len(md.wanted), curvesShown(md))
	}
}

// The widget makes the drawings in the background and shows them as they come.
func TestTreeView_SproutsDrawn(t *testing.T) {
	v, _ := newTestView(t, 800, 600)
	ui := make(chan func(), 8) // what the drawer posts runs here, as fyne.Do runs it in the app
	v.Do = func(f func()) { ui <- f }
	tree := sproutsTree(t, "0*2")
	v.SetTree(tree)
	timeout := time.After(10 * time.Second)
	for curvesShown(v.model) == 0 || v.drawer != nil {
		select {
		case f := <-ui:
			f()
		case <-timeout:
			t.Fatalf("no drawing shown after 10 s: %d wanted", len(v.model.wanted))
		}
	}
	if err := v.SproutsReason(tree.Root); err != nil {
		t.Errorf("root: %v", err)
	}
}
