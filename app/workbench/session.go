package workbench

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"fyne.io/fyne/v2"

	"grundy/engine"
	"grundy/internal/atomicfile"
	"grundy/store"
)

// Preferences of the session: the editor's last valid position and the window's size, which
// the next launch reopens.
const (
	PrefLastGame     = "lastGame"
	PrefLastPosition = "lastPosition"
	PrefWindowWidth  = "windowWidth"
	PrefWindowHeight = "windowHeight"
)

// recoveryFile is the name of the copy of the tree on show, in the session directory. It is
// written each time a tree is shown and removed when the window closes normally: one found at
// launch is the tree of a window that did not close (a crash, a kill), and is shown again.
const recoveryFile = "unsaved-tree.json"

// DefaultSessionDir is where the window keeps its recovery copy: beside the default facts
// store, in the user's data directory.
func DefaultSessionDir() (string, error) {
	d, err := store.DefaultDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(d), "grundy-session"), nil
}

// session keeps the recovery copy of the tree on show, written in the background: the newest
// tree wins, and Close waits for the write under way.
type session struct {
	dir string // "" keeps no copy

	mu      sync.Mutex
	next    *engine.Tree // the tree to write next; nil: remove the copy
	pending bool         // next is to be written (or the copy removed)
	writing bool         // a writer goroutine runs
	done    sync.WaitGroup
}

// path is the recovery copy's path.
func (s *session) path() string { return filepath.Join(s.dir, recoveryFile) }

// keep writes t (nil: removes the copy) in the background.
func (s *session) keep(t *engine.Tree) {
	if s.dir == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.next, s.pending = t, true
	if s.writing {
		return
	}
	s.writing = true
	s.done.Add(1)
	go s.write()
}

// write writes the newest tree asked for until none is pending.
func (s *session) write() {
	defer s.done.Done()
	for {
		s.mu.Lock()
		t, pending := s.next, s.pending
		s.next, s.pending = nil, false
		if !pending {
			s.writing = false
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()
		if t == nil {
			os.Remove(s.path())
			continue
		}
		if err := os.MkdirAll(s.dir, 0o755); err != nil {
			continue // no copy: the window works on
		}
		atomicfile.Write(s.path(), func(f io.Writer) error { return engine.WriteTree(f, t) })
	}
}

// close removes the copy, after the write under way: the window closed normally.
func (s *session) close() {
	if s.dir == "" {
		return
	}
	s.keep(nil)
	s.done.Wait()
}

// recovered opens the copy a window that did not close left, if any.
func (s *session) recovered() (*os.File, error) {
	if s.dir == "" {
		return nil, fs.ErrNotExist
	}
	return os.Open(s.path())
}

// restoreSession reopens what the last window showed: its position in the editor and, when it
// did not close normally, the tree it had on show.
func (w *Workbench) restoreSession() {
	prefs := w.app.Preferences()
	if g := prefs.String(PrefLastGame); g != "" {
		first := w.Editor.State()
		if err := w.Editor.SetState(stateOf(g, prefs.String(PrefLastPosition))); err != nil {
			w.Editor.SetState(first) // a position this version cannot read: no error on show
		}
	}
	f, err := w.session.recovered()
	if errors.Is(err, fs.ErrNotExist) {
		return
	}
	if err == nil {
		defer f.Close()
		err = w.openDocument(f)
	}
	if err != nil {
		w.status.SetText("The tree of the last session could not be reopened: " + err.Error())
		return
	}
	w.status.SetText("Reopened the unsaved tree of the last session, which did not close normally (File ▸ Save Tree… keeps it).")
}

// keepPosition records the editor's valid position for the next launch.
func (w *Workbench) keepPosition() {
	s := w.Editor.State()
	prefs := w.app.Preferences()
	prefs.SetString(PrefLastGame, s.Game)
	prefs.SetString(PrefLastPosition, s.Notation)
}

// keepSize records the window's size for the next launch.
func (w *Workbench) keepSize() {
	size := w.win.Canvas().Size()
	if size.Width <= 0 || size.Height <= 0 {
		return
	}
	prefs := w.app.Preferences()
	prefs.SetInt(PrefWindowWidth, int(size.Width))
	prefs.SetInt(PrefWindowHeight, int(size.Height))
}

// LastSize is the window's size when it last closed, or zero.
func LastSize(prefs fyne.Preferences) fyne.Size {
	return fyne.NewSize(float32(prefs.Int(PrefWindowWidth)), float32(prefs.Int(PrefWindowHeight)))
}
