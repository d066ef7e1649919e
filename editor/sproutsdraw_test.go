package editor

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"grundy/games/sprouts/drawing"
)

// sproutsCanvas returns the drawing of the editor's only picture.
func sproutsCanvas(t *testing.T, e *Editor) *SproutsCanvas {
	t.Helper()
	c := e.SproutsCanvas(0)
	if c == nil {
		t.Fatalf("picture 0 is a %T, want a Sprouts drawing", e.Pictures()[0])
	}
	return c
}

// drag drags a curve on c through pts, in drawing units, as the mouse would.
func drag(c *SproutsCanvas, pts ...drawing.Point) { c.DragCurve(pts...) }

// The four spots of 0*4: drawing.New puts them on a circle, the first at the top, clockwise.
var (
	top    = drawing.Point{X: 0, Y: 100}
	right  = drawing.Point{X: 100, Y: 0}
	bottom = drawing.Point{X: 0, Y: -100}
	left   = drawing.Point{X: -100, Y: 0}
)

func TestSproutsEditor_DragMakesMove(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "sprouts", Notation: "0*2"})
	c := sproutsCanvas(t, e)
	drag(c, top, drawing.Point{X: 30, Y: 0}, bottom)
	if got, want := e.Notation(), "1a1a"; got != want { // SPROUTS.md: the line joining the two spots
		t.Fatalf("after a curve between the two spots the notation is %q, want %q", got, want)
	}
	if d := c.Drawing(); len(d.Lines) != 2 || len(d.Spots) != 3 || d.String() != "1a1a" {
		t.Fatalf("drawing after the move: %d spots, %d lines, %s", len(d.Spots), len(d.Lines), d)
	}
	if c.Refusal() != "" {
		t.Fatalf("a move refused: %s", c.Refusal())
	}
	// a loop on a spot, from a point a few pixels off it (the end snaps)
	drag(c, drawing.Point{X: 2, Y: 103}, drawing.Point{X: -40, Y: 140}, drawing.Point{X: 40, Y: 140}, top)
	if got, want := e.Notation(), "1a2a"; got != want { // SPROUTS.md: an option of 1a1a, the loop empty
		t.Fatalf("after a loop on the top spot the notation is %q, want %q", got, want)
	}
}

func TestSproutsEditor_CrossingRefused(t *testing.T) {
	e, w := newTestEditor(t, State{Game: "sprouts", Notation: "0*4"})
	c := sproutsCanvas(t, e)
	drag(c, top, drawing.Point{X: 40, Y: 0}, bottom)
	before, notation := c.Drawing(), e.Notation()
	drag(c, right, drawing.Point{X: 50, Y: -20}, drawing.Point{X: -50, Y: -20}, left)
	if !strings.Contains(c.Refusal(), "crosses the line") {
		t.Fatalf("a crossing curve: refusal %q, want it to say it crosses a line", c.Refusal())
	}
	p := e.Pictures()[0].(*sproutsPicture)
	if got := p.Refusal(); !strings.HasPrefix(got, "Refused: the curve crosses the line from spot") || strings.Contains(got, "\n") {
		t.Fatalf("the picture's line reads %q, want one line that the curve crosses a line", got)
	}
	if c.Drawing() != before || e.Notation() != notation || len(before.Lines) != 2 {
		t.Fatalf("a refused curve changed the position: %q, %d lines", e.Notation(), len(c.Drawing().Lines))
	}
	_ = w
	drag(c, left, drawing.Point{X: -20, Y: 150}, right) // round the top: a move, the refusal goes
	if c.Refusal() != "" || p.Refusal() != "" || len(c.Drawing().Lines) != 4 {
		t.Fatalf("after a good curve: refusal %q, %d lines", c.Refusal(), len(c.Drawing().Lines))
	}
}

