// Package workbench is the content of the Grundy Workbench window, apart from the fyne
// driver so that it tests headless: the position editor (package editor), the solver panel,
// the tree explorer (viz/treeview) with the selected node's details, the files, the main
// menu and the shortcuts.
//
// The solver panel (SolverPanel) runs Nimber, Outcome or Winning moves on the editor's
// position in a goroutine (Solve), with one engine.Solver and a ristretto cache of the size
// the preferences give (PrefCacheMB). Progress reports and the result reach the widgets only
// through Options.Do, which is fyne.Do in the app; tests pass a queue they drain themselves.
// Stop cancels the search's context: what was proven stays in the cache and is shown
// (Proven).
//
// Files go through a Picker: native dialogs in the app (app/native, sqweek/dialog), fyne's
// own (FynePicker) where those cannot open (Fallback), a fake in tests. A cancelled dialog
// changes nothing; every write is atomic (internal/atomicfile). Position files are
// {"format":"grundy-position/1","game":…,"position":…}; tree files are engine's
// "grundy-tree/1" (DESIGN.md). Exports go through viz/export, as the command line's do.
// The recent files are a preference (PrefRecent).
//
// RunDemo plays a scripted tour of the window for scripts/screenshot.sh.
package workbench
