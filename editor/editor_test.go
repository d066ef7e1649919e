package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"grundy/engine"
	"grundy/games"
	"grundy/games/cram"
)

// newTestEditor returns an editor of the registry's games in a test window, showing s.
func newTestEditor(t *testing.T, s State) (*Editor, fyne.Window) {
	t.Helper()
	t.Setenv("HOME", t.TempDir())
	test.NewTempApp(t)
	e := New(DefaultCatalog())
	w := test.NewTempWindow(t, e)
	w.Resize(fyne.NewSize(720, 520))
	if err := e.SetState(s); err != nil {
		t.Fatalf("SetState(%v): %v", s, err)
	}
	return e, w
}

// tapCell taps cell (i, j) of a Cram board.
func tapCell(b *CramBoard, i, j int) {
	g := b.geom()
	x, y := g.cellOrigin(i, j)
	test.TapAt(b, fyne.NewPos(x+g.cell/2, y+g.cell/2))
}

// cramBoard returns the board widget of picture k.
func cramBoard(t *testing.T, e *Editor, k int) *CramBoard {
	t.Helper()
	p, ok := e.Pictures()[k].(*cramPicture)
	if !ok {
		t.Fatalf("picture %d is a %T, want a Cram picture", k, e.Pictures()[k])
	}
	return p.board
}

func TestCramEditor_TapTogglesCell(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "2x3"})
	b := cramBoard(t, e, 0)
	tapCell(b, 0, 1)
	if got, want := e.Notation(), ".#./..."; got != want {
		t.Fatalf("after tapping (0,1): notation %q, want %q", got, want)
	}
	if b.Board().Free(0, 1) {
		t.Fatal("after tapping (0,1): cell still free")
	}
	tapCell(b, 0, 1)
	if got, want := e.Notation(), "2x3"; got != want {
		t.Fatalf("after tapping (0,1) again: notation %q, want %q", got, want)
	}
}

func TestCramEditor_NotationChangesBoard(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "2x3"})
	e.SetNotation("..#/#..")
	b := cramBoard(t, e, 0)
	for _, c := range []struct {
		i, j int
		free bool
	}{{0, 0, true}, {0, 2, false}, {1, 0, false}, {1, 2, true}} {
		if got := b.Board().Free(c.i, c.j); got != c.free {
			t.Errorf("Free(%d, %d) = %v, want %v", c.i, c.j, got, c.free)
		}
	}
}

func TestCramBoard_DragPlaysDomino(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "2x3"})
	b := cramBoard(t, e, 0)
	g := b.geom()
	x, y := g.cellOrigin(1, 0)
	from := fyne.NewPos(x+g.cell/2, y+g.cell/2)
	// As the desktop driver reports a drag: the pointer's position now, and the move since
	// the last event (test.Drag gives the press position instead).
	step := fyne.NewDelta(g.cell/2, 0)
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: from.AddXY(step.DX, 0)}, Dragged: step})
	b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: from.AddXY(2*step.DX, 0)}, Dragged: step})
	b.DragEnd()
	if got, want := e.Notation(), ".../##."; got != want {
		t.Fatalf("after a drag from (1,0) to (1,1): notation %q, want %q", got, want)
	}
	if len(b.dominoes) != 1 {
		t.Fatalf("%d dominoes drawn, want 1", len(b.dominoes))
	}
	tapCell(b, 1, 0)
	if len(b.dominoes) != 0 {
		t.Fatalf("after freeing a cell of the domino: %d dominoes drawn, want 0", len(b.dominoes))
	}
}

func TestCramBoard_PlayNeedsFreeNeighbours(t *testing.T) {
	b0, _ := cram.ParseWide("#../...")
	b := NewCramBoard(b0)
	for _, m := range [][4]int{{0, 0, 0, 1}, {0, 1, 1, 2}, {1, 2, 1, 3}} {
		if b.Play(m[0], m[1], m[2], m[3]) {
			t.Errorf("Play%v on %q = true, want false", m, b0)
		}
	}
	if !b.Play(0, 1, 0, 2) || b.Board().String() != "###/..." {
		t.Errorf("Play(0,1,0,2): board %q, want \"###/...\"", b.Board())
	}
}

