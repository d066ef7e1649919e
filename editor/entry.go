package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// An Entry is fyne's text field that passes Esc on: a focused widget gets every plain key, so
// the window's own Esc (stop the search) never saw one typed in a field, the very state after
// a position is typed and Enter starts its search.
type Entry struct {
	widget.Entry
	// Escape, when set, is called on Esc.
	Escape func()
}

// NewEntry returns an empty Entry.
func NewEntry() *Entry {
	e := &Entry{}
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey calls Escape on Esc, and gives other keys to the field.
func (e *Entry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape && e.Escape != nil {
		e.Escape()
		return
	}
	e.Entry.TypedKey(ev)
}
