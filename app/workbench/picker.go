package workbench

import (
	"errors"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// ErrNoDialog is what a Picker reports when it cannot open a dialog at all, such as a native
// dialog with no GTK; the workbench then falls back to fyne's own dialogs.
var ErrNoDialog = errors.New("no file dialog available")

// A Picker asks the user for a file. The answer comes to done on the UI goroutine: a path,
// or "" when the user cancelled (which must change nothing), or an error. The app uses native
// dialogs (sqweek/dialog), falling back to fyne's; tests pass a fake, so they never touch GTK.
type Picker interface {
	// Open asks for an existing file, with one of the extensions exts (without dots).
	Open(title string, exts []string, done func(path string, err error))
	// Save asks for a file name to write, proposing suggested.
	Save(title, suggested string, exts []string, done func(path string, err error))
}

// Fallback returns a Picker that uses primary, and secondary whenever primary reports
// ErrNoDialog.
func Fallback(primary, secondary Picker) Picker { return fallback{primary, secondary} }

type fallback struct{ primary, secondary Picker }

func (f fallback) Open(title string, exts []string, done func(string, error)) {
	f.primary.Open(title, exts, func(path string, err error) {
		if errors.Is(err, ErrNoDialog) {
			f.secondary.Open(title, exts, done)
			return
		}
		done(path, err)
	})
}

func (f fallback) Save(title, suggested string, exts []string, done func(string, error)) {
	f.primary.Save(title, suggested, exts, func(path string, err error) {
		if errors.Is(err, ErrNoDialog) {
			f.secondary.Save(title, suggested, exts, done)
			return
		}
		done(path, err)
	})
}

// FynePicker shows fyne's own file dialogs in win.
type FynePicker struct{ Win fyne.Window }

// Open shows fyne's open dialog.
func (p FynePicker) Open(title string, exts []string, done func(string, error)) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			done("", err)
			return
		}
		r.Close()
		done(r.URI().Path(), nil)
	}, p.Win)
	d.SetFilter(storage.NewExtensionFileFilter(dotted(exts)))
	withKeys(p.Win, d, nil, d.Dismiss) // Esc cancels; fyne's file dialog has no confirm to call on Enter
	d.Show()
}

// Save shows fyne's save dialog. fyne creates the chosen file when the user confirms; the
// workbench then replaces it atomically.
func (p FynePicker) Save(title, suggested string, exts []string, done func(string, error)) {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil || w == nil {
			done("", err)
			return
		}
		w.Close()
		done(w.URI().Path(), nil)
	}, p.Win)
	d.SetFileName(suggested)
	d.SetFilter(storage.NewExtensionFileFilter(dotted(exts)))
	withKeys(p.Win, d, nil, d.Dismiss) // Esc cancels; fyne's file dialog has no confirm to call on Enter
	d.Show()
}

// dotted returns the extensions with their dots, as fyne's filters want them.
func dotted(exts []string) []string {
	out := make([]string, len(exts))
	for i, e := range exts {
		out[i] = "." + e
	}
	return out
}
