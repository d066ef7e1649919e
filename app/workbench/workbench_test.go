package workbench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"grundy/editor"
	"grundy/job"
)

// fakePicker answers every dialog with the next of its paths ("" is a cancel) and records
// the titles it was asked with.
type fakePicker struct {
	paths  []string
	err    error
	titles []string
}

func (f *fakePicker) next(title string, done func(string, error)) {
	f.titles = append(f.titles, title)
	if f.err != nil {
		done("", f.err)
		return
	}
	p := ""
	if len(f.paths) > 0 {
		p, f.paths = f.paths[0], f.paths[1:]
	}
	done(p, nil)
}

func (f *fakePicker) Open(title string, _ []string, done func(string, error)) { f.next(title, done) }
func (f *fakePicker) Save(title, _ string, _ []string, done func(string, error)) {
	f.next(title, done)
}

// newTestWorkbench returns a workbench in a test window, with a fake picker and a UI queue.
func newTestWorkbench(t *testing.T) (*Workbench, *fakePicker, *uiQueue) {
	t.Helper()
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	a := test.NewTempApp(t)
	a.Preferences().SetInt(PrefCacheMB, 16) // a small cache: ristretto's counters cost time under -race
	win := test.NewTempWindow(t, nil)
	win.Resize(fyne.NewSize(1280, 800))
	fp, q := &fakePicker{}, newUIQueue()
	w := New(a, win, Options{Picker: fp, Do: q.do})
	t.Cleanup(func() {
		w.Solver.Stop()
		if d := w.Solver.Done(); d != nil {
			q.runUntil(t, 10*time.Second, func() bool { return isClosed(d) })
		}
		w.Solver.Close()
	})
	return w, fp, q
}

func isClosed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// solve runs task on the editor's position and waits for its result.
func solve(t *testing.T, w *Workbench, q *uiQueue, task Task) job.Result {
	t.Helper()
	w.Solver.Start(task)
	if !w.Solver.Running() {
		t.Fatalf("%v did not start", task)
	}
	done := w.Solver.Done()
	// A minute: a recording of 20 000 nodes under -race took more than 20 s on a loaded machine.
	q.runUntil(t, time.Minute, func() bool { return isClosed(done) })
	return w.Solver.Result()
}

func setPosition(t *testing.T, w *Workbench, game, pos string) {
	t.Helper()
	if err := w.Editor.SetState(editor.State{Game: game, Notation: pos}); err != nil {
		t.Fatalf("SetState(%s %q): %v", game, pos, err)
	}
}

func TestSolverPanel_NimberFillsResult(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "cram", "3x5") // 15 cells: searched, not read from the endgame table
	r := solve(t, w, q, TaskNimber)
	if !r.Answer.HasNimber || r.Answer.Nimber != 1 || !r.Answer.Win {
		t.Fatalf("Nimber of cram 3x5: %+v, want nimber 1, W", r)
	}
	if got := w.Solver.ui.nimber.Text; got != "Nimber: 1" {
		t.Errorf("nimber label %q", got)
	}
	if got := w.Solver.ui.outcome.Text; !strings.Contains(got, "W, the player to move wins") {
		t.Errorf("outcome label %q", got)
	}
	if !strings.Contains(w.Solver.ui.state.Text, "proven in") {
		t.Errorf("state label %q", w.Solver.ui.state.Text)
	}
	if w.Tree.Tree() == nil || w.Tree.Selected() != w.Tree.Tree().Root {
		t.Fatal("the proof did not open in the tree explorer, root selected")
	}
	if title, _ := w.Details.Text(); !strings.Contains(title, "(3x5, 1)") {
		t.Errorf("details title %q", title)
	}
	if w.Solver.ui.values[0].Text == "0" {
		t.Errorf("node count still 0 after a search")
	}
}

