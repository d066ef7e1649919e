package job

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"grundy/engine"
	"grundy/internal/numfmt"
	"grundy/store"
)

// Config sets up a Runner.
type Config struct {
	// CacheMB is the runner's memory budget, in megabytes: the ristretto cache, its front,
	// the options memo and a recording's proofs share it (see budgetOf), and the process
	// stays within ProcessMB of the live runners' sum. 0 is DefaultMemoryMB, or what fits.
	CacheMB int
	Cache   engine.Cache  // the cache to use instead (tests, the tree command); it is not closed nor counted
	Every   time.Duration // how often progress is reported; 0 is 200 ms
	// Shared says the process holds much besides its runners (the window: its drawings and
	// the trees on show), so that the runner's budget is not counted in the runtime's memory
	// limit: set from the runners' budgets alone, it would make the collector run without
	// end. Such a process says what it may take itself (SetSharedMB).
	Shared bool
	// Store, when not nil, is the facts store searched through behind the cache (see
	// store.Through): what earlier runs proved is read from it, what this one proves is
	// written to it, and flushed at the end of each Run. The runner does not close it.
	Store *store.Store
	// StoreWriteOnly makes the store take what the runner proves and give it nothing back:
	// the tree command's, whose proof is read out of what its own search proved, and so is
	// the same on every run whatever the store holds.
	StoreWriteOnly bool
	// Workers is how many goroutines search at once (engine.WithWorkers), sharing the
	// cache; 0 is the number of cores (runtime.NumCPU). Recordings run on one.
	Workers int
	// ThreadCPU makes the searches measure their workers' own CPU (CriticalCPU, WorkersCPU),
	// each worker holding its OS thread, which costs a team a tenth of its wall time
	// (engine.WithThreadCPU): for benchmarks on a busy machine.
	ThreadCPU bool
}

// A Runner runs requests on one game's positions, one at a time, and keeps what its searches
// proved in its cache from one request to the next.
type Runner struct {
	game      string
	cache     engine.Cache
	closer    func()
	every     time.Duration
	solver    *engine.Solver
	budget    budget
	progress  atomic.Pointer[func(Phase, engine.Stats)] // the running request's
	phase     atomic.Int32                              // the phase the runner's solver works in
	store     *store.Store
	writeOnly bool        // the store is written, never read (Config.StoreWriteOnly)
	tier      *store.Tier // the store behind the cache, when there is one
	workers   int
}

// NewRunner returns a runner for the game named game. A budget (Config.CacheMB) that would
// not fit in the machine's memory is an error that Is ErrMemory. The Go runtime's memory
// limit follows the budgets of the runners not yet closed.
func NewRunner(game string, c Config) (*Runner, error) {
	r := &Runner{game: game, cache: c.Cache, closer: func() {}, every: c.Every, store: c.Store, workers: workersOf(c.Workers),
		writeOnly: c.StoreWriteOnly}
	if r.every <= 0 {
		r.every = 200 * time.Millisecond
	}
	mb := c.CacheMB
	if mb <= 0 {
		mb = DefaultMemoryMB
		if avail, ok := machineMB(); ok {
			mb = int(max(min(int64(mb), (avail-100)*2/3), 64))
		}
	} else if err := CheckMemory(mb); err != nil {
		return nil, fmt.Errorf("job: %w", err)
	}
	r.budget = budgetOf(mb, r.cache == nil, r.workers)
	if err := r.makeCache(); err != nil {
		return nil, err
	}
	counted := mb
	if c.Shared {
		counted = 0
	}
	addBudget(counted)
	pace := pacedBy(counted) // the collector's pacing follows the large budgets (parallelgc.go)
	paceGC(pace)
	closeCache := r.closer
	var once sync.Once
	r.closer = func() { once.Do(func() { closeCache(); addBudget(-counted); paceGC(-pace) }) }
	opts := append(r.budget.teamOptions(), engine.WithCache(r.cache), engine.WithProgress(r.reportPhase, r.every))
	if c.ThreadCPU {
		opts = append(opts, engine.WithThreadCPU())
	}
	if r.store != nil {
		// Facts imported and not verified order the search's options, never prove.
		if claims, err := r.store.Claims(game); err == nil && claims != nil {
			opts = append(opts, engine.WithClaims(claims))
		}
	}
	r.solver = engine.NewSolver(opts...)
	return r, nil
}

// makeCache makes the runner's cache: a front before ristretto, then the store when there is
// one; a cache given in Config (tests, the tree command) has the store behind it, no front.
func (r *Runner) makeCache() error {
	var facts *store.Facts
	if r.store != nil {
		facts = r.store.Facts(r.game)
		if err := facts.Err(); err != nil {
			return fmt.Errorf("job: %w", err)
		}
	}
	through := store.Through
	if r.writeOnly {
		through = store.WriteOnly
	}
	if r.cache != nil {
		if facts != nil {
			r.tier = through(r.cache, facts)
			r.cache = r.tier
		}
		return nil
	}
	rc, err := engine.NewRistretto(r.budget.cache)
	if err != nil {
		return fmt.Errorf("job: the cache: %w", err)
	}
	var behind engine.Cache = rc
	if facts != nil {
		r.tier = through(rc, facts)
		behind = r.tier
	}
	r.cache, r.closer = r.front(behind), rc.Close
	return nil
}

