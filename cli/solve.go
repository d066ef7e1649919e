package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"grundy/engine"
	"grundy/games"
)

var cmdSolve = &Command{
	Name:      "solve",
	UsageLine: "solve GAME POSITION [--json] [--outcome-only] [--algo A] [--cache-mb N] [--timeout D]",
	Short:     "outcome and nimber of a position",
	Run:       runSolve,
}

// treeReplayLimit bounds the searches whose solution tree `solve` measures afterwards: the
// measurement replays the search while recording every proof, which costs memory.
const treeReplayLimit = 300_000

type solveFlags struct {
	json, outcomeOnly, progress bool
	algo                        string
	cacheMB                     int
	timeout                     time.Duration
}

func (f *solveFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.json, "json", false, "print one JSON object")
	fs.BoolVar(&f.outcomeOnly, "outcome-only", false, "find the outcome only, not the nimber")
	fs.BoolVar(&f.progress, "progress", false, "report progress on stderr every second")
	fs.StringVar(&f.algo, "algo", "couples", "couples (the paper's), elementary (§4.1, outcome only) or mex")
	fs.IntVar(&f.cacheMB, "cache-mb", 384, "cache size in megabytes (the process takes about twice that)")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop after this long (e.g. 30s) and print what was proven")
}

func runSolve(ctx context.Context, env *Env, args []string) int {
	var f solveFlags
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	f.register(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return fail(env, "solve", err)
	}
	g, text, err := gameAndPosition(pos)
	if err != nil {
		return fail(env, "solve", err)
	}
	p, err := games.Parse(g, text)
	if err != nil {
		return fail(env, "solve", err)
	}
	if f.algo != "couples" && f.algo != "elementary" && f.algo != "mex" {
		return fail(env, "solve", usagef("unknown --algo %q: want couples, elementary or mex", f.algo))
	}
	if f.cacheMB < 1 || f.cacheMB > 1<<20 {
		return fail(env, "solve", usagef("--cache-mb %d: want 1 to %d", f.cacheMB, 1<<20))
	}
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	return solve(ctx, env, g, p, f)
}

// solveResult is the JSON of `solve --json`.
type solveResult struct {
	Game     string     `json:"game"`
	Position string     `json:"position"`
	Outcome  string     `json:"outcome,omitempty"`
	Nimber   *int       `json:"nimber,omitempty"`
	Stats    solveStats `json:"stats"`
	Proven   []string   `json:"proven,omitempty"` // after a timeout: what is known of each component
}

type solveStats struct {
	Nodes             int64   `json:"nodes"`
	CacheHits         int64   `json:"cache_hits"`
	CacheLookups      int64   `json:"cache_lookups"`
	CacheEntries      int64   `json:"cache_entries"`
	CacheBytes        int64   `json:"cache_bytes"`
	ElapsedMS         int64   `json:"elapsed_ms"`
	NodesPerSecond    float64 `json:"nodes_per_second"`
	MaxDepth          int     `json:"max_depth"`
	TreeLosingCouples *int    `json:"tree_losing_couples,omitempty"`
}

func solve(ctx context.Context, env *Env, g games.Game, p engine.Position, f solveFlags) int {
	// The cache is most of the heap: let the collector work harder near the budget rather
	// than double the heap (GOGC's default growth) past it.
	debug.SetMemoryLimit(int64(f.cacheMB)*13/10<<20 + 256<<20)
	cache, err := engine.NewRistretto(f.cacheMB)
	if err != nil {
		return fail(env, "solve", err)
	}
	defer cache.Close()
	opts := []engine.SolverOption{engine.WithCache(engine.NewFront(cache, engine.FrontBits(f.cacheMB)))}
	if f.progress {
		opts = append(opts, engine.WithProgress(func(s engine.Stats) { printProgress(env, s) }, time.Second))
	}
	s := engine.NewSolver(opts...)
	res := solveResult{Game: g.Name(), Position: p.String()}
	outcomeOnly := f.outcomeOnly || f.algo == "elementary"
	var win bool
	var nimber int
	switch {
	case f.algo == "elementary":
		win, err = s.Elementary(ctx, p)
	case f.algo == "mex":
		nimber, err = s.Mex(ctx, p)
		win = nimber != 0
	case outcomeOnly:
		win, err = s.Outcome(ctx, p, 0)
	default:
		nimber, err = s.Nimber(ctx, p)
		win = nimber != 0
	}
	res.Stats = statsOf(s.Stats())
	if err != nil && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled) {
		return fail(env, "solve", err)
	}
	if err != nil {
		res.Proven = proven(s, p)
		printSolve(env, res, f.json)
		fmt.Fprintf(env.Stderr, "grundy solve: stopped after %v: %v\n", s.Stats().Elapsed.Round(time.Millisecond), err)
		return exitTimeout
	}
	res.Outcome = outcomeLetter(win)
	if !outcomeOnly {
		res.Nimber = &nimber
	}
	if f.algo == "couples" && res.Stats.Nodes <= treeReplayLimit {
		res.Stats.TreeLosingCouples = treeSize(ctx, g, p, outcomeOnly)
	}
	printSolve(env, res, f.json)
	return exitOK
}

