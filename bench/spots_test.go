package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"grundy/games"
	"grundy/job"
)

// The comparison with SPOTS (cizektom/spots, commit da73572c; built outside the project as the
// docs/benchmarks.md, "Running SPOTS beside grundy", says): its sequential proof-number search against ours on the
// outcome of p-spot Sprouts, run in turns (SPOTS, ours, SPOTS, ours, … with -benchtime Nx), so
// that the load of a shared machine falls on both alike.
//
//	SPOTS_DIR=/work/scratch/spots/src go test -run '^$' -bench 'SPOTS/0\*12' -benchtime 2x ./bench/
//
// Environment: SPOTS_DIR (SPOTS's src folder, holding the built spots/_cpp module; unset: the
// one shared/PEERS.md builds beside the checkout, ../scratch/spots/src, if it is there, else the
// benchmark skips), SPOTS_PYTHON (the Python it was built for; default python3), SPOTS_ALGO
// (SPOTS's search, pns or dfpn; default pns), GRUNDY_ALGO (our search; default
// job.DefaultAlgo's for Sprouts), GRUNDY_SPOTS_LIMIT (how long either
// side may take on one position; default 10m, the budget).

// spotsPositions are the outcomes issue 12 compares with SPOTS, all three lost (p ≡ 0, 1, 2
// mod 6; shared/SPROUTS.md).
var spotsPositions = []struct {
	pos string
	win bool
}{{"0*12", false}, {"0*13", false}, {"0*14", false}}

// spotsAlgos are our searches the comparison can run, by their name in GRUNDY_ALGO: those that
// answer an outcome as job.Request's Algo. A name job does not know would silently run the
// default, so it is refused here instead.
var spotsAlgos = []job.Algo{job.Couples, job.PNS, job.DFPN}

// A spotsRun is one side's answer and counts on one position.
type spotsRun struct {
	decided bool // false: stopped at the limit
	win     bool
	elapsed time.Duration // the search alone (SPOTS's own "Time", which leaves out Python's start)
	nodes   int64         // ours: couples expanded; SPOTS: the nodes of its tree
	iters   int64         // SPOTS: its iterations (expansions); 0 for ours
}

// BenchmarkSPOTS runs SPOTS (pns, or SPOTS_ALGO's) and our search in turns on each of spotsPositions and reports
// both sides' median time and nodes, and ours over SPOTS's time (a lower bound when ours was
// stopped at the limit).
func BenchmarkSPOTS(b *testing.B) {
	dir := spotsDir()
	if dir == "" {
		b.Skip("set SPOTS_DIR to a built SPOTS's src folder (docs/benchmarks.md: Running SPOTS beside grundy), " +
			"e.g. SPOTS_DIR=/work/scratch/spots/src")
	}
	if _, err := os.Stat(filepath.Join(dir, "spots", "__main__.py")); err != nil {
		b.Fatalf("SPOTS_DIR=%s holds no spots/__main__.py: not SPOTS's src folder", dir)
	}
	algo, err := spotsAlgo()
	if err != nil {
		b.Fatal(err)
	}
	theirAlgo, err := spotsOwnAlgo()
	if err != nil {
		b.Fatal(err)
	}
	limit, err := spotsLimit()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range spotsPositions {
		b.Run(c.pos, func(b *testing.B) {
			var theirs, ours []spotsRun
			for b.Loop() {
				t := runSPOTS(b, dir, theirAlgo, c.pos, limit)
				o := runOurs(b, algo, c.pos, limit)
				for side, r := range map[string]spotsRun{"SPOTS": t, "ours": o} {
					if r.decided && r.win != c.win {
						b.Fatalf("%s: %s outcome %s, want %s", c.pos, side, wl(r.win), wl(c.win))
					}
				}
				b.Logf("%s: SPOTS %s %s; ours (%s) %s", c.pos, theirAlgo, t, algo, o)
				theirs, ours = append(theirs, t), append(ours, o)
			}
			reportSPOTS(b, theirs, ours)
		})
	}
}

// reportSPOTS reports the medians of each side and the ratio of ours to SPOTS's time.
func reportSPOTS(b *testing.B, theirs, ours []spotsRun) {
	t, o := median(theirs), median(ours)
	b.ReportMetric(t.elapsed.Seconds(), "spots-s")
	b.ReportMetric(float64(t.nodes), "spots-nodes")
	b.ReportMetric(float64(t.iters), "spots-iters")
	b.ReportMetric(o.elapsed.Seconds(), "ours-s")
	b.ReportMetric(float64(o.nodes), "ours-nodes")
	b.ReportMetric(o.elapsed.Seconds()/t.elapsed.Seconds(), "ours/spots")
	b.ReportMetric(decidedShare(ours), "ours-decided")
	b.ReportMetric(decidedShare(theirs), "spots-decided")
}

// median is the run of median time (the slower middle one of an even count).
func median(runs []spotsRun) spotsRun {
	s := slices.Clone(runs)
	slices.SortFunc(s, func(x, y spotsRun) int { return int(x.elapsed - y.elapsed) })
	return s[len(s)/2]
}

func decidedShare(runs []spotsRun) float64 {
	n := 0
	for _, r := range runs {
		if r.decided {
			n++
		}
	}
	return float64(n) / float64(len(runs))
}

