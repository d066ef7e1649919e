package workbench

import (
	"fyne.io/fyne/v2"

	"grundy/games"
)

// ShowSequence opens a window with the sequence view of the editor's game, when it is a
// heap game; for another game the status line says why not. It returns the view, or nil.
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
	win.Show()
	v.Compute(v.to.Text)
	return v
}
