package games_test

import (
	"errors"
	"testing"

	"grundy/games"
	gparse "grundy/games/parse"
)

// TestParse_Sum: terms joined by a '+' that stands apart make a sum, and a '+' inside a term
// is the term's own.
func TestParse_Sum(t *testing.T) {
	tests := []struct {
		game, in, want string
	}{
		{"kayles", "3 + 4", "3 + 4"},
		{"kayles", "  3  +  4 5 ", "3 + 4 5"},
		{"kayles", "3\t+\t4", "3 + 4"},
		{"kayles", "12 9 7", "12 9 7"},
		{"cram", "3x4 + 2x5", "3x4 + 2x5"},
		{"cram", "3x3 + 2x5 + 1x2", "3x3 + 2x5 + 1x2"},
		{"sprouts", "0*2+1a1a", "0*2+1a1a"}, // one position of two lands
		{"sprouts", "0*2 + 1a1a", "0*2 + 1a1a"},
	}
	for _, tc := range tests {
		_, p := parse(t, tc.game, tc.in)
		if got := p.String(); got != tc.want {
			t.Errorf("Parse(%s, %q) = %q, want %q", tc.game, tc.in, got, tc.want)
		}
	}
}

// TestParse_EmptyTerm: a '+' with nothing on one side is a syntax error at that '+', not a
// sum with the missing term left out.
func TestParse_EmptyTerm(t *testing.T) {
	tests := []struct {
		game, in string
		want     string // the error's message
	}{
		{"kayles", "3 + ", `kayles: parsing "3 + ": empty term after '+' at 2`},
		{"kayles", "3 +", `kayles: parsing "3 +": empty term after '+' at 2`},
		{"kayles", "+ 3", `kayles: parsing "+ 3": empty term before '+' at 0`},
		{"kayles", "3 + + 4", `kayles: parsing "3 + + 4": empty term before '+' at 4`},
		{"kayles", "3 + 4 +", `kayles: parsing "3 + 4 +": empty term after '+' at 6`},
		{"kayles", "+", `kayles: parsing "+": empty term before '+' at 0`},
		{"kayles", " + ", `kayles: parsing " + ": empty term before '+' at 1`},
		{"cram", "3x4 + ", `cram: parsing "3x4 + ": empty term after '+' at 4`},
		{"sprouts", "0*2 + ", `sprouts: parsing "0*2 + ": empty term after '+' at 4`},
		{"sprouts", "+ 0*2", `sprouts: parsing "+ 0*2": empty term before '+' at 0`},
		{"octal:0.77", "3 + ", `octal:0.77: parsing "3 + ": empty term after '+' at 2`},
	}
	for _, tc := range tests {
		g, err := games.Lookup(tc.game)
		if err != nil {
			t.Fatal(err)
		}
		p, err := games.Parse(g, tc.in)
		if err == nil {
			t.Errorf("Parse(%s, %q) = %q, want an error", tc.game, tc.in, p)
			continue
		}
		var pe *gparse.ParseError
		if !errors.Is(err, games.ErrSyntax) || !errors.As(err, &pe) {
			t.Errorf("Parse(%s, %q) error = %v, want a *ParseError of ErrSyntax", tc.game, tc.in, err)
		}
		if err.Error() != tc.want {
			t.Errorf("Parse(%s, %q) error = %q, want %q", tc.game, tc.in, err, tc.want)
		}
	}
}

// TestNotationKeyer checks that the heap games of the registry tell their heaps' keys apart
// without a parse, and that what they take parses back to itself.
func TestNotationKeyer(t *testing.T) {
	for _, name := range []string{"nim", "kayles", "dawsons-kayles", "lasker", "grundys-game", "octal:0.6", "subtraction:1,3"} {
		g, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		nk, ok := g.(games.NotationKeyer)
		if !ok {
			t.Errorf("%s is no NotationKeyer", name)
			continue
		}
		for _, s := range []string{"7", "12", "3 5", "07", "7 + 12"} {
			p, err := games.Parse(g, s)
			want := err == nil && len(p.Split()) == 1 && p.Split()[0].Key() == s && p.Split()[0].String() == s
			if got := nk.IsNotationKey(s); got != want {
				t.Errorf("%s: IsNotationKey(%q) = %v, want %v", name, s, got, want)
			}
		}
	}
}
