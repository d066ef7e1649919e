package workbench

import "time"

// playDemoSteps are the demo's scenes of the play mode: Nim 3 5 7 against the engine, the
// hint drawn on the board, the hinted move played and the engine's answer; a game of Cram
// the engine opens; a game of Nim played to its end, with the score.
func playDemoSteps() []demoStep {
	return []demoStep{
		{name: "70-play-mode", action: func(w *Workbench) {
			w.SetPlayMode(false) // a game of an earlier scene ends
			w.Editor.SetState(stateOf("nim", "3 5 7"))
			w.SetPlayMode(true)
		}},
		{name: "71-play-new-game", action: func(w *Workbench) {
			w.Play.SetFirst(User)
			w.Play.NewGame()
		}},
		{name: "72-play-hint", action: func(w *Workbench) { w.Play.Hint() }, pause: time.Second},
		{name: "73-play-engine-answered", action: func(w *Workbench) { w.Play.PlayPicked() }, pause: time.Second},
		{name: "74-play-cram-engine-first", action: func(w *Workbench) {
			w.Play.EndGame()
			w.Editor.SetState(stateOf("cram", "3x4"))
			w.Play.SetFirst(Engine)
			w.Play.NewGame()
		}, pause: 2 * time.Second},
		{name: "75-play-nim-over", action: func(w *Workbench) {
			w.Play.EndGame()
			w.Editor.SetState(stateOf("nim", "1 2"))
			w.Play.SetFirst(User)
			w.Play.NewGame()
			w.Editor.SetState(stateOf("nim", "1 1")) // the user's winning move, on the board
		}, pause: time.Second},
		{name: "76-play-won", action: func(w *Workbench) { w.Editor.SetState(stateOf("nim", "0")) }},
	}
}
