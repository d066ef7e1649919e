package sprouts

import (
	"errors"
	"strings"
	"testing"

	"grundy/games/parse"
)

func TestParse(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0*2", "0*2"},
		{"0 * 3", "0*3"},
		{"0*1", "0"},
		{"0*0", "!"},
		{"!", "!"},
		{" ! ", "!"},
		{"0.0.0", "0*3"},
		{"0*2.0", "0*3"},
		{"1a1a", "1a1a"},
		{"a1a1", "1a1a"},
		{"0.AB | AB", "0.AB|AB"},
		{"AB|AB + 0", "0+AB|AB"},
		{"AB|AB+AB|AB", "AB|AB+AB|AB"},
		{"0|0", "0+0"},                 // regions with no letter in common are two lands
		{"1", "1"},                     // a loop is left
		{"2", "!"},                     // one life: no move
		{"1A|1A", "1A|1A"},             // two regions of 3 lives
		{"aAa2|A.0", "0.A|22A"},        // 3 lives: spots merged, a then seen once
		{"21a1a.AB|AB", "12a1a.AB|AB"}, // read backwards
		{"A'B'|A'B'", "AB|AB"},         // primes count more letters
		{"0.0.}]!", "0*2"},             // Glop 1.x
		{"0.AB.}AB.}]!", "0.AB|AB"},
		{"0.}]1a1a.}]!", "0+1a1a"},
		{"1a1a.}\n]!", "1a1a"},
	}
	for _, tt := range tests {
		p, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if p.String() != tt.want {
			t.Errorf("Parse(%q) = %q, want %q", tt.in, p, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	long := strings.Repeat("0.", maxLen/2) + "0"
	tests := []struct {
		in     string
		kind   error
		offset int
	}{
		{"", parse.ErrSyntax, 0},
		{"   ", parse.ErrSyntax, 3},
		{"0..0", parse.ErrSyntax, 2},
		{"0|", parse.ErrSyntax, 2},
		{"0+", parse.ErrSyntax, 2},
		{"|0", parse.ErrSyntax, 0},
		{"3", parse.ErrSyntax, 0},
		{"Z", parse.ErrSyntax, 0},
		{"m", parse.ErrSyntax, 0},
		{"1é", parse.ErrSyntax, 1},
		{"1A0", parse.ErrSyntax, 2},   // a 0 alone in its boundary
		{"1a", parse.ErrSyntax, 1},    // lowercase once
		{"1a.1a", parse.ErrSyntax, 4}, // two boundaries of one region
		{"1A.1A", parse.ErrSyntax, 4},
		{"1a|1a", parse.ErrSyntax, 4}, // lowercase in two regions
		{"aaa", parse.ErrSyntax, 2},
		{"A|A|A|A", parse.ErrSyntax, 4},
		{"0.AB|A", parse.ErrSyntax, 3},    // uppercase B seen once: a slip for 0.AB|AB
		{"A", parse.ErrSyntax, 0},         // a lone 1-life spot is written 2
		{"AB|AB.2C", parse.ErrSyntax, 7},  // C once, after the others
		{"ABC|ABC|A", parse.ErrSyntax, 8}, // seen three times
		{"AA1", parse.ErrSyntax, 1},       // twice in one boundary: that is a lowercase letter
		{"0.AB|A+0*2", parse.ErrSyntax, 3},
		{"0*", parse.ErrSyntax, 2},
		{"0*x", parse.ErrSyntax, 2},
		{"0*2A", parse.ErrSyntax, 3},
		{"!0", parse.ErrSyntax, 1},
		{"0!", parse.ErrSyntax, 1},
		{"0+!", parse.ErrSyntax, 2},
		{"0.0.}", parse.ErrSyntax, 5}, // Glop 1.x: no ] nor !
		{"0.0.}]", parse.ErrSyntax, 6},
		{"0.0}]!", parse.ErrSyntax, 3},  // a boundary ends with .
		{"0|0.}]!", parse.ErrSyntax, 1}, // | is not Glop 1.x
		{"]!", parse.ErrSyntax, 0},
		{"0*41", parse.ErrTooLarge, 2},
		{"0*99999999999999999999", parse.ErrTooLarge, 2},
		{"0*40.1", parse.ErrTooLarge, -1},
		{"A'''''", parse.ErrTooLarge, 0},
		{long, parse.ErrTooLarge, -1},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		var pe *parse.ParseError
		switch {
		case !errors.Is(err, tt.kind):
			t.Errorf("Parse(%q) = %v, want %v", tt.in, err, tt.kind)
		case !errors.As(err, &pe) || pe.Game != "sprouts" || pe.Input != tt.in:
			t.Errorf("Parse(%q) = %#v, want a *parse.ParseError for sprouts", tt.in, err)
		case pe.Offset != tt.offset:
			t.Errorf("Parse(%q) = %v at %d, want at %d", tt.in, err, pe.Offset, tt.offset)
		}
	}
}

// TestManyLetters writes a land with more letters than the Glop alphabet: 15 loops in one
// region need 30 uppercase letters, A…Y then A' to E'.
func TestManyLetters(t *testing.T) {
	var pairs []string
	for i := 0; i < 30; i += 2 {
		pairs = append(pairs, string(appendName(appendName(nil, true, i), true, i+1)))
	}
	s := strings.Join(pairs, ".") + "|" + strings.Join(pairs, "|")
	p := mustParse(t, s)
	if p.Lives() != 30 || !strings.Contains(p.String(), "D'E'") {
		t.Fatalf("Parse(%q) = %q with %d lives, want 30 lives and letters up to E'", s, p, p.Lives())
	}
	if q := mustParse(t, p.String()); q.Key() != p.Key() {
		t.Errorf("Parse(%q).Key() = %q, want it unchanged", p, q.Key())
	}
}

func TestNames(t *testing.T) {
	for _, upper := range []bool{true, false} {
		for idx := range maxLetter {
			name := string(appendName(nil, upper, idx))
			if u, i := nameIndex(name); u != upper || i != idx {
				t.Errorf("nameIndex(%q) = %v, %d, want %v, %d", name, u, i, upper, idx)
			}
		}
	}
}
