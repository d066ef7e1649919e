package chomp

import (
	"errors"
	"grundy/games/gametest"
	"slices"
	"strings"
	"testing"

	"grundy/engine"
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

// diagrams returns every board that fits in rows × cols, the single square included.
func diagrams(rows, cols int) []*Board {
	var out []*Board
	var walk func(h []int)
	walk = func(h []int) {
		if len(h) > 0 {
			b, err := New(h)
			if err != nil {
				panic(err)
			}
			out = append(out, b)
		}
		if len(h) == cols {
			return
		}
		top := rows
		if len(h) > 0 {
			top = h[len(h)-1]
		}
		for x := 1; x <= top; x++ {
			walk(append(slices.Clip(h), x))
		}
	}
	walk(nil)
	return out
}

// squares is a board in the plainest form, for the oracle: squares[row][col] reports whether
// the square remains, row 0 at the bottom. It shares no code with Board but Has and New.
type squares [][]bool

func squaresOf(b *Board) squares {
	s := make(squares, b.Rows())
	for r := range s {
		s[r] = make([]bool, b.Cols())
		for c := range s[r] {
			s[r][c] = b.Has(r, c)
		}
	}
	return s
}

func (s squares) String() string {
	var sb strings.Builder
	for _, row := range s {
		for _, x := range row {
			if x {
				sb.WriteByte('o')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('/')
	}
	return sb.String()
}

// moves returns the boards reached by taking a square other than (0, 0) and every square
// above and to the right of it.
func (s squares) moves() []squares {
	var out []squares
	for r := range s {
		for c := range s[r] {
			if !s[r][c] || r == 0 && c == 0 {
				continue
			}
			next := make(squares, len(s))
			for r2 := range s {
				next[r2] = slices.Clone(s[r2])
				for c2 := c; r2 >= r && c2 < len(s[r2]); c2++ {
					next[r2][c2] = false
				}
			}
			out = append(out, next)
		}
	}
	return out
}

// naive is the oracle: a memoised mex over the moves of squares, with no symmetry.
type naive map[string]int

func (m naive) nimber(s squares) int {
	k := s.String()
	if v, ok := m[k]; ok {
		return v
	}
	seen := map[int]bool{}
	for _, o := range s.moves() {
		seen[m.nimber(o)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	m[k] = v
	return v
}

// mex computes nimbers through the engine interface (gametest.Mex).
type mex = gametest.Mex

func TestOptions_Perft(t *testing.T) {
	tests := []struct {
		board string
		want  []int // counted by hand, for depths 1, 2, ...
	}{
		{"1x1", []int{0}},
		{"2x2", []int{3, 1 + 1 + 2, 1 + 1}},
		{"1x3", []int{2, 1, 0}},
		{"3x3", nil},
		{"4x5", nil},
		{"5 3 3 1", nil},
		{"7 1 1", nil},
	}
	for _, tt := range tests {
		b := mustParse(t, tt.board)
		for depth := 1; depth <= 3; depth++ {
			got, want := gametest.Perft(b, depth), gametest.NaivePerft(squaresOf(b), depth, squares.moves)
			if got != want {
				t.Errorf("perft(%q, %d) = %d, want %d", tt.board, depth, got, want)
			}
			if depth <= len(tt.want) && got != tt.want[depth-1] {
				t.Errorf("perft(%q, %d) = %d, want %d", tt.board, depth, got, tt.want[depth-1])
			}
		}
	}
}

// TestOptions_Naive checks that the options are exactly the oracle's moves, and leave the
// receiver unchanged.
func TestOptions_Naive(t *testing.T) {
	for _, b := range diagrams(4, 5) {
		before := *b
		var got, want []string
		for o := range b.Options() {
			got = append(got, squaresOf(o.(*Board)).String())
		}
		for _, s := range squaresOf(b).moves() {
			want = append(want, trimSquares(s).String())
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("Options(%q) = %q, want %q", b, got, want)
		}
		for range b.Options() {
			break
		}
		if *b != before {
			t.Errorf("Options changed %q to %q", before.String(), b)
		}
	}
}

// trimSquares drops the empty rows at the top and columns at the right, as a Board does.
func trimSquares(s squares) squares {
	rows, cols := 0, 0
	for r := range s {
		for c := range s[r] {
			if s[r][c] {
				rows, cols = max(rows, r+1), max(cols, c+1)
			}
		}
	}
	out := s[:rows]
	for r := range out {
		out[r] = out[r][:cols]
	}
	return out
}

// TestNimber_Oracle compares the nimbers through Options/Key with the oracle on every board
// inside 4x5 and 5x4, and checks that no key is shared by boards of different nimbers.
func TestNimber_Oracle(t *testing.T) {
	slow, fast, keys := naive{}, mex{}, map[string]int{}
	for _, b := range append(diagrams(4, 5), diagrams(5, 4)...) {
		want := slow.nimber(squaresOf(b))
		if got := fast.Nimber(b); got != want {
			t.Errorf("nimber(%q) = %d, want %d", b, got, want)
		}
		if v, ok := keys[b.Key()]; ok && v != want {
			t.Errorf("Key(%q) = %q, shared with a board of nimber %d, want nimber %d", b, b.Key(), v, want)
		}
		keys[b.Key()] = want
	}
}

// TestNimber_Rectangles checks the strategy-stealing argument: every rectangle but 1x1 is a
// first-player win.
func TestNimber_Rectangles(t *testing.T) {
	m := mex{}
	for rows := 1; rows <= 7; rows++ {
		for cols := 1; cols <= 7; cols++ {
			b, _ := Rect(rows, cols)
			if got := m.Nimber(b); (got == 0) != (rows == 1 && cols == 1) {
				t.Errorf("nimber(%q) = %d, want 0 only for 1x1", b, got)
			}
		}
	}
}

// TestNimber_TwoRows checks the known losing boards of two rows: a bottom row of a squares
// and a top row of b lose exactly when a = b+1.
func TestNimber_TwoRows(t *testing.T) {
	m := mex{}
	for a := 1; a <= 20; a++ {
		for top := 0; top <= a; top++ {
			h := make([]int, a)
			for i := range h {
				h[i] = 1
				if i < top {
					h[i] = 2
				}
			}
			b, _ := New(h)
			if got := m.Nimber(b); (got == 0) != (a == top+1) {
				t.Errorf("nimber(%q) = %d, want 0 exactly when %d = %d+1", b, got, a, top)
			}
		}
	}
}

// TestNimber_Hooks checks that an L-shaped board, a column of a squares above the poisoned one
// and a row of c to its right, is the Nim sum of heaps a and c.
func TestNimber_Hooks(t *testing.T) {
	m := mex{}
	for a := 0; a <= 10; a++ {
		for c := 0; c <= 10; c++ {
			h := []int{a + 1}
			for range c {
				h = append(h, 1)
			}
			b, _ := New(h)
			if got := m.Nimber(b); got != a^c {
				t.Errorf("nimber(%q) = %d, want %d", b, got, a^c)
			}
		}
	}
}

func TestKey(t *testing.T) {
	tests := []struct{ a, b string }{
		{"3x4", "4x3"},
		{"3 2 1", "3 2 1"},
		{"3 1", "2 1 1"},
		{"5 3 3 1", "4 3 3 1 1"},
		{"64x1", "1x64"},
	}
	for _, tt := range tests {
		a, b := mustParse(t, tt.a), mustParse(t, tt.b)
		if a.Key() != b.Key() {
			t.Errorf("Key(%q) = %q, Key(%q) = %q, want equal", a, a.Key(), b, b.Key())
		}
	}
	// Boards that are not transposes of each other have different keys.
	seen := map[string]string{}
	for _, b := range diagrams(5, 5) {
		if other, ok := seen[b.Key()]; ok && other != transposed(b).String() {
			t.Errorf("Key(%q) = Key(%q) = %q, want different", b, other, b.Key())
		}
		seen[b.Key()] = b.String()
	}
}

// transposed returns the board b reflected in its diagonal, from its squares.
func transposed(b *Board) *Board {
	h := make([]int, b.Rows())
	for r := range h {
		for c := 0; b.Has(r, c); c++ {
			h[r]++
		}
	}
	t, err := New(h)
	if err != nil {
		panic(err)
	}
	return t
}

func TestSplit(t *testing.T) {
	tests := []struct {
		board string
		want  int
	}{
		{"1x1", 0},
		{"1x2", 1},
		{"4x5", 1},
		{"3 1", 1},
	}
	for _, tt := range tests {
		b := mustParse(t, tt.board)
		got := b.Split()
		if len(got) != tt.want || len(got) == 1 && got[0] != engine.Position(b) {
			t.Errorf("Split(%q) = %v, want %d boards", tt.board, got, tt.want)
		}
	}
}

func TestBoard_Squares(t *testing.T) {
	b := mustParse(t, "3 3 1")
	if b.Rows() != 3 || b.Cols() != 3 || b.Hint() != 7 {
		t.Errorf("Rows(), Cols(), Hint() = %d, %d, %d, want 3, 3, 7", b.Rows(), b.Cols(), b.Hint())
	}
	if got := b.Heights(); !slices.Equal(got, []int{3, 3, 1}) {
		t.Errorf("Heights() = %v, want [3 3 1]", got)
	}
	if b.Height(-1) != 0 || b.Height(2) != 1 || b.Height(3) != 0 {
		t.Errorf("Height(-1, 2, 3) = %d, %d, %d, want 0, 1, 0", b.Height(-1), b.Height(2), b.Height(3))
	}
	if !b.Has(0, 0) || !b.Has(2, 1) || b.Has(1, 2) || b.Has(-1, 0) || b.Has(0, 3) {
		t.Errorf("Has is wrong on %q", b)
	}
}

func TestNew(t *testing.T) {
	tests := []struct {
		heights []int
		want    string
		err     error
	}{
		{[]int{3, 2}, "3 2", nil},
		{[]int{2, 2, 0}, "2x2", nil},
		{[]int{2, 3}, "", parse.ErrSyntax},
		{[]int{0}, "", parse.ErrSyntax},
		{nil, "", parse.ErrSyntax},
		{[]int{2, -1}, "", parse.ErrSyntax},
		{[]int{65}, "", parse.ErrTooLarge},
		{make([]int, 65), "", parse.ErrTooLarge},
	}
	for _, tt := range tests {
		b, err := New(tt.heights)
		if !errors.Is(err, tt.err) || (err == nil && b.String() != tt.want) {
			t.Errorf("New(%v) = %v, %v, want %q, %v", tt.heights, b, err, tt.want, tt.err)
		}
	}
	for _, tt := range []struct {
		rows, cols int
		err        error
	}{{3, 0, parse.ErrSyntax}, {0, 3, parse.ErrSyntax}, {3, 65, parse.ErrTooLarge}, {65, 3, parse.ErrTooLarge}} {
		if b, err := Rect(tt.rows, tt.cols); !errors.Is(err, tt.err) {
			t.Errorf("Rect(%d, %d) = %v, %v, want %v", tt.rows, tt.cols, b, err, tt.err)
		}
	}
}
