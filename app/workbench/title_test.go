package workbench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestOpenExample_WindowTitle(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	if err := w.OpenExample("chomp.json"); err != nil {
		t.Fatal(err)
	}
	if got, want := w.win.Title(), AppTitle+" — Chomp: a staircase"; got != want {
		t.Errorf("title after opening chomp.json = %q, want %q", got, want)
	}
	if err := w.OpenExample("sprouts-4.json"); err != nil {
		t.Fatal(err)
	}
	if got := w.win.Title(); !strings.HasPrefix(got, AppTitle+" — Sprouts") {
		t.Errorf("title after opening sprouts-4.json = %q", got)
	}
}

// TestSolverPanel_PickedMoveDrawn selects a move in the list of options: the editor draws it
// on the board, and the position stays.
func TestSolverPanel_PickedMoveDrawn(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "cram", "2x3")
	res := solve(t, w, q, TaskMoves)
	if len(res.Options) == 0 {
		t.Fatal("no options")
	}
	w.Solver.ui.options.Select(0)
	picked := res.Options[w.Solver.picked].Position
	b := w.Editor.CramBoard(0)
	i1, j1, i2, j2, ok := b.Shown()
	if !ok {
		t.Fatalf("option %q selected: no domino on the board (note %q)", picked, w.Editor.MoveNote())
	}
	if got := b.Board().With(i1, j1, false).With(i2, j2, false).String(); got != picked {
		t.Errorf("the domino drawn leaves %q, the option selected is %q", got, picked)
	}
	if got := w.Editor.State().Notation; got != "2x3" {
		t.Errorf("selecting a move changed the position to %q", got)
	}
}

// TestWindowTitle_Reset: the example's title goes once another position or file is opened.
func TestWindowTitle_Reset(t *testing.T) {
	w, fp, _ := newTestWorkbench(t)
	if err := w.OpenExample("chomp.json"); err != nil {
		t.Fatal(err)
	}
	setPosition(t, w, "nim", "1 2 3")
	if got := w.win.Title(); got != AppTitle {
		t.Errorf("title after another position = %q, want %q", got, AppTitle)
	}
	if err := w.OpenExample("chomp.json"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "p.json")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := WritePosition(f, "nim", "4 5"); err != nil {
		t.Fatal(err)
	}
	f.Close()
	fp.paths = []string{path}
	w.OpenFile()
	if got := w.win.Title(); got != AppTitle {
		t.Errorf("title after opening a file = %q, want %q (status %q)", got, AppTitle, w.Status())
	}
}

// TestSolverPanel_ResolveClearsMove: solving again takes the move drawn on the board away.
func TestSolverPanel_ResolveClearsMove(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "cram", "2x3")
	solve(t, w, q, TaskMoves)
	w.Solver.ui.options.Select(0)
	if _, _, _, _, ok := w.Editor.CramBoard(0).Shown(); !ok {
		t.Fatal("no move drawn")
	}
	solve(t, w, q, TaskMoves)
	if _, _, _, _, ok := w.Editor.CramBoard(0).Shown(); ok {
		t.Error("the move is still drawn after solving again")
	}
}
