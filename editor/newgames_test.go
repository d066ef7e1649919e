package editor

import (
	"image"
	"image/png"
	"math"
	"os"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestBoxingPicture_ToggleStone: a tap on a cell of a Boxing Match board puts a stone on it
// or takes it away, and the notation follows.
func TestBoxingPicture_ToggleStone(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "boxing-match", Notation: "oo./ooo"})
	p, ok := e.Pictures()[0].(*boxingPicture)
	if !ok {
		t.Fatalf("picture = %T, want *boxingPicture", e.Pictures()[0])
	}
	test.TapAt(p.grid, p.grid.CellCentre(0, 2))
	if got := e.State().Notation; got != "2x3" {
		t.Errorf("after a tap on (0, 2): %q, want 2x3", got)
	}
	test.TapAt(p.grid, p.grid.CellCentre(1, 0))
	if got := e.State().Notation; got != "ooo/.oo" {
		t.Errorf("after a tap on (1, 0): %q, want ooo/.oo", got)
	}
	p.resize(1, 0)
	if got := e.State().Notation; got != "ooo/.oo/ooo" {
		t.Errorf("after + row: %q, want ooo/.oo/ooo", got)
	}
	e.ShowMove(".oo/.oo/ooo")
	if !p.taken(0, 0) || p.taken(1, 1) || e.MoveNote() == "" {
		t.Errorf("ShowMove of a 1x1 square: taken(0,0) %v, taken(1,1) %v, note %q", p.taken(0, 0), p.taken(1, 1), e.MoveNote())
	}
}

// TestChocolatePicture_Paint: a tap paints a cell of a bar; a position of two bars (a
// break) shows both, each painted apart; the position with no bar is text.
func TestChocolatePicture_Paint(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "breaking-chocolates", Notation: "bw/wb"})
	p, ok := e.Pictures()[0].(*chocolatePicture)
	if !ok {
		t.Fatalf("picture = %T, want *chocolatePicture", e.Pictures()[0])
	}
	test.TapAt(p.grids[0], p.grids[0].CellCentre(0, 0))
	if got := e.State().Notation; got != "ww/wb" {
		t.Errorf("after a tap on (0, 0): %q, want ww/wb", got)
	}
	e.SetNotation("ww wb")
	if p, ok = e.Pictures()[0].(*chocolatePicture); !ok || len(p.grids) != 2 {
		t.Fatalf("two bars: picture %T, want the two bars of ww wb", e.Pictures()[0])
	}
	test.TapAt(p.grids[1], p.grids[1].CellCentre(0, 1))
	if got := e.State().Notation; got != "ww ww" {
		t.Errorf("after a tap on (0, 1) of the second bar: %q, want ww ww", got)
	}
	p.resize(1, 0)
	if got := e.State().Notation; got != "ww ww/ww" {
		t.Errorf("after + row: %q, want ww ww/ww", got)
	}
	e.SetNotation("0")
	if _, ok := e.Pictures()[0].(*textPicture); !ok {
		t.Errorf("no bar: picture %T, want text", e.Pictures()[0])
	}
	e.SetNotation("wbb")
	if p, ok := e.Pictures()[0].(*chocolatePicture); !ok || p.Term() != "wbb" {
		t.Errorf("one bar again: picture %T, want a bar of wbb", e.Pictures()[0])
	}
}

// TestCirclePicture: a term with circles draws them as circles, also when typed over a
// position of rows only; the steppers change a circle's size.
func TestCirclePicture(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "dawsons-chess", Notation: "7"})
	if _, ok := e.Pictures()[0].(*heapPicture); !ok {
		t.Fatalf("rows only: picture = %T, want *heapPicture", e.Pictures()[0])
	}
	e.SetNotation("o20 7")
	p, ok := e.Pictures()[0].(*circlePicture)
	if !ok {
		t.Fatalf("with a circle: picture = %T, want *circlePicture", e.Pictures()[0])
	}
	if c := p.Circles(); len(c) != 1 || c[0] != 20 || p.Term() != "o20 7" {
		t.Errorf("circles %v, term %q; want [20], o20 7", c, p.Term())
	}
	p.set(p.circles, 0, 19)
	if got := e.State().Notation; got != "o19 7" {
		t.Errorf("after − on the circle: %q, want o19 7", got)
	}
	p.add(true)
	if got := e.State().Notation; got != "o19 o6 7" {
		t.Errorf("after Add circle: %q, want o19 o6 7", got)
	}
	if err := e.SetState(State{Game: "lasker", Notation: "o5"}); err == nil {
		t.Errorf("lasker o5: no error, want circles refused")
	}
}

// TestRingPoints: n tokens on a circle, evenly spaced, the first at the top.
func TestRingPoints(t *testing.T) {
	pts := ringPoints(4, 50, 40, 10)
	want := []fyne.Position{{X: 50, Y: 30}, {X: 60, Y: 40}, {X: 50, Y: 50}, {X: 40, Y: 40}}
	for k, p := range pts {
		if math.Abs(float64(p.X-want[k].X)) > 1e-3 || math.Abs(float64(p.Y-want[k].Y)) > 1e-3 {
			t.Errorf("ringPoints(4)[%d] = %v, want %v", k, p, want[k])
		}
	}
	for _, p := range ringPoints(19, 0, 0, 30) {
		if d := math.Hypot(float64(p.X), float64(p.Y)); math.Abs(d-30) > 1e-3 {
			t.Errorf("ringPoints(19): %v is %.3f from the centre, want 30", p, d)
		}
	}
}

// TestNewPictures_Render writes the new pictures as PNG files when GRUNDY_SHOTS names a
// directory, for a look by eye; it checks nothing else.
func TestNewPictures_Render(t *testing.T) {
	dir := os.Getenv("GRUNDY_SHOTS")
	if dir == "" {
		t.Skip("set GRUNDY_SHOTS to a directory to write the pictures")
	}
	for _, s := range []State{
		{Game: "dawsons-chess", Notation: "o19 o20 7"},
		{Game: "boxing-match", Notation: "ooo./oooo/.ooo/oo.o"},
		{Game: "boxing-match", Notation: "10x20"},
		{Game: "breaking-chocolates", Notation: "wwbw/bwww/wwbb/wbww"},
		{Game: "breaking-chocolates", Notation: "wwb/bww w/b bw"},
	} {
		e, w := newTestEditor(t, s)
		_ = e
		img := w.Canvas().Capture()
		f, err := os.Create(dir + "/" + s.Game + "-" + itoa(len(s.Notation)) + ".png")
		if err != nil {
			t.Fatal(err)
		}
		if err := pngEncode(f, img); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}

func pngEncode(f *os.File, img image.Image) error { return png.Encode(f, img) }