func TestSproutsEditor_Refusals(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "sprouts", Notation: "0*2"})
	c := sproutsCanvas(t, e)
	drag(c, drawing.Point{X: 60, Y: 0}, top)
	if !strings.Contains(c.Refusal(), "starts on a spot") {
		t.Fatalf("a curve from no spot: refusal %q", c.Refusal())
	}
	drag(c, top, drawing.Point{X: 60, Y: 0})
	if !strings.Contains(c.Refusal(), "does not end at a spot") {
		t.Fatalf("a curve to no spot: refusal %q", c.Refusal())
	}
	drag(c, top, drawing.Point{X: 30, Y: 0}, bottom)
	mid := drawing.Point{X: 30, Y: 0} // the new spot, 2, with one life
	drag(c, mid, drawing.Point{X: 70, Y: 25}, drawing.Point{X: 70, Y: -25}, mid)
	if !strings.Contains(c.Refusal(), "a loop on spot 2 needs 2 lives") {
		t.Fatalf("a loop on a one-life spot: refusal %q", c.Refusal())
	}
	if e.Notation() != "1a1a" {
		t.Fatalf("refusals changed the position to %q", e.Notation())
	}
	e.Pictures()[0].(*sproutsPicture).startNew(2)
	drag(c, top, drawing.Point{X: -40, Y: 150}, drawing.Point{X: 40, Y: 150}, top)
	drag(c, top, drawing.Point{X: -50, Y: 0}, bottom) // the top spot ends 3 lines
	drag(c, top, drawing.Point{X: 50, Y: 0}, bottom)
	if !strings.Contains(c.Refusal(), "spot 0 is dead") {
		t.Fatalf("a curve from a dead spot: refusal %q (position %q)", c.Refusal(), e.Notation())
	}
}

func TestSproutsEditor_UndoRedo(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "sprouts", Notation: "0*2"})
	c := sproutsCanvas(t, e)
	first := c.Drawing()
	drag(c, top, drawing.Point{X: 30, Y: 0}, bottom)
	drawn := c.Drawing()
	e.Undo()
	if e.Notation() != "0*2" || c.Drawing() != first {
		t.Fatalf("after Undo: %q, %d lines, want 0*2 as first drawn", e.Notation(), len(c.Drawing().Lines))
	}
	e.Redo()
	if e.Notation() != "1a1a" || c.Drawing() != drawn {
		t.Fatalf("after Redo: %q, %d lines, want 1a1a as drawn by hand", e.Notation(), len(c.Drawing().Lines))
	}
	p := e.Pictures()[0].(*sproutsPicture)
	p.startNew(4)
	if e.Notation() != "0*4" || len(c.Drawing().Spots) != 4 {
		t.Fatalf("New 0*4: %q with %d spots", e.Notation(), len(c.Drawing().Spots))
	}
	e.Undo()
	if e.Notation() != "1a1a" || c.Drawing() != drawn {
		t.Fatalf("Undo after New: %q", e.Notation())
	}
	relaxed := c.Drawing()
	p.relax()
	if c.Drawing() == relaxed || c.Drawing().String() != "1a1a" || e.Notation() != "1a1a" {
		t.Fatalf("Relax: %s, notation %q", c.Drawing(), e.Notation())
	}
}

func TestSproutsEditor_TypedString(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "sprouts", Notation: "0*2"})
	e.SetNotation("0*5")
	if c := sproutsCanvas(t, e); len(c.Drawing().Spots) != 5 {
		t.Fatalf("0*5 typed: %d spots drawn", len(c.Drawing().Spots))
	}
	e.SetNotation("0*2")
	e.SetNotation("1a1a") // an option of the drawing on show: replayed on it
	if c := sproutsCanvas(t, e); c.Drawing().String() != "1a1a" || len(c.Drawing().Lines) != 2 {
		t.Fatalf("1a1a typed after 0*2: drawing %s", c.Drawing())
	}
	e.SetNotation("AB.CD|AB|CD") // no move of what is drawn: a game found that leads there
	if c := sproutsCanvas(t, e); c.Drawing().String() != "AB.CD|AB|CD" {
		t.Fatalf("AB.CD|AB|CD typed: drawing %s", c.Drawing())
	}
	big := "0.0.0.0.0.0.0.0.0.0.AB|AB" // 32 lives: a game from 11 spots, too long to draw
	e.SetNotation(big)
	if _, ok := e.Pictures()[0].(*textPicture); !ok || e.Notation() != big {
		t.Fatalf("a string with no drawing shows a %T", e.Pictures()[0])
	}
	e.SetNotation("0*3")
	if c := sproutsCanvas(t, e); len(c.Drawing().Spots) != 3 {
		t.Fatal("0*3 typed after a text: not drawn again")
	}
}

