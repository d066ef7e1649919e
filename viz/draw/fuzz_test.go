package draw

import (
	"math"
	"testing"
)

// fuzzGames are the games FuzzPicture draws each input as: one of every family.
var fuzzGames = []string{"cram", "chomp", "nim", "octal:0.77", "sprouts", "other"}

// FuzzPicture draws any string as a position and as a sum node of every game family: no
// panic, a finite size, and a bounded number of items (the parsers' limits hold). The seed
// corpus is in testdata/fuzz/FuzzPicture.
func FuzzPicture(f *testing.F) {
	for _, s := range []string{
		"3x3", "..#/.../...", "##/##", // Cram: empty board, rows, full board
		"3 3 2 1", "4x5", // Chomp: heights, rectangle
		"3 5 7", "27", "0", "", // heaps: rows, a large heap, nothing
		"2x1 + 3x1", "1 + + 2", // sums, one malformed
		"0.AB|AB", "!", // Sprouts
		"40x40", "41x1", "-1x3", "9999999999999999999", // limits
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range fuzzGames {
			for _, p := range []Picture{
				Position(g, s, nil),
				Node(Couple{Game: g, Position: s, N: 3, Sum: true, Cut: true, Parts: []Fact{{Position: s}}}, nil),
			} {
				if !(p.W > 0 && p.H > 0) || math.IsInf(p.W+p.H, 0) || math.IsNaN(p.W+p.H) {
					t.Fatalf("%s %q: size %g x %g", g, s, p.W, p.H)
				}
				if len(p.Items) > 20000 {
					t.Fatalf("%s %q: %d items", g, s, len(p.Items))
				}
			}
		}
	})
}
