package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// A Select is fyne's drop-down that opens its list only when the driver knows its canvas.
// fyne 2.7.1 pops the list up on the canvas the driver finds for the select and panics in
// NewPopUpMenu when there is none (fyne issue 5965, mended upstream after 2.7.1). The desktop
// driver forgets an object's canvas for a moment when its cache entry expires (every minute
// while the window keeps repainting, as it does during a search) and when the select was
// taken out of the window (a dismissed settings pop-up, a picture the editor rebuilt) while it
// kept the focus: a tap or a key then did nothing worse than the window vanishing with the
// user's work. Now such a tap or key is dropped, and the next one opens the list.
// Esc, which the focused select gets instead of the window, calls Escape, when set.
type Select struct {
	widget.Select
	// Escape, when set, is called on Esc.
	Escape func()
}

// NewSelect returns a Select of options that calls changed with each new choice.
func NewSelect(options []string, changed func(string)) *Select {
	s := &Select{}
	s.Options = options
	s.OnChanged = changed
	s.PlaceHolder = widget.NewSelect(nil, nil).PlaceHolder // fyne's "(Select one)"
	s.ExtendBaseWidget(s)
	return s
}

// Tapped opens the list, when the select is on a canvas.
func (s *Select) Tapped(ev *fyne.PointEvent) {
	if s.canvas() == nil {
		return
	}
	s.Select.Tapped(ev)
}

// TypedKey opens the list on Space, Up and Down, when the select is on a canvas; Left and
// Right choose the previous and next option; Esc calls Escape.
func (s *Select) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyEscape:
		if s.Escape != nil {
			s.Escape()
		}
		return
	case fyne.KeySpace, fyne.KeyUp, fyne.KeyDown:
		if s.canvas() == nil {
			return
		}
	}
	s.Select.TypedKey(ev)
}

// canvas is the canvas the driver finds for s, or nil.
func (s *Select) canvas() fyne.Canvas {
	a := fyne.CurrentApp()
	if a == nil {
		return nil
	}
	return a.Driver().CanvasForObject(s)
}
