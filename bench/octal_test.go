package bench

import (
	"context"
	"errors"
	"os"
	"testing"
	"time"

	"grundy/games/octal"
)

// growRun grows a Run of g, plain or by the rare/common method, to n values, within limit
// (0: none), and returns it.
func growRun(b *testing.B, g *octal.Game, plain bool, n int, limit time.Duration) *octal.Run {
	newRun := g.NewRun
	if plain {
		newRun = g.PlainRun
	}
	r, err := newRun()
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	if err := r.Grow(ctx, n); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		b.Fatal(err)
	}
	return r
}

// BenchmarkGrundy computes Grundy's game by the rare/common method to 2^17 and 2^21 beside
// the plain mex to 2^17 (the ratio at 2^17 is in the ns/op of the two), checks Czajka's
// figures at 2^21 (largest value 231, first at heap 763622; 1274 rare values, the last at
// 82860), and goes towards 2^26 for 10 minutes, reporting the heaps reached.
func BenchmarkGrundy(b *testing.B) {
	for _, size := range []struct {
		name  string
		n     int
		plain bool
		limit time.Duration
	}{
		{"plain-mex/2^17", 1 << 17, true, 0},
		{"rare-common/2^17", 1 << 17, false, 0},
		{"rare-common/2^21", 1 << 21, false, 0},
		{"rare-common/2^26-in-10m", 1 << 26, false, 10 * time.Minute},
	} {
		b.Run(size.name, func(b *testing.B) {
			if size.limit > 0 && os.Getenv("GRUNDY_BENCH_QUICK") != "" {
				b.Skip("GRUNDY_BENCH_QUICK: 10 minutes")
			}
			var r *octal.Run
			cpu0 := cpuTime()
			for b.Loop() {
				r = growRun(b, octal.Grundy(), size.plain, size.n, size.limit)
			}
			b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s") // the machine is shared: CPU, not wall
			s := r.Summary()
			b.ReportMetric(float64(s.Values), "heaps")
			b.ReportMetric(float64(s.Largest), "largest")
			b.ReportMetric(float64(s.LargestAt), "largest-at")
			b.ReportMetric(float64(s.Rare), "rare")
			b.ReportMetric(float64(s.LastRare), "last-rare")
			if size.n == 1<<21 && (s.Largest != 231 || s.LargestAt != 763622 || s.Rare != 1274 || s.LastRare != 82860) {
				b.Errorf("grundys-game to 2^21: largest %d at %d, %d rare, the last at %d; want 231 at 763622, 1274, 82860 (Czajka)",
					s.Largest, s.LargestAt, s.Rare, s.LastRare)
			}
		})
	}
}

// BenchmarkOctalPeriod finds and proves the periods of 0.16 (149459 from 105351,
// Gangolli and Plambeck) and 0.354 (1180 from 10061916, Flammenkamp) by the rare/common
// method, growing the values until the periodicity theorem proves the period.
func BenchmarkOctalPeriod(b *testing.B) {
	for _, tc := range []struct {
		code string
		p, e int
		long bool
	}{
		{"0.16", 149459, 105351, false},
		{"0.354", 1180, 10061916, true},
	} {
		b.Run(tc.code, func(b *testing.B) {
			if tc.long && os.Getenv("GRUNDY_BENCH_QUICK") != "" {
				b.Skip("GRUNDY_BENCH_QUICK: minutes")
			}
			g, err := octal.New(tc.code)
			if err != nil {
				b.Fatal(err)
			}
			need := 2*tc.e + 2*tc.p + len(tc.code) - 2 // the theorem's last heap, 2e+2p+t-1, and one
			var r *octal.Run
			cpu0 := cpuTime()
			for b.Loop() {
				r = growRun(b, g, false, need, 0)
			}
			b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s")
			p, e := r.Period()
			b.ReportMetric(float64(p), "period")
			b.ReportMetric(float64(e), "preperiod")
			if p != tc.p || e != tc.e {
				b.Errorf("octal:%s: period %d from %d, want %d from %d", tc.code, p, e, tc.p, tc.e)
			}
		})
	}
}
