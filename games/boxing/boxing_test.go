package boxing

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games/gametest"
)

// naiveMoves returns the stones left by each full square of a rows × cols board whose cell
// (i, j) is bit i*cols+j of stones: the oracle's own move generator, cell by cell, sharing
// nothing with Board.
func naiveMoves(rows, cols int, stones uint32) []uint32 {
	var out []uint32
	for k := 1; k <= min(rows, cols); k++ {
		for i := 0; i+k <= rows; i++ {
			for j := 0; j+k <= cols; j++ {
				var sq uint32
				for a := i; a < i+k; a++ {
					for c := j; c < j+k; c++ {
						sq |= 1 << (a*cols + c)
					}
				}
				if stones&sq == sq {
					out = append(out, stones&^sq)
				}
			}
		}
	}
	return out
}

// naiveTable returns the nimber of every filling of a rows × cols board (at most 16 cells):
// plain mex, never splitting, by increasing fillings (a move only clears bits).
func naiveTable(rows, cols int) []uint8 {
	n := uint32(1) << (rows * cols)
	table := make([]uint8, n)
	for s := range n {
		var seen uint64
		for _, o := range naiveMoves(rows, cols, s) {
			seen |= 1 << table[o]
		}
		table[s] = uint8(bits.TrailingZeros64(^seen))
	}
	return table
}

// boardOf returns the Board of a filling.
func boardOf(t testing.TB, rows, cols int, stones uint32) *Board {
	grid := make([][]bool, rows)
	for i := range grid {
		grid[i] = make([]bool, cols)
		for j := range grid[i] {
			grid[i][j] = stones>>(i*cols+j)&1 == 1
		}
	}
	b, err := FromGrid(grid)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBruteForce_AllBoardsTo4x4 checks every filling of every board up to 4x4, 74 954 in
// all: the nimber through Split, Key and Options (with the symmetries Key folds) against the naive table, and Value where it answers.
func TestBruteForce_AllBoardsTo4x4(t *testing.T) {
	mex := gametest.Mex{}
	checked := 0
	for rows := 1; rows <= 4; rows++ {
		for cols := 1; cols <= 4; cols++ {
			table := naiveTable(rows, cols)
			for s := range uint32(len(table)) {
				b := boardOf(t, rows, cols, s)
				if got := mex.Nimber(b); got != int(table[s]) {
					t.Fatalf("Nimber(%q) = %d, want %d", b, got, table[s])
				}
				if v, ok := b.Value(); ok && v != int(table[s]) {
					t.Fatalf("Value(%q) = %d, want %d", b, v, table[s])
				}
				checked++
			}
		}
	}
	if checked != 74954 {
		t.Errorf("checked %d boards, want 74954", checked)
	}
}

// TestBruteForce_Solver checks the engine's search, with and without theory, on random boards
// of up to 4x4 against the naive table.
func TestBruteForce_Solver(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 3))
	tables := map[[2]int][]uint8{}
	for range 300 {
		rows, cols := 1+rng.IntN(4), 1+rng.IntN(4)
		key := [2]int{rows, cols}
		if tables[key] == nil {
			tables[key] = naiveTable(rows, cols)
		}
		s := rng.Uint32N(uint32(len(tables[key])))
		b := boardOf(t, rows, cols, s)
		for _, opts := range [][]engine.SolverOption{nil, {engine.WithoutTheory(), engine.WithCache(engine.NewMapCache())}} {
			n, err := engine.NewSolver(opts...).Nimber(context.Background(), b)
			if err != nil || n != int(tables[key][s]) {
				t.Fatalf("solver Nimber(%q) = %d, %v, want %d; seed %d", b, n, err, tables[key][s], seed)
			}
		}
	}
}

// naiveNimber is plain mex on a board of up to 32 cells, memoised on the filling.
func naiveNimber(rows, cols int, stones uint32, memo map[uint32]int) int {
	if v, ok := memo[stones]; ok {
		return v
	}
	var seen uint64
	for _, o := range naiveMoves(rows, cols, stones) {
		seen |= 1 << naiveNimber(rows, cols, o, memo)
	}
	v := bits.TrailingZeros64(^seen)
	memo[stones] = v
	return v
}