func TestSproutsEditor_SaveOpen(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "sprouts", Notation: "0*3"})
	c := sproutsCanvas(t, e)
	drag(c, top, drawing.Point{X: 120, Y: 60}, drawing.Point{X: 120, Y: -60}, c.Drawing().Spots[1])
	saved := c.Drawing()
	path := filepath.Join(t.TempDir(), "d.json")
	if err := e.SaveDrawing(path); err != nil {
		t.Fatal(err)
	}
	e.Pictures()[0].(*sproutsPicture).startNew(5)
	if err := e.OpenDrawing(path); err != nil {
		t.Fatal(err)
	}
	got := sproutsCanvas(t, e).Drawing()
	if e.Notation() != saved.String() || !reflect.DeepEqual(got.Spots, saved.Spots) || !reflect.DeepEqual(got.Lines, saved.Lines) {
		t.Fatalf("opened %q (%d lines), saved %q (%d lines)", e.Notation(), len(got.Lines), saved, len(saved.Lines))
	}
}

func TestSproutsEditor_BadFileRefused(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "sprouts", Notation: "0*2"})
	before := sproutsCanvas(t, e).Drawing()
	crossing := `{"format":"grundy-position/1","game":"sprouts","position":"",` +
		`"drawing":{"Spots":[{"X":0,"Y":0},{"X":10,"Y":0},{"X":5,"Y":5},{"X":5,"Y":-5}],` +
		`"Lines":[{"From":0,"To":1,"Path":[{"X":0,"Y":0},{"X":10,"Y":0}]},{"From":2,"To":3,"Path":[{"X":5,"Y":5},{"X":5,"Y":-5}]}]}}`
	for _, c := range []struct{ name, data, want string }{
		{"crossing", crossing, "line 1 crosses the line from spot 0 to spot 1"},
		{"truncated", crossing[:60], "not a drawing file"},
		{"spot", strings.Replace(crossing, `"To":3`, `"To":9`, 1), "line 1 ends at spot 9, and there are 4 spots"},
		{"position", strings.Replace(crossing, `"position":""`, `"position":"1a1a"`, 1), "line 1 crosses"},
		{"game", strings.Replace(crossing, `"sprouts"`, `"cram"`, 1), `a position of "cram"`},
		{"spots", `{"format":"grundy-position/1","game":"sprouts","drawing":{"Spots":[` +
			strings.Repeat(`{"X":0,"Y":0},`, 212) + `{"X":0,"Y":0}]}}`, "213 spots, more than 212"},
		{"points", `{"format":"grundy-position/1","game":"sprouts","drawing":{"Spots":[],"Lines":[{"Path":[` +
			strings.Repeat(`{"X":0,"Y":0},`, 8000) + `{"X":0,"Y":0}]}]}}`, "lines of 8001 points, more than 8000"},
		{"no drawing", `{"format":"grundy-position/1","game":"sprouts","position":"0*2"}`, "no drawing in the file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.json")
			if err := os.WriteFile(path, []byte(c.data), 0o644); err != nil {
				t.Fatal(err)
			}
			err := e.OpenDrawing(path)
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
				t.Fatalf("OpenDrawing(%s) = %v, want one line with %q", c.name, err, c.want)
			}
			if !strings.HasPrefix(err.Error(), "bad.json: ") {
				t.Errorf("the error %q does not name the file", err)
			}
			if e.Notation() != "0*2" || sproutsCanvas(t, e).Drawing() != before {
				t.Fatalf("a bad file changed the position to %q", e.Notation())
			}
		})
	}
}

// The view keeps the drawing's shape and centre, y up, in any widget size.
func TestFitView(t *testing.T) {
	d := drawing.New(4)
	for _, size := range [][2]float64{{400, 300}, {300, 500}} {
		v := fitView(d, size[0], size[1])
		x, y := v.screen(top)
		if x != size[0]/2 || y >= size[1]/2 {
			t.Errorf("fitView(%v): the top spot at (%.1f, %.1f), want above the centre", size, x, y)
		}
		if p := v.point(v.screen(right)); p.X-right.X > 1e-9 || p.Y-right.Y > 1e-9 {
			t.Errorf("fitView(%v): point(screen(%v)) = %v", size, right, p)
		}
		lx, _ := v.screen(left)
		rx, _ := v.screen(right)
		if rx-lx > size[0]-2*viewMargin+1e-9 {
			t.Errorf("fitView(%v): the drawing is %.1f wide, over the room", size, rx-lx)
		}
		if s := v.spotNear(d, x+snapRadius-1, y); s != 0 {
			t.Errorf("fitView(%v): spotNear a few pixels off the top spot = %d", size, s)
		}
	}
}

