package chomp

import (
	"errors"
	"testing"

	"grundy/games/parse"
)

// FuzzParse checks that Parse never panics, fails only with a *parse.ParseError, and that a
// board it reads prints to notation that reads back as the same board.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"4x5",          // a full rectangle
		"3 3 2 1",      // heights
		"3,2,1",        // with commas
		"64x64",        // the largest board
		"65x1", "1x65", // too large
		"99999999999x1", // a number that overflows
		"3 4",           // increasing heights
		"0",             // no poisoned square
		"3 0 0",         // empty columns at the right
		"3x",            // no columns
		"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := Parse(s)
		if err != nil {
			var pe *parse.ParseError
			if !errors.As(err, &pe) || !(errors.Is(err, parse.ErrSyntax) || errors.Is(err, parse.ErrTooLarge)) {
				t.Fatalf("Parse(%q) error = %v, want a *parse.ParseError of a known kind", s, err)
			}
			return
		}
		back, err := Parse(b.String())
		if err != nil {
			t.Fatalf("Parse(%q) error: %v, from %q", b.String(), err, s)
		}
		if *back != *b || back.String() != b.String() || back.Key() != b.Key() {
			t.Fatalf("Parse(%q) = %q, want %q", b.String(), back, b)
		}
	})
}
