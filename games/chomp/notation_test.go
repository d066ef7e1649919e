package chomp

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
	{"4x5", "4x5"},
	{"1x1", "1x1"},
	{"64x64", "64x64"},
	{"3 3 2 1", "3 3 2 1"},
	{"3,3,2,1", "3 3 2 1"},
	{" 3  2\t1 ", "3 2 1"},
	{"3 3 3", "3x3"},
	{"1", "1x1"},
	{"5", "5x1"},
	{"2 0 0", "2x1"},
	{"3 1 0", "3 1"},
	{"03 2", "3 2"},
	{"64 1", "64 1"},
	{strings.Repeat("1 ", 64), "1x64"},
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
	{"", parse.ErrSyntax, 0, `chomp: parsing "": no columns at 0`},
	{"  ", parse.ErrSyntax, 2, ""},
	{"3 4", parse.ErrSyntax, 2, `chomp: parsing "3 4": column 2 is higher than column 1 at 2`},
	{"3 2 2 3", parse.ErrSyntax, 6, `column 4 is higher than column 3 at 6`},
	{"0 0", parse.ErrSyntax, 0, ""},
	{"0", parse.ErrSyntax, 0, ""},
	{"3 a", parse.ErrSyntax, 2, `chomp: parsing "3 a": unexpected 'a', want a height at 2`},
	{"3 -1", parse.ErrSyntax, 2, ""},
	{"3;2", parse.ErrSyntax, 1, ""},
	{"65", parse.ErrTooLarge, 0, `chomp: parsing "65": column 1 has height 65, at most 64 at 0`},
	{"99999999999999999999 1", parse.ErrTooLarge, 0, ""},
	{strings.Repeat("1 ", 65), parse.ErrTooLarge, 128, `board has more than 64 columns at 128`},
	{"100x100", parse.ErrTooLarge, 0, `chomp: parsing "100x100": board has 100 rows, at most 64 at 0`},
	{"3x65", parse.ErrTooLarge, 2, ""},
	{"3x99999999999999", parse.ErrTooLarge, 2, "board has more than 64 columns at 2"},
	{"0x3", parse.ErrSyntax, 0, `board has no rows at 0`},
	{"3x0", parse.ErrSyntax, 2, ""},
	{"x3", parse.ErrSyntax, 0, ""},
	{"3x", parse.ErrSyntax, 2, `missing a number of columns at 2`},
	{"3x4x", parse.ErrSyntax, 3, ""},
	{"3 x4", parse.ErrSyntax, 1, ""},
	{"3X4", parse.ErrSyntax, 1, ""},
	{"é", parse.ErrSyntax, 0, `unexpected 'é', want a height at 0`},
}

func TestParse_Errors(t *testing.T) {
	for _, tt := range parseErrorTests {
		b, err := Parse(tt.in)
		if b != nil {
			t.Errorf("Parse(%q) = %v, want no board", tt.in, b)
		}
		gametest.CheckParseError(t, "chomp", tt.in, err, tt.kind, tt.offset, tt.msg)
	}
}

func TestGame(t *testing.T) {
	var g Game
	if g.Name() != "chomp" {
		t.Errorf("Name() = %q, want %q", g.Name(), "chomp")
	}
	p, err := g.Parse("3 2")
	if err != nil || p.String() != "3 2" {
		t.Errorf("Game.Parse(%q) = %v, %v", "3 2", p, err)
	}
	if p, err := g.Parse("1 2"); p != nil || !errors.Is(err, parse.ErrSyntax) {
		t.Errorf("Game.Parse(%q) = %v, %v, want nil, ErrSyntax", "1 2", p, err)
	}
}

// TestString_RoundTrip checks Parse(b.String()) on every diagram inside 5x5.
func TestString_RoundTrip(t *testing.T) {
	for _, b := range diagrams(5, 5) {
		back, err := Parse(b.String())
		if err != nil || *back != *b || back.Key() != b.Key() {
			t.Fatalf("Parse(%q) = %v, %v, want the board back", b.String(), back, err)
		}
	}
}
