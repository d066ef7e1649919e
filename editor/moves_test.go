package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"grundy/games/chomp"
	"grundy/games/cram"
)

func TestCramMove(t *testing.T) {
	for _, c := range []struct {
		before, after string
		want          domino
		exact         bool
	}{
		{"3x4", ".##./..../....", domino{0, 1, 0, 2}, true},
		{"3x4", "..../#.../#...", domino{1, 0, 2, 0}, true},
		{"#../.../...", "#../.##/...", domino{1, 1, 1, 2}, true},
		// The canonical form crops: 1x4 less its first two cells is a 1x2 board.
		{"1x4", "1x2", domino{0, 0, 0, 1}, false},
	} {
		b, _ := cram.ParseWide(c.before)
		a, _ := cram.ParseWide(c.after)
		d, exact, ok := cramMove(b, a)
		if !ok || d != c.want || exact != c.exact {
			t.Errorf("cramMove(%q, %q) = %v, %v, %v, want %v, %v, true", c.before, c.after, d, exact, ok, c.want, c.exact)
		}
	}
	b, _ := cram.ParseWide("2x2")
	a, _ := cram.ParseWide("1x4")
	if d, _, ok := cramMove(b, a); ok {
		t.Errorf("cramMove(2x2, 1x4) = %v, true: no domino of 2x2 leaves 1x4", d)
	}
}

func TestChompMove(t *testing.T) {
	for _, c := range []struct {
		before, after string
		want          bite
		exact         bool
	}{
		{"3x4", "3 3 1 1", bite{1, 2}, true},
		{"3x4", "3 3", bite{0, 2}, true},
		{"3 3 2 1", "1 1 1 1", bite{1, 0}, true},
		// 4 2 1 turned over its diagonal is 3 2 1 1: the bite at height 1 of column 4.
		{"4 2 1 1", "4 2 1", bite{0, 3}, true},
		{"3 3 2", "2 2 2", bite{2, 0}, true},
		// 3 2 turned over its diagonal is 2 2 1, which no bite of 3 3 leaves as it is.
		{"3 3", "2 2 1", bite{2, 1}, false},
	} {
		b, _ := chomp.Parse(c.before)
		a, _ := chomp.Parse(c.after)
		got, exact, ok := chompMove(b, a)
		if !ok || exact != c.exact {
			t.Errorf("chompMove(%q, %q) = %v, %v, %v, want exact %v", c.before, c.after, got, exact, ok, c.exact)
			continue
		}
		nb, _ := chomp.New(bitten(b.Heights(), got))
		if nb.Key() != a.Key() || c.exact && got != c.want {
			t.Errorf("chompMove(%q, %q) = %v, leaving %q, want %v", c.before, c.after, got, nb, c.want)
		}
	}
}

func TestHeapMove(t *testing.T) {
	for _, c := range []struct {
		before, after []int
		want          string
	}{
		{[]int{3, 5, 7}, []int{3, 2, 7}, "heap 2: 5 → 2"},
		{[]int{4, 7}, []int{1, 2, 7}, "heap 1: 4 → 1 + 2"},
		{[]int{4, 7}, []int{7}, "heap 1: 4 → none"},
		{[]int{4, 7}, []int{4, 3, 2}, "heap 2: 7 → 3 + 2"},
		{[]int{0, 3}, []int{2}, "heap 2: 3 → 2"}, // a typed empty heap keeps its row
		{[]int{5}, nil, "heap 1: 5 → none"},
	} {
		got, ok := heapMove(c.before, c.after)
		if !ok || got.String() != c.want {
			t.Errorf("heapMove(%v, %v) = %v, %v, want %q", c.before, c.after, got, ok, c.want)
		}
	}
	if got, ok := heapMove([]int{3, 5}, []int{3, 6}); ok {
		t.Errorf("heapMove([3 5], [3 6]) = %v, true: no move adds tokens", got)
	}
}