// A position reached again another way is drawn from the drawing on show (the move
// replayed), not taken from the drawing it had before; a move shown is drawn without being
// played.
func TestSproutsEditor_OtherWaySamePosition(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "sprouts", Notation: "0*2"})
	c := sproutsCanvas(t, e)
	drag(c, top, drawing.Point{X: -40, Y: 150}, drawing.Point{X: 40, Y: 150}, top)
	loop := c.Drawing()
	if e.Notation() != "0.AB|AB" {
		t.Fatalf("a loop on 0*2: %q", e.Notation())
	}
	e.Pictures()[0].(*sproutsPicture).startNew(2)
	fresh := c.Drawing()
	e.ShowMove("0.AB|AB")
	if c.Drawing() != fresh || !strings.Contains(e.MoveNote(), "a loop on spot") {
		t.Fatalf("ShowMove: drawing changed, or note %q", e.MoveNote())
	}
	e.ClearMove()
	e.SetNotation("0.AB|AB")
	if d := c.Drawing(); d == loop || d.String() != "0.AB|AB" || c.Marked() != 0 || len(d.Spots) != 3 {
		t.Fatalf("0.AB|AB reached again: the old drawing (%v) or %s marked from %d", d == loop, d, c.Marked())
	}
}

// The example of docs/formats.md reads back as the position it names.
func TestReadDrawing_FormatsExample(t *testing.T) {
	data, err := os.ReadFile("../docs/formats.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.Contains(line, `"drawing":{`) {
			d, err := ReadDrawing(strings.NewReader(line))
			if err != nil || d.String() != "1a1a" {
				t.Fatalf("ReadDrawing(the example of formats.md) = %v, %v, want 1a1a", d, err)
			}
			return
		}
	}
	t.Fatal("no drawing example in docs/formats.md")
}

// fakeFiles answers every file dialog with path.
type fakeFiles struct{ path string }

func (f fakeFiles) Open(_ string, _ []string, done func(string, error))    { done(f.path, nil) }
func (f fakeFiles) Save(_, _ string, _ []string, done func(string, error)) { done(f.path, nil) }

// The Save… and Open… buttons ask the editor's FilePicker, and say why when there is none
// or the file is bad.
func TestSproutsEditor_SaveOpenButtons(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "sprouts", Notation: "0*2"})
	p := e.Pictures()[0].(*sproutsPicture)
	p.save()
	if !strings.Contains(p.Refusal(), "No file dialog") {
		t.Fatalf("Save… with no FilePicker: %q", p.Refusal())
	}
	path := filepath.Join(t.TempDir(), "loop") // Save… adds .json
	e.Files = fakeFiles{path}
	drag(e.SproutsCanvas(0), top, drawing.Point{X: -40, Y: 150}, drawing.Point{X: 40, Y: 150}, top)
	p.save()
	p.startNew(3)
	e.Files = fakeFiles{path + ".json"}
	p.open()
	if e.Notation() != "0.AB|AB" || p.Refusal() != "" {
		t.Fatalf("Open… after Save…: %q, %q", e.Notation(), p.Refusal())
	}
	os.WriteFile(path+".json", []byte("{}"), 0o644)
	p.open()
	if !strings.HasPrefix(p.Refusal(), "Not opened: loop.json: format") {
		t.Fatalf("Open… of a bad file: %q", p.Refusal())
	}
}

func TestMostBoundaries(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{{"0*12", 12}, {"0.0.AB|AB", 3}, {"1a1a", 1}, {"0.AB|0.0.AB+1a2a", 3}, {"!", 1}} {
		if got := mostBoundaries(c.s); got != c.want {
			t.Errorf("mostBoundaries(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}

// A move in a region of too many boundaries is not replayed (it would take the UI seconds):
// typed, the option is shown as text; shown, its line says it is not drawn. A hand may draw it.
func TestSproutsEditor_NoReplayInLargeRegions(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "sprouts", Notation: "0*12"})
	_, pos := e.Current()
	option := optionNames(pos)[0] // Replay would search minutes for it
	e.ShowMove(option)
	if !strings.Contains(e.MoveNote(), "not drawn") {
		t.Fatalf("a move shown from 0*12: %q", e.MoveNote())
	}
	e.ClearMove()
	c := sproutsCanvas(t, e)
	drag(c, c.Drawing().Spots[0], drawing.Point{X: 0, Y: 0}, c.Drawing().Spots[6])
	if c.Refusal() != "" || len(c.Drawing().Lines) != 2 {
		t.Fatalf("a curve across 0*12: refusal %q", c.Refusal())
	}
}
