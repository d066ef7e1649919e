package engine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"grundy/internal/numfmt"
)

// A Solver runs the searches of "Nimbers are inevitable" on one game's positions and keeps
// what it proved in its cache from one call to the next. It runs one search at a time; Stats
// may be read from any goroutine meanwhile.
type Solver struct {
	cache       Cache
	progress    func(Stats)
	every       time.Duration
	limit       int64     // most nodes a search may expand; 0: no bound
	treeMax     int64     // bytes a recorded search may keep; 0: DefaultTreeBytes
	noTheory    bool      // never ask a Valuer: every nimber is searched
	rec         *recorder // non-nil while a search records its solution tree
	claims      Claims    // facts told, not proven: they order options (claims.go)
	pns         *pnSearch // non-nil: searches are proof-number searches (WithProofNumbers)
	dfpn        *dfSearch // non-nil: searches are df-pn searches (WithDFPN), before pns
	mpn         *miserePN // the misère proof-number search running, for its reports
	pinned      *pinned   // the facts that cost the most, beside the cache (pinned.go)
	pinnedBytes int64     // the bytes pinned may take; 0: DefaultPinnedBytes

	// Buffers reused by the nodes at each depth of the search, so that expanding a node
	// allocates little: a node's options live until its search returns, and the nodes
	// below it use deeper buffers.
	level int
	opts  [][]option
	parts [][]part
	memo  optionMemo // the options of the positions expanded last
	held  int64      // bytes of options the baselines hold, over every level (baseline.go)

	par parallel // the workers searching at once (parallel.go)

	c          counters
	ctx        context.Context
	err        error // set when the search was stopped: every result after it is void
	lastReport time.Time
}

// A SolverOption configures a Solver.
type SolverOption func(*Solver)

// WithCache makes the solver keep its facts in c.
func WithCache(c Cache) SolverOption { return func(s *Solver) { s.cache = c } }

// WithProgress makes the solver call f with its counts about every interval while it runs.
// f runs on the search goroutine: it must be quick, and hand work to another goroutine.
func WithProgress(f func(Stats), every time.Duration) SolverOption {
	return func(s *Solver) { s.progress, s.every = f, every }
}

// WithNodeLimit stops every search of the solver with ErrNodeLimit once it has expanded
// more than n nodes (checked every thousand nodes or so); n ≤ 0 sets no bound.
func WithNodeLimit(n int64) SolverOption { return func(s *Solver) { s.limit = n } }

// WithTreeBytes bounds the memory a recorded search keeps (its proofs and facts, estimated):
// past n bytes it stops with an error that Is ErrTreeTooLarge. n ≤ 0 is DefaultTreeBytes.
func WithTreeBytes(n int64) SolverOption { return func(s *Solver) { s.treeMax = n } }

// WithMemoBytes bounds the options a search remembers (the options memo) to about n bytes;
// n ≤ 0 is DefaultMemoBytes. A recording's memo has a fixed size (RecordMemoBytes).
func WithMemoBytes(n int64) SolverOption { return func(s *Solver) { s.memo.limit = max(n, 0) } }

// WithoutTheory makes the solver search every nimber, never asking a Valuer: tests use it so
// that the search itself is what they check.
func WithoutTheory() SolverOption { return func(s *Solver) { s.noTheory = true } }

// NewSolver returns a solver; without WithCache it keeps everything in a MapCache.
func NewSolver(opts ...SolverOption) *Solver {
	s := &Solver{}
	for _, o := range opts {
		o(s)
	}
	if s.cache == nil {
		s.cache = NewMapCache()
	}
	s.pinned = newPinned(s.pinnedBytes)
	s.makeTeam()
	now := time.Now().UnixNano()
	s.c.start.Store(now)
	s.c.stop.Store(now)
	return s
}

// Stats returns the counts of the current or last search.
func (s *Solver) Stats() Stats {
	st := s.c.snapshot(s.cache)
	s.addHelpers(&st)
	return st
}

// Known returns what the solver knows of p's component with key, without searching.
func (s *Solver) Known(p Position) (Fact, bool) {
	if s.rec != nil {
		f, ok := s.rec.facts[p.Key()]
		return f, ok
	}
	return s.cache.Get(p.Key())
}

// Outcome reports whether the couple (p, n) is winning for the player to move (Algorithms 1
// and 2); (p, 0) is p itself. When ctx ends first it returns ctx's error wrapped, and what was
// proven so far stays in the cache.
func (s *Solver) Outcome(ctx context.Context, p Position, n int) (win bool, err error) {
	s.begin(ctx)
	win = s.together(p, n, false) != 0
	return win, s.end()
}

// Nimber returns p's nimber: the nim-sum of its components' nimbers, each by Algorithm 3.
func (s *Solver) Nimber(ctx context.Context, p Position) (int, error) {
	s.begin(ctx)
	x := s.together(p, 0, true)
	return x, s.end()
}

