package workbench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// relaunch opens a second window on the preferences and session directory of w, as the next
// launch of the app would after w's window died without closing.
func relaunch(t *testing.T, w *Workbench) *Workbench {
	t.Helper()
	win := test.NewTempWindow(t, nil)
	win.Resize(fyne.NewSize(1280, 800))
	q := newUIQueue()
	w2 := New(w.app, win, Options{Picker: &fakePicker{}, Do: q.do, SessionDir: w.session.dir})
	t.Cleanup(w2.Solver.Close)
	return w2
}

// A window that dies (the crash on the Game picker) loses neither the editor's position nor
// the unsaved tree: the next launch reopens both.
func TestSession_CrashKeepsPositionAndTree(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "kayles", "3 4")
	solve(t, w, q, TaskNimber)
	q.runUntil(t, 10*time.Second, func() bool { return w.Tree.Tree() != nil })
	w.session.done.Wait()
	if _, err := os.Stat(filepath.Join(w.session.dir, recoveryFile)); err != nil {
		t.Fatalf("no recovery copy of the tree on show: %v", err)
	}
	w2 := relaunch(t, w) // w never closed: a crash
	if got := w2.Editor.State(); got.Game != "kayles" || got.Notation != "3 4" {
		t.Fatalf("the next launch shows %+v, want kayles 3 4", got)
	}
	tr := w2.Tree.Tree()
	if tr == nil || tr.Game != "kayles" || tr.Nodes[tr.Root].Position != "3 4" {
		t.Fatalf("the next launch shows the tree %v, want the unsaved tree of kayles 3 4", tr)
	}
	if !strings.Contains(w2.Status(), "unsaved tree") {
		t.Errorf("status %q does not say the tree was reopened", w2.Status())
	}
}

// A window that closes normally leaves no copy: the next launch opens on the position alone,
// at the size the window had.
func TestSession_CloseRemovesCopy(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "nim", "1 2")
	solve(t, w, q, TaskNimber)
	w.win.Resize(fyne.NewSize(1000, 700))
	w.Close()
	if _, err := os.Stat(filepath.Join(w.session.dir, recoveryFile)); !os.IsNotExist(err) {
		t.Fatalf("a normal close left the recovery copy: %v", err)
	}
	if got := LastSize(w.app.Preferences()); got.Width < 999 || got.Height < 699 {
		t.Errorf("last size %v, want 1000×700", got)
	}
	w2 := relaunch(t, w)
	if got := w2.Editor.State(); got.Game != "nim" || got.Notation != "1 2" {
		t.Fatalf("the next launch shows %+v, want nim 1 2", got)
	}
	if w2.Tree.Tree() != nil {
		t.Fatal("the next launch shows a tree after a normal close")
	}
}
