package workbench

import (
	"time"

	"grundy/games/sprouts/drawing"
)

// sproutsEditDemoSteps are the demo's scenes of Sprouts played by drawing: three curves
// dragged on 0*4 in the editor, a curve that crosses a line refused, the drawing relaxed, a
// move shown without being played; then a game of 0*4 against the engine, the user's moves
// drawn and the engine's replayed on the drawing, to its end.
func sproutsEditDemoSteps() []demoStep {
	steps := []demoStep{
		{name: "80-sproutsdraw-drawn", action: func(w *Workbench) {
			w.SetPlayMode(false)
			w.Editor.SetState(stateOf("sprouts", "0*4"))
			c := w.Editor.SproutsCanvas(0)
			if c == nil {
				return
			}
			// 0*4 is four spots on a circle of radius 100: top, right, bottom, left.
			c.DragCurve(pt(0, 100), pt(80, 80), pt(100, 0))                    // top to right, outside
			c.DragCurve(pt(-100, 0), pt(-160, 40), pt(-160, -40), pt(-100, 0)) // a loop on the left spot
			c.DragCurve(pt(0, -100), pt(40, 0), pt(80, 80))                    // bottom to the new spot
		}},
		{name: "81-sproutsdraw-refused", action: func(w *Workbench) {
			if c := w.Editor.SproutsCanvas(0); c != nil {
				c.DragCurve(pt(100, 0), pt(0, -40), pt(-100, 0)) // across the last curve
			}
		}},
		{name: "82-sproutsdraw-relaxed", action: func(w *Workbench) { w.Editor.RelaxDrawing() }},
		{name: "83-sproutsdraw-move-shown", action: func(w *Workbench) {
			if c := w.Editor.SproutsCanvas(0); c != nil {
				_, pos := w.Editor.Current()
				for o := range pos.Options() {
					w.Editor.ShowMove(o.String())
					break
				}
			}
		}},
		{name: "84-sproutsdraw-play", action: func(w *Workbench) {
			w.Editor.ClearMove()
			w.Editor.SetState(stateOf("sprouts", "0*4"))
			w.SetPlayMode(true)
			w.Play.SetFirst(User)
			w.Play.NewGame()
		}},
	}
	for _, name := range []string{"85-sproutsdraw-play-1", "86-sproutsdraw-play-2", "87-sproutsdraw-play-3", "88-sproutsdraw-play-4", "89-sproutsdraw-play-5", "90-sproutsdraw-play-6"} {
		steps = append(steps, demoStep{name: name, action: drawUserMove, pause: 1500 * time.Millisecond})
	}
	return steps
}

// pt is a point of a drawing.
func pt(x, y float64) drawing.Point { return drawing.Point{X: x, Y: y} }

// drawUserMove draws the user's move in a game of Sprouts: the first move of the list that
// has a curve on the drawing as it stands.
func drawUserMove(w *Workbench) {
	c := w.Editor.SproutsCanvas(0)
	if !w.Play.Playing() || w.Play.game.turn != User || c == nil {
		return
	}
	for _, m := range w.Play.game.moves {
		if c.DrawMove(m.notation) {
			return
		}
	}
}
