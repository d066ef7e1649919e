package workbench

import (
	"strings"
	"testing"

	"grundy/engine"
)

// The tree pane follows the editor: a misère Kayles tree does not stay beside a Cram board,
// it comes back with its position; a "No tree for" message goes with its position.
func TestTreePane_FollowsEditor(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	w.Solver.SetMisere(true)
	setPosition(t, w, "kayles", "3 4")
	solve(t, w, q, TaskNimber)
	tr := w.Tree.Tree()
	if tr == nil || tr.Convention != engine.Misere {
		t.Fatalf("tree %v, want the misère tree of kayles 3 4", tr)
	}
	if !strings.Contains(w.title.Text, "misère") {
		t.Errorf("title %q of a misère tree does not say misère", w.title.Text)
	}
	setPosition(t, w, "cram", "3x4")
	if w.Tree.Tree() != nil || strings.Contains(w.title.Text, "kayles") {
		t.Fatalf("beside cram 3x4: tree %v, title %q", w.Tree.Tree(), w.title.Text)
	}
	if msg := w.Tree.Message(); !strings.Contains(msg, "cram 3x4") || !strings.Contains(msg, "set aside") {
		t.Errorf("message %q: want it to say the kayles tree is set aside", msg)
	}
	w.Editor.Undo()
	if w.Tree.Tree() != tr {
		t.Fatal("back on kayles 3 4, its tree did not come back")
	}
	w.Solver.SetMisere(false) // the other play: the misère tree goes aside
	if w.Tree.Tree() != nil {
		t.Fatal("the misère tree stays under normal play")
	}
	w.showNoTree("cram", "4x9", "too large")
	setPosition(t, w, "nim", "1 2")
	if msg := w.Tree.Message() + w.title.Text; strings.Contains(msg, "4x9") {
		t.Fatalf("beside nim 1 2 the pane says %q", msg)
	}
}

// A tree too large for the memory set aside for recording says what that memory is, a
// quarter of the cache setting, and what a larger cache records.
func TestNoTree_SaysTheBudget(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	w.Solver.SetCacheMB(256)
	w.showNoTree("cram", "4x9", "the solution tree is too large to record (its proofs passed 64 MB, the memory set aside for them)")
	msg := w.Tree.Message()
	for _, want := range []string{"a quarter of the cache setting (64 MB of 256 MB)", "a cache of 1024 MB", "up to 256 MB"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q does not say %q", msg, want)
		}
	}
	w.showNoTree("cram", "4x8", "recording it took longer than 10s, the limit")
	if strings.Contains(w.Tree.Message(), "cache") {
		t.Errorf("a time limit speaks of the cache: %q", w.Tree.Message())
	}
}
