package chocolate

import (
	"testing"

	"grundy/games/gametest"
)

// FuzzParse checks that Parse never panics, fails only with a *parse.ParseError, and that a
// position it reads prints to notation that reads back as the same position.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"bw/wb",     // a chequer
		"bw/wb w b", // several bars
		"0", "",     // no bar, and nothing
		"bw/b",        // a short row
		"bw//wb", "/", // empty rows
		"wwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwwww", // 65 cells
		"bx",   // a bad cell
		"w\tb", // a tab
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { gametest.CheckParse(t, s, Parse) })
}