func TestEditor_ShowMoveCram(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "3x4"})
	b := cramBoard(t, e, 0)
	e.ShowMove(".##./..../....")
	if i1, j1, i2, j2, ok := b.Shown(); !ok || [4]int{i1, j1, i2, j2} != [4]int{0, 1, 0, 2} {
		t.Fatalf("Shown() = %d,%d %d,%d %v, want the domino 0,1 0,2", i1, j1, i2, j2, ok)
	}
	if got := e.MoveNote(); !strings.Contains(got, "row 1, columns 2–3") {
		t.Errorf("MoveNote() = %q, want the domino named", got)
	}
	if got := e.State().Notation; got != "3x4" {
		t.Errorf("ShowMove changed the position to %q", got)
	}
	e.ClearMove()
	if _, _, _, _, ok := b.Shown(); ok || e.MoveNote() != "" {
		t.Errorf("after ClearMove: a move still on show (%q)", e.MoveNote())
	}
}

func TestEditor_ShowMoveCramCanonical(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "2x3"})
	b := cramBoard(t, e, 0)
	// "##./..." in canonical form: the L of four cells, turned to 3 rows.
	e.ShowMove("#./#./..")
	i1, j1, i2, j2, ok := b.Shown()
	if !ok {
		t.Fatalf("no domino on show for an option in canonical form; note %q", e.MoveNote())
	}
	want, _ := cram.ParseWide("#./#./..")
	if got := b.Board().With(i1, j1, false).With(i2, j2, false); got.Key() != want.Key() {
		t.Errorf("domino %d,%d %d,%d leaves %q, not the option", i1, j1, i2, j2, got)
	}
	if got := e.MoveNote(); !strings.Contains(got, "canonical form") {
		t.Errorf("MoveNote() = %q, want it to say the option is in canonical form", got)
	}
	e.ShowMove("1x4") // no one domino of 2x3 leaves a 1x4 strip
	if _, _, _, _, ok := b.Shown(); ok || !strings.Contains(e.MoveNote(), "leaves 1x4") {
		t.Errorf("an option no domino gives: shown %v, note %q", ok, e.MoveNote())
	}
}

func TestEditor_ShowMoveChomp(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "chomp", Notation: "3x4"})
	b := e.Pictures()[0].(*chompPicture).board
	e.ShowMove("3 3 1 1")
	if row, col, ok := b.Shown(); !ok || row != 1 || col != 2 {
		t.Fatalf("Shown() = %d, %d, %v, want the bite at height 1 of column 2", row, col, ok)
	}
	if got := e.MoveNote(); !strings.Contains(got, "4 squares") {
		t.Errorf("MoveNote() = %q, want the 4 squares the bite takes", got)
	}
	if got := e.State().Notation; got != "3x4" {
		t.Errorf("ShowMove changed the position to %q", got)
	}
}

func TestEditor_ShowMoveHeaps(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "kayles", Notation: "4 7"})
	p := e.Pictures()[0].(*heapPicture)
	e.ShowMove("1 2 7")
	if got := e.MoveNote(); got != "the move: heap 1: 4 → 1 + 2" {
		t.Errorf("MoveNote() = %q", got)
	}
	tokens := p.rows.Objects[0].(*fyne.Container).Objects[2].(*heapTokens)
	if tokens.taken != [2]int{1, 2} {
		t.Errorf("tokens taken %v, want the second one, [1 2]", tokens.taken)
	}
	if other := p.rows.Objects[1].(*fyne.Container).Objects[2].(*heapTokens); other.taken != [2]int{} {
		t.Errorf("heap 2 marks tokens %v", other.taken)
	}
	e.ShowMove("")
	if tokens := p.rows.Objects[0].(*fyne.Container).Objects[2].(*heapTokens); tokens.taken != [2]int{} || e.MoveNote() != "" {
		t.Errorf("after ShowMove(\"\"): tokens %v, note %q", tokens.taken, e.MoveNote())
	}
}

func TestEditor_ShowMoveSum(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "2x2 + 1x3"})
	e.ShowMove("2x2 + ##.")
	if _, _, _, _, ok := cramBoard(t, e, 1).Shown(); !ok {
		t.Fatal("no domino on show in component 2")
	}
	if _, _, _, _, ok := cramBoard(t, e, 0).Shown(); ok {
		t.Error("a domino on show in component 1, which the move leaves alone")
	}
	if got := e.MoveNote(); !strings.HasPrefix(got, "component 2: ") {
		t.Errorf("MoveNote() = %q, want it to name component 2", got)
	}
}

