package engine

import (
	"context"
	"errors"
	"hash/maphash"
	"sync"
	"sync/atomic"
	"time"
)

// Parallel search: a solver made WithWorkers(n) runs its searches (Outcome, Nimber, and so
// the Moves of job) on n workers at once, each a Solver of its own (its buffers, options
// memo, counters) over the one cache, which must then be safe for concurrent use (a
// SharedFront, MapCache, ristretto). Every worker searches the same root in the same order;
// they part by a table of the couples being searched (ABDADA, Weill 1996): a worker that
// meets an option another worker is searching leaves it for last, and by then the other's
// answer is often in the cache. So the work splits where it must all be done (the options of
// a losing couple), while a winning couple's first option, the likely proof, is searched by
// all. Algorithm 2 leaves for last the components of a sum whose next couple is busy, so
// that components are searched at once as well. A worker whose couple another worker proved
// (the cache now knows its outcome) unwinds to it within a few hundred nodes.
//
// Algorithm 3 does not try the heaps k of a component at once: (P, k) is searched far faster
// after (P, 0)…(P, k-1), whose facts (the nimbers of P's options) decide most of its options.
// Trying the next heap while another worker searched a busy one made 36 % more nodes on cram
// 4x7 (78 139 against 57 677 for one worker; 60 467 without) and 40 to 60 % more on 3x14.
//
// The answer is the same as one worker's: every result is a proof, whatever the order. A
// recorded search (ProveNimber, ProveOutcome) runs on one worker only, so that its tree is
// the same whatever the workers: it depends only on what the recording itself proves.

// WithWorkers makes the solver search with n workers at once (n ≤ 1: one). Its cache must be
// safe for concurrent use.
func WithWorkers(n int) SolverOption { return func(s *Solver) { s.par.workers = n } }

// Workers is the number of workers of the solver's searches.
func (s *Solver) Workers() int { return max(s.par.workers, 1) }

// parallel is a worker's part in a team.
type parallel struct {
	workers   int   // asked for by WithWorkers
	team      *team // the solver's team, when it has one
	live      *team // the team of the search running now: nil when it runs alone
	path      []frame
	unwindTo  int           // while s.err is errUnwind: the index in path of the frame that returns
	unwindWin bool          // and the outcome it returns, which the cache knew
	threadCPU bool          // WithThreadCPU
	critical  atomic.Int64  // CriticalCPU of the last search, in nanoseconds (parallelcpu.go)
	spent     atomic.Int64  // WorkersCPU of the last search, in nanoseconds
	share     bool          // while its team expands couples of its DAG with it (pnshare.go)
	helped    time.Duration // and the CPU its helpers spent on it
	memo      *optionMemo   // while it expands couples of its lead's DAG: the lead's memo
}

// A frame is a couple a worker is searching (outcome1), root first.
type frame struct {
	p part
	n int
}

// A team is the workers of a solver and the table of the couples they are searching.
type team struct {
	workers []*Solver // the solver first, then its helpers
	busy    []atomic.Int32
	mask    uint64
}

// busyBits is the size of the busy table, in bits: a couple maps to one of 2^16 counters; two
// couples sharing one only make a worker leave an option for later that it need not.
const busyBits = 16

// unwindEvery is how many nodes a worker expands between two looks for a couple of its path
// that another worker proved.
const unwindEvery = 128

// errUnwind ends the frames below one whose outcome another worker proved; that frame returns
// its outcome, and the search goes on (shared).
var errUnwind = errors.New("a couple on the path was proven by another worker")

// makeTeam gives the solver its helpers, configured as it is, once its options are set.
func (s *Solver) makeTeam() {
	if s.par.workers <= 1 {
		return
	}
	t := &team{workers: []*Solver{s}, busy: make([]atomic.Int32, 1<<busyBits), mask: 1<<busyBits - 1}
	for range s.par.workers - 1 {
		h := NewSolver(WithCache(s.cache), WithNodeLimit(s.limit), WithTreeBytes(s.treeMax))
		h.memo.limit, h.noTheory, h.par.threadCPU, h.claims = s.memo.limit, s.noTheory, s.par.threadCPU, s.claims
		h.pinned = s.pinned
		t.workers = append(t.workers, h)
	}
	s.par.team = t
}

