package workbench

import (
	"errors"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// TestWithKeys: Enter and Esc run the dialog's actions while it is open, other keys reach
// the window's handler, and the handler is back once the dialog closes.
func TestWithKeys(t *testing.T) {
	test.NewTempApp(t)
	win := test.NewTempWindow(t, widget.NewLabel(""))
	var got []string
	win.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { got = append(got, "window "+string(ev.Name)) })
	d := dialog.NewCustom("A", "Close", widget.NewLabel("a"), win)
	withKeys(win, d, func() { got = append(got, "enter") }, d.Hide)
	d.Show()
	for _, k := range []fyne.KeyName{fyne.KeyReturn, fyne.KeyEnter, fyne.KeyF5, fyne.KeyEscape, fyne.KeyReturn} {
		win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: k})
	}
	want := []string{"enter", "enter", "window F5", "window Return"}
	if len(got) != len(want) {
		t.Fatalf("keys ran %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("key %d ran %q, want %q", i, got[i], want[i])
		}
	}
	if win.Canvas().Overlays().Top() != nil {
		t.Error("Esc left the dialog open")
	}
}

// TestWithKeys_Nested: an error shown over a dialog that then closes (as an export that fails
// does) gets the keys; once it closes too, the window's handler is back.
func TestWithKeys_Nested(t *testing.T) {
	test.NewTempApp(t)
	win := test.NewTempWindow(t, widget.NewLabel(""))
	var got []string
	win.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { got = append(got, "window "+string(ev.Name)) })
	outer := dialog.NewCustom("A", "Close", widget.NewLabel("a"), win)
	withKeys(win, outer, func() { got = append(got, "outer enter") }, outer.Hide)
	outer.Show()
	showError(errors.New("workbench: it failed"), win)
	outer.Hide() // the lower dialog closes first
	win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyF5})
	win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn}) // closes the error
	if win.Canvas().Overlays().Top() != nil {
		t.Fatal("Enter left the error dialog open")
	}
	win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn})
	want := []string{"window F5", "window Return"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("keys ran %q, want %q", got, want)
	}
	if _, held := keyDialogs[win.Canvas()]; held {
		t.Error("the window's canvas still holds dialog keys") // others' canvases are other tests'
	}
}

// TestFailed_EscCloses: the workbench's error dialog closes with Esc.
func TestFailed_EscCloses(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	w.SaveTree() // no tree on show: an error
	if w.win.Canvas().Overlays().Top() == nil {
		t.Fatal("no error dialog")
	}
	pressKey(w, fyne.KeyEscape)
	if w.win.Canvas().Overlays().Top() != nil {
		t.Error("Esc left the error dialog open")
	}
}