func TestEditor_ShowMoveGoesWithTheChange(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "cram", Notation: "3x4"})
	e.ShowMove(".##./..../....")
	tapCell(cramBoard(t, e, 0), 2, 3)
	if _, _, _, _, ok := cramBoard(t, e, 0).Shown(); ok || e.MoveNote() != "" {
		t.Errorf("a move of the last position still on show: %q", e.MoveNote())
	}
}

// tapSquare taps the square at height row (0 at the bottom) of column col of a Chomp board.
func tapSquare(b *ChompBoard, row, col int) {
	g := b.geom()
	x, y := g.cellOrigin(b.rows-1-row, col)
	test.TapAt(b, fyne.NewPos(x+g.cell/2, y+g.cell/2))
}

func TestChompBoard_ClickBites(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "chomp", Notation: "3x4"})
	b := e.Pictures()[0].(*chompPicture).board
	tapSquare(b, 1, 1)
	if got, want := e.Notation(), "3 1 1 1"; got != want {
		t.Fatalf("after a bite at height 2 of column 2: %q, want %q", got, want)
	}
	tapSquare(b, 0, 0) // the poisoned square is never bitten
	tapSquare(b, 2, 3) // nor an empty place
	if got, want := e.Notation(), "3 1 1 1"; got != want {
		t.Fatalf("after taps on the poison and an empty place: %q, want %q", got, want)
	}
	tapSquare(b, 0, 2)
	if got, want := e.Notation(), "3 1"; got != want {
		t.Fatalf("after a bite at the bottom of column 3: %q, want %q", got, want)
	}
	e.Undo()
	if got, want := e.Notation(), "3 1 1 1"; got != want {
		t.Fatalf("Undo after a bite: %q, want %q", got, want)
	}
}

func TestChompPicture_EditShapeToggles(t *testing.T) {
	e, _ := newTestEditor(t, State{Game: "chomp", Notation: "3x4"})
	p := e.Pictures()[0].(*chompPicture)
	if p.board.EditShape() {
		t.Fatal("a new Chomp board edits its shape: want it to bite")
	}
	test.Tap(p.shape)
	if !p.board.EditShape() || p.notes.hint.Text != chompShapeHint {
		t.Fatalf("after checking Edit shape: EditShape() = %v, hint %q", p.board.EditShape(), p.notes.hint.Text)
	}
	tapSquare(p.board, 0, 3) // column 4 reaches up to the tap, and no higher
	if got, want := e.Notation(), "3 3 3 1"; got != want {
		t.Fatalf("a shape tap on the bottom of column 4: %q, want %q", got, want)
	}
	tapSquare(p.board, 2, 3) // in shape editing a tap on an empty place grows the column
	if got, want := e.Notation(), "3x4"; got != want {
		t.Fatalf("a shape tap at the top of column 4: %q, want %q", got, want)
	}
	test.Tap(p.shape)
	if p.board.EditShape() || p.notes.hint.Text != chompHint {
		t.Fatalf("after unchecking Edit shape: EditShape() = %v, hint %q", p.board.EditShape(), p.notes.hint.Text)
	}
}

func TestEditor_Hints(t *testing.T) {
	for _, c := range []struct {
		game, position, want string
	}{
		{"cram", "3x4", "Drag between two free cells to play a domino"},
		{"chomp", "3x4", "Click a square to bite: it and every square above and to its right go"},
		{"nim", "3 5 7", "Type heap sizes or use + and −"},
		{"kayles", "4 7", "Type heap sizes or use + and −"},
		{"sprouts", "0*3", "Drag from a spot to a spot"},
		// a string with no drawing (too many lives) is shown as text, with a legend of the notation
		{"sprouts", "0.0.0.0.0.0.0.0.0.0.AB|AB", "'.' separates the boundaries of a region, '|' the regions of a land, '+' the lands"},
		{"sprouts", "0.0.0.0.0.0.0.0.0.0.AB|AB", "0, 1, 2 have 3, 2, 1 lives"},
	} {
		e, _ := newTestEditor(t, State{Game: c.game, Notation: c.position})
		if got := e.Hint(); !strings.Contains(got, c.want) {
			t.Errorf("%s %s: Hint() = %q, want %q in it", c.game, c.position, got, c.want)
		}
	}
}
