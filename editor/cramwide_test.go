package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"grundy/games/cram"
)

// pictureButton returns the button labelled label under the picture o, looking through
// containers and the renderers of this package's widgets.
func pictureButton(t *testing.T, o fyne.CanvasObject, label string) *widget.Button {
	t.Helper()
	var walk func(o fyne.CanvasObject) *widget.Button
	walk = func(o fyne.CanvasObject) *widget.Button {
		var children []fyne.CanvasObject
		switch x := o.(type) {
		case *widget.Button:
			if x.Text == label {
				return x
			}
		case *fyne.Container:
			children = x.Objects
		case *cramPicture:
			children = test.WidgetRenderer(x).Objects()
		}
		for _, c := range children {
			if b := walk(c); b != nil {
				return b
			}
		}
		return nil
	}
	b := walk(o)
	if b == nil {
		t.Fatalf("no button %q in the picture", label)
	}
	return b
}

// A board of more than 64 cells is built with the picture's buttons and edited by taps and
// a domino, its cells past the 64th included, and the notation reads back as the game's
// wide board.
func TestCramEditor_WideBoard(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "3x21"})
	test.Tap(pictureButton(t, e.Pictures()[0], "+ column"))
	if got, want := e.Notation(), "3x22"; got != want {
		t.Fatalf("after + column on 3x21: notation %q, want %q", got, want)
	}
	b := cramBoard(t, e, 0)
	tapCell(b, 2, 21) // cell 65, in the second word
	if !b.Play(2, 19, 2, 20) {
		t.Fatal("Play(2, 19, 2, 20) on a free pair of 3x22 refused")
	}
	row := strings.Repeat(".", 22)
	want := row + "/" + row + "/" + row[:19] + "###"
	if got := e.Notation(); got != want {
		t.Fatalf("after a tap on (2,21) and a domino on (2,19)-(2,20): notation %q, want %q", got, want)
	}
	p, err := cram.Game{}.Parse(e.Notation())
	if err != nil {
		t.Fatal(err)
	}
	if w, ok := p.(*cram.Wide); !ok || w.Free(2, 21) || w.Free(2, 20) || !w.Free(2, 18) {
		t.Fatalf("the game reads %q as %T %v, want a Wide with (2,19..21) filled", e.Notation(), p, p)
	}
	tapCell(b, 2, 21)
	if got := e.Notation(); got[len(got)-3:] != "##." {
		t.Fatalf("after a second tap on (2,21): notation %q, want the cell free again", got)
	}
}

// The picture refuses to grow a board past 128 cells, and the notation field takes boards
// up to 128 cells.
func TestCramEditor_WideBoardLimit(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "4x32"})
	test.Tap(pictureButton(t, e.Pictures()[0], "+ column"))
	if got, want := e.Notation(), "4x32"; got != want {
		t.Fatalf("after + column on 4x32 (128 cells): notation %q, want %q", got, want)
	}
	test.Tap(pictureButton(t, e.Pictures()[0], "− row"))
	if got, want := cramBoard(t, e, 0).Board().String(), "3x32"; got != want {
		t.Fatalf("after − row on 4x32: board %q, want %q", got, want)
	}
	if err := e.SetState(State{Game: "cram", Notation: "11x12"}); err == nil {
		t.Fatal("SetState(cram 11x12, 132 cells) accepted")
	}
}