func (s *Solver) begin(ctx context.Context) {
	s.ctx, s.err, s.held = ctx, ctx.Err(), 0
	s.c.nodes.Store(0)
	s.c.hits.Store(0)
	s.c.lookups.Store(0)
	s.c.depth.Store(0)
	s.c.maxDepth.Store(0)
	s.pnForget()
	s.lastReport = time.Now()
	s.c.start.Store(s.lastReport.UnixNano())
	s.c.stop.Store(0)
}

func (s *Solver) end() error {
	s.c.stop.Store(time.Now().UnixNano())
	s.pnPublish()
	if s.progress != nil {
		s.progress(s.Stats())
	}
	if s.err != nil {
		return fmt.Errorf("search stopped: %w", s.err)
	}
	return nil
}

// MaxRecorded bounds the couples a recorded search keeps, whatever its byte budget (each
// with its proof, in memory until the tree is read out): past it the search stops with
// ErrTreeTooLarge.
const MaxRecorded = 4_000_000

// DefaultTreeBytes bounds the memory of a recorded search when WithTreeBytes does not.
const DefaultTreeBytes = 1 << 30

// ErrTreeTooLarge stops a search whose solution tree would not fit in memory.
var ErrTreeTooLarge = errors.New("the solution tree is too large to record (over 4 million couples)")

// A TreeTooLargeError stops a recorded search whose proofs passed its byte budget. It Is
// ErrTreeTooLarge.
type TreeTooLargeError struct {
	Budget  int64 // bytes the recording could keep
	Nodes   int64 // the couples it held then, when it says (a proof read out)
	Couples bool  // it passed MaxRecorded couples, not its bytes
}

func (e *TreeTooLargeError) Error() string {
	if e.Couples {
		return fmt.Sprintf("the solution tree is too large to record (over %s couples)", numfmt.Grouped(MaxRecorded))
	}
	size := fmt.Sprintf("%d MB", e.Budget>>20)
	if e.Budget < 1<<20 {
		size = fmt.Sprintf("%d KB", e.Budget>>10)
	}
	at := ""
	if e.Nodes > 0 {
		at = fmt.Sprintf(", at %s nodes", numfmt.Grouped(e.Nodes))
	}
	return fmt.Sprintf("the solution tree is too large to record (its proofs passed %s, the memory set aside for them%s)", size, at)
}

// Is makes errors.Is(err, ErrTreeTooLarge) true.
func (e *TreeTooLargeError) Is(target error) bool { return target == ErrTreeTooLarge }

// treeBudget is the bytes a recorded search may keep.
func (s *Solver) treeBudget() int64 {
	if s.treeMax > 0 {
		return s.treeMax
	}
	return DefaultTreeBytes
}

// ErrNodeLimit stops a search that expanded more nodes than WithNodeLimit allows.
var ErrNodeLimit = errors.New("node limit reached")

// checkEvery is how many expanded nodes pass between two looks at the context and the clock.
const checkEvery = 1024

// tick counts an expanded node, and now and then polls for cancellation and reports progress.
func (s *Solver) tick() {
	nodes := s.c.nodes.Add(1)
	if s.par.live != nil && nodes%unwindEvery == 0 && s.err == nil {
		s.unwind()
	}
	if nodes%checkEvery != 0 {
		return
	}
	if s.limit > 0 && s.teamNodes(nodes) > s.limit {
		s.err = ErrNodeLimit
		return
	}
	if err := s.ctx.Err(); err != nil {
		s.err = err
		return
	}
	if s.rec != nil && len(s.rec.proofs) > MaxRecorded {
		s.err = ErrTreeTooLarge
		return
	}
	if s.rec != nil && s.rec.bytes > s.treeBudget() {
		s.err = &TreeTooLargeError{Budget: s.treeBudget()}
		return
	}
	if s.progress != nil && time.Since(s.lastReport) >= s.every {
		s.lastReport = time.Now()
		s.pnPublish()
		s.progress(s.Stats())
	}
}

// stopped reports whether the search must stop: its context is done, or it was stopped
// before.
func (s *Solver) stopped() bool {
	if s.err == nil {
		s.err = s.ctx.Err()
	}
	return s.err != nil
}

// get returns what is known of the component with key.
func (s *Solver) get(key string) (Fact, bool) {
	s.c.lookups.Add(1)
	var f Fact
	var ok bool
	if s.rec != nil {
		f, ok = s.rec.facts[key]
	} else if f, ok = s.cache.Get(key); !ok {
		f, ok = s.pinned.get(key)
	}
	if ok {
		s.c.hits.Add(1)
	}
	return f, ok
}

// learn records that the couple (key, n) is winning or losing, in the cache and, while a tree
// is recorded, in the recorder's own facts (which only ever hold what this search proved).
func (s *Solver) learn(key string, n int, win bool) {
	add := func(f Fact) Fact { return f.With(n, win) }
	if s.rec != nil {
		s.rec.learn(key, add(s.rec.facts[key]))
	}
	f, _ := s.cache.Get(key)
	s.cache.Put(key, add(f))
}
