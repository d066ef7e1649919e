package engine

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Proof-number search by a team, for positions whose options are not dear (a Costly one's
// team shares one DAG instead, pnshare.go): Algorithm 3 goes through the heaps of each component as one
// worker's search does, and each couple (c, m) is split at its options. The workers take the
// options from one queue, the first worker from its front (the options most likely losing and
// cheapest first, as one worker tries them: a winning couple's proof is found as soon), the
// others from its back (the costliest first, so that the last option taken is a cheap one and
// no worker waits long for another's at the end of a losing couple); once the queue is empty,
// an idle worker races an option another is still proving. Each proves its option with a
// proof-number search over a DAG of its own (kept from one option to its next, so that what
// it expanded for one serves the next), learns what it proves in the shared cache, where the
// others find it, and looks back along its path for what they proved meanwhile (pnLookBack).
// A losing option proves (c, m) winning and stops the others; when every option is winning,
// (c, m) is losing. A losing couple (Sprouts 0*13 = 0) needs every option proven anyway, so
// its work splits without waste but where two options share their couples: each DAG proves
// them again until the other's facts come (0*13's team searches 17 000 to 68 000 nodes, one
// worker 20 654). A winning couple risks the options tried beside the losing one.

// pnTogether is the proof-number search of Outcome (p, n) or, when nimber is set, of
// Nimber (p), by the team. The outcome of a sum is searched by the solver alone.
func (s *Solver) pnTogether(p Position, n int, nimber bool) int {
	comps := p.Split()
	if !nimber && len(comps) != 1 {
		return boolInt(s.searchOutcome(p, n))
	}
	s.pnTeamBegin()
	if !nimber {
		return boolInt(s.pnTeamCouple(part{comps[0], comps[0].Key()}, n))
	}
	x := 0
	for _, c := range comps {
		x ^= s.pnTeamNimber(part{c, c.Key()})
		if s.err != nil {
			return 0
		}
	}
	return x
}

// pnTeamBegin starts the helpers' counts with the solver's and sets them to proof numbers.
func (s *Solver) pnTeamBegin() {
	for _, h := range s.par.team.workers[1:] {
		h.begin(s.ctx)
		h.c.start.Store(s.c.start.Load())
		h.UseProofNumbers(true)
	}
}

// pnTeamNimber is Algorithm 3 on the component c, each couple by the team.
func (s *Solver) pnTeamNimber(c part) int {
	var proven Fact // what this loop proved itself: the cache may forget it
	for m := 0; ; m++ {
		f, _ := s.fact(c)
		f = f.Merge(proven)
		if k, ok := f.Nimber(); ok {
			return k
		}
		if f.Excludes(m) {
			continue
		}
		win := s.pnTeamCouple(c, m)
		if s.err != nil {
			return 0
		}
		if !win {
			return m
		}
		proven = proven.Without(m)
	}
}

// pnTeamCouple is the outcome of (c, m), its options proven by the team's workers.
func (s *Solver) pnTeamCouple(c part, m int) bool {
	if f, ok := s.fact(c); ok {
		if known, win := f.Outcome(m); known {
			return win
		}
	}
	s.level = 0
	opts := s.options(c, m)
	if s.err != nil {
		return false
	}
	items := make([]option, 0, len(opts))
	for _, o := range opts {
		switch {
		case o.class == knownLosing:
			s.learn(c.key, m, true)
			return true
		case o.class == knownWinning:
			continue // it cannot prove (c, m)
		case len(o.parts) == 0 && m == 0:
			s.learn(c.key, m, true) // the terminal couple (∅, 0) is losing
			return true
		case len(o.parts) == 0:
			continue
		}
		o.parts = slices.Clone(o.parts) // the solver's buffers are its own search's
		items = append(items, o)
	}
	first := len(items)
	for i := range m { // the heap's options (c, i): one part, c itself
		items = append(items, option{pos: c.pos, parts: []part{c}, class: open, hash: uint64(i)})
	}
	lost, ok := s.pnTeamOptions(c, m, items, first)
	if !ok {
		return false
	}
	s.learn(c.key, m, !lost)
	return !lost
}

// pnTeamOptions has the workers prove the options items of (c, m), those from first on the
// heap's (their hash is the heap). It reports whether every option is winning ((c, m) is
// losing), and ok false when the search stopped first (the solver's err says why).
func (s *Solver) pnTeamOptions(c part, m int, items []option, first int) (lost, ok bool) {
	parent := s.ctx
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	var proven atomic.Int32
	var losing atomic.Bool
	s.pnTeamStarts(c, m, len(items), &proven) // reports show (c, m), not only an option
	defer func() { s.pnTeamEnds(lost, ok) }()
	queue := newOptionQueue(len(items))
	workers := s.par.team.workers
	cpu := make([]time.Duration, len(workers))
	defer func() { s.par.critical.Add(int64(busiest(cpu))); s.par.spent.Add(int64(total(cpu))) }()
	var wg sync.WaitGroup
	for k, w := range workers {
		w.ctx, w.err = ctx, ctx.Err()
		if w.pns.begin(w) == nil {
			continue
		}
		w.pns.shared = true
		wg.Go(func() {
			defer func() { w.pns.shared = false }()
			cpu[k] = onThread(w.par.threadCPU, func() { w.pnTake(queue, k == 0, items, first, m, &losing, &proven, cancel) })
		})
	}
	wg.Wait()
	s.ctx = parent
	switch {
	case losing.Load():
		s.err = nil
		return false, true
	case int(proven.Load()) == len(items):
		s.err = nil
		return true, true
	}
	s.err = teamErr(parent, workers)
	return false, false
}

// pnTake has the worker prove options from the queue, from its front or its back, until
// every option is proven, one is losing or the search stops (then it stops the others). Once
// the queue is empty, a worker proves an option another worker is still proving, with what
// that worker proved so far in the cache: both race, and the first proof ends both (the
// other's pnLookBack finds it). Two options of a couple are often one inside the other
// (Sprouts 0*13: 0*12.AB|AB and 0*11.1a1a), and a worker that proved the small one while the
// large one was half done was idle for the rest, while the large one took 8 000 to 45 000
// nodes by when the facts of the others came.
func (w *Solver) pnTake(queue *optionQueue, fromFront bool, items []option, first, m int, losing *atomic.Bool, proven *atomic.Int32, cancel func()) {
	for i, ok := queue.take(fromFront); ok; i, ok = queue.take(fromFront) {
		heap := m
		if i >= first {
			heap = int(items[i].hash)
		}
		v := w.pnOption(&items[i], heap)
		if !w.pnSolve(v) {
			break
		}
		if !v.won() {
			losing.Store(true)
			break
		}
		if queue.finish(i) {
			proven.Add(1)
		}
	}
	if losing.Load() || w.err != nil {
		cancel()
	}
}

// An optionQueue hands out the indexes of a couple's options, from its front or its back,
// then those still being proven.
type optionQueue struct {
	mu          sync.Mutex
	front, back int    // the options never taken are [front, back)
	running     []int  // options taken and not proven yet, in the order they were taken
	done        []bool // by option: proven
}

func newOptionQueue(n int) *optionQueue { return &optionQueue{back: n, done: make([]bool, n)} }

// take returns the next option from the front or from the back; when none is left, the
// option taken first of those still being proven; and false when every option is proven.
func (q *optionQueue) take(fromFront bool) (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	switch {
	case q.front < q.back && fromFront:
		q.front++
		q.running = append(q.running, q.front-1)
		return q.front - 1, true
	case q.front < q.back:
		q.back--
		q.running = append(q.running, q.back)
		return q.back, true
	case len(q.running) > 0:
		return q.running[0], true
	}
	return 0, false
}

// finish notes that option i is proven, and reports whether it was not yet.
func (q *optionQueue) finish(i int) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.done[i] {
		return false
	}
	q.done[i] = true
	q.running = slices.DeleteFunc(q.running, func(j int) bool { return j == i })
	return true
}
