package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"grundy/cluster"
	"grundy/engine"
	"grundy/games"
	"grundy/internal/atomicfile"
	"grundy/job"
)

var cmdSolve = &Command{
	Name:      "solve",
	UsageLine: "solve GAME POSITION [--json] [--outcome-only] [--progress] [--log FILE] [--algo A] [--cache-mb N] [--timeout D] [--tree-nodes N] [--tree-time D] [--misere] [--moves [--move-time D] [--move-nodes N]] [--workers N] [--db PATH | --no-db] [--server URL [--creds FILE] [--ca FILE] [--certificate FILE]] [--values FILE]",
	Short:     "outcome and nimber of a position",
	Run:       runSolve,
}

type solveFlags struct {
	json, outcomeOnly, progress bool
	log                         string // --log FILE: a line every minute (watch.go)
	algo                        string
	cacheMB                     int
	timeout                     time.Duration
	treeNodes                   int64
	treeTime                    time.Duration
	misere                      bool
	moves                       movesFlags
	db                          storeFlags
	workers                     workersFlag
	server                      nodeFlags // --server URL: solve through a cluster (server.go)
	certificate                 string    // --certificate FILE: the cluster's certificate of its answer
	values                      string    // --values FILE: heap values from `grundy seq --file`
}

func (f *solveFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&f.json, "json", false, "print one JSON object")
	fs.BoolVar(&f.outcomeOnly, "outcome-only", false, "find the outcome only, not the nimber")
	fs.BoolVar(&f.misere, "misere", false, "misère play (the last player to move loses): the outcome only, from the misère forms of the small components and a search of the others, depth first or by proof numbers (--algo couples or pns)")
	fs.BoolVar(&f.progress, "progress", false, "report progress on stderr every second: the counts of the search, and how far the root is (the values its nimber is proven not to be, the heap tried now, how many of its options that heap decided)")
	fs.StringVar(&f.log, "log", "", "append to this file a line every minute saying how far the search is (as --progress does), and one at the end: for long runs left alone")
	fs.StringVar(&f.algo, "algo", "", "couples (the paper's, depth first), pns (the same couples by proof-number search), dfpn (the same, depth first in bounded memory), elementary (§4.1, outcome only), mex, or br (Beling and Rogalski: nimbers asked within sets of values, one worker); default: the game's fastest, pns for sprouts, dfpn for cram, couples for the others")
	fs.IntVar(&f.cacheMB, "cache-mb", 384, "cache size in megabytes (the process takes about twice that)")
	fs.Var((*durationValue)(&f.timeout), "timeout", "stop after this long (e.g. 30s) and print what was proven")
	fs.StringVar(&f.values, "values", "", "take the values of heaps from this file of `grundy seq --file` (octal codes, grundys-game): heaps up to what it holds")
	fs.Int64Var(&f.treeNodes, "tree-nodes", 1_000_000, "measure the solution tree when its recording takes at most this many nodes (0: never)")
	fs.DurationVar(&f.treeTime, "tree-time", time.Second, "measure the solution tree when its recording takes at most this long")
	f.moves.register(fs)
	f.db.register(fs)
	f.workers.register(fs)
	f.server.register(fs, "solve through the cluster of this server (nats://host:port, tls://host:port; see grundy serve)")
	fs.StringVar(&f.certificate, "certificate", "", "with --server: write the answer's certificate here, the losing couples of its proof as a [Positions+Nimber] database, checked here first with the rules alone (`grundy db check --no-theory` verifies it again)")
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
	if err := f.check(); err != nil {
		return fail(env, "solve", err)
	}
	if err := useValues(g, f.values); err != nil {
		return fail(env, "solve", err)
	}
	p, err := games.Parse(g, text)
	if err != nil {
		return fail(env, "solve", err)
	}
	ctx, cancel := withTimeout(ctx, f.timeout)
	defer cancel()
	if f.server.url != "" {
		return solveOnServer(ctx, env, g, p, f)
	}
	return solve(ctx, env, g, p, f)
}