// slot is the busy counter of the couple whose position's part hash is h, with heap n.
func (t *team) slot(h uint64, n int) *atomic.Int32 {
	h ^= (uint64(n) + 1) * 0x9e3779b97f4a7c15
	h ^= h >> 29
	return &t.busy[h&t.mask]
}

// isBusy reports whether a worker is searching the couple (h, n).
func (t *team) isBusy(h uint64, n int) bool { return t.slot(h, n).Load() > 0 }

// partHash is the hash of a component as options hash it: a one-component option's hash.
func partHash(key string) uint64 { return maphash.String(partSeed, key) }

// together is the search of Outcome (p, n) or, when nimber is set, of Nimber (p): by the
// solver's team when it has one and the search is not recorded, else by the solver alone.
// By df-pn, each worker runs its own search from the root (dfpnteam.go). By proof numbers, a
// position whose options are dear (Costly) is searched by the team over one DAG, each worker
// expanding couples of its own (pnshare.go); any other by the team splitting each couple at
// its options (parallelpns.go).
func (s *Solver) together(p Position, n int, nimber bool) int {
	search := func(w *Solver) int { return boolInt(w.searchOutcome(p, n)) }
	if nimber {
		search = func(w *Solver) int { return w.searchNimber(p) }
	}
	s.par.critical.Store(0)
	s.par.spent.Store(0)
	alone := func() (answer int) { // the solver's own search: its CPU is the search's
		cpu := int64(onThread(s.par.threadCPU, func() { answer = search(s) }))
		s.par.critical.Store(cpu)
		s.par.spent.Store(cpu)
		return answer
	}
	switch {
	case s.par.team == nil || s.rec != nil:
		return alone()
	case s.dfpn != nil:
		return s.dfTogether(search)
	case s.pns != nil && costly(p):
		var answer int
		s.withShare(func() { answer = alone() })
		return answer
	case s.pns != nil:
		return s.pnTogether(p, n, nimber)
	}
	return s.everyWorker(search)
}

// everyWorker runs search on every worker of the team and returns the first answer found;
// the other workers stop then. The solver's err says why none was found: its context
// ended, or a worker failed (its node limit).
func (s *Solver) everyWorker(search func(w *Solver) int) int {
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	parent := s.ctx
	t := s.par.team
	workers := t.workers
	answers := make([]int, len(workers))
	cpu := make([]time.Duration, len(workers))
	first := atomic.Int32{}
	first.Store(-1)
	var wg sync.WaitGroup
	for i, w := range workers {
		if i > 0 {
			w.begin(ctx)
			w.c.start.Store(s.c.start.Load()) // counted in the solver's Stats (addHelpers)
			w.UseProofNumbers(false)          // as the solver: a team's proof numbers left it set
		}
		w.ctx, w.par.live = ctx, t
		w.par.path = w.par.path[:0]
		wg.Go(func() {
			cpu[i] = onThread(w.par.threadCPU, func() { answers[i] = search(w) })
			if w.err == nil {
				first.CompareAndSwap(-1, int32(i))
			}
			cancel() // one answer is enough, and one failure stops all
		})
	}
	wg.Wait()
	s.ctx = parent
	s.par.critical.Store(int64(busiest(cpu)))
	s.par.spent.Store(int64(total(cpu)))
	for _, w := range workers {
		w.par.live = nil
	}
	if i := first.Load(); i >= 0 {
		s.err = nil
		return answers[i]
	}
	s.err = teamErr(parent, workers)
	return 0
}

// teamErr is why no worker answered: the caller's context, else the first worker's failure
// that was not the team's own stop.
func teamErr(parent context.Context, workers []*Solver) error {
	if err := parent.Err(); err != nil {
		return err
	}
	for _, w := range workers {
		if w.err != nil && !errors.Is(w.err, context.Canceled) {
			return w.err
		}
	}
	return context.Canceled
}

