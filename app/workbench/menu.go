package workbench

import (
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
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
		fyne.NewMenuItem("Open…", w.OpenFile), recent, examples,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem("Save Position…", w.SavePosition),
		fyne.NewMenuItem("Save Tree…", w.SaveTree),
		fyne.NewMenuItem("Export Tree…", func() { w.Export(false) }),
		fyne.NewMenuItem("Export Subtree…", func() { w.Export(true) }),
	)
	edit := fyne.NewMenu("Edit",
		fyne.NewMenuItem("Undo", w.Editor.Undo),
		fyne.NewMenuItem("Redo", w.Editor.Redo),
		fyne.NewMenuItem("Add Component", w.Editor.AddTerm),
	)
	solve := fyne.NewMenu("Solve",
		fyne.NewMenuItem("Nimber", func() { w.Solver.Start(TaskNimber) }),
		fyne.NewMenuItem("Outcome", func() { w.Solver.Start(TaskOutcome) }),
		fyne.NewMenuItem("Winning Moves", func() { w.Solver.Start(TaskMoves) }),
		fyne.NewMenuItem("Stop", w.Solver.Stop),
	)
	view := fyne.NewMenu("View",
		fyne.NewMenuItem("Zoom In", w.Tree.ZoomIn),
		fyne.NewMenuItem("Zoom Out", w.Tree.ZoomOut),
		fyne.NewMenuItem("Fit", w.Tree.Fit),
	)
	w.win.SetMainMenu(fyne.NewMainMenu(file, edit, solve, view))
}

func appendItem(menu *fyne.Menu, label string, action func()) *fyne.Menu {
	if menu == nil {
		menu = fyne.NewMenu("")
	}
	menu.Items = append(menu.Items, fyne.NewMenuItem(label, action))
	return menu
}

// shortcuts binds the keyboard shortcuts of the window.
func (w *Workbench) shortcuts() {
	c := w.win.Canvas()
	bind := func(k fyne.KeyName, mod fyne.KeyModifier, f func()) {
		c.AddShortcut(&desktop.CustomShortcut{KeyName: k, Modifier: mod}, func(fyne.Shortcut) { f() })
	}
	bind(fyne.KeyZ, fyne.KeyModifierShortcutDefault, w.Editor.Undo)
	bind(fyne.KeyZ, fyne.KeyModifierShortcutDefault|fyne.KeyModifierShift, w.Editor.Redo)
	bind(fyne.KeyY, fyne.KeyModifierShortcutDefault, w.Editor.Redo)
	bind(fyne.KeyO, fyne.KeyModifierShortcutDefault, w.OpenFile)
	bind(fyne.KeyS, fyne.KeyModifierShortcutDefault, w.SavePosition)
	bind(fyne.KeyE, fyne.KeyModifierShortcutDefault, func() { w.Export(false) })
	bind(fyne.KeyReturn, fyne.KeyModifierShortcutDefault, func() { w.Solver.Start(TaskNimber) })
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if ev.Name == fyne.KeyEscape {
			w.Solver.Stop()
		}
	})
}
