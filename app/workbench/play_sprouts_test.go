package workbench

import (
	"testing"

	"grundy/games"
	"grundy/games/sprouts/drawing"
)

// A game of Sprouts played by drawing: the user's curves are moves, a curve from no spot is
// refused and changes nothing, and each engine move is drawn (replayed) on the drawing, which
// always shows the position of the game.
func TestPlay_SproutsByDrawing(t *testing.T) {
	w, q := newPlayWorkbench(t, "sprouts", "0*2", User)
	g, _ := games.Lookup("sprouts")
	memo := map[string]int{}
	w.Play.NewGame()
	refused := false
	userMoves(t, w, q, func(ply int) {
		c := w.Editor.SproutsCanvas(0)
		if c == nil {
			t.Fatalf("ply %d: %q is not drawn", ply, w.Editor.State().Notation)
		}
		d := c.Drawing()
		if ply > 0 && c.Drawing().String() != w.Play.game.notation && len(d.Lines) == 0 {
			t.Fatalf("ply %d: the drawing %s is not the game's %s", ply, d, w.Play.game.notation)
		}
		if !refused && len(d.Lines) > 0 { // a straight curve across the first line, from no spot
			refused = true
			l := d.Lines[0].Path
			mid := l[len(l)/2]
			a := drawing.Point{X: mid.X - 400, Y: mid.Y}
			b := drawing.Point{X: mid.X + 400, Y: mid.Y}
			before := w.Editor.State().Notation
			c.DrawThrough(c.At(a), c.At(b))
			if c.Refusal() == "" || w.Editor.State().Notation != before || c.Drawing() != d {
				t.Fatalf("a curve from no spot across a line: refusal %q, position %q", c.Refusal(), w.Editor.State().Notation)
			}
		}
		for _, m := range w.Play.game.moves {
			if c.DrawMove(m.notation) {
				return
			}
		}
		t.Fatalf("ply %d: no move of %s can be drawn", ply, d)
	}, func(after string) {
		checkLost(t, g, after, memo)
		c := w.Editor.SproutsCanvas(0)
		if c == nil {
			t.Fatalf("after the engine's move to %q the editor shows a %T", after, w.Editor.Pictures()[0])
		}
		d, plies := c.Drawing(), w.Play.game.plies
		if d.String() != after || len(d.Lines) != 2*plies || c.Marked() != len(d.Lines)-2 {
			t.Fatalf("after the engine's move to %q (ply %d): drawing %s, %d lines, marked from %d", after, plies, d, len(d.Lines), c.Marked())
		}
	})
	if wins, losses := w.Play.Score(); wins != 0 || losses != 1 {
		t.Errorf("score %d–%d, want 0–1 (0*2 is lost for the first player)", wins, losses)
	}
}
