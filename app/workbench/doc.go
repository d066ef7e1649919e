// Package workbench is the content of the Grundy Workbench window, apart from the fyne
// driver so that it tests headless: the position editor (package editor), the solver panel,
// the tree explorer (viz/treeview) with the selected node's details, the files, the main
// menu and the shortcuts.
//
// The solver panel (SolverPanel) runs Nimber, Outcome or Winning moves on the editor's
// position through package job, as the command line does: one job.Runner per game and cache
// size (PrefCacheMB) keeps what it proved from one task to the next; the runtime's memory
// limit follows that size (WindowMB: 1.5 × the size + 200 MB, resident). A task runs in two
// phases, each with its own counts: the search, whose answer is shown as soon as it ends, and
// the recording of the solution tree within the limits the preferences give; a position
// left without a tree says why ("no tree for 3x14: …"). Progress and results reach the
// widgets only through Options.Do, which is fyne.Do in the app; tests pass a queue they drain
// themselves. Stop cancels the task's context in either phase: what was proven stays in the
// cache and is said (≠ 0 is W, an L outcome is nimber 0). Results belong to their position:
// the task buttons are disabled while the entry is invalid, and a change of position or game
// stops the task and clears what it showed.
//
// Every tree shown is verified with engine.Check (in the background, with progress, when it
// is large): until then it is shown as claimed, not proven, and a tree that fails is shown as
// "not a proof" with its failing node and the reason.
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
