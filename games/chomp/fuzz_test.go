package chomp

import (
	"grundy/games/gametest"
	"testing"
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
	f.Fuzz(func(t *testing.T, s string) { gametest.CheckParse(t, s, Parse) })
}