func statsOf(s engine.Stats) solveStats {
	return solveStats{
		Nodes:          s.Nodes,
		CacheHits:      s.CacheHits,
		CacheLookups:   s.Lookups,
		CacheEntries:   s.Cache.Entries,
		CacheBytes:     s.Cache.Bytes,
		ElapsedMS:      s.Elapsed.Milliseconds(),
		NodesPerSecond: float64(int64(s.NodesPerSecond())),
		MaxDepth:       s.MaxDepth,
	}
}

// treeSize replays the search recording its proof, and counts the tree's losing couples.
func treeSize(ctx context.Context, g games.Game, p engine.Position, outcomeOnly bool) *int {
	s := engine.NewSolver(engine.WithCache(engine.NoCache{}))
	prove := s.ProveNimber
	if outcomeOnly {
		prove = s.ProveOutcome
	}
	t, err := prove(ctx, g.Name(), p)
	if err != nil {
		return nil
	}
	n := t.LosingCouples()
	return &n
}

// proven says what a stopped search established about each component of p.
func proven(s *engine.Solver, p engine.Position) []string {
	var out []string
	for _, c := range p.Split() {
		f, _ := s.Known(c)
		out = append(out, c.String()+": "+describeFact(f))
	}
	return out
}

func describeFact(f engine.Fact) string {
	if m, ok := f.Nimber(); ok {
		return fmt.Sprintf("nimber %d", m)
	}
	var ne []string
	for n := 0; len(ne) < f.Excluded(); n++ {
		if f.Excludes(n) {
			ne = append(ne, fmt.Sprint(n))
		}
	}
	if len(ne) == 0 {
		return "nothing proven yet"
	}
	return "nimber ≠ " + strings.Join(ne, ", ")
}

func outcomeLetter(win bool) string {
	if win {
		return "W"
	}
	return "L"
}

func printSolve(env *Env, r solveResult, asJSON bool) {
	if asJSON {
		b, _ := json.Marshal(r)
		fmt.Fprintln(env.Stdout, string(b))
		return
	}
	fmt.Fprintf(env.Stdout, "game      %s\nposition  %s\n", r.Game, r.Position)
	switch r.Outcome {
	case "W":
		fmt.Fprintln(env.Stdout, "outcome   W (the player to move wins)")
	case "L":
		fmt.Fprintln(env.Stdout, "outcome   L (the player to move loses)")
	}
	if r.Nimber != nil {
		fmt.Fprintf(env.Stdout, "nimber    %d\n", *r.Nimber)
	}
	for _, line := range r.Proven {
		fmt.Fprintf(env.Stdout, "proven    %s\n", line)
	}
	st := r.Stats
	fmt.Fprintf(env.Stdout, "nodes     %d in %.3f s (%.0f/s), max depth %d\n", st.Nodes, float64(st.ElapsedMS)/1000, st.NodesPerSecond, st.MaxDepth)
	fmt.Fprintf(env.Stdout, "cache     %d hits of %d lookups, %d entries kept, %.1f MB\n", st.CacheHits, st.CacheLookups, st.CacheEntries, float64(st.CacheBytes)/(1<<20))
	if st.TreeLosingCouples != nil {
		fmt.Fprintf(env.Stdout, "tree      %d losing couples\n", *st.TreeLosingCouples)
	}
}

func printProgress(env *Env, s engine.Stats) {
	fmt.Fprintf(env.Stderr, "%8.1fs %12d nodes %10.0f/s  hits %5.1f%%  depth %3d  cache %d entries\n",
		s.Elapsed.Seconds(), s.Nodes, s.NodesPerSecond(), 100*s.HitRate(), s.Depth, s.Cache.Entries)
}
