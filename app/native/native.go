package native

import (
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"

	"github.com/sqweek/dialog"

	"grundy/app/workbench"
)

// A Picker shows native file dialogs.
type Picker struct {
	// Do runs the answer on the UI goroutine: fyne.Do.
	Do   func(func())
	busy atomic.Bool
}

var _ workbench.Picker = (*Picker)(nil)

// Open shows the native open dialog.
func (p *Picker) Open(title string, exts []string, done func(string, error)) {
	p.run(done, func() (string, error) {
		return dialog.File().Title(title).Filter(describe(exts), exts...).Load()
	})
}

// Save shows the native save dialog, which asks before it overwrites a file.
func (p *Picker) Save(title, suggested string, exts []string, done func(string, error)) {
	p.run(done, func() (string, error) {
		return dialog.File().Title(title).Filter(describe(exts), exts...).SetStartFile(suggested).Save()
	})
}

// run shows a dialog on a goroutine of its own and hands its answer to done through Do. A
// second dialog asked for while one is open is answered as cancelled.
func (p *Picker) run(done func(string, error), show func() (string, error)) {
	if !p.busy.CompareAndSwap(false, true) {
		done("", nil)
		return
	}
	go func() {
		path, err := guarded(show)
		p.busy.Store(false)
		if errors.Is(err, dialog.ErrCancelled) {
			path, err = "", nil
		}
		p.Do(func() { done(path, err) })
	}()
}

// guarded runs show on one OS thread, as GTK wants, turning its panic when GTK cannot start
// into ErrNoDialog.
func guarded(show func() (string, error)) (path string, err error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer func() {
		if r := recover(); r != nil {
			path, err = "", fmt.Errorf("%w: %v", workbench.ErrNoDialog, r)
		}
	}()
	return show()
}

// describe names a filter by its extensions.
func describe(exts []string) string {
	s := ""
	for i, e := range exts {
		if i > 0 {
			s += ", "
		}
		s += "." + e
	}
	return s + " files"
}
