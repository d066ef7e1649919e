package boxing

import (
	"testing"

	"grundy/games/gametest"
)

// FuzzParse checks that Parse never panics, fails only with a *parse.ParseError, and that a
// board it reads prints to notation that reads back as the same board.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"10x20",          // the full board of seed 003, past what the search solves
		"oo./ooo",        // rows
		"o.o/.o./o.o",    // groups touching at corners
		"16x16", "17x16", // the largest board, and one too large
		"1x65",          // a side too long
		"99999999999x1", // a number that overflows
		"oo/o",          // a short row
		"oo//oo", "oo/", // empty rows
		"x", "", // not a board
		"...", // no stone
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { gametest.CheckParse(t, s, Parse) })
}