// algoNames lists the algorithms' names for a message: "couples, pns, … or br".
func algoNames() string {
	names := make([]string, len(job.Algos))
	for i, a := range job.Algos {
		names[i] = string(a)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// check checks the flags' values, before any work.
func (f *solveFlags) check() error {
	switch {
	case f.algo != "" && !slices.Contains(job.Algos, job.Algo(f.algo)):
		return usagef("unknown --algo %s: want %s", quote(f.algo), algoNames())
	case f.misere && f.algo != "" && f.algo != "couples" && f.algo != "elementary" && f.algo != "pns":
		return usagef("--misere searches whole positions, with no nimbers, depth first (couples) or by proof numbers (pns): --algo %s does not apply", quote(f.algo))
	case f.cacheMB < 1 || f.cacheMB > 1<<20:
		return usagef("--cache-mb %d: want 1 to %d", f.cacheMB, 1<<20)
	case f.timeout < 0:
		return usagef("--timeout %v: want a positive duration (0: none)", f.timeout)
	case f.treeNodes < 0:
		return usagef("--tree-nodes %d: want 0 or more", f.treeNodes)
	case f.treeTime < 0:
		return usagef("--tree-time %v: want 0 or more", f.treeTime)
	}
	if err := f.moves.check(f.algo); err != nil {
		return err
	}
	if err := f.workers.check(); err != nil {
		return err
	}
	if err := f.server.check(); err != nil {
		return err
	}
	if f.certificate != "" && f.server.url == "" {
		return usagef("--certificate goes with --server (grundy tree --certificate writes one of a local search)")
	}
	return f.db.check()
}

// solveResult is the JSON of `solve --json`.
type solveResult struct {
	Game     string     `json:"game"`
	Position string     `json:"position"`
	Outcome  string     `json:"outcome,omitempty"`
	Nimber   *int       `json:"nimber,omitempty"`
	Misere   bool       `json:"misere,omitempty"`
	Stats    solveStats `json:"stats"`
	Stopped  bool       `json:"stopped,omitempty"`
	Proven   []string   `json:"proven,omitempty"`    // after a stop: what is known of each component
	Tree     string     `json:"tree_note,omitempty"` // why the tree was not measured

	WinningMoves   *[]string  `json:"winning_moves,omitempty"`     // --moves: the options reached by them
	UndecidedMoves *int       `json:"undecided_moves,omitempty"`   // --moves: options left undecided
	Undecided      *[]string  `json:"undecided_options,omitempty"` // --moves: those options, to search one by one, nearest to a proof first
	OpenReplies    *[]int     `json:"open_replies,omitempty"`      // --moves of an outcome: each one's replies not proven won
	moves          *movesNote // --moves: the rest of the text output
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
	TreeNodes         *int64  `json:"tree_nodes,omitempty"`      // nodes the recording expanded
	TreeElapsedMS     *int64  `json:"tree_elapsed_ms,omitempty"` // its wall time
	Workers           int     `json:"workers"`                   // searches that ran at once
	StoreHits         *int64  `json:"store_hits,omitempty"`      // facts read from the store (with one)
	StoreWritten      *int64  `json:"store_written,omitempty"`   // facts written to it
	StoreDropped      int64   `json:"store_dropped,omitempty"`   // of those, dropped: the store's writer was behind
	store             string  // the store's directory, for the text output
}

// solve answers first, then measures the solution tree within its limits: text output
// prints the answer before the measurement starts, and the measurement never changes it.
func solve(ctx context.Context, env *Env, g games.Game, p engine.Position, f solveFlags) int {
	// The budget sizes every structure, and job.NewRunner sets the runtime's memory limit
	// from it; one that does not fit in the machine is a bad argument.
	if err := job.CheckMemory(f.cacheMB); err != nil {
		return fail(env, "solve", usagef("--cache-mb %d: %v", f.cacheMB, err))
	}
	st, err := f.db.open(g.Name(), f.cacheMB)
	if err != nil {
		return fail(env, "solve", err)
	}
	if st != nil {
		defer st.Close()
	}
	cfg := job.Config{CacheMB: f.cacheMB, Every: time.Second, Store: st, Workers: f.workers.count()}
	if f.misere {
		cfg.Workers = 1 // misère play is searched by one worker: the whole budget is its
	}
	r, err := job.NewRunner(g.Name(), cfg)
	if err != nil {
		return fail(env, "solve", err)
	}
	defer r.Close()
	logFile, err := openLog(f.log)
	if err != nil {
		return fail(env, "solve", err)
	}
	var log io.Writer
	if logFile != nil {
		defer logFile.Close()
		log = logFile
	}
	// The root's words read normal-play facts of couples: not those of misère play, nor of
	// the searches that prove none (elementary, mex).
	couples := !f.misere && f.algo != "elementary" && f.algo != "mex"
	var progress func(job.Phase, engine.Stats)
	w := newWatch(env, r, g.Name(), p, watchOf{progress: f.progress, log: log, root: couples})
	if w != nil {
		progress = w.report
	}
	req := job.Request{Game: g, Position: p, Task: job.Nimber, Algo: job.Algo(f.algo)}
	if f.outcomeOnly || f.misere || req.Algo == job.Elementary {
		req.Task = job.Outcome
	}
	req.Misere = f.misere
	if f.moves.on {
		f.moves.ask(&req)
	}
	res := r.Run(ctx, req, progress)
	w.end(res)
	if res.Err != nil {
		return fail(env, "solve", res.Err)
	}
	out := resultOf(res)
	out.Stats.Workers = r.Workers()
	if f.moves.on {
		out.addMoves(res, f.moves, res.Task == job.OutcomeMoves && !f.misere)
	}
	if f.misere {
		// Misère play has no nimbers; the components' facts are normal-play ones.
		out.Misere, out.Proven = true, nil
	}
	if st != nil {
		out.Stats.StoreHits, out.Stats.StoreWritten, out.Stats.store = &res.Store.Hits, &res.Store.Written, st.Dir()
		out.Stats.StoreDropped = res.Store.Dropped
	}
	if res.Stopped {
		printSolve(env, out, f.json)
		fmt.Fprintf(env.Stderr, "grundy solve: stopped after %v: %s\n", res.Search.Elapsed.Round(time.Millisecond), stopWhy(ctx, &res))
		return storeStatus(env, "solve", st, exitTimeout)
	}
	if !f.json {
		printSolve(env, out, false)
	}
	if (req.Algo == "" || req.Algo == job.Couples || req.Algo == job.PNS || req.Algo == job.DFPN) && f.treeNodes > 0 && !f.moves.on {
		req.Tree, req.Limits, req.ReadOut = job.TreeOnly, job.Limits{TreeNodes: f.treeNodes, TreeTime: f.treeTime}, true
		out.addTree(r.Run(ctx, req, progress))
	}
	if f.json {
		printSolve(env, out, true)
	} else {
		printTree(env, out)
	}
	return storeStatus(env, "solve", st, exitOK)
}

// resultOf is what `solve` prints of a search's result.
func resultOf(res job.Result) solveResult {
	out := solveResult{Game: res.Game, Position: res.Position, Stats: statsOf(res.Search), Stopped: res.Stopped}
	a := res.Answer
	if a.HasOutcome {
		out.Outcome = a.OutcomeText()
	}
	if a.HasNimber {
		n := a.Nimber
		out.Nimber = &n
	}
	if res.Stopped {
		for _, c := range res.Components {
			out.Proven = append(out.Proven, c.String())
		}
		if len(res.Components) == 0 {
			out.Proven = []string{res.ProvenText()}
		}
	}
	return out
}

// addTree adds the measure of the tree a recording made, or why there is none.
func (out *solveResult) addTree(res job.Result) {
	nodes, ms := res.Record.Nodes, res.Record.Elapsed.Milliseconds()
	out.Stats.TreeNodes, out.Stats.TreeElapsedMS = &nodes, &ms
	if res.Tree == nil {
		out.Tree = "not measured: " + res.NoTree
		return
	}
	c := res.Tree.LosingCouples()
	out.Stats.TreeLosingCouples = &c
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

func printSolve(env *Env, r solveResult, asJSON bool) {
	if asJSON {
		b, _ := json.Marshal(r)
		fmt.Fprintln(env.Stdout, string(b))
		return
	}
	w := env.Stdout
	fmt.Fprintf(w, "game      %s\nposition  %s\n", r.Game, r.Position)
	when := ""
	if r.Stopped {
		when = ", proven before the stop"
	}
	if r.Misere {
		when = " under misère play" + when
	}
	switch r.Outcome {
	case "W":
		fmt.Fprintf(w, "outcome   W (the player to move wins%s)\n", when)
	case "L":
		fmt.Fprintf(w, "outcome   L (the player to move loses%s)\n", when)
	}
	switch {
	case r.Nimber != nil:
		fmt.Fprintf(w, "nimber    %d\n", *r.Nimber)
	case r.Outcome == "W" && !r.Misere:
		fmt.Fprintln(w, "nimber    ≠ 0")
	}
	for _, line := range r.Proven {
		fmt.Fprintf(w, "proven    %s\n", line)
	}
	printMoves(w, r)
	st := r.Stats
	fmt.Fprintf(w, "nodes     %d in %.3f s (%.0f/s), max depth %d\n", st.Nodes, float64(st.ElapsedMS)/1000, st.NodesPerSecond, st.MaxDepth)
	fmt.Fprintf(w, "cache     %d hits of %d lookups, %d entries kept, %.1f MB\n", st.CacheHits, st.CacheLookups, st.CacheEntries, float64(st.CacheBytes)/(1<<20))
	if st.StoreHits != nil {
		fmt.Fprintf(w, "store     %d facts read, %d written (%s)\n", *st.StoreHits, *st.StoreWritten, st.store)
	}
}

// printTree prints the tree's line of the text output.
func printTree(env *Env, r solveResult) {
	st := r.Stats
	switch {
	case st.TreeLosingCouples != nil:
		fmt.Fprintf(env.Stdout, "tree      %d losing couples (recorded in %.3f s, %d nodes)\n", *st.TreeLosingCouples, float64(*st.TreeElapsedMS)/1000, *st.TreeNodes)
	case r.Tree != "":
		fmt.Fprintf(env.Stdout, "tree      %s\n", r.Tree)
	}
}

func printProgress(env *Env, ph job.Phase, s engine.Stats) {
	fmt.Fprintf(env.Stderr, "%-18s %8.1fs %12d nodes %10.0f/s  hits %5.1f%%  depth %3d  cache %d entries%s\n",
		ph, s.Elapsed.Seconds(), s.Nodes, s.NodesPerSecond(), 100*s.HitRate(), s.Depth, s.Cache.Entries, proofProgress(s.Proof))
}

// proofProgress is what a proof-number search adds to a progress line: the root's proof and
// disproof numbers (∞: impossible, 0: proven) and its DAG's size; with a team, those of the
// option worker 1 proves, after how many of the root's options are proven winning.
func proofProgress(p *engine.ProofProgress) string {
	if p == nil {
		return ""
	}
	num := func(n int64) string {
		if n >= engine.ProofInfinite {
			return "∞"
		}
		return fmt.Sprint(n)
	}
	of := ""
	if p.Options > 0 { // a team splits the root at its options: the numbers are worker 1's option's
		of = fmt.Sprintf("  options %d/%d won, worker 1's option", p.OptionsWon, p.Options)
	}
	return fmt.Sprintf("%s  pn %s dn %s  %s %d couples %d MB", of, num(p.PN), num(p.DN), p.Kept(), p.Couples, p.Bytes>>20)
}

// writeClusterCertificate checks the certificate of the cluster's answer a again, here, with the
// rules alone (cluster.CheckCertificate: nothing is searched), then writes it to name, and
// returns the losing couples it holds.
func writeClusterCertificate(ctx context.Context, name string, a cluster.Answer) (int, error) {
	if len(a.Certificate) == 0 {
		return 0, fmt.Errorf("--certificate: the cluster's answer comes without one: %s", a.NoCertificate)
	}
	text, _, err := cluster.CheckCertificate(ctx, a)
	if err != nil {
		return 0, fmt.Errorf("--certificate: the cluster's certificate: %v", err)
	}
	err = atomicfile.Write(name, func(w io.Writer) error { _, err := w.Write(text); return err })
	if err != nil {
		return 0, usageError{err.Error()}
	}
	return bytes.Count(text, []byte("\n")) - 1, nil // the lines after the header
}

// stopWhy is why a run stopped: what stopped its search (its memory budget), else what ended
// the command's context (a signal, --timeout).
func stopWhy(ctx context.Context, res *job.Result) string {
	if res.Why != "" {
		return res.Why
	}
	return fmt.Sprint(context.Cause(ctx))
}
