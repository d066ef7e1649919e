package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
)

// notes are the two lines of a picture: over it, the move on show (ShowMove); under it, a
// hint that says how to play or edit it by hand.
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

// setMove writes the line of the move on show; "" leaves it blank.
func (n notes) setMove(s string) { n.move.SetText(s) }

// around lays out a picture: the move's line over it, its buttons in a centred row under it,
// then the hint. The picture takes the rest of the room.
func (n notes) around(picture fyne.CanvasObject, buttons ...fyne.CanvasObject) fyne.CanvasObject {
	bar := container.NewHBox(append([]fyne.CanvasObject{layout.NewSpacer()}, append(buttons, layout.NewSpacer())...)...)
	return container.NewBorder(n.move, container.NewVBox(bar, n.hint), nil, nil, picture)
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
