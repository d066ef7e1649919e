package cram

import (
	"errors"
	"strings"
	"testing"

	"grundy/games/parse"
)

// checkFromKey checks what FromKey made of key: a board of at most 64 cells whose Key is key,
// and whose notation reads back to key, as the store reads the boards it writes.
func checkFromKey(t *testing.T, key string, b *Board) {
	t.Helper()
	if got := b.Key(); got != key {
		t.Fatalf("FromKey(%q) = %q, whose key is %q", key, b, got)
	}
	if b.Rows()*b.Cols() > maxCells {
		t.Fatalf("FromKey(%q) = %q, of %d cells", key, b, b.Rows()*b.Cols())
	}
	back, err := Parse(b.String())
	if err != nil || back.Key() != key {
		t.Fatalf("Parse(%q) = %v, %v; want the key %q back", b, back, err, key)
	}
}

var fromKeyTests = []struct {
	board string // its key is decoded
	want  string // the board FromKey makes
}{
	{"3x4", "3x4"},
	{"4x3", "3x4"},                  // the canonical orientation: no more rows than columns
	{"..#/.../...", ".../.../..#"},  // and in it the least bits
	{"#.#.#", "1x1"},                // no move: the empty key
	{"....#....", "....#...."},      // two components, packed as they were
	{".#..#...#....", "....#..#.."}, // three, one beside the other, a row of 3 a domino
	{"..#../..#..", "..#..#..#.."},  // 2x2 squares, each two dominoes
	{"..........##..../####....########", "..........####/##....####...."}, // a 2x10 and a 2x4
}

func TestFromKey(t *testing.T) {
	for _, tt := range fromKeyTests {
		key := mustParse(t, tt.board).Key()
		b, err := FromKey(key)
		if err != nil {
			t.Errorf("FromKey(key of %q) error: %v", tt.board, err)
			continue
		}
		if b.String() != tt.want {
			t.Errorf("FromKey(key of %q) = %q, want %q", tt.board, b, tt.want)
		}
		checkFromKey(t, key, b)
	}
}

// Every board's key decodes, random boards of one component or several, of every shape up to
// 64 cells. The packing of several components may fail to fit them on 64 cells (ErrTooLarge),
// but rarely: about one key in 100 of several components (one in 800 before the components
// were reduced, their pieces then fewer).
func TestFromKey_RoundTrip(t *testing.T) {
	r := newRand(t)
	n := 20000
	if testing.Short() {
		n = 2000
	}
	multi, unfit := 0, 0
	for range n {
		rows := 1 + r.IntN(8)
		cols := 1 + r.IntN(maxCells/rows)
		b := randomBoard(r, rows, cols, r.Float64())
		key := b.Key()
		parts := len(b.Split())
		if parts > 1 {
			multi++
		}
		got, err := FromKey(key)
		if err != nil {
			if parts < 2 || !errors.Is(err, parse.ErrTooLarge) {
				t.Fatalf("FromKey(key of %q) error: %v", b, err)
			}
			unfit++
			continue
		}
		checkFromKey(t, key, got)
	}
	if multi < n/4 || unfit > multi/50 {
		t.Errorf("%d boards of several components, %d of them unfit; want a quarter of %d, and 2 %% unfit at most", multi, unfit, n)
	}
}

// A key of components that once shared a board tightly may not fit apart on 64 cells: the
// error says so, and so does a key of more than 64 free cells.
func TestFromKey_TooLarge(t *testing.T) {
	tight := mustParse(t, "...####./.....#../..#..#../...#.#.#/.##...../###.#.##/.#.#..../......#.").Key()
	full := mustParse(t, "8x8").Key()
	for _, key := range []string{tight, full + full} {
		_, err := FromKey(key)
		var pe *parse.ParseError
		if !errors.Is(err, parse.ErrTooLarge) || !errors.As(err, &pe) {
			t.Errorf("FromKey(%q) error %v, want a ParseError of ErrTooLarge", key, err)
		}
	}
}

