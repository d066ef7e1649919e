package bench

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"

	"grundy/engine"
	"grundy/games"
)

// sproutsMax is the largest number of spots the Sprouts benchmarks try: 12 (a minute, and
// as much for its tree) unless GRUNDY_BENCH_SPROUTS sets it; p = 13 and 15 take more than
// 10 minutes (see docs/benchmarks.md).
func sproutsMax() int {
	if n, err := strconv.Atoi(os.Getenv("GRUNDY_BENCH_SPROUTS")); err == nil {
		return n
	}
	return 12
}

// BenchmarkSprouts finds the outcome of p-spot Sprouts with the couples search; for small p
// the elementary search (with the same move ordering) and plain mex run beside it as
// baselines.
func BenchmarkSprouts(b *testing.B) {
	for p := 3; p <= sproutsMax(); p++ {
		if p > 9 && quick() {
			break
		}
		pos := fmt.Sprintf("0*%d", p)
		b.Run(pos+"/couples-outcome", func(b *testing.B) { run(b, "sprouts", pos, "couples-outcome") })
		if p <= 8 {
			b.Run(pos+"/elementary", func(b *testing.B) { run(b, "sprouts", pos, "elementary") })
		}
		if p <= 6 {
			b.Run(pos+"/plain-mex", func(b *testing.B) { run(b, "sprouts", pos, "plain-mex") })
		}
	}
}

// BenchmarkSproutsTree records the solution tree of the outcome of p-spot Sprouts and
// reports its size in losing couples, the measure of the paper's Figure 12 (p = 11: 140;
// Glop's smallest known proof: 113).
func BenchmarkSproutsTree(b *testing.B) {
	for p := 1; p <= sproutsMax(); p++ {
		if p > 9 && quick() {
			break
		}
		b.Run(fmt.Sprintf("0*%d", p), func(b *testing.B) {
			g, err := games.Lookup("sprouts")
			if err != nil {
				b.Fatal(err)
			}
			pos, err := games.Parse(g, fmt.Sprintf("0*%d", p))
			if err != nil {
				b.Fatal(err)
			}
			var t *engine.Tree
			var st engine.Stats
			for b.Loop() {
				s := engine.NewSolver(engine.WithCache(engine.NoCache{}))
				if t, err = s.ProveOutcome(context.Background(), "sprouts", pos); err != nil {
					b.Fatal(err)
				}
				st = s.Stats()
			}
			b.ReportMetric(float64(t.LosingCouples()), "losing-couples")
			b.ReportMetric(float64(st.Nodes), "nodes/op")
		})
	}
}
