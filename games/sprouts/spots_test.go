//go:build unix

package sprouts

import (
	"bufio"
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"grundy/engine"
)

// spotsNimbers is the file of SPOTS's nimbers: positions reached by random play from 0*3 … 0*9
// with SPOTS's own move generator, in SPOTS's strings, each with the nimber SPOTS computed
// (scripts/spots_random.py wrote it; its header says how).
const spotsNimbers = "testdata/spots_nimbers.txt"

// spotsNodes bounds the couples a position's search may expand. Issue 12 asked for each
// nimber in under 5 s; a time limit in a pass/fail test fails on a slow or shared machine
// (the same binary took 2.1 s and 4.6 s of CPU on this machine on two days), so the test
// bounds the nodes, which a single-goroutine search spends alike on every machine, and
// BenchmarkSPOTSNimbers reports the time.
//
// The slowest, 0*3.AB|0*2.1aCa|ABC (nimber 7; SPOTS pns 24.8 s), was skipped until the
// proof-number start took the heap into account and lands' texts were remembered
// (engine/pns.go hintStart, landmemo.go): 82 200 nodes to 45 040, and 54 957 since one
// worker expands pairs. Its cost is the proof that one option's nimber is 6 (every nimber
// below reached by an option, no option at 6). The other 59 take at most 34 000 nodes. The
// bound is half as much again as the slowest: a search that needs more has lost ground.
const spotsNodes = 82_000

// A spotsCase is one line of spotsNimbers.
type spotsCase struct {
	line     int
	position string
	nimber   int
}

// TestSPOTS_Nimbers: on 60 positions of SPOTS's own random play (sums of lands among them,
// lowercase letters local to each boundary as SPOTS writes them), Sprouts' search (proof
// numbers), alone with a fresh cache, gives SPOTS's nimber, each within spotsNodes nodes.
func TestSPOTS_Nimbers(t *testing.T) {
	if raceEnabled {
		t.Skip("the 60 searches take minutes under the race detector")
	}
	cases := readSPOTSNimbers(t, spotsNimbers)
	if len(cases) != 60 {
		t.Fatalf("%s holds %d positions, want 60", spotsNimbers, len(cases))
	}
	sums := 0
	for _, c := range cases {
		if strings.Contains(c.position, "+") {
			sums++
		}
		t.Run(c.position, func(t *testing.T) {
			got, nodes, err := spotsNimber(c)
			switch {
			case errors.Is(err, engine.ErrNodeLimit):
				t.Fatalf("%s:%d: not decided in %d nodes; SPOTS: %d", spotsNimbers, c.line, spotsNodes, c.nimber)
			case err != nil:
				t.Fatalf("%s:%d: %v", spotsNimbers, c.line, err)
			case got != c.nimber:
				t.Errorf("%s:%d: nimber %d, SPOTS %d", spotsNimbers, c.line, got, c.nimber)
			}
			t.Logf("nimber %d, %d nodes", got, nodes)
		})
	}
	// the file must keep what it is meant to test: sums of several lands
	if sums < 10 {
		t.Errorf("%s holds %d sums of lands, want at least 10", spotsNimbers, sums)
	}
}

// BenchmarkSPOTSNimbers finds the nimbers of spotsNimbers's 60 positions, each with a fresh
// solver, and reports the CPU time and nodes of the slowest and of all (issue 12's budget:
// 5 s a position; SPOTS's pns took 24.8 s on the slowest):
//
//	go test -run '^$' -bench SPOTSNimbers -benchtime 1x ./games/sprouts/
func BenchmarkSPOTSNimbers(b *testing.B) {
	cases := readSPOTSNimbers(b, spotsNimbers)
	for b.Loop() {
		var slowest, all time.Duration
		var slowestNodes, allNodes int64
		for _, c := range cases {
			start := cpuTime(b)
			got, nodes, err := spotsNimber(c)
			used := cpuTime(b) - start
			if err != nil || got != c.nimber {
				b.Fatalf("%s:%d: nimber %d (%v), SPOTS %d", spotsNimbers, c.line, got, err, c.nimber)
			}
			all, allNodes = all+used, allNodes+nodes
			if used > slowest {
				slowest, slowestNodes = used, nodes
			}
		}
		b.ReportMetric(slowest.Seconds(), "slowest-cpu-s")
		b.ReportMetric(float64(slowestNodes), "slowest-nodes")
		b.ReportMetric(all.Seconds(), "all-cpu-s")
		b.ReportMetric(float64(allNodes), "all-nodes")
	}
}

// spotsNimber finds the nimber of c's position with a fresh proof-number solver bounded by
// spotsNodes, and says how many nodes it expanded.
func spotsNimber(c spotsCase) (int, int64, error) {
	p, err := Parse(c.position)
	if err != nil {
		return 0, 0, err
	}
	s := engine.NewSolver(engine.WithCache(engine.NewFront(engine.NewMapCache(), 16)),
		engine.WithProofNumbers(), engine.WithNodeLimit(spotsNodes))
	n, err := s.Nimber(context.Background(), p)
	return n, s.Stats().Nodes, err
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatalf("getrusage: %v", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// readSPOTSNimbers reads the `position nimber` lines of path, skipping # comments and blank
// lines; a malformed or repeated line fails the test.
func readSPOTSNimbers(t testing.TB, path string) []spotsCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []spotsCase
	seen := map[string]int{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.Fields(text)
		if len(fields) != 2 {
			t.Fatalf("%s:%d: want `position nimber`, got %q", path, line, text)
		}
		n, err := strconv.Atoi(fields[1])
		if err != nil || n < 0 {
			t.Fatalf("%s:%d: nimber %q is not a natural number", path, line, fields[1])
		}
		if first, ok := seen[fields[0]]; ok {
			t.Fatalf("%s:%d: %s already on line %d", path, line, fields[0], first)
		}
		seen[fields[0]] = line
		cases = append(cases, spotsCase{line: line, position: fields[0], nimber: n})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}
