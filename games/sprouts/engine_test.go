package sprouts

import (
	"context"
	"testing"

	"grundy/engine"
)

// TestEngine_Reachable: on every position reachable from 0*3 and 0*4, the couples search
// (Algorithms 1–3, with the cache and without) agrees with the brute-force oracle, and so do
// the outcomes of the couples (P, n) for small n.
func TestEngine_Reachable(t *testing.T) {
	ctx := context.Background()
	o := oracle{}
	warm := engine.NewSolver(engine.WithCache(engine.NewFront(engine.NewMapCache(), 12)))
	for _, start := range []string{"0*3", "0*4"} {
		for i, p := range reachable(t, start) {
			want := o.nimber(p)
			if got, err := warm.Nimber(ctx, p); err != nil || got != want {
				t.Fatalf("Nimber(%q) = %d, %v; want %d", p, got, err, want)
			}
			if i%20 != 0 {
				continue
			}
			cold := engine.NewSolver(engine.WithCache(engine.NoCache{}))
			for n := range 3 {
				if win, _ := cold.Outcome(ctx, p, n); win != (want != n) {
					t.Fatalf("Outcome(%q, %d) = %v without a cache; nimber %d", p, n, win, want)
				}
			}
		}
	}
}