// Game is the name of the game the runner solves.
func (r *Runner) Game() string { return r.game }

// Close frees the cache.
func (r *Runner) Close() { r.closer() }

// report returns a progress callback that passes a phase's counts to the running request.
func (r *Runner) report(ph Phase) func(engine.Stats) {
	return func(st engine.Stats) {
		if f := r.progress.Load(); f != nil {
			(*f)(ph, st)
		}
	}
}

// reportPhase passes the counts of the runner's solver to the running request, in the phase
// it works in: searching, or extracting the tree.
func (r *Runner) reportPhase(st engine.Stats) { r.report(Phase(r.phase.Load()))(st) }

// Known returns what the runner's cache (and the store behind it) knows of the component p,
// without searching: for a person watching a long search, how far it is.
func (r *Runner) Known(p engine.Position) (engine.Fact, bool) { return r.cache.Get(p.Key()) }

// Usage is what the cache holds now.
func (r *Runner) Usage() engine.Usage {
	if u, ok := r.cache.(engine.Usager); ok {
		return u.Usage()
	}
	return engine.Usage{}
}

// Run answers req until it ends or ctx does, calling progress (when not nil) from the
// running goroutine with each phase's counts. It never returns before its last call to
// progress. Requests must not overlap.
func (r *Runner) Run(ctx context.Context, req Request, progress func(Phase, engine.Stats)) (res Result) {
	res = Result{Task: req.Task, Position: req.Position.String()}
	if req.Game != nil {
		res.Game = req.Game.Name()
	}
	if res.Game != r.game {
		res.Err = fmt.Errorf("job: a %s runner asked to solve %s", r.game, res.Game)
		return res
	}
	if progress != nil {
		r.progress.Store(&progress)
		defer r.progress.Store(nil)
	}
	if r.tier != nil {
		defer r.storeUse(&res, r.tier.StoreHits(), r.tier.StorePuts(), r.tier.StoreDropped())
	}
	if req.Misere {
		r.misere(ctx, req, &res)
		return res
	}
	r.search(ctx, req, &res)
	if req.OnAnswer != nil && req.Tree != TreeOnly {
		req.OnAnswer(res.clone())
	}
	if req.Tree != NoTree && res.Err == nil {
		switch {
		case res.Stopped:
			res.NoTree = "the search was stopped"
		case req.Task.listsMoves() || req.Algo == Elementary || req.Algo == Mex || req.Algo == BR:
			res.NoTree = "only the couples search records trees of a nimber or an outcome"
		case req.ReadOut:
			r.extract(ctx, req, &res)
		default:
			r.record(ctx, req, &res)
		}
	}
	return res
}

// storeUse flushes what the request proved to the store (a stopped search's facts too),
// and counts what it read from the store, wrote to it and dropped since hits, puts and dropped.
func (r *Runner) storeUse(res *Result, hits, puts, dropped int64) {
	res.Store = StoreUse{Hits: r.tier.StoreHits() - hits, Written: r.tier.StorePuts() - puts,
		Dropped: r.tier.StoreDropped() - dropped}
	if err := r.store.Flush(); err != nil {
		res.Store.Err = err
	}
}

// search is the first phase: the answer, with the cache and the game's theory.
func (r *Runner) search(ctx context.Context, req Request, res *Result) {
	s, p := r.solver, req.Position
	r.useAlgo(s, req, false)
	var err error
	switch {
	case req.Task.listsMoves():
		err = r.moves(ctx, req, res)
	case req.Algo == Elementary:
		var win bool
		win, err = s.Elementary(ctx, p)
		if err == nil {
			res.Answer = outcomeIs(win)
		}
	case req.Algo == Mex, req.Algo == BR: // nimbers only, whatever the task
		nimber := s.Mex
		if req.Algo == BR {
			nimber = s.BR
		}
		var n int
		n, err = nimber(ctx, p)
		if err == nil {
			res.Answer = nimberIs(n)
		}
	case req.Task == Outcome:
		var win bool
		win, err = s.Outcome(ctx, p, 0)
		if err == nil {
			res.Answer = outcomeIs(win)
		}
	default:
		var n int
		n, err = s.Nimber(ctx, p)
		if err == nil {
			res.Answer = nimberIs(n)
		}
	}
	if !req.Task.listsMoves() {
		res.Search = s.Stats()
	}
	res.known(s, p)
	res.stopped(err)
}

// clone returns a copy of res that shares no slice with it.
func (res *Result) clone() Result {
	c := *res
	c.Components = slices.Clone(res.Components)
	c.Options = slices.Clone(res.Options)
	return c
}

// known fills the components with what s knows of them, and adds what that proves.
func (res *Result) known(s *engine.Solver, p engine.Position) {
	res.Components = res.Components[:0]
	for _, c := range p.Split() {
		f, _ := s.Known(c)
		res.Components = append(res.Components, Component{Position: c.String(), Fact: f})
	}
	res.Answer = res.Answer.merge(answerOf(res.Components))
}

