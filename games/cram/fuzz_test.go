package cram

import (
	"errors"
	"testing"

	"grundy/games/parse"
)

// FuzzParse checks that Parse never panics, fails only with a *parse.ParseError, and that a
// board it reads prints to notation that reads back as the same board.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"3x4",         // an empty board
		"..#/.../...", // rows
		"1x64", "8x8", // the largest boards
		"9x9",          // too large
		"99999999x999", // too large, and numbers that overflow
		"0x3",          // no rows
		"3x",           // no columns
		"..#/x",        // a bad cell
		"../...",       // ragged rows
		"..//..",       // an empty row
		"",
		"#",
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
