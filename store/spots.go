package store

import (
	"strconv"
	"strings"
)

// Sprouts letters past the alphabet. Glop 2.x and SPOTS name letters A…Y and a…l; a string
// that needs more letters of a case writes every letter of that case by number: m(k) for the
// k-th lowercase one (from 1), n(k) in SPOTS and Z(k) in Glop for the k-th uppercase one
// (shared/SPROUTS.md). The sprouts package reads all three and writes SPOTS's; a Glop file
// gets Glop's name for the uppercase ones.
func toGlop(pos string) string { return strings.ReplaceAll(pos, "n(", "Z(") }

// sproutsText writes a Sprouts position of our notation as the program of format writes it.
// Where SPOTS's canonical form differs from ours in more than notation (it orders and rotates
// boundaries its own way), the line stays ours: SPOTS reads it, but finds it only when its own
// text of the position is the same (about 70 % of the lines of its databases of 0*7 and 0*8).
func sproutsText(pos, format string) string {
	if format == FormatGlop {
		return toGlop(pos)
	}
	return toSPOTSSingletons(pos)
}

// toSPOTSSingletons writes runs of two or more boundaries that are one fresh spot each as
// SPOTS does, "0*k", wherever they stand: SPOTS writes "0*2.A|0.1A.BC|BC" where our notation
// keeps "0*k" for a land of fresh spots alone and writes "0.0.A|0.1A.BC|BC". SPOTS looks
// positions up in its database by their exact text, so an exported line must be written its way.
func toSPOTSSingletons(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		k := freshRun(s, i)
		if k < 2 {
			b.WriteByte(s[i])
			i++
			continue
		}
		b.WriteString("0*")
		b.WriteString(strconv.Itoa(k))
		i += 2*k - 1
	}
	return b.String()
}

// freshRun counts the boundaries "0" that start at s[i], one after another separated by '.',
// when s[i] starts a boundary.
func freshRun(s string, i int) int {
	if i > 0 && !strings.ContainsRune(".|+", rune(s[i-1])) {
		return 0
	}
	k := 0
	for i < len(s) && s[i] == '0' && (i+1 == len(s) || strings.ContainsRune(".|+", rune(s[i+1]))) {
		k++
		if i+1 == len(s) || s[i+1] != '.' {
			break
		}
		i += 2
	}
	return k
}
