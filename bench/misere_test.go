package bench

import (
	"fmt"
	"testing"
)

// misereSprouts are the misère outcomes of p-spot Sprouts, p = 1…11 (seed 003, from
// Lemoine and Viennot's computations; OEIS A164950).
var misereSprouts = []string{"W", "L", "L", "L", "W", "W", "L", "L", "L", "W", "W"}

// BenchmarkMisereSprouts finds the misère outcome of p-spot Sprouts by search of the whole
// position (engine.MisereOutcome), by the forms of the small lands depth first and by proof
// numbers (what grundy solve --misere does), checking each against the published outcome;
// the elementary search of the normal-play outcome (§4.1: whole positions too, the same move
// ordering) runs beside them as the baseline, so that the ratio is what the convention costs.
// Past 0*8 the whole-position search and the baseline are left out (minutes), past 0*9 the
// depth-first search by forms (0*10: a quarter of an hour).
func BenchmarkMisereSprouts(b *testing.B) {
	for p := 5; p <= 11; p++ {
		if p > 7 && quick() {
			break
		}
		pos := fmt.Sprintf("0*%d", p)
		if p <= 9 {
			b.Run(pos+"/misere", func(b *testing.B) { runMisere(b, "sprouts", pos, "misere", misereSprouts[p-1]) })
			b.Run(pos+"/misere-forms", func(b *testing.B) { runMisere(b, "sprouts", pos, "misere-forms", misereSprouts[p-1]) })
		}
		b.Run(pos+"/misere-pns", func(b *testing.B) { runMisere(b, "sprouts", pos, "misere-pns", misereSprouts[p-1]) })
		if p <= 8 {
			b.Run(pos+"/elementary", func(b *testing.B) { run(b, "sprouts", pos, "elementary") })
		}
	}
}

// runMisere benchmarks the misère search algo on pos of game, each iteration with a fresh
// cache, and fails unless the outcome is want.
func runMisere(b *testing.B, game, pos, algo, want string) {
	if got := map[int]string{1: "W", 0: "L"}[run(b, game, pos, algo)]; got != want {
		b.Fatalf("misère %s %s = %s, want %s", game, pos, got, want)
	}
}
