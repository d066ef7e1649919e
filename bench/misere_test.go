package bench

import (
	"fmt"
	"testing"
)

// misereSprouts are the misère outcomes of p-spot Sprouts, p = 1…9 (seed 003, from
// Lemoine and Viennot's computations).
var misereSprouts = []string{"W", "L", "L", "L", "W", "W", "L", "L", "L"}

// BenchmarkMisereSprouts finds the misère outcome of p-spot Sprouts by search of the whole
// position (engine.MisereOutcome), checking it against the published one; the elementary
// search of the normal-play outcome (§4.1: whole positions too, the same move ordering) runs
// beside it as the baseline, so that the ratio is what the convention costs.
func BenchmarkMisereSprouts(b *testing.B) {
	for p := 5; p <= 9; p++ {
		if p > 7 && quick() {
			break
		}
		pos := fmt.Sprintf("0*%d", p)
		b.Run(pos+"/misere", func(b *testing.B) { runMisere(b, "sprouts", pos, misereSprouts[p-1]) })
		if p <= 8 {
			b.Run(pos+"/elementary", func(b *testing.B) { run(b, "sprouts", pos, "elementary") })
		}
	}
}

// runMisere benchmarks the misère search on pos of game, each iteration with a fresh cache,
// and fails unless the outcome is want.
func runMisere(b *testing.B, game, pos, want string) {
	if got := map[int]string{1: "W", 0: "L"}[run(b, game, pos, "misere")]; got != want {
		b.Fatalf("misère %s %s = %s, want %s", game, pos, got, want)
	}
}
