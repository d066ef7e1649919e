package workbench

import (
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"grundy/editor"
)

// refreshMenu sets the main menu, with the current recent files.
func (w *Workbench) refreshMenu() {
	recent := fyne.NewMenuItem("Open Recent", nil)
	for _, path := range Recent(w.app.Preferences()) {
		recent.ChildMenu = appendItem(recent.ChildMenu, filepath.Base(path)+"  ("+filepath.Dir(path)+")", func() {
			w.failed(w.OpenPath(path))
		})
	}
	if recent.ChildMenu == nil {
		recent.Disabled = true
	}
	examples := fyne.NewMenuItem("Examples", nil)
	for _, ex := range w.examples {
		examples.ChildMenu = appendItem(examples.ChildMenu, strings.TrimSuffix(ex.Name, ".json"), func() {
			w.failed(w.OpenExample(ex.Name))
		})
	}
	file := fyne.NewMenu("File",
		item("Open…", keyOpen, w.OpenFile), recent, examples,
		fyne.NewMenuItemSeparator(),
		item("Save Position…", keySave, w.SavePosition),
		fyne.NewMenuItem("Save Tree…", w.SaveTree),
		item("Export Tree…", keyExport, func() { w.Export(false) }),
		fyne.NewMenuItem("Export Subtree…", func() { w.Export(true) }),
		fyne.NewMenuItemSeparator(),
		w.storeMenu(),
	)
	edit := fyne.NewMenu("Edit",
		item("Undo", &fyne.ShortcutUndo{}, w.undo),
		item("Redo", &fyne.ShortcutRedo{}, w.redo),
		fyne.NewMenuItem("Add Component", w.Editor.AddTerm),
	)
	solve := fyne.NewMenu("Solve",
		item("Nimber", keySolve, func() { w.Solver.Start(TaskNimber) }),
		fyne.NewMenuItem("Outcome", func() { w.Solver.Start(TaskOutcome) }),
		fyne.NewMenuItem("Winning Moves", func() { w.Solver.Start(TaskMoves) }),
		item("Stop", keyStop, w.Solver.Stop),
		fyne.NewMenuItem("Resume", w.Solver.Resume),
		fyne.NewMenuItem("Server…", w.AskServer),
	)
	play := fyne.NewMenu("Play",
		fyne.NewMenuItem("Play Against the Engine", func() { w.SetPlayMode(true) }),
		fyne.NewMenuItem("New Game", func() { w.SetPlayMode(true); w.Play.NewGame() }),
		fyne.NewMenuItem("Hint", w.Play.Hint),
		fyne.NewMenuItem("End Game", w.Play.EndGame),
		fyne.NewMenuItem("Reset Score", w.Play.ResetScore),
	)
	view := fyne.NewMenu("View",
		fyne.NewMenuItem("Zoom In", w.Tree.ZoomIn),
		fyne.NewMenuItem("Zoom Out", w.Tree.ZoomOut),
		fyne.NewMenuItem("Fit", w.Tree.Fit),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Nimber Sequence…", func() { w.ShowSequence() }),
	)
	w.win.SetMainMenu(fyne.NewMainMenu(file, edit, solve, play, view, w.helpMenu()))
}

func appendItem(menu *fyne.Menu, label string, action func()) *fyne.Menu {
	if menu == nil {
		menu = fyne.NewMenu("")
	}
	menu.Items = append(menu.Items, fyne.NewMenuItem(label, action))
	return menu
}

// The keys shown in the menus. Undo and Redo are fyne's own shortcuts (Ctrl+Z, Ctrl+Y), which
// the driver sends for those keys instead of a CustomShortcut; Ctrl+Shift+Z redoes too.
// Esc is a plain key: the menu shows it, the canvas's key handler acts on it.
var (
	keyOpen    = &desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}
	keySave    = &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}
	keyExport  = &desktop.CustomShortcut{KeyName: fyne.KeyE, Modifier: fyne.KeyModifierShortcutDefault}
	keySolve   = &desktop.CustomShortcut{KeyName: fyne.KeyReturn, Modifier: fyne.KeyModifierShortcutDefault}
	keyRedoAlt = &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	keyStop    = &desktop.CustomShortcut{KeyName: fyne.KeyEscape}
)

// item is a menu item that shows its shortcut.
func item(label string, key fyne.Shortcut, action func()) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, action)
	it.Shortcut = key
	return it
}

// shortcuts binds the keyboard shortcuts of the window on its canvas. The driver tries the
// main menu's items first, then the focused widget, then these: they serve where the menu
// does not see the keys (a native menu, tests). F5 solves the nimber and Esc stops, unless a
// widget that takes keys has the focus.
func (w *Workbench) shortcuts() {
	c := w.win.Canvas()
	bind := func(s fyne.Shortcut, f func()) { c.AddShortcut(s, func(fyne.Shortcut) { f() }) }
	bind(&fyne.ShortcutUndo{}, w.undo)
	bind(&fyne.ShortcutRedo{}, w.redo)
	bind(keyRedoAlt, w.redo)
	bind(keyOpen, w.OpenFile)
	bind(keySave, w.SavePosition)
	bind(keyExport, func() { w.Export(false) })
	bind(keySolve, func() { w.Solver.Start(TaskNimber) })
	w.Editor.OnEscape = w.escape
	w.Tree.OnEscape = w.escape
	for _, s := range w.selects() {
		s.Escape = w.escape
	}
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		switch ev.Name {
		case fyne.KeyEscape:
			w.escape()
		case fyne.KeyF5:
			w.Solver.Start(TaskNimber)
		}
	})
}

// escape stops the search, or the engine's move in play: Esc with no widget focused, and in
// the fields, menus and tree view that take the keys when they have the focus.
// The solver's settings, when on show, close first.
func (w *Workbench) escape() {
	if w.Solver.ui.hideSettings() {
		return
	}
	w.Solver.Stop()
	w.Play.Stop()
}

// selects are the window's drop-downs, which take Esc when focused.
func (w *Workbench) selects() []*editor.Select {
	u := w.Solver.ui
	return []*editor.Select{u.cache, u.treeNodes, u.treeTime, w.Play.ui.first, w.Play.ui.limit}
}

// textField is a focused text field: Ctrl+Z and Ctrl+Y are its own.
type textField interface {
	fyne.Shortcutable
	SelectedText() string
}

// undo and redo act on the focused text field when one has the focus (its own undo of what
// was typed, as in any text field), else on the editor's history of positions.
func (w *Workbench) undo() {
	if e, ok := w.win.Canvas().Focused().(textField); ok {
		e.TypedShortcut(&fyne.ShortcutUndo{})
		return
	}
	w.Editor.Undo()
}

func (w *Workbench) redo() {
	if e, ok := w.win.Canvas().Focused().(textField); ok {
		e.TypedShortcut(&fyne.ShortcutRedo{})
		return
	}
	w.Editor.Redo()
}