// TestBruteForce_RandomBoards checks the search on random boards of 20 to 25 cells, about
// half full, against plain mex.
func TestBruteForce_RandomBoards(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 4))
	shapes := [][2]int{{5, 5}, {4, 5}, {3, 7}, {5, 4}, {2, 10}}
	for range 30 {
		sh := shapes[rng.IntN(len(shapes))]
		var s uint32
		for c := range sh[0] * sh[1] {
			if rng.IntN(2) > 0 {
				s |= 1 << c
			}
		}
		b := boardOf(t, sh[0], sh[1], s)
		want := naiveNimber(sh[0], sh[1], s, map[uint32]int{})
		n, err := engine.NewSolver(engine.WithoutTheory()).Nimber(context.Background(), b)
		if err != nil || n != want {
			t.Fatalf("solver Nimber(%q) = %d, %v, want %d; seed %d", b, n, err, want, seed)
		}
	}
}

// TestSymmetries checks that the 8 symmetric images of random boards have one Key and one
// nimber, and that Options leaves the board unchanged.
func TestSymmetries(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 5))
	mex := gametest.Mex{}
	for range 200 {
		rows, cols := 1+rng.IntN(4), 1+rng.IntN(5)
		b := boardOf(t, rows, cols, rng.Uint32N(1<<(rows*cols)))
		before := b.String()
		want := mex.Nimber(b)
		same, turned := b.orientations(), b.transpose().orientations()
		images := append(same[:], turned[:]...)
		for _, img := range images {
			if img.Key() != b.Key() || mex.Nimber(img) != want {
				t.Fatalf("image %q of %q: key %q nimber %d, want key %q nimber %d; seed %d", img, b, img.Key(), mex.Nimber(img), b.Key(), want, seed)
			}
		}
		for range b.Options() {
		}
		if b.String() != before {
			t.Fatalf("Options changed %q to %q", before, b)
		}
	}
}

// TestSplit checks the components Split gives: 4-connected groups, cropped, in the order of
// their first cell.
func TestSplit(t *testing.T) {
	tests := []struct {
		in    string
		split []string
	}{
		{"oo./..o/..o", []string{"1x2", "2x1"}},
		{"oo.oo", []string{"1x2", "1x2"}},
		{"o.o/.o./o.o", []string{"1x1", "1x1", "1x1", "1x1", "1x1"}}, // corners do not join
		{"oo./.oo", []string{"oo./.oo"}},
		{"ooo/o.o/ooo", []string{"ooo/o.o/ooo"}},
		{".../.oo/.oo", []string{"2x2"}},
		{"3x4", []string{"3x4"}},
		{"...", nil},
	}
	for _, tt := range tests {
		b, err := Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range b.Split() {
			got = append(got, c.String())
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.split) {
			t.Errorf("Split(%q) = %q, want %q", tt.in, got, tt.split)
		}
	}
	a, _ := Parse("oo./..o/..o")
	c, _ := Parse("o../o.o/..o")
	if a.Key() != c.Key() {
		t.Errorf("Key(%q) = %q, Key(%q) = %q: want equal (a domino and its transpose, in another order)", a, a.Key(), c, c.Key())
	}
}

// TestFull10x20 checks seed 003's example: the full 10x20 board (200 cells, past what the
// search solves) is a first-player win, found at once; the one option whose components are
// equal in pairs, the move that wins by mirroring, takes the middle 10x10 square.
func TestFull10x20(t *testing.T) {
	b, err := Parse("10x20")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	start := time.Now()
	win, err := engine.NewSolver().Outcome(ctx, b, 0)
	if err != nil || !win {
		t.Fatalf("Outcome(10x20, 0) = %v, %v, want W", win, err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("10x20 took %v, want it at once", d)
	}
	var mirrored []string
	for o := range b.Options() {
		if parts := o.Split(); len(parts) == 2 && parts[0].Key() == parts[1].Key() {
			mirrored = append(mirrored, o.String())
		}
	}
	half := "ooooo..........ooooo"
	if want := half + strings.Repeat("/"+half, 9); len(mirrored) != 1 || mirrored[0] != want {
		t.Errorf("options of two equal halves = %q, want [%q]", mirrored, want)
	}
}
