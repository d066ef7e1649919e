package cram

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"grundy/engine"
	"grundy/games/gametest"
	"grundy/games/parse"
)

// wideOnly plays every board with the wide code for the rest of the test, components of a
// few cells included, so that it can be compared with Board's on the boards both hold.
func wideOnly(t *testing.T) {
	narrowCells = 0
	t.Cleanup(func() { narrowCells = maxCells })
}

// wideOf returns the Wide of the cells c.
func wideOf(t testing.TB, c cells) *Wide {
	t.Helper()
	w, err := ParseWide(c.String())
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// randomCells returns a rows × cols board whose cells are filled with probability fill.
func randomCells(r *rand.Rand, rows, cols int, fill float64) cells {
	c := make(cells, rows)
	for i := range c {
		c[i] = make([]bool, cols)
		for j := range c[i] {
			c[i][j] = r.Float64() >= fill
		}
	}
	return c
}

// cellsOfPos reads the cells of a Board or a Wide.
func cellsOfPos(p engine.Position) cells {
	b := p.(interface {
		Rows() int
		Cols() int
		Free(i, j int) bool
	})
	c := make(cells, b.Rows())
	for i := range c {
		c[i] = make([]bool, b.Cols())
		for j := range c[i] {
			c[i][j] = b.Free(i, j)
		}
	}
	return c
}

// optionStrings returns the notation of p's options, in their order.
func optionStrings(p engine.Position) []string {
	var out []string
	for o := range p.Options() {
		out = append(out, o.String())
	}
	return out
}

// keys returns the keys of ps.
func keys(ps []engine.Position) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Key()
	}
	return out
}

// TestWide_SameAsBoard plays random boards of up to 64 cells with the wide code alone and
// with Board's: same options in the same order, same components, keys, hints and values.
func TestWide_SameAsBoard(t *testing.T) {
	wideOnly(t)
	r := newRand(t)
	fast, wide := mex{}, mex{}
	for k := range 3000 {
		rows := 1 + r.IntN(8)
		b := randomBoard(r, rows, 1+r.IntN(maxCells/rows), r.Float64()*0.7)
		w := wideOf(t, cellsOf(b))
		if w.Key() != b.Key() || w.String() != b.String() {
			t.Fatalf("wide %q has key %q, board %q has key %q", w, w.Key(), b, b.Key())
		}
		if got, want := optionStrings(w), optionStrings(b); !slices.Equal(got, want) {
			t.Fatalf("options of wide %q = %q, want %q", w, got, want)
		}
		for o := range w.Options() {
			if _, ok := o.(*Wide); !ok {
				t.Fatalf("option %q of wide %q is a %T", o, w, o)
			}
			wo, bo := keys(o.Split()), keys(mustParse(t, o.String()).Split())
			if o.Key() != mustParse(t, o.String()).Key() || !slices.Equal(wo, bo) {
				t.Fatalf("option %q of wide %q: key %q, components %q; want %q, %q", o, w, o.Key(), wo, mustParse(t, o.String()).Key(), bo)
			}
		}
		wv, wok := w.Value()
		bv, bok := b.Value()
		guess := len(cellsOf(b).moves())
		if b.Rows() <= 2 || b.Cols() <= 2 {
			guess = 0
		}
		if w.Guess() != b.Guess() || b.Guess() != guess {
			t.Fatalf("wide %q guesses %d, board %d, want %d", w, w.Guess(), b.Guess(), guess)
		}
		if w.Hint() != b.Hint() || w.SymmetricZero() != b.SymmetricZero() || wv != bv || wok != bok {
			t.Fatalf("wide %q: hint %d, symmetric %v, value %d %v; board: %d, %v, %d %v",
				w, w.Hint(), w.SymmetricZero(), wv, wok, b.Hint(), b.SymmetricZero(), bv, bok)
		}
		if k%10 == 0 && b.Hint() <= 24 {
			if got, want := wide.Nimber(w), fast.Nimber(b); got != want {
				t.Fatalf("nimber of wide %q = %d, board's %d", w, got, want)
			}
		}
	}
}

// wideShapes are the shapes of the brute-force tests: more than 64 cells, most of them
// filled so that the oracle, which never splits, stays quick.
var wideShapes = [][2]int{{1, 70}, {70, 1}, {2, 33}, {3, 22}, {22, 3}, {9, 9}, {5, 20}, {1, 128}, {11, 11}}

