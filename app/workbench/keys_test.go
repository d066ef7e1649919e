package workbench

import (
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"grundy/editor"
	"grundy/job"
)

// press sends a shortcut as fyne's desktop driver does (internal/driver/glfw/window.go,
// triggersShortcut): to the main menu's item with that shortcut, else to the focused widget,
// else to the canvas.
func press(win fyne.Window, s fyne.Shortcut) {
	if m := win.MainMenu(); m != nil {
		for _, menu := range m.Items {
			if runMenuShortcut(menu, s) {
				return
			}
		}
	}
	if f, ok := win.Canvas().Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(s)
		return
	}
	win.Canvas().(fyne.Shortcutable).TypedShortcut(s)
}

func runMenuShortcut(m *fyne.Menu, s fyne.Shortcut) bool {
	for _, it := range m.Items {
		if it.Shortcut != nil && it.Shortcut.ShortcutName() == s.ShortcutName() && it.Action != nil {
			it.Action()
			return true
		}
		if it.ChildMenu != nil && runMenuShortcut(it.ChildMenu, s) {
			return true
		}
	}
	return false
}

// find returns the first object under o, depth first through containers and the renderers
// of widgets (not into the widgets of fyne, which are leaves here), for which match holds.
func find(o fyne.CanvasObject, match func(fyne.CanvasObject) bool) fyne.CanvasObject {
	if match(o) {
		return o
	}
	var children []fyne.CanvasObject
	switch x := o.(type) {
	case *fyne.Container:
		children = x.Objects
	case *container.Scroll:
		children = []fyne.CanvasObject{x.Content}
	case *editor.Editor, *editor.Select, *editor.Entry:
		if _, ok := x.(*editor.Editor); ok {
			children = test.WidgetRenderer(x.(fyne.Widget)).Objects()
		}
	case fyne.Widget:
		children = test.WidgetRenderer(x).Objects()
	}
	for _, c := range children {
		if f := find(c, match); f != nil {
			return f
		}
	}
	return nil
}

// notationField finds the editor's position field: the entry showing the notation.
func notationField(t *testing.T, w *Workbench) *editor.Entry {
	t.Helper()
	f := find(w.Editor, func(o fyne.CanvasObject) bool {
		e, ok := o.(*editor.Entry)
		return ok && e.Visible() && e.Text == w.Editor.Notation()
	})
	if f == nil {
		t.Fatal("no position field")
	}
	return f.(*editor.Entry)
}

// gameMenu finds the editor's game menu.
func gameMenu(t *testing.T, w *Workbench) *editor.Select {
	t.Helper()
	f := find(w.Editor, func(o fyne.CanvasObject) bool { _, ok := o.(*editor.Select); return ok })
	if f == nil {
		t.Fatal("no game menu")
	}
	return f.(*editor.Select)
}

func TestShortcuts_UndoRedo(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	setPosition(t, w, "nim", "1 2")
	setPosition(t, w, "nim", "3")
	press(w.win, &fyne.ShortcutUndo{}) // Ctrl+Z, as the driver names it
	if got := w.Editor.State().Notation; got != "1 2" {
		t.Fatalf("after Ctrl+Z: %q, want \"1 2\"", got)
	}
	press(w.win, &fyne.ShortcutRedo{}) // Ctrl+Y
	if got := w.Editor.State().Notation; got != "3" {
		t.Fatalf("after Ctrl+Y: %q, want \"3\"", got)
	}
	press(w.win, &fyne.ShortcutUndo{})
	press(w.win, keyRedoAlt) // Ctrl+Shift+Z
	if got := w.Editor.State().Notation; got != "3" {
		t.Fatalf("after Ctrl+Shift+Z: %q, want \"3\"", got)
	}
}

// With the position field focused, Ctrl+Z is the field's own undo of what was typed.
func TestShortcuts_UndoInFocusedField(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	setPosition(t, w, "nim", "1 2")
	setPosition(t, w, "nim", "3")
	field := notationField(t, w)
	w.win.Canvas().Focus(field)
	field.CursorColumn = len([]rune(field.Text))
	test.Type(field, " 4")
	if got := w.Editor.State().Notation; got != "3 4" {
		t.Fatalf("typed: %q, want \"3 4\"", got)
	}
	var undone bool
	for range 5 {
		press(w.win, &fyne.ShortcutUndo{})
		if field.Text == "3" {
			undone = true
			break
		}
	}
	if !undone {
		t.Fatalf("Ctrl+Z in the field left %q, want \"3\"", field.Text)
	}
	if got := w.Editor.State().Notation; got != "3" {
		t.Fatalf("the field's undo shows %q in the editor, want \"3\"", got)
	}
}

func TestShortcuts_ShownInMenus(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	want := map[string]bool{"Open…": true, "Save Position…": true, "Export Tree…": true,
		"Undo": true, "Redo": true, "Nimber": true, "Stop": true}
	for _, m := range w.win.MainMenu().Items {
		for _, it := range m.Items {
			if want[it.Label] {
				if _, ok := it.Shortcut.(fyne.KeyboardShortcut); !ok {
					t.Errorf("%s › %s shows no shortcut", m.Label, it.Label)
				}
				delete(want, it.Label)
			}
		}
	}
	for label := range want {
		t.Errorf("no menu item %q", label)
	}
}