func TestSolverPanel_Outcome(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "cram", "#../.../... + 1x4")
	r := solve(t, w, q, TaskOutcome)
	if !r.Answer.HasOutcome || r.Answer.Win || r.Answer.Nimber != 0 {
		t.Fatalf("Outcome of a sum of two nimber-2 components: %+v, want L (nimber 0)", r)
	}
	if got := w.Solver.ui.outcome.Text; !strings.Contains(got, "L, the player to move loses") {
		t.Errorf("outcome label %q", got)
	}
}

func TestSolverPanel_WinningMovesMarked(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "nim", "1 2")
	r := solve(t, w, q, TaskMoves)
	if r.Answer.Nimber != 3 || len(r.Options) != 3 {
		t.Fatalf("moves of nim 1 2: nimber %d, %d options, want 3 and 3", r.Answer.Nimber, len(r.Options))
	}
	wins := 0
	for i, o := range r.Options {
		row := w.Solver.ui.options.CreateItem()
		w.Solver.ui.options.UpdateItem(i, row)
		mark := row.(*fyne.Container).Objects[1].(interface{ MinSize() fyne.Size })
		_ = mark
		if o.Wins() {
			wins++
			if o.Position != "1 1" {
				t.Errorf("winning move %q, want \"1 1\"", o.Position)
			}
		}
	}
	if wins != 1 {
		t.Fatalf("%d winning moves, want 1", wins)
	}
	var opened string
	w.Solver.OnOpen = func(_, pos string) { opened = pos }
	w.Solver.ui.options.Select(0) // the first row is the winning move (WinsFirst)
	test.Tap(w.Solver.ui.open)
	if opened != "1 1" {
		t.Fatalf("opened %q, want the winning move \"1 1\"", opened)
	}
}

func TestSolverPanel_StopKeepsProven(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "cram", "6x7")
	w.Solver.Start(TaskNimber)
	q.runUntil(t, 20*time.Second, func() bool { return w.Solver.last.Nodes > 0 })
	w.Solver.Stop()
	done := w.Solver.Done()
	q.runUntil(t, 20*time.Second, func() bool { return isClosed(done) })
	r := w.Solver.Result()
	if !r.Stopped || r.Answer.HasNimber || r.ProvenText() == "" {
		t.Fatalf("after Stop: %+v, want stopped with what was proven", r)
	}
	if !strings.Contains(w.Solver.ui.state.Text, "stopped after") || !strings.Contains(w.Solver.ui.state.Text, "Proven so far") {
		t.Errorf("state label %q", w.Solver.ui.state.Text)
	}
	if w.Solver.Running() || w.Solver.ui.stop.Disabled() == false {
		t.Error("the panel still looks busy")
	}
}

func TestSolverPanel_CachePreference(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	w.Solver.ui.cache.SetSelected("64 MB")
	if got := w.Solver.CacheMB(); got != 64 {
		t.Fatalf("CacheMB() = %d after choosing 64 MB", got)
	}
}

func TestFiles_SaveAndOpenPosition(t *testing.T) {
	w, fp, _ := newTestWorkbench(t)
	dir := t.TempDir()
	setPosition(t, w, "cram", "..#/...")
	fp.paths = []string{filepath.Join(dir, "board")}
	w.SavePosition()
	path := filepath.Join(dir, "board.json")
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), `"position":"..#/..."`) {
		t.Fatalf("saved %q, %v", data, err)
	}
	setPosition(t, w, "nim", "3")
	if err := w.OpenPath(path); err != nil {
		t.Fatal(err)
	}
	if s := w.Editor.State(); s.Game != "cram" || s.Notation != "..#/..." {
		t.Fatalf("after opening: %+v", s)
	}
	if r := Recent(w.app.Preferences()); len(r) != 1 || r[0] != path {
		t.Fatalf("recent files %v", r)
	}
}

