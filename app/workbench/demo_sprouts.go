package workbench

import (
	"path/filepath"
	"time"
)

// sproutsDemoSteps are the demo's scenes of a Sprouts tree drawn: the proof of 0*3 solved,
// its nodes drawn as spots and curves as the drawings come, then the whole tree, then its
// PDF at a paper column's width.
func sproutsDemoSteps(outDir string) []demoStep {
	return []demoStep{
		{name: "60-sprouts-tree", action: func(w *Workbench) {
			w.Editor.SetState(stateOf("sprouts", "0*3"))
			w.Solver.Start(TaskNimber)
		}, wait: true, pause: 4 * time.Second},
		{name: "61-sprouts-tree-whole", action: func(w *Workbench) {
			w.Tree.ExpandAll(-1)
			w.Tree.Fit()
		}, pause: 6 * time.Second},
		{name: "62-sprouts-tree-node", action: func(w *Workbench) {
			w.Tree.CollapseTo(2)
			w.Tree.Fit()
		}, pause: 2 * time.Second},
		{name: "63-sprouts-tree-exported", action: func(w *Workbench) {
			if outDir != "" {
				path := filepath.Join(outDir, "63-sprouts-tree.pdf")
				w.saved(path, ExportTree(path, w.Tree.Tree()))
			}
		}},
	}
}