func TestFromKey_Errors(t *testing.T) {
	two := mustParse(t, "..#....").Key() // a 1x2 and a 1x4, in this order
	for _, tt := range []struct {
		key, msg string
	}{
		{"\x01", `cram: parsing "\x01": a component's shape cut short at 0`},
		{"\x00\x03\x07", `cram: parsing "\x00\x03\a": a component of 0x3 cells at 0`},
		{"\x09\x0f\xff", `cram: parsing "\t\x0f\xff": a component of 9x15 cells at 0`},
		{"\x09\x09\xff", `cram: parsing "\t\t\xff": a 9x9 component's cells cut short at 0`},
		{"\x01\x03", `cram: parsing "\x01\x03": a 1x3 component's cells cut short at 0`},
		{"\x03\x03\x01\x00", `cram: parsing "\x03\x03\x01\x00": a 3x3 component that is not canonical at 0`}, // one cell
		{"\x02\x01\x03", `cram: parsing "\x02\x01\x03": a 2x1 component that is not canonical at 0`},         // upright
		{"\x01\x03\x05", `cram: parsing "\x01\x03\x05": a 1x3 component that is not canonical at 0`},         // two cells apart
		{"\x01\x02\x07", `cram: parsing "\x01\x02\a": a 1x2 component that is not canonical at 0`},           // a cell off the board
		{"\x01\x03\x07", `cram: parsing "\x01\x03\a": a 1x3 component that is not canonical at 0`},           // a domino, reduced
		{two + "\x01", `cram: parsing "\x01\x02\x03\x01\x04\x0f\x01": a component's shape cut short at 6`},
		{two[3:] + two[:3], `cram: parsing "\x01\x04\x0f\x01\x02\x03": components out of order`},
	} {
		b, err := FromKey(tt.key)
		var pe *parse.ParseError
		if !errors.Is(err, parse.ErrSyntax) || !errors.As(err, &pe) {
			t.Errorf("FromKey(%q) = %v, %v; want a ParseError of ErrSyntax", tt.key, b, err)
			continue
		}
		if err.Error() != tt.msg {
			t.Errorf("FromKey(%q) error %q, want %q", tt.key, err, tt.msg)
		}
	}
}

// The games registry finds FromKey on the Game, as a position.
func TestGame_FromKey(t *testing.T) {
	key := mustParse(t, "..#/.../...").Key()
	p, err := Game{}.FromKey(key)
	if err != nil || p.Key() != key || p.String() != ".../.../..#" {
		t.Errorf("Game.FromKey = %v, %v", p, err)
	}
	if p, err := (Game{}).FromKey("\x01"); err == nil || p != nil {
		t.Errorf("Game.FromKey of a bad key = %v, %v; want no position and an error", p, err)
	}
}

// FuzzFromKey checks that FromKey never panics, fails only with a *parse.ParseError, and that
// a board it makes has the key it was given and at most 64 cells; and that a board of up to
// 128 cells that Game.FromKey makes has the key too.
func FuzzFromKey(f *testing.F) {
	for _, s := range []string{
		"",                                  // the empty key: a board with no move
		mustParse(f, "3x4").Key(),           // one component
		mustParse(f, "..#../..#..").Key(),   // two
		mustParse(f, ".#..#...#....").Key(), // three
		mustParse(f, "8x8").Key(),           // the largest
		strings.Repeat(mustParse(f, "1x2").Key(), 33), // more than 64 cells
		"\x01",             // cut short
		"\x03\x03\x01\x00", // not canonical
	} {
		f.Add(s)
	}
	for _, s := range []string{"11x11", "1x128", "5x13", strings.Repeat(".", 40) + "#" + strings.Repeat(".", 40)} {
		w, _ := ParseWide(s)
		f.Add(w.Key()) // wide boards, for Game.FromKey
	}
	f.Fuzz(func(t *testing.T, key string) {
		if p, err := (Game{}).FromKey(key); err == nil && key != "" {
			checkWideKey(t, key, p)
		}
		b, err := FromKey(key)
		if err != nil {
			var pe *parse.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("FromKey(%q) error %v, not a *parse.ParseError", key, err)
			}
			return
		}
		if key == "" {
			return // no move: the key of any board with none
		}
		checkFromKey(t, key, b)
	})
}