// A file whose position does not parse says so once, and leaves the editor as it was: no
// stale red error, Solve still on.
func TestFiles_FailedOpenLeavesNoStaleError(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	setPosition(t, w, "nim", "1 2")
	path := filepath.Join(t.TempDir(), "bad.json")
	var b strings.Builder
	WritePosition(&b, "cram", "3x")
	os.WriteFile(path, []byte(b.String()), 0o644)
	if err := w.OpenPath(path); err == nil {
		t.Fatal("no error for a position that does not parse")
	}
	if w.Editor.Err() != nil || w.Editor.State() != (editor.State{Game: "nim", Notation: "1 2"}) {
		t.Fatalf("after the failed open: editor %+v, error %v", w.Editor.State(), w.Editor.Err())
	}
	if w.Solver.ui.tasks[TaskNimber].Disabled() {
		t.Fatal("Solve disabled after a failed open")
	}
}

func TestFiles_CancelChangesNothing(t *testing.T) {
	w, fp, q := newTestWorkbench(t)
	setPosition(t, w, "cram", "2x3")
	solve(t, w, q, TaskNimber)
	before := w.Editor.State()
	fp.paths = nil // every dialog is cancelled
	w.OpenFile()
	w.SavePosition()
	w.SaveTree()
	confirmExport(w, false)
	if w.Editor.State() != before || w.Status() != "" {
		t.Fatalf("a cancelled dialog changed the state to %+v, status %q", w.Editor.State(), w.Status())
	}
	if len(fp.titles) != 4 {
		t.Fatalf("%d dialogs opened, want 4", len(fp.titles))
	}
}

func TestFiles_SaveTreeAndExport(t *testing.T) {
	w, fp, q := newTestWorkbench(t)
	dir := t.TempDir()
	setPosition(t, w, "cram", "2x3")
	solve(t, w, q, TaskNimber)
	fp.paths = []string{filepath.Join(dir, "t.json"), filepath.Join(dir, "t.svg"), filepath.Join(dir, "t.pdf"), filepath.Join(dir, "t.png"), filepath.Join(dir, "sub.svg")}
	w.SaveTree()
	confirmExport(w, false)
	confirmExport(w, false)
	confirmExport(w, false)
	w.Tree.Select(w.Tree.Tree().Nodes[w.Tree.Tree().Root].Children[0])
	confirmExport(w, true)
	for name, head := range map[string]string{"t.json": `{"format":"grundy-tree/1"`, "t.svg": "<?xml", "t.pdf": "%PDF", "t.png": "\x89PNG", "sub.svg": "<?xml"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !strings.HasPrefix(string(data), head) {
			t.Errorf("%s: %.20q, %v; want it to start with %q", name, data, err, head)
		}
	}
	whole, _ := os.ReadFile(filepath.Join(dir, "t.svg"))
	sub, _ := os.ReadFile(filepath.Join(dir, "sub.svg"))
	if len(sub) >= len(whole) {
		t.Errorf("the subtree's SVG (%d bytes) is not smaller than the tree's (%d)", len(sub), len(whole))
	}
	w.Tree.SetTree(nil)
	if err := w.OpenPath(filepath.Join(dir, "t.json")); err != nil {
		t.Fatal(err)
	}
	if w.Tree.Tree() == nil {
		t.Fatal("opening a tree file showed no tree")
	}
}

func TestExamples_Open(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	for _, ex := range w.examples {
		if err := w.OpenExample(ex.Name); err != nil {
			t.Errorf("OpenExample(%s): %v", ex.Name, err)
		}
	}
	if len(w.examples) < 5 {
		t.Errorf("%d examples, want at least 5", len(w.examples))
	}
}

func TestDetails_OpenInEditor(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "cram", "2x3")
	solve(t, w, q, TaskNimber)
	tree := w.Tree.Tree()
	kid := tree.Nodes[tree.Root].Children[0]
	w.Tree.OnSelected(kid)
	test.Tap(w.Details.buttons[0])
	if got := w.Editor.State().Notation; got != tree.Nodes[kid].Position {
		t.Fatalf("editor shows %q, want the node's %q", got, tree.Nodes[kid].Position)
	}
}