// TestWide_Oracle compares nimbers, options and keys of wide boards with the oracle's, with
// the components of at most 64 cells as Boards and with the wide code alone.
func TestWide_Oracle(t *testing.T) {
	for _, alone := range []bool{false, true} {
		if alone {
			wideOnly(t)
		}
		r := newRand(t)
		slow, fast, kc := naive{}, mex{}, keyCheck{}
		for _, s := range wideShapes {
			for range 25 {
				// About 14 free cells.
				c := randomCells(r, s[0], s[1], 1-(10+8*r.Float64())/float64(s[0]*s[1]))
				p, err := Game{}.Parse(c.String())
				if err != nil {
					t.Fatal(err)
				}
				if _, ok := p.(*Wide); !ok {
					t.Fatalf("Game.Parse(%q) is a %T, want a *Wide", c, p)
				}
				var got, want []string
				for o := range p.Options() {
					got = append(got, cellsOfPos(o).String())
				}
				for _, o := range c.moves() {
					want = append(want, o.String())
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("options of %q = %q, want %q", c, got, want)
				}
				n := slow.nimber(c)
				if got := fast.Nimber(p); got != n {
					t.Errorf("nimber(%q) = %d, want %d (wide alone: %v)", c, got, n, alone)
				}
				kc.check(t, p, n)
				for o := range p.Options() {
					kc.check(t, o, slow.nimber(cellsOfPos(o)))
				}
			}
		}
	}
}

// TestWide_Symmetries checks that the 8 symmetries of a wide board share its key, and that
// the key's board has it too.
func TestWide_Symmetries(t *testing.T) {
	r := newRand(t)
	for _, s := range append(wideShapes, [2]int{8, 16}, [2]int{2, 64}, [2]int{10, 12}, [2]int{4, 32}) {
		for range 40 {
			c := randomCells(r, s[0], s[1], r.Float64()*0.5)
			key := wideOf(t, c).Key()
			for sym := 1; sym < 8; sym++ {
				if got := wideOf(t, c.transform(sym)).Key(); got != key {
					t.Fatalf("key of %q under symmetry %d = %q, want %q", c, sym, got, key)
				}
			}
			p, err := Game{}.FromKey(key)
			if err != nil {
				if len(wideOf(t, c).Split()) < 2 || !errors.Is(err, parse.ErrTooLarge) {
					t.Fatalf("FromKey(key of %q) error: %v", c, err)
				}
				continue
			}
			checkWideKey(t, key, p)
		}
	}
}

// checkWideKey checks a board that Game.FromKey made of key, as checkFromKey does.
func checkWideKey(t *testing.T, key string, p engine.Position) {
	t.Helper()
	if p.Key() != key {
		t.Fatalf("FromKey(%q) = %q, whose key is %q", key, p, p.Key())
	}
	back, err := Game{}.Parse(p.String())
	if err != nil || back.Key() != key {
		t.Fatalf("Parse(%q) = %v, %v; want the key %q back", p, back, err, key)
	}
}

// TestWide_FromKey decodes the keys of wide boards of one component, and of several.
func TestWide_FromKey(t *testing.T) {
	full := wideOf(t, randomCells(newRand(t), 11, 11, 0)).Key()
	tests := []struct{ board, want string }{
		{"11x11", "11x11"},
		{"1x128", "1x128"},
		{"128x1", "1x128"},
		{"13x5", "5x13"},
		{"1x65", "1x65"},
		{strings.Repeat(".", 64) + "#" + strings.Repeat(".", 63), strings.Repeat(".", 63) + "#" + strings.Repeat(".", 64)},
		// Two components of more than 64 free cells in all, in a row.
		{strings.Repeat(".", 40) + "#" + strings.Repeat(".", 40), strings.Repeat(".", 40) + "#" + strings.Repeat(".", 40)},
		{"3x22", "3x22"},
	}
	for _, tt := range tests {
		w, err := ParseWide(tt.board)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Game{}.FromKey(w.Key())
		if err != nil || p.String() != tt.want {
			t.Errorf("FromKey(key of %q) = %v, %v; want %q", tt.board, p, err, tt.want)
			continue
		}
		checkWideKey(t, w.Key(), p)
	}
	// The key of a component too large for a Board is too large for FromKey.
	if _, err := FromKey(full); !errors.Is(err, parse.ErrTooLarge) {
		t.Errorf("FromKey(key of 11x11) error %v, want ErrTooLarge", err)
	}
	for _, key := range []string{full + full, "\x0b\x0c" + full[2:]} {
		if p, err := (Game{}).FromKey(key); err == nil {
			t.Errorf("Game.FromKey(%q) = %v, want an error", key, p)
		}
	}
}

