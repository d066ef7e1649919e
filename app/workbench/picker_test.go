package workbench

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// Esc cancels fyne's own file dialogs (the fallback of the native ones): done hears "".
func TestFynePicker_EscCancels(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	test.NewTempApp(t)
	win := test.NewTempWindow(t, nil)
	win.Resize(fyne.NewSize(900, 700))
	for name, open := range map[string]func(FynePicker, func(string, error)){
		"open": func(p FynePicker, done func(string, error)) { p.Open("Open", jsonExts, done) },
		"save": func(p FynePicker, done func(string, error)) { p.Save("Save", "t.json", jsonExts, done) },
	} {
		called := false
		open(FynePicker{Win: win}, func(path string, err error) {
			called = true
			if path != "" || err != nil {
				t.Errorf("%s: Esc gave %q, %v; want a cancel", name, path, err)
			}
		})
		win.Canvas().Unfocus()
		if f := win.Canvas().OnTypedKey(); f != nil {
			f(&fyne.KeyEvent{Name: fyne.KeyEscape})
		}
		if !called {
			t.Errorf("%s: Esc did not close fyne's file dialog", name)
		}
	}
}
