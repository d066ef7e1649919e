package cluster

import (
	"context"
	"testing"
	"time"

	"grundy/store"
)

// A simulation runs the protocol beyond this machine's size: 64 workers, each with its own
// connection, cache and copy of the facts stream, on a loopback server in this process; a
// few are killed in the middle of their units. It measures what a large run needs: units,
// redeliveries, facts exchanged and their rate, the store's size.
type simReport struct {
	Stats
	Killed      int
	Streamed    int64 // facts on the facts stream, as the coordinator read them
	FactsPerSec float64
	FactBytes   int64 // bytes of the facts stream
	StoreFacts  int64 // facts in the coordinator's store
	StoreBytes  int64
	Wall        time.Duration
}

// simulate solves game pos on workers in-process workers set up as wcfg, killing kill of
// them once the job runs, and checks the answer against a local solve.
func simulate(t testing.TB, game, pos string, workers, kill int, cfg Config, wcfg WorkerConfig) simReport {
	want := localNimber(t, game, pos)
	st, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	// Closed after the cluster stops, on a failure too: the cleanups run last first, and a
	// deferred Close would close the store under a coordinator still checking a proof.
	t.Cleanup(func() { st.Close() })
	tc := startClusterStore(t, workers, cfg, wcfg, st)
	ctx, cl := tc.client(t, 10*time.Minute)
	killed := 0
	var wall time.Duration
	progress := func(Status) {
		for _, w := range tc.workers {
			if killed < kill && !w.killed.Load() && len(w.status().Units) > 0 {
				w.Kill()
				killed++
			}
		}
	}
	start := time.Now()
	a, _, err := cl.Solve(ctx, Job{Game: game, Position: pos}, progress)
	wall = time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if *a.Nimber != want {
		t.Fatalf("simulation: nimber of %s %s = %d, want %d (local solve)", game, pos, *a.Nimber, want)
	}
	r := simReport{Stats: a.Stats, Killed: killed, Wall: wall}
	tc.stop() // the coordinator's merges end before the store is measured
	r.Streamed = tc.co.merger.facts.Load()
	r.FactsPerSec = float64(r.Streamed) / wall.Seconds()
	_, admin := tc.dialAs(t, tc.srv.Auth(), 10*time.Second) // the server's own, which may read the facts' stream
	if s, err := admin.c.js.Stream(context.Background(), StreamFacts); err == nil {
		r.FactBytes = int64(s.CachedInfo().State.Bytes)
	}
	if err := st.Flush(); err != nil {
		t.Fatal(err)
	}
	ss, err := st.Stats()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range ss.Games {
		r.StoreFacts += g.Entries
	}
	r.StoreBytes = ss.DiskBytes
	return r
}

func (r simReport) log(t testing.TB, what string) {
	t.Logf("%s: %d units, %d results, %d redeliveries (%d workers killed), %d duplicates, %d workers, %d nodes, %d facts exchanged in %.1f s (%.0f facts/s, %.1f MB on the stream, %.1f bytes each), store %d facts, %.1f MB",
		what, r.Units, r.Done, r.Redeliveries, r.Killed, r.Duplicates, r.Workers, r.Nodes, r.Streamed, r.Wall.Seconds(),
		r.FactsPerSec, float64(r.FactBytes)/(1<<20), float64(r.FactBytes)/float64(max(r.Streamed, 1)), r.StoreFacts, float64(r.StoreBytes)/(1<<20))
}

// TestSimulation runs a small position (Cram 3x9, a few seconds on 64 workers) to stay within
// the tests' time; BenchmarkSimulation runs Cram 5x6, whose figures docs/benchmarks.md gives.
func TestSimulation(t *testing.T) {
	board := "3x9"
	r := simulate(t, "cram", board, 64, 4, Config{UnitNodes: 5000, Window: 4, AckWait: 5 * time.Second},
		WorkerConfig{CacheMB: 8, Workers: 1})
	r.log(t, "cram "+board+", 64 workers")
	if r.Workers < 2 {
		t.Errorf("simulation: %d workers returned results, want many", r.Workers)
	}
	if r.Killed == 0 {
		t.Logf("simulation: the job ended before a worker could be killed")
	}
}

// BenchmarkSimulation is TestSimulation's run on Cram 5x6, timed, on units of 5 000 to
// 50 000 nodes, each result with its proof, checked by the coordinator, and on Sprouts 0*11
// (nimber 1) in units of 2 000: go test -run '^$' -bench Simulation ./cluster/
// (docs/benchmarks.md: Cluster). Each takes minutes here.
func BenchmarkSimulation(b *testing.B) {
	for _, c := range []struct {
		name, game, pos string
		nodes           int64
	}{
		{"units-5000", "cram", "5x6", 5000},
		{"units-20000", "cram", "5x6", 20000},
		{"units-50000", "cram", "5x6", 50000},
		{"sprouts-units-2000", "sprouts", "0*11", 2000},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				r := simulate(b, c.game, c.pos, 64, 4, Config{UnitNodes: c.nodes, Window: 4, AckWait: 5 * time.Second},
					WorkerConfig{CacheMB: 8, Workers: 1})
				r.log(b, c.game+" "+c.pos+", 64 workers, "+c.name)
				b.ReportMetric(float64(r.Units), "units")
				b.ReportMetric(float64(r.Streamed), "facts")
				b.ReportMetric(r.FactsPerSec, "facts/s")
				b.ReportMetric(float64(r.Nodes), "nodes")
				b.ReportMetric(float64(r.Redeliveries), "redeliveries")
			}
		})
	}
}