// waitSolved waits for the task the last key started.
func waitSolved(t *testing.T, w *Workbench, q *uiQueue, how string) job.Result {
	t.Helper()
	if w.Solver.Done() == nil {
		t.Fatalf("%s started nothing", how)
	}
	done := w.Solver.Done()
	q.runUntil(t, 20*time.Second, func() bool { return isClosed(done) })
	return w.Solver.Result()
}

func TestKeys_EnterInPositionFieldSolves(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "nim", "1 2")
	field := notationField(t, w)
	w.win.Canvas().Focus(field)
	field.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	r := waitSolved(t, w, q, "Enter")
	if r.Task != TaskNimber || !r.Answer.HasNimber || r.Answer.Nimber != 3 {
		t.Fatalf("Enter solved %+v, want the nimber 3", r)
	}
}

func TestKeys_SolveAndStop(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "nim", "1 2")
	press(w.win, keySolve) // Ctrl+Enter
	if r := waitSolved(t, w, q, "Ctrl+Enter"); r.Answer.Nimber != 3 {
		t.Fatalf("Ctrl+Enter: %+v", r)
	}
	setPosition(t, w, "nim", "1 3")
	w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF5})
	if r := waitSolved(t, w, q, "F5"); r.Answer.Nimber != 2 {
		t.Fatalf("F5: %+v", r)
	}
	setPosition(t, w, "cram", "6x7")
	w.Solver.Start(TaskNimber)
	w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if r := waitSolved(t, w, q, "a long search"); r.Answer.HasNimber {
		t.Fatalf("Esc did not stop the search: %+v", r)
	}
}

// Esc stops a search whatever has the focus: the position field (just after a position was
// typed and Enter pressed, where Esc used to reach the field alone), the game menu, the tree.
func TestKeys_EscapeStopsWithFocus(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "nim", "1 2")
	solve(t, w, q, TaskNimber) // a tree to focus
	focus := map[string]func(){
		"the position field": func() { w.win.Canvas().Focus(notationField(t, w)) },
		"the tree":           func() { w.win.Canvas().Focus(w.Tree) },
	}
	for _, name := range []string{"the position field", "the tree"} {
		setPosition(t, w, "cram", "6x7")
		focus[name]()
		if w.win.Canvas().Focused() == nil {
			t.Fatalf("%s took no focus", name)
		}
		if name == "the position field" {
			w.win.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // Enter solves
		} else {
			w.Solver.Start(TaskNimber)
		}
		if !w.Solver.Running() {
			t.Fatalf("no search started with %s focused", name)
		}
		w.win.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if r := waitSolved(t, w, q, "a long search"); r.Answer.HasNimber {
			t.Fatalf("Esc with %s focused did not stop the search: %+v", name, r)
		}
	}
}

func TestSolverPanel_WinningMovesFirst(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "nim", "1 2 4")
	r := solve(t, w, q, TaskMoves)
	var rows []string
	for i := range w.Solver.ui.options.Length() {
		row := w.Solver.ui.options.CreateItem()
		w.Solver.ui.options.UpdateItem(i, row)
		rows = append(rows, row.(*fyne.Container).Objects[0].(*widget.Label).Text)
	}
	wins := 0
	for _, o := range r.Options {
		if o.Wins() {
			wins++
		}
	}
	if wins == 0 || len(rows) != len(r.Options) {
		t.Fatalf("%d winning moves, %d rows, of %d options", wins, len(rows), len(r.Options))
	}
	for i, pos := range rows {
		isWin := false
		for _, o := range r.Options {
			if o.Position == pos && o.Wins() {
				isWin = true
			}
		}
		if isWin != (i < wins) {
			t.Errorf("row %d %q: winning %v, want the %d winning moves first (%v)", i, pos, isWin, wins, rows)
		}
	}
	if got, want := w.Solver.ui.summary.Text, MovesSummary(r.Options); got != want || got == "" {
		t.Errorf("summary %q, want %q", got, want)
	}
}

func TestMovesSummary(t *testing.T) {
	win, lose := job.Option{Known: true}, job.Option{Known: true, Nimber: 2}
	for _, c := range []struct {
		opts []job.Option
		want string
	}{
		{nil, ""},
		{[]job.Option{win}, "1 winning move"},
		{[]job.Option{lose, win, win, lose, win}, "3 winning moves"},
		{[]job.Option{lose, lose}, "no winning move: every move leads to a nimber ≠ 0"},
		{[]job.Option{lose, {}}, "no winning move found: 1 of 2 moves not solved"},
		{[]job.Option{lose, {Verdict: job.Winning}, {}}, "no winning move found: 1 of 3 moves not solved"},
		{[]job.Option{{Verdict: job.Winning}, lose}, "no winning move: every move leads to a nimber ≠ 0"},
	} {
		if got := MovesSummary(c.opts); got != c.want {
			t.Errorf("MovesSummary(%v) = %q, want %q", c.opts, got, c.want)
		}
	}
}
