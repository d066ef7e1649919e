package cram

import (
	"bufio"
	"errors"
	"fmt"
	"grundy/games/gametest"
	"math/bits"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"grundy/games/parse"
)

func mustParse(t testing.TB, s string) *Board {
	t.Helper()
	b, err := Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestOptions_Perft(t *testing.T) {
	tests := []struct {
		board string
		want  []int // counted by hand, for depths 1, 2, ...
	}{
		{"2x2", []int{4, 4, 0}},
		{"1x4", []int{3, 2, 0}},
		{"1x1", []int{0}},
		{"#", []int{0}},
		{".#./#.#/.#.", []int{0}},
		// 8 dominoes hold a corner and block 4 of the 12; the 4 at the centre block 6.
		{"3x3", []int{12, 8*8 + 4*6}},
		{"4x4", nil},
		{"3x5", nil},
		{"..#./..../#...", nil},
		{"2x6", nil},
		{"1x9", nil},
	}
	for _, tt := range tests {
		b := mustParse(t, tt.board)
		for depth := 1; depth <= 3; depth++ {
			got, want := gametest.Perft(b, depth), gametest.NaivePerft(cellsOf(b), depth, cells.moves)
			if got != want {
				t.Errorf("perft(%q, %d) = %d, want %d", tt.board, depth, got, want)
			}
			if depth <= len(tt.want) && got != tt.want[depth-1] {
				t.Errorf("perft(%q, %d) = %d, want %d", tt.board, depth, got, tt.want[depth-1])
			}
		}
	}
}

// TestOptions_Naive checks that the options are exactly the oracle's moves.
func TestOptions_Naive(t *testing.T) {
	r := newRand(t)
	for range 300 {
		b := randomBoard(r, 1+r.IntN(8), 1+r.IntN(8), 0.5*r.Float64())
		var got, want []string
		for o := range b.Options() {
			if o.(*Board).Rows() != b.Rows() || o.(*Board).Cols() != b.Cols() {
				t.Errorf("option %q of %q has another shape", o, b)
			}
			got = append(got, cellsOf(o.(*Board)).String())
		}
		for _, c := range cellsOf(b).moves() {
			want = append(want, c.String())
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("Options(%q) = %q, want %q", b, got, want)
		}
	}
}

func TestOptions_Unchanged(t *testing.T) {
	r := newRand(t)
	for i := range 200 {
		b := randomBoard(r, 1+r.IntN(8), 1+r.IntN(8), 0.3*r.Float64())
		before := *b
		n := 0
		for range b.Options() {
			if n++; i%2 == 0 && n == 3 {
				break // an early stop must leave it unchanged too
			}
		}
		if *b != before {
			t.Fatalf("Options changed %q to %q", before.String(), b)
		}
	}
}

func TestSplit(t *testing.T) {
	tests := []struct {
		board string
		want  []string
	}{
		{"3x3", []string{"3x3"}},
		{"1x1", nil},
		{"1x2", []string{"1x2"}},
		{".#./#.#/.#.", nil},
		{"..#../..#..", []string{"1x2", "1x2", "1x2", "1x2"}}, // a 2x2 square is two dominoes
		{".#../####", []string{"1x2"}},
		{"#..#/#..#/####", []string{"1x2", "1x2"}},
		{"..#/#../...", []string{".../#../..#"}},             // in its canonical orientation
		{"#.#/..#/#..", []string{"#../..#"}},                 // one leaf of two goes
		{"#.#/..#/#.#", []string{"1x2"}},                     // two leaves of three go
		{"..#../#####/.#...", []string{"1x2", "1x2", "1x2"}}, // a row of 3 is a domino
		{".#.#./.....", []string{"1x2", "1x2", "1x2"}},       // cells between centres go
		{"##../##../..##/..##", []string{"1x2", "1x2", "1x2", "1x2"}},
		{"##../#.../...#/..##", []string{"1x2", "1x2", "1x2", "1x2"}}, // cut at squares, again and again
		{"#.../..../..../...#", []string{"#.../..../..../...#"}},      // no cut: two corners open
	}
	for _, tt := range tests {
		var got []string
		for _, c := range mustParse(t, tt.board).Split() {
			got = append(got, c.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Split(%q) = %q, want %q", tt.board, got, tt.want)
		}
	}
}

// TestSplit_Random checks that the components split no further, each holding the cells its
// Hint counts, and hold no more than the board's Hint.
func TestSplit_Random(t *testing.T) {
	r := newRand(t)
	for range 500 {
		b := randomBoard(r, 1+r.IntN(8), 1+r.IntN(8), 0.5*r.Float64())
		cells := 0
		for _, c := range b.Split() {
			h := c.(*Board).Hint()
			if n := bits.OnesCount64(c.(*Board).free); n != h {
				t.Errorf("Split(%q) gives %q, of %d cells, want its Hint() = %d", b, c, n, h)
			}
			cells += h
			if again := c.Split(); len(again) != 1 || again[0].String() != c.String() {
				t.Errorf("Split(%q) gives %q, which splits into %v", b, c, again)
			}
		}
		if cells > b.Hint() {
			t.Errorf("Split(%q) has %d cells, want Hint() = %d at most", b, cells, b.Hint())
		}
	}
}

func TestKey_Symmetries(t *testing.T) {
	r := newRand(t)
	for range 500 {
		c := cellsOf(randomBoard(r, 1+r.IntN(8), 1+r.IntN(8), 0.6*r.Float64()))
		want := c.board().Key()
		for s := 1; s < 8; s++ {
			if got := c.transform(s).board().Key(); got != want {
				t.Fatalf("Key(%q) = %q, want %q as for %q", c.transform(s), got, want, c)
			}
		}
	}
}

func TestKey_Equal(t *testing.T) {
	tests := []struct{ a, b string }{
		{"3x4", "4x3"},
		{"3x3", ".../.../..."},
		{"1x1", ".#./#.#/.#."}, // no move
		{"..#../..#..", "2x2/##/##/##/2x2"},
		{"..#..", "../##/.."},
		{".#../####", "1x2"},
		{"..#../#####/.#...", "...##/#####/..#.."},
		{"..#/.../...", "#../.../..."},
		{"..#/.../...", ".../.../#.."},
		{"2x5", "5x2"},
	}
	for _, tt := range tests {
		// "2x2/##" is not notation: build such boards row by row.
		a, b := boardOf(t, tt.a), boardOf(t, tt.b)
		if a.Key() != b.Key() {
			t.Errorf("Key(%q) = %q, Key(%q) = %q, want equal", a, a.Key(), b, b.Key())
		}
	}
	if k := mustParse(t, "3x4").Key(); len(k) != 4 {
		t.Errorf("Key(%q) = %q, want 4 bytes", "3x4", k)
	}
}

// boardOf reads notation where a part "RxC" between slashes stands for R free rows of C cells.
func boardOf(t *testing.T, s string) *Board {
	var rows []string
	for _, part := range strings.Split(s, "/") {
		if b, err := Parse(part); err == nil && strings.Contains(part, "x") {
			for range b.Rows() {
				rows = append(rows, strings.Repeat(".", b.Cols()))
			}
			continue
		}
		rows = append(rows, part)
	}
	return mustParse(t, strings.Join(rows, "/"))
}

func TestHint(t *testing.T) {
	tests := []struct {
		board string
		want  int
	}{
		{"3x4", 12},
		{"1x1", 0},
		{".#./#.#/.#.", 0},
		{".#../####", 2},
	}
	for _, tt := range tests {
		if got := mustParse(t, tt.board).Hint(); got != tt.want {
			t.Errorf("Hint(%q) = %d, want %d", tt.board, got, tt.want)
		}
	}
}

func TestBoard_Cells(t *testing.T) {
	b := mustParse(t, "..#/#..")
	if b.Rows() != 2 || b.Cols() != 3 {
		t.Errorf("Rows(), Cols() = %d, %d, want 2, 3", b.Rows(), b.Cols())
	}
	var got []bool
	for i := -1; i <= 2; i++ {
		for j := -1; j <= 3; j++ {
			got = append(got, b.Free(i, j))
		}
	}
	want := []bool{
		false, false, false, false, false,
		false, true, true, false, false,
		false, false, true, true, false,
		false, false, false, false, false,
	}
	if !slices.Equal(got, want) {
		t.Errorf("Free(%q) = %v, want %v", b, got, want)
	}
	if c := b.With(0, 2, true).With(1, 1, false); c.String() != ".../##." || b.String() != "..#/#.." {
		t.Errorf("With: %q from %q, want %q from %q", c, b, ".../##.", "..#/#..")
	}
}

func TestNew(t *testing.T) {
	tests := []struct {
		rows, cols int
		want       string
		err        error
	}{
		{3, 4, "3x4", nil},
		{1, 64, "1x64", nil},
		{9, 9, "", parse.ErrTooLarge},
		{100, 100, "", parse.ErrTooLarge},
		{1 << 40, 1 << 40, "", parse.ErrTooLarge},
		{0, 3, "", parse.ErrSyntax},
		{3, -1, "", parse.ErrSyntax},
	}
	for _, tt := range tests {
		b, err := New(tt.rows, tt.cols)
		if !errors.Is(err, tt.err) || (err == nil && b.String() != tt.want) {
			t.Errorf("New(%d, %d) = %v, %v, want %q, %v", tt.rows, tt.cols, b, err, tt.want, tt.err)
		}
	}
	if b, err := FromGrid([][]bool{{true, false}, {true}}); !errors.Is(err, parse.ErrSyntax) {
		t.Errorf("FromGrid(ragged) = %v, %v, want ErrSyntax", b, err)
	}
	if b, err := FromGrid(nil); !errors.Is(err, parse.ErrSyntax) {
		t.Errorf("FromGrid(nil) = %v, %v, want ErrSyntax", b, err)
	}
}

// TestNimber_Published checks the values of testdata/published.txt, up to 27 cells (3x9):
// plain mex needs seconds beyond.
func TestNimber_Published(t *testing.T) {
	f, err := os.Open("testdata/published.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m := mex{}
	for sc := bufio.NewScanner(f); sc.Scan(); {
		board, value, ok := strings.Cut(sc.Text(), " ")
		if !ok || strings.HasPrefix(board, "#") {
			continue
		}
		b := mustParse(t, board)
		if b.Rows()*b.Cols() > 27 && b.Rows() > 1 {
			continue
		}
		want, err := strconv.Atoi(value)
		if err != nil {
			t.Fatalf("testdata/published.txt: %q: %v", sc.Text(), err)
		}
		if got := m.Nimber(b); got != want {
			t.Errorf("nimber(%q) = %d, want %d", board, got, want)
		}
	}
}

// TestNimber_Symmetry checks the symmetry strategy of §6.2 on 2xn: even×even boards are
// second-player wins, even×odd ones first-player wins.
func TestNimber_Symmetry(t *testing.T) {
	m := mex{}
	for n := 1; n <= 12; n++ {
		b := mustParse(t, fmt.Sprintf("2x%d", n))
		if got := m.Nimber(b); (got == 0) != (n%2 == 0) {
			t.Errorf("nimber(%q) = %d, want 0 exactly when %d is even", b, got, n)
		}
	}
}

func TestSymmetricZero(t *testing.T) {
	tests := []struct {
		board string
		want  bool
	}{
		{"2x2", true},
		{"4x4", true},
		{"4x6", true},
		{"3x3", false},
		{"2x3", false},
		{"1x2", false},
		{"1x1", true},
		{"..##/..##", true},
		{"#.../...#", true},
		{"#.../..#.", false},
		{".#../..../.#../####", false},
		{"#..#/.##./#..#", true}, // two dominoes, the centre edge filled
		{"..##./..###", true},    // the isolated cell does not count
		{"##../##../..##/..##", true},
		// Centres that are not lattice points: a cell, or the edge between two cells.
		{".../.#./...", true},       // a ring round a filled centre cell
		{"..#/.#./#..", true},       // two L-trominoes
		{"1x3", false},              // the centre cell is movable
		{"..#../..#..", true},       // 2x5 with the centre edge filled: two 2x2 halves
		{"..#../..#../..#..", true}, // 3x5 with the centre column filled: two 3x2 halves
		{"...#.../...#...", true},   // 2x7, the central edge filled
		{"..../.##./....", true},    // 3x4, the central edge filled
		{"..../.#../....", false},   // not symmetric
		{"3x4", false},
		{"5x5", false},
	}
	for _, tt := range tests {
		if got := mustParse(t, tt.board).SymmetricZero(); got != tt.want {
			t.Errorf("SymmetricZero(%q) = %v, want %v", tt.board, got, tt.want)
		}
	}
}

// TestSymmetricZero_Oracle checks the claim on every board of at most 12 cells, against the
// oracle, and on random symmetric boards of up to 4x6, against the mex that TestNimber_Oracle
// checks: a board that SymmetricZero accepts has nimber 0.
func TestSymmetricZero_Oracle(t *testing.T) {
	slow, fast, n := naive{}, mex{}, 0
	for rows := 1; rows <= 12; rows++ {
		for cols := 1; rows*cols <= 12; cols++ {
			for mask := range 1 << (rows * cols) {
				c := maskCells(rows, cols, uint64(mask))
				if b := c.board(); b.SymmetricZero() {
					n++
					if got := slow.nimber(c); got != 0 {
						t.Errorf("nimber(%q) = %d, want 0 as SymmetricZero says", b, got)
					}
				}
			}
		}
	}
	r := newRand(t)
	for range 300 {
		// A random board made symmetric: each cell takes the value of its image, or keeps its own;
		// with a side odd, the cell (or the two) at the centre filled.
		rows, cols := 1+r.IntN(5), 2+r.IntN(5)
		c := cellsOf(randomBoard(r, rows, cols, 0.3))
		for i := range rows {
			for j := range cols {
				c[rows-1-i][cols-1-j] = c[i][j]
			}
		}
		c[rows/2][cols/2] = false
		c[(rows-1)/2][(cols-1)/2] = false
		b := c.board()
		if !b.SymmetricZero() {
			t.Errorf("SymmetricZero(%q) = false, want true", b)
		}
		if got := fast.Nimber(b); got != 0 {
			t.Errorf("nimber(%q) = %d, want 0 as SymmetricZero says", b, got)
		}
	}
	t.Logf("%d boards of at most 12 cells are SymmetricZero", n)
}

// TestValue_Oracle checks Value on every board of at most 12 cells against the oracle, and
// on random boards of up to 5x5 against the mex that TestNimber_Oracle checks, and that it
// does answer for paths, cycles and symmetric boards.
func TestValue_Oracle(t *testing.T) {
	slow, fast, answered := naive{}, mex{}, 0
	for rows := 1; rows <= 12; rows++ {
		for cols := 1; rows*cols <= 12; cols++ {
			for mask := range 1 << (rows * cols) {
				c := maskCells(rows, cols, uint64(mask))
				if v, ok := c.board().Value(); ok {
					answered++
					if want := slow.nimber(c); v != want {
						t.Errorf("Value(%q) = %d, want %d", c.board(), v, want)
					}
				}
			}
		}
	}
	r := newRand(t)
	for range 2000 {
		b := randomBoard(r, 2+r.IntN(4), 2+r.IntN(4), 0.45)
		if v, ok := b.Value(); ok {
			if want := fast.Nimber(b); v != want {
				t.Errorf("Value(%q) = %d, want %d", b, v, want)
			}
		}
	}
	for _, s := range []string{"1x9", "1x64", "2x2", "..##/#..#/##../###.", "4x4", "#.#/.../#.#"} {
		b, err := Parse(s)
		if err != nil {
			continue
		}
		if _, ok := b.Value(); !ok && s != "#.#/.../#.#" {
			t.Errorf("Value(%q) gives no answer", s)
		}
	}
	if answered < 1000 {
		t.Errorf("Value answered on %d small boards only", answered)
	}
}
