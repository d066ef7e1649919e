package workbench

// treeDemoSteps are the demo's scenes of a large tree: Cram 3x5's proof expanded one level
// at a time under its root, then read as an outline.
func treeDemoSteps() []demoStep {
	return []demoStep{
		{name: "40-tree-opened", action: func(w *Workbench) {
			w.Editor.SetState(stateOf("cram", "3x5"))
			w.Solver.Start(TaskNimber)
		}, wait: true},
		{name: "41-one-more-level", action: func(w *Workbench) { w.Tree.ExpandLevel(-1) }},
		{name: "42-two-more-levels", action: func(w *Workbench) { w.Tree.ExpandLevel(-1); w.Tree.Fit() }},
		{name: "43-outline", action: func(w *Workbench) {
			w.Tree.SetOutline(true)
			if o := w.Tree.Outline(); o != nil {
				o.Open("0/0")
				o.Select("0/0/0")
			}
		}},
		{name: "44-back-to-tree", action: func(w *Workbench) { w.Tree.SetOutline(false) }},
	}
}
