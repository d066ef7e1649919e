package workbench

import (
	"fyne.io/fyne/v2"

	"grundy/games"
)

// ShowSequence opens a window with the sequence view of the editor's game, when it is a
// heap game; for another game the status line says why not. It returns the view, or nil.
// Esc closes the window, and closing it stops the computation.
func (w *Workbench) ShowSequence() *SequenceView {
	g, _ := w.Editor.Current()
	hg, ok := g.(games.HeapGame)
	if !ok {
		name := "this game"
		if g != nil {
			name = g.Name()
		}
		w.status.SetText("Sequence: " + name + " is not a heap game (nim, kayles, octal:CODE, grundys-game, …)")
		return nil
	}
	v := NewSequenceView(hg, w.do)
	win := w.app.NewWindow("Sequence — " + hg.Name())
	win.SetContent(v.Content)
	win.Resize(fyne.NewSize(720, 560))
	win.SetOnClosed(v.Stop)
	win.Canvas().SetOnTypedKey(func(e *fyne.KeyEvent) {
		if e.Name == fyne.KeyEscape {
			win.Close()
		}
	})
	v.win = win
	win.Show()
	v.Compute(v.to.Text)
	return v
}

// Close closes the view's window, which stops its computation.
func (v *SequenceView) Close() {
	if v.win != nil {
		v.win.Close()
	}
}
