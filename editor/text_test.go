package editor

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"

	"grundy/games"
)

// TestTextPicture_StepsIntoMove: a Sprouts position lists its moves, and choosing one steps
// into it, through the editor's notation.
func TestTextPicture_StepsIntoMove(t *testing.T) {
	test.NewTempApp(t)
	g, err := games.Lookup("sprouts")
	if err != nil {
		t.Fatal(err)
	}
	pic, err := NewPicture(FamilyText, g, "0*2")
	if err != nil {
		t.Fatal(err)
	}
	p := pic.(*textPicture)
	if want := []string{"0.AB|AB", "1a1a"}; !slices.Equal(p.moves.Options, want) {
		t.Fatalf("moves of 0*2 = %q, want %q (SPROUTS.md)", p.moves.Options, want)
	}
	var got string
	p.SetOnChanged(func(term string) { got = term })
	p.moves.SetSelected("1a1a")
	if got != "1a1a" {
		t.Fatalf("choosing the move 1a1a sent %q", got)
	}
	p.SetTerm("ABCD|ABCD")
	if !slices.Contains(p.moves.Options, "AB|AC|BC") || p.moves.Selected != "" {
		t.Fatalf("moves of ABCD|ABCD = %q (selected %q)", p.moves.Options, p.moves.Selected)
	}
}

// TestEditor_SproutsStepsIntoMove steps into a move from the editor itself: the move is
// drawn on the drawing.
func TestEditor_SproutsStepsIntoMove(t *testing.T) {
	test.NewTempApp(t)
	e := New(DefaultCatalog())
	if err := e.SetState(State{Game: "sprouts", Notation: "0*2"}); err != nil {
		t.Fatal(err)
	}
	e.SetNotation("0.AB|AB") // as the solver's Open move in editor does
	if e.Notation() != "0.AB|AB" {
		t.Fatalf("after stepping into 0.AB|AB the notation is %q", e.Notation())
	}
	if d := e.SproutsCanvas(0).Drawing(); len(d.Lines) != 2 || d.String() != "0.AB|AB" {
		t.Fatalf("after stepping into 0.AB|AB the drawing is %s with %d lines", d, len(d.Lines))
	}
	e.Undo()
	if e.Notation() != "0*2" {
		t.Fatalf("after Undo the notation is %q, want 0*2", e.Notation())
	}
}
