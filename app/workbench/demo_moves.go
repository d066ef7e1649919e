package workbench

// moveDemoSteps are the demo's scenes of moves drawn on the board: on Cram 3x5, Chomp's
// staircase and Kayles, the winning moves listed, then the first one selected (the editor
// draws it without playing it); then Chomp bitten by a click, and the legend of the Sprouts
// notation under an example whose title is in the window's title bar.
func moveDemoSteps() []demoStep {
	return []demoStep{
		{name: "40-cram-moves", action: func(w *Workbench) {
			w.Editor.SetState(stateOf("cram", "3x5"))
			w.Solver.Start(TaskMoves)
		}, wait: true},
		{name: "41-cram-winning-move", action: pickFirstMove},
		{name: "42-chomp-moves", action: func(w *Workbench) {
			w.OpenExample("chomp.json")
			w.Solver.Start(TaskMoves)
		}, wait: true},
		{name: "43-chomp-winning-move", action: pickFirstMove},
		{name: "44-chomp-bitten", action: func(w *Workbench) {
			if b := w.Editor.ChompBoard(0); b != nil {
				b.Bite(1, 1)
			}
		}},
		{name: "45-kayles-winning-move", action: func(w *Workbench) {
			w.OpenExample("kayles.json")
			w.Solver.Start(TaskMoves)
		}, wait: true},
		{name: "46-kayles-picked", action: pickFirstMove},
		{name: "47-sprouts-legend", action: func(w *Workbench) { w.OpenExample("sprouts-loop.json") }},
	}
}

// pickFirstMove selects the first option of the list, a winning move when there is one, as a
// click would.
func pickFirstMove(w *Workbench) {
	if len(w.Solver.Result().Options) > 0 {
		w.Solver.ui.options.Select(0)
	}
}
