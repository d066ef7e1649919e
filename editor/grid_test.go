package editor

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"grundy/games/parse"
)

func TestFitGrid_NonSquare(t *testing.T) {
	// A 2 × 5 grid in a tall 100 × 300 area: the width limits the cells to 20.
	g := fitGrid(100, 300, 2, 5, 32)
	if g.cell != 20 || g.x0 != 0 || g.y0 != 130 {
		t.Fatalf("fitGrid(100, 300, 2, 5) = %+v, want cell 20 at (0, 130)", g)
	}
	// The same grid in a wide area: the cap of 32 holds, centred.
	g = fitGrid(400, 100, 2, 5, 32)
	if g.cell != 32 || g.x0 != 120 || g.y0 != 18 {
		t.Fatalf("fitGrid(400, 100, 2, 5) = %+v, want cell 32 at (120, 18)", g)
	}
	for _, c := range []struct {
		x, y float32
		i, j int
		ok   bool
	}{{121, 19, 0, 0, true}, {120 + 32*4 + 1, 18 + 33, 1, 4, true}, {119, 20, 0, 0, false}, {130, 18 + 64, 0, 0, false}, {120 + 160, 20, 0, 0, false}} {
		i, j, ok := g.cellAt(c.x, c.y)
		if ok != c.ok || ok && (i != c.i || j != c.j) {
			t.Errorf("cellAt(%g, %g) = %d, %d, %v, want %d, %d, %v", c.x, c.y, i, j, ok, c.i, c.j, c.ok)
		}
	}
}

func TestStaircase(t *testing.T) {
	for _, c := range []struct {
		in       []int
		row, col int
		want     []int
	}{
		{[]int{3, 3, 3, 3}, 1, 2, []int{3, 3, 2, 2}},
		{[]int{3, 3, 2, 2}, 2, 3, []int{3, 3, 3, 3}},
		{[]int{3, 3, 2, 2}, 1, 3, []int{3, 3, 2, 1}},
		{[]int{1, 1, 0}, 0, 0, []int{1, 0, 0}},
		{[]int{2, 1}, 0, 1, []int{2, 0}},
	} {
		if got := staircase(c.in, c.row, c.col); !slices.Equal(got, c.want) {
			t.Errorf("staircase(%v, %d, %d) = %v, want %v", c.in, c.row, c.col, got, c.want)
		}
	}
}

func TestExplain(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{parse.Errorf(parse.ErrSyntax, "cram", "..x", 2, "invalid cell 'x'"), `cram: invalid cell 'x', at character 3 ("x") of "..x"`},
		{parse.Errorf(parse.ErrSyntax, "chomp", "3 4", 2, "column 2 is higher than column 1"), `chomp: column 2 is higher than column 1, at character 3 ("4") of "3 4"`},
		{parse.Errorf(parse.ErrSyntax, "cram", "3x", 2, "want a number"), `cram: want a number, at the end of "3x"`},
		{parse.Errorf(parse.ErrTooLarge, "nim", "1 2", -1, "too many heaps"), `nim: too many heaps`},
		{errors.New("plain"), "plain"},
	} {
		if got := Explain(c.err); got != c.want {
			t.Errorf("Explain(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}

func TestExampleOf(t *testing.T) {
	for _, e := range DefaultCatalog().Entries {
		ex := exampleOf(e)
		if ex == "" || strings.Contains(ex, ", ") {
			t.Errorf("exampleOf(%s) = %q", e.Name, ex)
		}
	}
}
