package workbench

import (
	"strings"
	"testing"

	"grundy/engine"
	"grundy/job"
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
	// Kayles 1000 3's proof, 446 137 nodes, about 122 MB by the extraction's count, passes a
	// 256 MB setting's 64 MB: the message says where it stopped and what records it.
	tl := &engine.TreeTooLargeError{Budget: 64 << 20, Nodes: 231_412}
	w.showNoTree("kayles", "1000 3", tl.Error())
	msg = w.Tree.Message()
	raise := "a cache of 1024 MB (⚙ › Cache) records a tree up to 256 MB"
	if job.CheckMemory(1024) != nil {
		raise = "a cache of 1024 MB would record a tree up to 256 MB, but this machine has not the memory for it"
	}
	for _, want := range []string{"passed 64 MB, the memory set aside for them, at 231 412 nodes)", raise} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q does not say %q", msg, want)
		}
	}
	w.Solver.SetCacheMB(CacheChoices[len(CacheChoices)-1])
	w.showNoTree("kayles", "1000 4", tl.Error())
	if msg = w.Tree.Message(); !strings.HasSuffix(msg, "the largest setting") {
		t.Errorf("at the largest setting the message is %q", msg)
	}
	w.showNoTree("cram", "4x8", "recording it took longer than 10s, the limit")
	if strings.Contains(w.Tree.Message(), "cache") {
		t.Errorf("a time limit speaks of the cache: %q", w.Tree.Message())
	}
}
