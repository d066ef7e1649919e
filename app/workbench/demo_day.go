package workbench

import (
	"path/filepath"

	"fyne.io/fyne/v2"
)

// dayDemoSteps are the scenes of a working day's checks: a misère tree and its PDF, misère
// Sprouts' tree by forms, the trees of Boxing Match and Breaking Chocolates drawn as boards,
// and the window at its minimum size with a sum of two components being edited; the
// sequence view of Kayles.
func dayDemoSteps(outDir string) []demoStep {
	return []demoStep{
		{name: "90-day-misere-tree", action: func(w *Workbench) {
			w.Solver.SetMisere(true)
			w.Editor.SetState(stateOf("kayles", "3 4"))
			w.Solver.Start(TaskNimber)
		}, wait: true},
		{name: "91-day-misere-pdf", action: func(w *Workbench) {
			if t := w.Tree.Tree(); t != nil && outDir != "" {
				for _, ext := range []string{".pdf", ".png"} {
					path := filepath.Join(outDir, "91-day-misere-tree"+ext)
					w.saved(path, ExportTree(path, t))
				}
			}
		}},
		{name: "91a-day-misere-sprouts-forms", action: func(w *Workbench) {
			w.Solver.SetMisere(true) // again, for a run of this scene alone
			w.Editor.SetState(stateOf("sprouts", "0*9"))
			w.Solver.Start(TaskOutcome)
		}, wait: true},
		{name: "91b-day-misere-off", action: func(w *Workbench) {
			w.Solver.SetMisere(false)
		}},
		{name: "92-day-boxing-tree", action: func(w *Workbench) {
			w.Editor.SetState(stateOf("boxing-match", "2x3"))
			w.Solver.Start(TaskNimber)
		}, wait: true},
		{name: "93-day-chocolate-tree", action: func(w *Workbench) {
			w.Editor.SetState(stateOf("breaking-chocolates", "bw/wb"))
			w.Solver.Start(TaskNimber)
		}, wait: true},
		{name: "95-day-kayles-sequence", action: func(w *Workbench) {
			w.Editor.SetState(stateOf("kayles", "3 4"))
			w.ShowSequence()
		}},
		{name: "96-day-sequence-closed", action: func(w *Workbench) {
			if f := w.win.Canvas().OnTypedKey(); f != nil {
				f(&fyne.KeyEvent{Name: fyne.KeyEscape})
			}
		}},
		{name: "94-day-min-size-sum", action: func(w *Workbench) {
			w.win.Resize(fyne.NewSize(808, 596))
			w.Editor.SetState(stateOf("cram", "3x4 + 2x3"))
		}, pause: 500_000_000},
	}
}
