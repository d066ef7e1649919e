package workbench

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// The Help menu shows every game's notation and the keys; Esc closes its dialogs.
func TestHelp_NotationsAndShortcuts(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	var help *fyne.Menu
	for _, m := range w.win.MainMenu().Items {
		if m.Label == "Help" {
			help = m
		}
	}
	if help == nil || len(help.Items) < 2 {
		t.Fatal("no Help menu with its items")
	}
	for _, want := range []string{"cram: RxC", "boxing-match", "A + B"} {
		if !strings.Contains(NotationHelp(), want) {
			t.Errorf("notation help does not say %q", want)
		}
	}
	for _, want := range []string{"Esc", "Ctrl+Enter", "double tap"} {
		if !strings.Contains(ShortcutsHelp(), want) {
			t.Errorf("shortcuts help does not say %q", want)
		}
	}
	help.Items[0].Action()
	if w.win.Canvas().Overlays().Top() == nil {
		t.Fatal("Help › Notations showed nothing")
	}
	pressKey(w, fyne.KeyEscape)
	if w.win.Canvas().Overlays().Top() != nil {
		t.Fatal("Esc left the help open")
	}
}

// Copy position puts the selected node's notation on the clipboard.
func TestDetails_CopyPosition(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "cram", "2x3")
	solve(t, w, q, TaskNimber)
	tr := w.Tree.Tree()
	kid := tr.Nodes[tr.Root].Children[0]
	w.Details.SetNode(tr, kid)
	test.Tap(w.Details.buttons[1])
	if got, want := w.app.Clipboard().Content(), tr.Nodes[kid].Position; got != want {
		t.Fatalf("clipboard %q, want %q", got, want)
	}
}

// Esc closes the solver's settings, then stops the search.
func TestSettings_EscCloses(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	w.Solver.ui.showSettings()
	if w.win.Canvas().Overlays().Top() == nil {
		t.Fatal("no settings on show")
	}
	pressKey(w, fyne.KeyEscape)
	if w.win.Canvas().Overlays().Top() != nil {
		t.Fatal("Esc left the settings open")
	}
}
