package workbench

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
)

// fyne's dialogs do not answer Enter or Esc (2.7.1); keyDialog makes them. With no widget
// focused, the window's canvas gets the keys: while the dialog is open, its handler runs
// enter on Enter and esc on Esc and hands other keys to the window's own handler, which it
// puts back when the dialog closes. Dialogs may open over one another (an error over the
// export dialog) and close in any order: each canvas keeps a stack of the handlers set.
type keyDialog struct {
	prev   func(*fyne.KeyEvent) // the canvas's handler before this one
	below  *keyDialog           // the dialog whose handler prev is, if any
	closed bool
}

// keyDialogs holds the top of each canvas's stack. It is only touched on the UI goroutine.
var keyDialogs = map[fyne.Canvas]*keyDialog{}

// withKeys makes Enter run enter and Esc run esc while d is open in win; a nil enter or esc
// does nothing. Call it before d.Show.
func withKeys(win fyne.Window, d dialog.Dialog, enter, esc func()) {
	c := win.Canvas()
	k := &keyDialog{prev: c.OnTypedKey(), below: keyDialogs[c]}
	keyDialogs[c] = k
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		switch {
		case k.closed:
		case ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter:
			call(enter)
			return
		case ev.Name == fyne.KeyEscape:
			call(esc)
			return
		}
		if k.prev != nil {
			k.prev(ev)
		}
	})
	d.SetOnClosed(func() {
		k.closed = true
		if keyDialogs[c] != k {
			return // a dialog opened over this one: its handler passes the keys on
		}
		top := k
		for top != nil && top.closed {
			c.SetOnTypedKey(top.prev)
			top = top.below
		}
		if top == nil {
			delete(keyDialogs, c)
		} else {
			keyDialogs[c] = top
		}
	})
}

// call runs f, if any.
func call(f func()) {
	if f != nil {
		f()
	}
}

// showError shows err in a dialog over win that Enter and Esc close.
func showError(err error, win fyne.Window) {
	d := dialog.NewError(err, win)
	withKeys(win, d, d.Dismiss, d.Dismiss)
	d.Show()
}