// teamNodes is the nodes the whole team expanded in its current search; own when the
// search runs alone.
func (s *Solver) teamNodes(own int64) int64 {
	if s.par.live == nil {
		return own
	}
	total := int64(0)
	for _, w := range s.par.live.workers {
		total += w.c.nodes.Load()
	}
	return total
}

// addHelpers adds to st, the solver's own counts, those of its helpers when they took part
// in its last search (they started with it): the team's nodes, hits and lookups, and its
// deepest search.
func (s *Solver) addHelpers(st *Stats) {
	if s.par.team == nil {
		return
	}
	for _, h := range s.par.team.workers[1:] {
		if h.c.start.Load() != s.c.start.Load() {
			continue
		}
		st.Nodes += h.c.nodes.Load()
		st.CacheHits += h.c.hits.Load()
		st.Lookups += h.c.lookups.Load()
		st.Depth = max(st.Depth, int(h.c.depth.Load()))
		st.MaxDepth = max(st.MaxDepth, int(h.c.maxDepth.Load()))
	}
}

// shared is outcome1's search of (p, n) by a worker of a team: marked busy while it runs, and
// on the worker's path, so that it returns the outcome as soon as the cache knows it.
func (s *Solver) shared(p part, n int) bool {
	busy := s.markCouple(p, n)
	depth := len(s.par.path)
	s.par.path = append(s.par.path, frame{p, n})
	win := s.expand(p, n)
	s.par.path = s.par.path[:depth]
	busy.Add(-1)
	if s.err == errUnwind && s.par.unwindTo == depth {
		s.err = nil
		return s.par.unwindWin
	}
	return win
}

// unwind looks along the worker's path, root first, for a couple whose outcome the cache
// knows now (another worker proved it, or a fact that decides it): the frames below it are
// wasted work, and end with errUnwind.
func (s *Solver) unwind() {
	for i, fr := range s.par.path {
		f, ok := s.fact(fr.p)
		if !ok {
			continue
		}
		if known, win := f.Outcome(fr.n); known {
			s.err, s.par.unwindTo, s.par.unwindWin = errUnwind, i, win
			return
		}
	}
}

// elsewhere reports whether another worker is searching the i-th option of (p, n): one of
// opts, or past them the heap option (p, i-len(opts)). h is p's hash (partHash).
func (s *Solver) elsewhere(opts []option, i, n int, h uint64) bool {
	if i < len(opts) {
		return len(opts[i].parts) > 0 && s.par.live.isBusy(opts[i].hash, n)
	}
	return s.par.live.isBusy(h, i-len(opts))
}

// markCouple marks the couple (p, n) of a component busy while a worker searches it; it
// returns the unmarking.
func (s *Solver) markCouple(p part, n int) *atomic.Int32 {
	busy := s.par.live.slot(partHash(p.key), n)
	busy.Add(1)
	return busy
}

// markSum marks the sum option o, with heap n, busy while a worker searches it; it returns
// the unmarking.
func (s *Solver) markSum(o *option, n int) *atomic.Int32 {
	busy := s.par.live.slot(o.hash, n)
	busy.Add(1)
	return busy
}

// componentBusy reports whether another worker is finding c's nimber: the couple Algorithm 3
// tries next on it is busy.
func (s *Solver) componentBusy(c part) bool {
	f, _ := s.fact(c)
	if _, ok := f.Nimber(); ok {
		return false
	}
	m := 0
	for f.Excludes(m) {
		m++
	}
	return s.par.live.isBusy(partHash(c.key), m)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// WorkerNodes returns the nodes each worker expanded in the solver's last search, the
// solver's own first: one count when it searched alone.
func (s *Solver) WorkerNodes() []int64 {
	counts := []int64{s.c.nodes.Load()}
	if s.par.team == nil {
		return counts
	}
	for _, h := range s.par.team.workers[1:] {
		if h.c.start.Load() == s.c.start.Load() {
			counts = append(counts, h.c.nodes.Load())
		}
	}
	return counts
}

// costly reports whether the options of p's components are dear to make (Costly).
func costly(p Position) bool {
	for _, c := range p.Split() {
		if _, ok := c.(Costly); !ok {
			return false
		}
	}
	return true
}
