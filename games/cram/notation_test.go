package cram

import (
	"errors"
	"grundy/games/gametest"
	"strings"
	"testing"

	"grundy/games/parse"
)

var parseTests = []struct {
	in   string
	want string // the canonical notation
}{
	{"3x4", "3x4"},
	{"4x3", "4x3"},
	{"1x1", "1x1"},
	{"8x8", "8x8"},
	{"1x64", "1x64"},
	{"64x1", "64x1"},
	{"2x32", "2x32"},
	{"03x4", "3x4"},
	{"..#/.../...", "..#/.../..."},
	{"..../....", "2x4"},
	{".", "1x1"},
	{"#", "#"},
	{"##/##", "##/##"},
	{".#.#", ".#.#"},
	{"#/./.", "#/./."},
	{strings.Repeat(".", 64), "1x64"},
	{strings.Repeat("#", 64), strings.Repeat("#", 64)},
	{strings.Repeat("......../", 7) + ".......#", strings.Repeat("......../", 7) + ".......#"},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		b, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q) error: %v", tt.in, err)
			continue
		}
		if got := b.String(); got != tt.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
		back, err := Parse(b.String())
		if err != nil || *back != *b {
			t.Errorf("Parse(%q) = %v, %v, want the board back", b.String(), back, err)
		}
	}
}

var parseErrorTests = []struct {
	in     string
	kind   error
	offset int
	msg    string // the whole message, when given
}{
	{"", parse.ErrSyntax, 0, `cram: parsing "": empty board at 0`},
	{"..#/x", parse.ErrSyntax, 4, `cram: parsing "..#/x": invalid cell 'x' at 4`},
	{"9x9", parse.ErrTooLarge, -1, `cram: parsing "9x9": board has 81 cells, at most 64`},
	{"100x100", parse.ErrTooLarge, -1, `cram: parsing "100x100": board has 10000 cells, at most 64`},
	{"99999999999999999999x2", parse.ErrTooLarge, -1, ""},
	{"5x13", parse.ErrTooLarge, -1, ""},
	{"65x1", parse.ErrTooLarge, -1, ""},
	{"0x4", parse.ErrSyntax, 0, `cram: parsing "0x4": board has no rows at 0`},
	{"4x0", parse.ErrSyntax, 2, ""},
	{"0x0", parse.ErrSyntax, 0, ""},
	{"3", parse.ErrSyntax, 1, `cram: parsing "3": missing 'x' at 1`},
	{"3x", parse.ErrSyntax, 2, ""},
	{"3x4x", parse.ErrSyntax, 3, ""},
	{"3X4", parse.ErrSyntax, 1, ""},
	{"3 x 4", parse.ErrSyntax, 1, ""},
	{"3x-4", parse.ErrSyntax, 2, ""},
	{"x", parse.ErrSyntax, 0, ""},
	{"-3x4", parse.ErrSyntax, 0, ""},
	{"../...", parse.ErrSyntax, 3, `cram: parsing "../...": row has 3 cells, want 2 at 3`},
	{".../..", parse.ErrSyntax, 4, ""},
	{"..//..", parse.ErrSyntax, 3, `cram: parsing "..//..": empty row at 3`},
	{"../", parse.ErrSyntax, 3, ""},
	{"/..", parse.ErrSyntax, 0, ""},
	{"/", parse.ErrSyntax, 0, ""},
	{"... ", parse.ErrSyntax, 3, ""},
	{" ...", parse.ErrSyntax, 0, ""},
	{"..o", parse.ErrSyntax, 2, ""},
	{"..é", parse.ErrSyntax, 2, ""},
	{strings.Repeat(".", 65), parse.ErrTooLarge, -1, ""},
	{strings.Repeat("........./", 7) + ".........", parse.ErrTooLarge, -1, `board has 72 cells, at most 64`},
	{strings.Repeat(".", 65) + "/.", parse.ErrSyntax, 66, ""},
}

func TestParse_Errors(t *testing.T) {
	for _, tt := range parseErrorTests {
		b, err := Parse(tt.in)
		if b != nil {
			t.Errorf("Parse(%q) = %v, want no board", tt.in, b)
		}
		gametest.CheckParseError(t, "cram", tt.in, err, tt.kind, tt.offset, tt.msg)
	}
}

func TestGame(t *testing.T) {
	var g Game
	if g.Name() != "cram" {
		t.Errorf("Name() = %q, want %q", g.Name(), "cram")
	}
	p, err := g.Parse("..#/...")
	if err != nil || p.String() != "..#/..." {
		t.Errorf("Game.Parse(%q) = %v, %v", "..#/...", p, err)
	}
	if p, err := g.Parse("9x9"); err != nil || p.String() != "9x9" {
		t.Errorf("Game.Parse(%q) = %v, %v", "9x9", p, err)
	} else if _, ok := p.(*Wide); !ok {
		t.Errorf("Game.Parse(%q) is a %T, want a *Wide", "9x9", p)
	}
	if p, err := g.Parse("12x11"); p != nil || !errors.Is(err, parse.ErrTooLarge) || !strings.Contains(err.Error(), "132 cells, at most 128") {
		t.Errorf("Game.Parse(%q) = %v, %v, want nil, ErrTooLarge", "12x11", p, err)
	}
}

// TestString_RoundTrip checks Parse(p.String()) on random boards, options included.
func TestString_RoundTrip(t *testing.T) {
	r := newRand(t)
	for range 500 {
		b := randomBoard(r, 1+r.IntN(8), 1+r.IntN(8), r.Float64())
		back, err := Parse(b.String())
		if err != nil || *back != *b || back.Key() != b.Key() {
			t.Fatalf("Parse(%q) = %v, %v, want the board back", b.String(), back, err)
		}
	}
}
