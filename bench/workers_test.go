package bench

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"grundy/games"
	"grundy/job"
)

// workersPositions are the positions of issue 14's goal: --workers 2 at least 1.7× faster
// than --workers 1 on this 2-core machine. GRUNDY_BENCH_QUICK takes smaller ones.
func workersPositions() [][2]string {
	if quick() {
		return [][2]string{{"cram", "3x12"}, {"cram", "4x7"}, {"cram", "5x6"}, {"sprouts", "0*11"}}
	}
	return [][2]string{{"cram", "3x14"}, {"cram", "4x9"}, {"cram", "5x7"}, {"sprouts", "0*13"}}
}

// workersCacheMB is the budget of each run: solve's default.
const workersCacheMB = 384

// BenchmarkWorkers solves each position with one worker, then with two, in the same run and
// with the game's default search, as `grundy solve --workers N --no-db` does, and reports
// both wall times, their ratio (one worker's over two's: the speed-up), the process's CPU
// times, the nodes, the collector's CPU (the runtime's count, less its idle marking, which
// only fills a core nothing else wanted), and the load average before each solve; the
// answers must agree.
//
// GRUNDY_BENCH_THREADCPU=1 measures the workers' own threads too (job.Config.ThreadCPU,
// which costs two workers a tenth of their wall time): the critical CPU (the busiest
// worker's thread, summed over a proof-number team's couples: the wall time on an idle
// machine) and its ratio, and the process's CPU per second of the workers' own (1: nothing
// beside the search; on 2 cores, two workers can be at most 2 ÷ that times faster than one),
// for a machine that other work keeps busy.
func BenchmarkWorkers(b *testing.B) {
	for _, gp := range workersPositions() {
		b.Run(gp[0]+"-"+gp[1], func(b *testing.B) {
			var one, two workersRun
			for b.Loop() {
				one.add(solveWorkers(b, gp[0], gp[1], 1))
				two.add(solveWorkers(b, gp[0], gp[1], 2))
				if one.answer != two.answer {
					b.Fatalf("%s %s: 1 worker %s, 2 workers %s", gp[0], gp[1], one.answer, two.answer)
				}
			}
			b.ReportMetric(one.wall.Seconds()/float64(b.N), "s-1worker")
			b.ReportMetric(two.wall.Seconds()/float64(b.N), "s-2workers")
			b.ReportMetric(one.wall.Seconds()/two.wall.Seconds(), "speedup")
			b.ReportMetric(one.cpu.Seconds()/float64(b.N), "cpu-s-1worker")
			b.ReportMetric(two.cpu.Seconds()/float64(b.N), "cpu-s-2workers")
			b.ReportMetric(float64(one.nodes)/float64(b.N), "nodes-1worker")
			b.ReportMetric(float64(two.nodes)/float64(b.N), "nodes-2workers")
			b.ReportMetric(one.gc.Seconds()/float64(b.N), "gc-cpu-s-1worker")
			b.ReportMetric(two.gc.Seconds()/float64(b.N), "gc-cpu-s-2workers")
			if threadCPU() {
				b.ReportMetric(one.critical.Seconds()/two.critical.Seconds(), "critical-speedup")
				b.ReportMetric(one.cpu.Seconds()/one.workers.Seconds(), "cpu-per-worker-s-1worker")
				b.ReportMetric(two.cpu.Seconds()/two.workers.Seconds(), "cpu-per-worker-s-2workers")
			}
			b.Logf("%s %s: nimber %s; 1 worker %v (%v CPU, critical %v, workers %v, GC %v, %d nodes, load %s), 2 workers %v (%v CPU, critical %v, workers %v, GC %v, %d nodes, load %s)",
				gp[0], gp[1], one.answer, one.wall.Round(time.Millisecond), one.cpu.Round(time.Millisecond), one.critical.Round(time.Millisecond),
				one.workers.Round(time.Millisecond), one.gc.Round(time.Millisecond), one.nodes, one.load,
				two.wall.Round(time.Millisecond), two.cpu.Round(time.Millisecond), two.critical.Round(time.Millisecond),
				two.workers.Round(time.Millisecond), two.gc.Round(time.Millisecond), two.nodes, two.load)
		})
	}
}

// A workersRun is what solving cost.
type workersRun struct {
	wall, cpu, critical time.Duration
	workers             time.Duration // the workers' own threads' CPU
	gc                  time.Duration // the collector's CPU, but for its idle marking
	nodes               int64
	answer              string
	load                string // the load averages before each solve
}

func (r *workersRun) add(o workersRun) {
	r.wall += o.wall
	r.cpu += o.cpu
	r.critical += o.critical
	r.workers += o.workers
	r.gc += o.gc
	r.nodes += o.nodes
	r.answer = o.answer
	r.load = strings.TrimSpace(r.load + " " + o.load)
}

// threadCPU reports whether the workers' own threads are measured (GRUNDY_BENCH_THREADCPU).
func threadCPU() bool { return os.Getenv("GRUNDY_BENCH_THREADCPU") != "" }

// loadAverage is the machine's load over the last minute (Linux), or "?".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

// solveWorkers solves game's pos with a new runner of the given workers and no store.
func solveWorkers(b *testing.B, game, pos string, workers int) workersRun {
	b.StopTimer()
	defer b.StartTimer()
	g, err := games.Lookup(game)
	if err != nil {
		b.Fatal(err)
	}
	p, err := games.Parse(g, pos)
	if err != nil {
		b.Fatal(err)
	}
	runtime.GC() // the runner before left its cache to the collector
	load := loadAverage()
	cpu0, gc0, start := cpuTime(), gcCPU(), time.Now()
	r, err := job.NewRunner(g.Name(), job.Config{CacheMB: workersCacheMB, Workers: workers, ThreadCPU: threadCPU()})
	if err != nil {
		b.Fatal(err)
	}
	res := r.Run(context.Background(), job.Request{Game: g, Position: p, Task: job.Nimber}, nil)
	critical, workersCPU := r.CriticalCPU(), r.WorkersCPU()
	r.Close()
	if res.Err != nil || !res.Answer.HasNimber {
		b.Fatalf("%s %s, %d workers: %s, %v", game, pos, workers, res.Answer.NimberText(), res.Err)
	}
	return workersRun{wall: time.Since(start), cpu: cpuTime() - cpu0, critical: critical, workers: workersCPU,
		gc: gcCPU() - gc0, nodes: res.Search.Nodes, answer: fmt.Sprint(res.Answer.Nimber), load: load}
}

// gcCPU is the collector's CPU time so far, as the runtime estimates it, less its idle
// marking: the runtime counts a core it marks on while nothing else wants it, which a
// second worker would have taken.
func gcCPU() time.Duration {
	s := []metrics.Sample{{Name: "/cpu/classes/gc/total:cpu-seconds"}, {Name: "/cpu/classes/gc/mark/idle:cpu-seconds"}}
	metrics.Read(s)
	for _, x := range s {
		if x.Value.Kind() != metrics.KindFloat64 {
			return 0
		}
	}
	return time.Duration((s[0].Value.Float64() - s[1].Value.Float64()) * float64(time.Second))
}
