package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
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
	n.move.Truncation = fyne.TextTruncateEllipsis
	n.hint.Importance = widget.LowImportance
	n.hint.Truncation = fyne.TextTruncateEllipsis
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
// centred row under it. The picture takes the rest of the room. The line and the buttons are
// shown only when there is room for them: in a small window, a sum's boards stay whole and
// can be played (aroundLayout).
func (n notes) around(picture fyne.CanvasObject, buttons ...fyne.CanvasObject) fyne.CanvasObject {
	bar := container.NewHBox(append([]fyne.CanvasObject{layout.NewSpacer()}, append(buttons, layout.NewSpacer())...)...)
	return container.New(aroundLayout{}, n.line(), picture, bar)
}

// aroundLayout stacks a line, a picture and a bar of buttons, and asks for the picture's
// room alone: the bar, then the line, are hidden when the picture would get less than it
// asks for.
type aroundLayout struct{}

func (aroundLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	line, pic, bar := objs[0], objs[1], objs[2]
	pad := theme.Padding()
	need := pic.MinSize()
	lineH, barH := line.MinSize().Height+pad, bar.MinSize().Height+pad
	showBar := size.Height >= need.Height+lineH+barH && size.Width >= bar.MinSize().Width
	showLine := size.Height >= need.Height+lineH+barH*b2f(showBar)
	y, h := float32(0), size.Height
	setVisible(line, showLine)
	if showLine {
		line.Move(fyne.NewPos(0, 0))
		line.Resize(fyne.NewSize(size.Width, lineH-pad))
		y, h = lineH, h-lineH
	}
	setVisible(bar, showBar)
	if showBar {
		h -= barH
		bar.Move(fyne.NewPos(0, y+h+pad))
		bar.Resize(fyne.NewSize(size.Width, barH-pad))
	}
	pic.Move(fyne.NewPos(0, y))
	pic.Resize(fyne.NewSize(size.Width, max(h, 0)))
}

func (aroundLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return objs[1].MinSize().Max(fyne.NewSize(objs[0].MinSize().Width, 0))
}

// setVisible shows or hides o, when it is not so already.
func setVisible(o fyne.CanvasObject, on bool) {
	switch {
	case on && !o.Visible():
		o.Show()
	case !on && o.Visible():
		o.Hide()
	}
}

// b2f is 1 for true, 0 for false.
func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
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