func TestEditor_BadEntrySaysWhy(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "2x3"})
	var invalid, changed int
	e.OnInvalid = func(error) { invalid++ }
	e.OnChanged = func(games.Game, engine.Position) { changed++ }
	e.SetNotation("..x/...")
	if e.Err() == nil {
		t.Fatal("Err() = nil after a bad entry")
	}
	if invalid != 1 || changed != 0 {
		t.Errorf("a bad entry called OnInvalid %d times, OnChanged %d times; want 1 and 0", invalid, changed)
	}
	if s := e.Status(); !strings.Contains(s, "character 3") {
		t.Errorf("status %q does not point at character 3", s)
	}
	if got := e.State().Notation; got != "2x3" {
		t.Errorf("state after a bad entry = %q, want the last valid one, \"2x3\"", got)
	}
	e.SetNotation("3x1")
	if e.Err() != nil || e.State().Notation != "3x1" {
		t.Errorf("after a good entry: Err() = %v, state %q", e.Err(), e.State().Notation)
	}
	if invalid != 1 || changed != 1 {
		t.Errorf("a good entry after a bad one: OnInvalid %d times, OnChanged %d times; want 1 and 1", invalid, changed)
	}
}

func TestEditor_UndoRedo(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "2x3"})
	tapCell(cramBoard(t, e, 0), 0, 0)
	e.SetNotation("3x3")
	e.Undo()
	if got := e.Notation(); got != "#../..." {
		t.Fatalf("after one Undo: %q, want %q", got, "#../...")
	}
	e.Undo()
	if got := e.Notation(); got != "2x3" {
		t.Fatalf("after two Undos: %q, want %q", got, "2x3")
	}
	if cramBoard(t, e, 0).Board().String() != "2x3" {
		t.Fatalf("picture not in step after Undo: %q", cramBoard(t, e, 0).Board())
	}
	e.Redo()
	e.Redo()
	if got := e.Notation(); got != "3x3" {
		t.Fatalf("after two Redos: %q, want %q", got, "3x3")
	}
}

func TestEditor_SumSideBySide(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "2x2 + 1x3"})
	if n := len(e.Pictures()); n != 2 {
		t.Fatalf("%d pictures for a sum of 2, want 2", n)
	}
	tapCell(cramBoard(t, e, 1), 0, 2)
	if got, want := e.Notation(), "2x2 + ..#"; got != want {
		t.Fatalf("after editing component 2: %q, want %q", got, want)
	}
	e.AddTerm()
	if got, want := e.Notation(), "2x2 + ..# + ..#"; got != want {
		t.Fatalf("after AddTerm: %q, want %q", got, want)
	}
	e.RemoveTerm(0)
	if got, want := e.Notation(), "..# + ..#"; got != want {
		t.Fatalf("after RemoveTerm(0): %q, want %q", got, want)
	}
}

func TestEditor_SwitchGameTakesExample(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "2x3"})
	e.gameMenu.SetSelected("nim")
	if got := e.State(); got.Game != "nim" || got.Notation != "3 5 7" {
		t.Fatalf("after choosing nim: %+v, want nim \"3 5 7\"", got)
	}
	e.gameMenu.SetSelected("kayles")
	if got := e.State(); got.Game != "kayles" || got.Notation != "3 5 7" {
		t.Fatalf("after choosing kayles: %+v, want the heaps kept", got)
	}
	e.gameMenu.SetSelected("octal:CODE")
	if got := e.State().Game; got != "octal:0.77" {
		t.Fatalf("after choosing octal: game %q, want octal:0.77", got)
	}
	e.param.SetText("0.07")
	if got := e.State().Game; got != "octal:0.07" {
		t.Fatalf("after typing code 0.07: game %q", got)
	}
	e.param.SetText("0.7x")
	if e.Err() == nil || e.State().Game != "octal:0.07" {
		t.Fatalf("bad code: Err() = %v, game %q", e.Err(), e.State().Game)
	}
}

