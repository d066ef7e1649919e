package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
)

// notes are the line over a picture: a hint that says how to play or edit it by hand, or,
// while a move is on show (ShowMove), what that move is. One line, so that a small editor
// still shows it over the board.
type notes struct {
	move *widget.Label
	hint *widget.Label
}

func newNotes(hint string) notes {
	n := notes{move: widget.NewLabel(""), hint: widget.NewLabel(hint)}
	n.move.Importance = widget.HighImportance
	n.move.TextStyle.Bold = true
	n.move.Wrapping = fyne.TextWrapWord
	n.hint.Importance = widget.LowImportance
	n.hint.Wrapping = fyne.TextWrapWord
	return n
}

// setMove writes the line of the move on show in place of the hint; "" brings the hint back.
func (n notes) setMove(s string) {
	n.move.SetText(s)
	n.hint.Hidden = s != ""
	n.move.Hidden = s == ""
	n.hint.Refresh()
	n.move.Refresh()
}

// line is the line over the picture: the hint or the move, stacked.
func (n notes) line() fyne.CanvasObject {
	n.move.Hide()
	return container.NewStack(n.hint, n.move)
}

// around lays out a picture: the line of the hint or the move over it, its buttons in a
// centred row under it. The picture takes the rest of the room.
func (n notes) around(picture fyne.CanvasObject, buttons ...fyne.CanvasObject) fyne.CanvasObject {
	bar := container.NewHBox(append([]fyne.CanvasObject{layout.NewSpacer()}, append(buttons, layout.NewSpacer())...)...)
	return container.NewBorder(n.line(), bar, nil, nil, picture)
}

// A notedPicture is a picture with its notes.
type notedPicture interface{ pictureNotes() notes }

func (p *cramPicture) pictureNotes() notes  { return p.notes }
func (p *chompPicture) pictureNotes() notes { return p.notes }
func (p *heapPicture) pictureNotes() notes  { return p.notes }
func (p *textPicture) pictureNotes() notes  { return p.notes }

// Hint returns the hint under the first picture: how to play or edit it by hand, or, for
// Sprouts, a legend of the notation.
func (e *Editor) Hint() string {
	if len(e.pictures) == 0 {
		return ""
	}
	if p, ok := e.pictures[0].(notedPicture); ok {
		return p.pictureNotes().hint.Text
	}
	return ""
}
