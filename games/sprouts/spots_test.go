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

// spotsLimit is what issue 12 asks of each position: its nimber in under 5 s. It is counted
// in CPU time of the process (the search runs on one goroutine), so that the other work of a
// shared machine does not make the test fail.
//
// The slowest, 0*3.AB|0*2.1aCa|ABC (nimber 7; SPOTS pns 24.8 s), was skipped until the
// proof-number start took the heap into account and lands' texts were remembered
// (engine/pns.go hintStart, landmemo.go): 82 200 nodes and 6.3 s of CPU on an idle machine,
// now 45 040 nodes and 2.1 to 2.3 s of CPU (load 3 on 2 cores). Its cost is the proof that
// one option's nimber is 6 (every nimber below reached by an option, no option at 6). The
// other 59 take at most 1.3 s.
const spotsLimit = 5 * time.Second

// A spotsCase is one line of spotsNimbers.
type spotsCase struct {
	line     int
	position string
	nimber   int
}

// TestSPOTS_Nimbers: on 60 positions of SPOTS's own random play (sums of lands among them,
// lowercase letters local to each boundary as SPOTS writes them), Sprouts' search (proof
// numbers), alone with a fresh cache, gives SPOTS's nimber, each within 5 s of CPU.
func TestSPOTS_Nimbers(t *testing.T) {
	if raceEnabled {
		t.Skip("a time limit means nothing under the race detector")
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
		t.Run(c.position, func(t *testing.T) { checkSPOTSNimber(t, c) })
	}
	// the file must keep what it is meant to test: sums of several lands
	if sums < 10 {
		t.Errorf("%s holds %d sums of lands, want at least 10", spotsNimbers, sums)
	}
}

// checkSPOTSNimber finds the nimber of c's position with a fresh solver, within spotsLimit of
// CPU, and compares it with SPOTS's.
func checkSPOTSNimber(t *testing.T, c spotsCase) {
	p, err := Parse(c.position)
	if err != nil {
		t.Fatalf("%s:%d: %v", spotsNimbers, c.line, err)
	}
	s := engine.NewSolver(engine.WithCache(engine.NewFront(engine.NewMapCache(), 16)), engine.WithProofNumbers())
	ctx, used := withCPULimit(t, spotsLimit)
	got, err := s.Nimber(ctx, p)
	switch {
	case errors.Is(err, context.Canceled):
		t.Fatalf("%s:%d: not decided in %v of CPU (%d nodes); SPOTS: %d",
			spotsNimbers, c.line, spotsLimit, s.Stats().Nodes, c.nimber)
	case err != nil:
		t.Fatalf("%s:%d: %v", spotsNimbers, c.line, err)
	case got != c.nimber:
		t.Errorf("%s:%d: nimber %d, SPOTS %d", spotsNimbers, c.line, got, c.nimber)
	}
	t.Logf("nimber %d in %.2f s of CPU, %d nodes", got, used().Seconds(), s.Stats().Nodes)
}

// withCPULimit returns a context cancelled once the process has used limit of CPU time
// (user and system) from now, or when the test ends, and a function that tells how much it
// has used so far.
func withCPULimit(t *testing.T, limit time.Duration) (context.Context, func() time.Duration) {
	start := cpuTime(t)
	used := func() time.Duration { return cpuTime(t) - start }
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go func() {
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if used() > limit {
					cancel()
					return
				}
			}
		}
	}()
	return ctx, used
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Errorf("getrusage: %v", err)
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// readSPOTSNimbers reads the `position nimber` lines of path, skipping # comments and blank
// lines; a malformed or repeated line fails the test.
func readSPOTSNimbers(t *testing.T, path string) []spotsCase {
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