func TestHeapPicture_Steppers(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "nim", Notation: "3 5"})
	p := e.Pictures()[0].(*heapPicture)
	p.setHeap(0, 4)
	if got := e.Notation(); got != "4 5" {
		t.Fatalf("after setting heap 1 to 4: %q", got)
	}
	p.addHeap()
	p.removeHeap(0)
	if got := e.Notation(); got != "5 5" {
		t.Fatalf("after adding and removing: %q, want \"5 5\"", got)
	}
	row := p.rows.Objects[0].(*fyne.Container)
	tokens := row.Objects[2].(*heapTokens)
	test.TapAt(tokens, fyne.NewPos(tokenSide*1.5, 5))
	if got := e.Notation(); got != "2 5" {
		t.Fatalf("after tapping the second token: %q, want \"2 5\"", got)
	}
}

func TestChompEditor_EditShapeTapSetsHeights(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "chomp", Notation: "3x4"})
	p := e.Pictures()[0].(*chompPicture)
	test.Tap(p.shape) // taps edit the shape
	b := p.board
	g := b.geom()
	x, y := g.cellOrigin(1, 2) // row 1 from the top of 3: height 2, column 3
	test.TapAt(b, fyne.NewPos(x+g.cell/2, y+g.cell/2))
	if got, want := e.Notation(), "3 3 2 2"; got != want {
		t.Fatalf("after tapping row 2 of column 3: %q, want %q", got, want)
	}
}

// A new octal code keeps the position typed, valid or not, and a position typed after a code
// is read in that code; choosing the game on show again keeps its code.
func TestEditor_NewCodeKeepsPosition(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "octal:0.77", Notation: "10 20"})
	e.notation.SetText("10 20 x") // being typed
	e.param.SetText("0.137")
	if e.Notation() != "10 20 x" {
		t.Fatalf("a new code replaced the position typed with %q", e.Notation())
	}
	e.notation.SetText("10 20 30")
	if got := e.State(); got.Game != "octal:0.137" || got.Notation != "10 20 30" {
		t.Fatalf("after the code and the position: %+v, want octal:0.137 \"10 20 30\"", got)
	}
	e.gameMenu.SetSelected("nim")
	e.gameMenu.SetSelected("octal:CODE")
	e.gameMenu.SetSelected("octal:CODE") // no change: fyne calls nothing
	e.param.SetText("0.6")
	e.gameMenu.OnChanged("octal:CODE") // the game on show chosen again
	if got := e.State(); got.Game != "octal:0.6" || got.Notation != "10 20 30" {
		t.Fatalf("choosing octal again: %+v, want octal:0.6 \"10 20 30\"", got)
	}
}

// Choosing the game on show from the menu again (a stray click) changes nothing, not even a
// call of OnChanged, which stops the window's search.
func TestEditor_SameGameChosenChangesNothing(t *testing.T) {
	for _, s := range []State{{Game: "cram", Notation: "6x7"}, {Game: "octal:0.137", Notation: "10 20"}} {
		e, _ := newTestEditor(t, s)
		changed := 0
		e.OnChanged = func(games.Game, engine.Position) { changed++ }
		e.gameMenu.OnChanged(e.gameMenu.Selected) // what fyne's list does on a click on the same item
		if changed != 0 || e.State() != s {
			t.Errorf("%+v chosen again: %d changes, state %+v", s, changed, e.State())
		}
	}
}

// A move played elsewhere (the engine's, in play) is drawn as a domino, not two grey cells.
func TestCramBoard_MoveFromElsewhereIsADomino(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "3x4"})
	b := cramBoard(t, e, 0)
	b.Play(0, 0, 0, 1) // the user's move, by a drag
	if err := e.SetState(State{Game: "cram", Notation: "##../##../...."}); err != nil {
		t.Fatal(err) // the engine's answer
	}
	b = cramBoard(t, e, 0)
	if len(b.dominoes) != 2 {
		t.Fatalf("%d dominoes drawn after the engine's move, want the user's and the engine's", len(b.dominoes))
	}
	if d := b.dominoes[1]; d != (domino{1, 0, 1, 1}) {
		t.Errorf("the engine's domino is %v, want (1,0)-(1,1)", d)
	}
	e.Undo()
	if b = cramBoard(t, e, 0); len(b.dominoes) != 1 {
		t.Errorf("after Undo: %d dominoes, want the user's alone", len(b.dominoes))
	}
}