func (r spotsRun) String() string {
	s := fmt.Sprintf("%.2f s, %d nodes", r.elapsed.Seconds(), r.nodes)
	if r.iters > 0 {
		s += fmt.Sprintf(", %d iterations", r.iters)
	}
	if !r.decided {
		return "not decided in " + s
	}
	return wl(r.win) + " in " + s
}

func wl(win bool) string {
	if win {
		return "W"
	}
	return "L"
}

// spotsAlgo is our search named by GRUNDY_ALGO, or the one Sprouts is solved with by default.
func spotsAlgo() (job.Algo, error) {
	name := os.Getenv("GRUNDY_ALGO")
	if name == "" {
		return job.DefaultAlgo("sprouts"), nil
	}
	if a := job.Algo(name); slices.Contains(spotsAlgos, a) {
		return a, nil
	}
	return "", fmt.Errorf("GRUNDY_ALGO=%q: want one of %v", name, spotsAlgos)
}

// spotsDir is SPOTS_DIR, or else the SPOTS that shared/PEERS.md builds beside the checkout
// (../scratch/spots/src from its root) when it is there, or else "".
func spotsDir() string {
	if dir := os.Getenv("SPOTS_DIR"); dir != "" {
		return dir
	}
	beside, err := filepath.Abs(filepath.Join("..", "..", "scratch", "spots", "src"))
	if err != nil {
		return ""
	}
	if _, err := os.Stat(filepath.Join(beside, "spots", "__main__.py")); err != nil {
		return ""
	}
	return beside
}

// spotsOwnAlgo is SPOTS's search named by SPOTS_ALGO: pns (the default) or dfpn.
func spotsOwnAlgo() (string, error) {
	switch name := os.Getenv("SPOTS_ALGO"); name {
	case "":
		return "pns", nil
	case "pns", "dfpn":
		return name, nil
	default:
		return "", fmt.Errorf("SPOTS_ALGO=%q: want pns or dfpn", name)
	}
}

// spotsLimit is GRUNDY_SPOTS_LIMIT, 10 minutes when unset.
func spotsLimit() (time.Duration, error) {
	s := os.Getenv("GRUNDY_SPOTS_LIMIT")
	if s == "" {
		return 10 * time.Minute, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("GRUNDY_SPOTS_LIMIT=%q: want a positive duration such as 10m", s)
	}
	return d, nil
}

// runOurs finds the outcome of pos with algo, through a fresh job.Runner (so a fresh cache of
// the benchmarks' size), within limit.
func runOurs(b *testing.B, algo job.Algo, pos string, limit time.Duration) spotsRun {
	g, err := games.Lookup("sprouts")
	if err != nil {
		b.Fatal(err)
	}
	p, err := games.Parse(g, pos)
	if err != nil {
		b.Fatal(err)
	}
	r, err := job.NewRunner("sprouts", job.Config{CacheMB: cacheMB})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	res := r.Run(ctx, job.Request{Game: g, Position: p, Task: job.Outcome, Algo: algo}, nil)
	if res.Err != nil {
		b.Fatalf("%s: %v", pos, res.Err)
	}
	return spotsRun{decided: !res.Stopped && res.Answer.HasOutcome, win: res.Answer.Win,
		elapsed: res.Search.Elapsed, nodes: res.Search.Nodes}
}

// spotsLine finds what SPOTS prints of one solved couple: "0*12+*0 is Loss:", then Nodes,
// Nimbers, Iterations and Time lines.
var spotsLine = regexp.MustCompile(`is (Win|Loss|Unknown):\s+Nodes:\s+(\d+)\s+Nimbers:\s+\d+\s+` +
	`Iterations:\s+(\d+)\s+Time:\s+([0-9.]+) s`)

// runSPOTS runs SPOTS's sequential algo (pns or dfpn) on pos (its CLI, no database written) within limit.
func runSPOTS(b *testing.B, dir, algo, pos string, limit time.Duration) spotsRun {
	python := os.Getenv("SPOTS_PYTHON")
	if python == "" {
		python = "python3"
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	// SPOTS appends a line to its stats CSV on every run: keep it out of the working tree
	stats := filepath.Join(b.TempDir(), "stats.csv")
	cmd := exec.CommandContext(ctx, python, "-m", "spots", pos, "--algorithm", algo,
		"--output_database", "", "--stats_path", stats)
	cmd.Env = append(os.Environ(), "PYTHONPATH="+dir)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return spotsRun{elapsed: wall}
	}
	if err != nil {
		b.Fatalf("SPOTS on %s: %v: %s", pos, err, lastLine(errOut.String()))
	}
	m := spotsLine.FindStringSubmatch(out.String())
	if m == nil {
		b.Fatalf("SPOTS on %s printed no result: %s", pos, lastLine(out.String()))
	}
	nodes, _ := strconv.ParseInt(m[2], 10, 64)
	iters, _ := strconv.ParseInt(m[3], 10, 64)
	secs, _ := strconv.ParseFloat(m[4], 64)
	return spotsRun{decided: m[1] != "Unknown", win: m[1] == "Win",
		elapsed: time.Duration(secs * float64(time.Second)), nodes: nodes, iters: iters}
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndex(s, "\n")+1:]
}
