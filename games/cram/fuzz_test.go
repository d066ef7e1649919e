package cram

import (
	"grundy/games/gametest"
	"slices"
	"strings"
	"testing"
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
	f.Fuzz(func(t *testing.T, s string) { gametest.CheckParse(t, s, Parse) })
}

// FuzzParseWide checks ParseWide as FuzzParse checks Parse, and that a board both read is the
// same board to each: the same notation, key, options and components.
func FuzzParseWide(f *testing.F) {
	for _, s := range []string{
		"1x65", "1x128", "128x1", "11x11", "3x22", // wide boards, the largest
		"12x11", "1x129", // too large
		"3x4",                              // a board that fits 64 cells
		strings.Repeat("#.", 40),           // rows
		strings.Repeat("..#/", 30) + "#.#", // rows, and a part of Board's size
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		gametest.CheckParse(t, s, ParseWide)
		w, err := ParseWide(s)
		if err != nil || w.area() > maxCells {
			return
		}
		b, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q) error %v, ParseWide reads it", s, err)
		}
		narrowCells = 0
		defer func() { narrowCells = maxCells }()
		if w.String() != b.String() || w.Key() != b.Key() || !slices.Equal(optionStrings(w), optionStrings(b)) ||
			!slices.Equal(keys(w.Split()), keys(b.Split())) {
			t.Fatalf("ParseWide(%q) = %q, key %q; Parse gives %q, key %q", s, w, w.Key(), b, b.Key())
		}
	})
}
