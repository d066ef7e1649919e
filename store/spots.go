package store

import (
	"fmt"
	"strings"

	"grundy/games/sprouts"
)

// Sprouts letters past the alphabet. Glop 2.x and SPOTS name letters A…Y and a…l; a string
// that needs more letters of a case writes every letter of that case by number: m(k) for the
// k-th lowercase one (from 1), n(k) in SPOTS and Z(k) in Glop for the k-th uppercase one
// (shared/SPROUTS.md). The sprouts package reads all three and writes SPOTS's; a Glop file
// gets Glop's name for the uppercase ones.
func toGlop(pos string) string { return strings.ReplaceAll(pos, "n(", "Z(") }

// sproutsTexts returns the lines' texts of a Sprouts position of our notation (a canonical
// text) in a file of format. Glop's is ours. SPOTS looks a land up in its database by the
// exact text its own canonicalisation gives it, which depends on the text it started from,
// so one land may have several: a SPOTS file gets every one (sprouts.SPOTSTexts), and finds
// the land however it reaches it. Every line of SPOTS's own databases (0*6 … 0*12 by pns,
// 0*6 … 0*10 by dfs, 0*6 … 0*8 by dfpn) is among them, imported and exported again; the file
// grows by 3 % to 31 % (SPOTS's 0*7 dfs: 264 lines, ours 347), and 2.8 times for SPOTS's 0*9
// dfs (6 304 lines, ours 17 706).
func sproutsTexts(pos, format string) ([]string, error) {
	if format == FormatGlop {
		return []string{toGlop(pos)}, nil
	}
	p, err := sprouts.Parse(pos)
	if err != nil {
		return nil, fmt.Errorf("sprouts: position %s: %w", pos, err)
	}
	return sprouts.SPOTSTexts(p), nil
}