// stopped sorts err into a stop (the answer keeps what was proven) or a failure.
func (res *Result) stopped(err error) {
	switch {
	case err == nil:
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		res.Stopped = true
	case errors.Is(err, engine.ErrWorkTooLarge):
		res.Stopped, res.Why = true, err.Error()+roomHint
	default:
		res.Err = err
	}
}

// roomHint follows the why of a search stopped by its memory: the budget is the user's to
// raise (Sprouts 0*15 stopped after 30 s on the default 384 MB of two workers, and took
// 45 s to solve with 12 000 MB).
const roomHint = "; a larger memory budget gives it room (solve --cache-mb, the window's Cache)"

// errTreeTime ends a recording that took longer than its limit.
var errTreeTime = errors.New("tree time limit")

// extract is the second phase: the solution tree read out of what the search proved (the
// runner's cache and the store behind it), every option made again from the rules, within
// the request's limits (engine's extract.go). Couples the cache forgot are searched again,
// and what that proves stays in the cache.
func (r *Runner) extract(ctx context.Context, req Request, res *Result) {
	rctx, cancel := ctx, context.CancelFunc(func() {})
	if d := req.Limits.TreeTime; d > 0 {
		rctx, cancel = context.WithTimeoutCause(ctx, d, errTreeTime)
	}
	defer cancel()
	s := r.solver
	r.phase.Store(int32(Recording))
	defer r.phase.Store(int32(Searching))
	opts := []engine.ExtractOption{engine.WithMaxNodes(req.Limits.TreeNodes), engine.WithProofBytes(r.budget.tree)}
	if req.CertificateOnly {
		c, err := s.ExtractCertificate(rctx, res.Game, req.Position, req.Task != Outcome, opts...)
		res.Record = s.Stats()
		if err != nil {
			res.noTree(err, rctx, req, "certificate")
			return
		}
		res.Certificate = c
		return
	}
	if req.Minimize.Rounds > 0 || req.Minimize.Time > 0 {
		opts = append(opts, engine.WithMinimize(req.Minimize))
	}
	extract := s.ExtractNimber
	if req.Task == Outcome {
		extract = s.ExtractOutcome
	}
	t, err := extract(rctx, res.Game, req.Position, opts...)
	res.Record = s.Stats()
	if errors.Is(err, engine.ErrFactsDisagree) {
		// A fact the rules contradict (a false one imported into the store): the tree is
		// recorded by a search that reads no fact, which proves what is true.
		res.FactsDisagree = err.Error()
		r.record(rctx, req, res)
		return
	}
	if err != nil {
		res.noTree(err, rctx, req, "tree")
		return
	}
	res.Tree = t
}

// record proves the answer again by a fresh solver that reads no cache and no theory, and
// records its tree: for requests that do not read it out, and answers whose facts the rules
// contradict. What it proves is true, and goes to the runner's cache; the tree's root is
// the answer.
func (r *Runner) record(ctx context.Context, req Request, res *Result) {
	s, ctx, cancel := r.recorder(ctx, req)
	defer cancel()
	r.useAlgo(s, req, true)
	prove := s.ProveNimber
	if req.Task == Outcome {
		prove = s.ProveOutcome
	}
	t, err := prove(ctx, res.Game, req.Position)
	res.Record = s.Stats()
	if err != nil {
		res.noTree(err, ctx, req, "tree")
		return
	}
	res.Tree = t
	if root := t.Nodes[t.Root]; root.Losing() {
		res.Answer = nimberIs(root.N)
	} else if root.N == 0 {
		res.Answer = outcomeIs(true)
	}
}

// noTree records why a recording ended with err and no tree. A tree-only request has no
// answer without its tree: a limit reached is its error (naming what, "tree" or "misère
// tree"), a stop a stop.
func (res *Result) noTree(err error, rctx context.Context, req Request, what string) {
	res.NoTree = whyNoTree(err, rctx, req.Limits)
	if req.Tree != TreeOnly {
		return
	}
	if errors.Is(err, engine.ErrTreeTooLarge) || errors.Is(err, engine.ErrNodeLimit) || context.Cause(rctx) == errTreeTime {
		res.Err = fmt.Errorf("%s %s: no %s: %s", res.Game, res.Position, what, res.NoTree)
		return
	}
	res.stopped(err)
}

// whyNoTree says why a recording ended without a tree.
func whyNoTree(err error, rctx context.Context, l Limits) string {
	switch {
	case errors.Is(err, engine.ErrNodeLimit):
		return fmt.Sprintf("recording it passed %s nodes, the limit", numfmt.Grouped(l.TreeNodes))
	case context.Cause(rctx) == errTreeTime:
		return fmt.Sprintf("recording it took longer than %v, the limit", l.TreeTime)
	case errors.Is(err, engine.ErrTreeTooLarge):
		if tl := (*engine.TreeTooLargeError)(nil); errors.As(err, &tl) {
			return tl.Error()
		}
		return engine.ErrTreeTooLarge.Error()
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return "the recording was stopped"
	}
	return err.Error()
}