// TestWide_RoundTrip checks the notation of wide boards: ParseWide reads what String writes,
// Game.Parse gives a Wide of the same key, and Parse refuses it.
func TestWide_RoundTrip(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"1x128", "1x128"},
		{"128x1", "128x1"},
		{"11x11", "11x11"},
		{"3x22", "3x22"},
		{strings.Repeat(".", 65), "1x65"},
		{strings.Repeat("#", 128), strings.Repeat("#", 128)},
		{strings.Repeat("...../", 13) + "...#.", strings.Repeat("...../", 13) + "...#."},
	} {
		w, err := ParseWide(tt.in)
		if err != nil || w.String() != tt.want {
			t.Errorf("ParseWide(%q) = %v, %v; want %q", tt.in, w, err, tt.want)
			continue
		}
		if _, err := Parse(tt.in); !errors.Is(err, parse.ErrTooLarge) {
			t.Errorf("Parse(%q) error %v, want ErrTooLarge", tt.in, err)
		}
	}
	for _, tt := range []struct {
		in  string
		msg string
	}{
		{"1x129", "board has 129 cells, at most 128"},
		{"12x11", "board has 132 cells, at most 128"},
		{strings.Repeat(".", 129), "board has 129 cells, at most 128"},
		{"1000x1", "board has more than 128 cells"},
	} {
		_, err := ParseWide(tt.in)
		gametest.CheckParseError(t, "cram", tt.in, err, parse.ErrTooLarge, -1, tt.msg)
	}
	r := newRand(t)
	for range 500 {
		rows := 1 + r.IntN(16)
		cols := 1 + r.IntN(maxWide/rows)
		if rows*cols <= maxCells {
			continue
		}
		c := randomCells(r, rows, cols, r.Float64())
		w := wideOf(t, c)
		back, err := ParseWide(w.String())
		if err != nil || *back != *w || cellsOfPos(w).String() != c.String() {
			t.Fatalf("ParseWide(%q) = %v, %v, want the board back", w, back, err)
		}
		p, err := Game{}.Parse(w.String())
		if err != nil || p.Key() != w.Key() || p.String() != w.String() {
			t.Fatalf("Game.Parse(%q) = %v, %v", w, p, err)
		}
	}
}

// NewWide, WideFromGrid and With make the boards ParseWide reads, past 64 cells too, and
// refuse what New and FromGrid refuse, at 128 cells.
func TestWide_Constructors(t *testing.T) {
	b, err := NewWide(3, 22)
	if err != nil {
		t.Fatal(err)
	}
	b = b.With(2, 21, false).With(0, 0, false).With(0, 0, true)
	grid := make([][]bool, 3)
	for i := range grid {
		grid[i] = make([]bool, 22)
		for j := range grid[i] {
			grid[i][j] = i != 2 || j != 21
		}
	}
	g, err := WideFromGrid(grid)
	if err != nil {
		t.Fatal(err)
	}
	want := "....................../....................../.....................#"
	for _, w := range []*Wide{b, g} {
		if got := w.String(); got != want {
			t.Errorf("board = %q, want %q", got, want)
		}
	}
	if _, err := NewWide(11, 12); !errors.Is(err, parse.ErrTooLarge) {
		t.Errorf("NewWide(11, 12) error = %v, want ErrTooLarge", err)
	}
	if _, err := NewWide(0, 3); !errors.Is(err, parse.ErrSyntax) {
		t.Errorf("NewWide(0, 3) error = %v, want ErrSyntax", err)
	}
	if _, err := WideFromGrid([][]bool{{true, true}, {true}}); !errors.Is(err, parse.ErrSyntax) {
		t.Errorf("WideFromGrid(ragged) error = %v, want ErrSyntax", err)
	}
}
