package engine

import (
	"cmp"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// A crew is the other workers of a team making one worker's options with it: the worker
// searches alone, in one worker's order, and at each expansion of a Sharer position its
// helpers play some of the moves while it plays the others. While the worker updates its
// DAG after an expansion, the crew starts on the couple it will most likely expand next
// (speculate). The search expands the couples one worker expands, in its order; it is
// faster by as much of its work as making options is (Sprouts: 80 %, each option's
// canonical form). A recording searches alone: its options are classified on its own facts.
// (A Sharer that is also a Valuer would find its theory's nimbers cached by a guess the worker
// dropped, earlier than one worker caches them: the same answers, perhaps other couples.)
type crew struct {
	helpers []*Solver
	task    atomic.Pointer[shareTask] // the options being made now, or the last made
	parked  atomic.Int32              // helpers waiting on wake
	wake    chan struct{}
	quit    chan struct{}
	learned []string      // the keys the worker learned since it posted a speculative task
	stale   bool          // more of them than learned holds
	spare   []taskBuffers // buffers of tasks done with (recycle)
}

// crewSpin is how long a helper looks for the next expansion before it sleeps: longer than a
// worker takes between two expansions (Sprouts 0*13: 10 to 20 µs), shorter than a wake-up
// costs the helper's core when nothing comes.
const crewSpin = 200 * time.Microsecond

// spinYield is how many times a waiting worker looks at an atomic before it lets another
// goroutine run (the collector, the cache's): a yield costs a microsecond of the scheduler's.
const spinYield = 256

// withCrew runs search on the solver while the other workers of its team make the options of
// its expansions with it.
func (s *Solver) withCrew(search func()) {
	helpers := s.par.team.workers[1:]
	c := &crew{helpers: helpers, wake: make(chan struct{}, len(helpers)), quit: make(chan struct{})}
	var wg sync.WaitGroup
	for k, h := range helpers {
		h.begin(s.ctx)
		h.c.start.Store(s.c.start.Load())
		wg.Go(func() { h.help(c, k+1) })
	}
	// The helpers keep no DAG while they make the worker's options: its DAG takes the tree
	// budget of the whole team, which gave each worker its part (Sprouts 0*11 at 32 MB: one
	// worker searches it within its budget, two stopped when half of it was the worker's).
	own := s.treeMax
	s.treeMax = s.treeBudget() * int64(1+len(helpers))
	s.par.crew = c
	search()
	s.par.crew = nil
	s.treeMax = own
	if t := c.task.Load(); t != nil && t.speculative {
		c.abandon(t)
	}
	close(c.quit)
	wg.Wait()
}

// help makes options of the crew's expansions as they come, until the crew is done.
func (h *Solver) help(c *crew, k int) {
	var last *shareTask
	for {
		if t := c.task.Load(); t != last {
			last = t
			t.help(h, k)
			continue
		}
		if !c.await(last) {
			return
		}
	}
}

// await waits for an expansion after last; it reports false when the crew is done.
func (c *crew) await(last *shareTask) bool {
	start := time.Now()
	for i := 1; c.task.Load() == last; i++ {
		if i%spinYield == 0 {
			select {
			case <-c.quit:
				return false
			default:
			}
			if time.Since(start) > crewSpin {
				return c.sleep(last)
			}
			runtime.Gosched()
		}
	}
	return true
}

// sleep waits on wake for an expansion after last; it reports false when the crew is done.
func (c *crew) sleep(last *shareTask) bool {
	c.parked.Add(1)
	defer c.parked.Add(-1)
	if c.task.Load() != last { // posted before the count was up
		return true
	}
	select {
	case <-c.wake:
		return true
	case <-c.quit:
		return false
	}
}

// post hands t to the helpers, waking those asleep.
func (c *crew) post(t *shareTask) {
	c.task.Store(t)
	for i := c.parked.Load(); i > 0; i-- {
		select {
		case c.wake <- struct{}{}:
		default:
		}
	}
}

// A shareTask is the options of one couple, made by the worker and its helpers: one of them
// lists the moves (the worker, or the helper that took a speculative task first), and each
// takes the next move listed that no one took, plays it and keeps its option with the
// move's number; the worker merges them in the moves' order.
type shareTask struct {
	key         string
	pos         Sharer
	n           int
	speculative bool           // posted before the worker knew it would expand the couple
	made        [][]madeOption // by worker, in the order of their moves: the worker's first

	mu    spinLock
	moves []byte // the moves listed so far, end to end
	ends  []int  // where each ends in moves
	stop  int    // the first move known to give a losing option: none past it is wanted

	hashes []atomic.Uint64 // by move, the first dupSlots: its option's key hashed, never 0, once told
	keys   []string        // by move: that key, written before its hash

	lister atomic.Bool  // a worker lists the moves
	listed atomic.Int64 // how many moves are listed (written with mu)
	next   atomic.Int64 // the next move no one took (written with mu)
	done   atomic.Bool  // every move wanted is listed
	inside atomic.Int64 // the helpers at work on it; closed once the worker took their options
}

// A madeOption is the option of move number move.
type madeOption struct {
	move int
	opt  option
}

// closedTask marks a task no helper may start any more.
const closedTask = -1 << 40

// lookAhead is how many moves the lister lists ahead of those taken before it plays one
// itself: enough that a helper finds one when it is done with its own, few enough that
// little is listed past a move found losing (two in three of Sprouts 0*13's expansions).
const lookAhead = 2

// dupSlots is how many of a task's moves tell the workers the key of their option: a move's
// option is often an earlier move's (Sprouts 0*13: 163 000 of 381 000 moves), and a worker
// skips one it learns was made before rather than classify it for the merge to drop (two
// workers made 90 000 such, a microsecond each). Past it, each worker skips its own only.
const dupSlots = 512

// newTask makes the task of the couple (p, n), with the buffers of a task done with if any.
func (c *crew) newTask(p part, sh Sharer, n int, speculative bool) *shareTask {
	t := &shareTask{key: p.key, pos: sh, n: n, speculative: speculative, stop: 1<<31 - 1}
	if k := len(c.spare); k > 0 {
		b := c.spare[k-1]
		c.spare = c.spare[:k-1]
		t.moves, t.ends, t.made, t.hashes, t.keys = b.moves[:0], b.ends[:0], b.made, b.hashes, b.keys
		clear(t.made)
		return t
	}
	t.made = make([][]madeOption, 1+len(c.helpers))
	t.hashes, t.keys = make([]atomic.Uint64, dupSlots), make([]string, dupSlots)
	return t
}

// recycle keeps the buffers of a task closed and done with for the next one: each task
// allocated its moves and its lists anew (Sprouts 0*13: 17 000 tasks).
func (c *crew) recycle(t *shareTask) {
	told := min(int(t.next.Load()), dupSlots) // the moves taken: only they told their keys
	clear(t.hashes[:told])
	clear(t.keys[:told])
	c.spare = append(c.spare, taskBuffers{t.moves, t.ends, t.made, t.hashes, t.keys})
}

// taskBuffers are the buffers a task allocates, kept by recycle.
type taskBuffers struct {
	moves  []byte
	ends   []int
	made   [][]madeOption
	hashes []atomic.Uint64
	keys   []string
}

// work has w make options of t: it lists the moves if no one does yet, and plays moves.
func (t *shareTask) work(w *Solver, made []madeOption) []madeOption {
	startTask(w)
	if !t.lister.CompareAndSwap(false, true) {
		return t.play(w, made)
	}
	ahead := int64(lookAhead)
	if t.speculative {
		ahead = 1 << 30 // a helper lists while the worker is busy: it lists them all first
	}
	for move := range t.pos.Moves() {
		if !t.list(move) || w.stopped() {
			break
		}
		for t.listed.Load()-t.next.Load() > ahead {
			move, i := t.claim(w.par.move)
			if w.par.move = move; i < 0 {
				break
			}
			made = t.playOne(w, made, i, move)
		}
	}
	t.done.Store(true)
	return t.play(w, made)
}

// list adds a move; it reports false when no more are wanted.
func (t *shareTask) list(move []byte) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.moves = append(t.moves, move...)
	t.ends = append(t.ends, len(t.moves))
	t.listed.Store(int64(len(t.ends)))
	return len(t.ends) <= t.stop
}

// take copies the next move no one took into buf, once it is listed; it returns its number,
// or -1 when none is left.
func (t *shareTask) take(buf []byte) ([]byte, int) {
	for {
		for i := 1; t.next.Load() >= t.listed.Load(); i++ {
			if t.done.Load() && t.next.Load() >= t.listed.Load() {
				return buf, -1
			}
			if i%spinYield == 0 {
				runtime.Gosched()
			}
		}
		if move, i := t.claim(buf); i != -2 {
			return move, i
		}
	}
}

// claim takes the next move if it is listed and wanted: its number, -1 when none is wanted
// any more, -2 when none is listed.
func (t *shareTask) claim(buf []byte) ([]byte, int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	i := int(t.next.Load())
	switch {
	case i > t.stop:
		return buf, -1
	case i == len(t.ends):
		return buf, -2
	}
	t.next.Store(int64(i + 1))
	lo := 0
	if i > 0 {
		lo = t.ends[i-1]
	}
	return append(buf[:0], t.moves[lo:t.ends[i]]...), i
}

// losing notes that move i gives an option known to be losing.
func (t *shareTask) losing(i int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stop = min(t.stop, i)
}

// help has the helper h, k-th of the crew, make options of t, unless the worker is done
// with it.
func (t *shareTask) help(h *Solver, k int) {
	for {
		n := t.inside.Load()
		if n < 0 {
			return
		}
		if t.inside.CompareAndSwap(n, n+1) {
			break
		}
	}
	defer t.inside.Add(-1)
	// Two buffers of each, in turns: the worker may merge the last task's options while h
	// makes this one's (speculateMade).
	h.par.made, h.par.madeToo = h.par.madeToo, h.par.made
	if h.level < len(h.parts) {
		h.parts[h.level], h.par.partsToo = h.par.partsToo, h.parts[h.level]
	}
	t.made[k] = t.work(h, h.par.made[:0])
	h.par.made = t.made[k][:0]
}

// close waits for the helpers at work on t to finish, and lets no other start.
func (t *shareTask) close() {
	for {
		switch n := t.inside.Load(); {
		case n < 0:
			return // closed already
		case n == 0 && t.inside.CompareAndSwap(0, closedTask):
			return
		}
		runtime.Gosched()
	}
}

// abandon stops the helpers on a task the worker will not use, closes it and keeps its
// buffers.
func (c *crew) abandon(t *shareTask) {
	if t.inside.Load() < 0 {
		return // closed and recycled already
	}
	t.mu.Lock()
	t.stop = -1
	t.mu.Unlock()
	t.close()
	c.recycle(t)
}

// play has w play the moves it takes, and returns their options appended to made.
func (t *shareTask) play(w *Solver, made []madeOption) []madeOption {
	for !w.stopped() {
		move, i := t.take(w.par.move)
		if w.par.move = move; i < 0 {
			break
		}
		made = t.playOne(w, made, i, move)
	}
	return made
}

// playOne has w play move i, and appends its option, split, keyed and classified, to made
// unless an earlier move gave it (madeBefore; the merge drops those it does not see: one
// key, one option's components).
func (t *shareTask) playOne(w *Solver, made []madeOption, i int, move []byte) []madeOption {
	o := t.pos.Play(move)
	if t.madeBefore(w, i, o.Key()) {
		return made
	}
	opt := w.newOption(o)
	w.classify(&opt, t.n)
	if opt.class == knownLosing {
		t.losing(i)
	}
	return append(made, madeOption{i, opt})
}

// madeBefore reports whether a move before i gave the option keyed key, as far as w knows:
// the moves of the task's first dupSlots tell each other, those past it w's own. Otherwise it
// tells that move i gives it. The earliest move of a key is never skipped, so the merge, which
// keeps the earliest, has it.
func (t *shareTask) madeBefore(w *Solver, i int, key string) bool {
	if i >= len(t.hashes) {
		_, dup := w.par.seen[key]
		w.par.seen[key] = struct{}{}
		return dup
	}
	h := partHash(key) | 1
	for j := range i {
		if t.hashes[j].Load() == h && t.keys[j] == key {
			return true
		}
	}
	t.keys[i] = key // before the hash: whoever sees the hash sees the key
	t.hashes[i].Store(h)
	return false
}

// startTask readies w's slab of parts and its table of keys for the options it makes.
func startTask(w *Solver) {
	if w.par.seen == nil {
		w.par.seen = make(map[string]struct{})
	}
	clear(w.par.seen)
	if len(w.parts) <= w.level {
		w.parts = append(w.parts, make([][]part, w.level+1-len(w.parts))...)
	}
	w.parts[w.level] = w.parts[w.level][:0]
}

// optionsShared makes the options of p with the crew, as options makes them alone: in the
// same order, without duplicates, cut at the first one known to be losing, whose list is not
// remembered. It reports whether the list is whole (no option known to be losing).
func (s *Solver) optionsShared(p part, sh Sharer, n int, opts []option) ([]option, bool) {
	c := s.par.crew
	t := c.task.Load()
	joined := t != nil && t.speculative && t.inside.Load() >= 0 && t.key == p.key && t.n == n
	if !joined {
		if t != nil && t.speculative {
			c.abandon(t)
		}
		t = c.newTask(p, sh, n, false)
		c.post(t)
	}
	t.made[0] = t.work(s, s.par.made[:0])
	t.close()
	defer c.recycle(t)
	s.par.made = t.made[0][:0]
	if s.stopped() {
		return opts, false
	}
	if joined && !s.reclassify(t) {
		// A move was cut on a fact the cache no longer has: make them again.
		c.task.Store(nil)
		return s.optionsShared(p, sh, n, opts)
	}
	if v := s.pns.expanding; v != nil {
		s.speculateMade(v, t)
	}
	var seen optionSet
	heads := make([]int, len(t.made))
	for {
		k := -1 // the list whose next move comes first
		for j, made := range t.made {
			if heads[j] < len(made) && (k < 0 || made[heads[j]].move < t.made[k][heads[k]].move) {
				k = j
			}
		}
		if k < 0 {
			return opts, true
		}
		m := t.made[k][heads[k]]
		heads[k]++
		if seen.contains(opts, &m.opt) {
			continue
		}
		if m.opt.class == knownLosing {
			m.opt.parts = slices.Clone(m.opt.parts) // a helper's slab is its next task's
			return append(opts[:0], m.opt), false
		}
		opts = append(opts, m.opt)
		seen.added(opts)
	}
}

// reclassify classifies again the options of a speculative task that rest on what the worker
// learned since it posted it, as options made now would be. It reports false when the move
// the crew stopped at is no longer known to give a losing option (the cache let its fact go)
// and the moves after it are wanted.
func (s *Solver) reclassify(t *shareTask) bool {
	c := s.par.crew
	defer func() { c.learned, c.stale = c.learned[:0], false }()
	if len(c.learned) == 0 && !c.stale {
		return true
	}
	for _, made := range t.made {
		for i := range made {
			m := &made[i]
			if !c.stale && !slices.ContainsFunc(m.opt.parts, func(q part) bool { return slices.Contains(c.learned, q.key) }) {
				continue
			}
			was := m.opt.class
			s.classify(&m.opt, t.n)
			if was == knownLosing && m.opt.class != knownLosing && m.move == t.stop {
				return false
			}
		}
	}
	return true
}

// noteLearned keeps the key the worker learned while a speculative task is open, for
// reclassify.
func (c *crew) noteLearned(key string) {
	if t := c.task.Load(); t == nil || !t.speculative || c.stale {
		return
	}
	if len(c.learned) == 16 {
		c.stale = true
		return
	}
	c.learned = append(c.learned, key)
}

// speculate posts to the crew the couple the worker will most likely expand after v, which
// it just expanded below s.pns.above on the most-proving path: v's most-proving leaf while v
// is open, else the most-proving leaf of v's best sibling. It does nothing when a guess made
// from v's options stands (speculateOptions). Sprouts 0*13: 12 267 of the 17 451 expansions
// that make options found the crew on them already, 2 915 guesses were wrong.
func (s *Solver) speculate(v *pnNode) {
	if t := s.par.crew.task.Load(); t != nil && t.speculative && t.inside.Load() >= 0 {
		return
	}
	next := bestSibling(v, s.pns.above)
	if !v.proven() && v.expanded {
		next = mostProvingKid(v)
	}
	s.speculateOn(next)
}

// speculateOptions is speculate as soon as v's options are made, before its kids are: the
// crew starts on the next couple while the worker makes them. The guess is v's first open
// option of one component (the least hint, so the least disproof number of a new couple), or
// v's best sibling when an option known to be losing wins v.
func (s *Solver) speculateOptions(v *pnNode, opts []option) {
	if len(opts) > 0 && opts[0].class == knownLosing {
		s.speculateOn(bestSibling(v, s.pns.above))
		return
	}
	for i := range opts {
		if opts[i].class == open && len(opts[i].parts) == 1 {
			s.speculateOnPart(v, opts[i].parts[0])
			return
		}
	}
}

// speculateMade is speculateOptions on the options of v the crew made in t, before the worker
// merges, keeps and sorts them: the crew starts on the next couple meanwhile (Sprouts 0*13,
// two workers: the helper waited 7.6 µs at the end of each of 16 000 tasks, 4.5 of them for
// those steps). Its guess is speculateOptions' (which then finds it posted): the first open
// option of one component in the sorted order is the least by compareOptions, then move.
func (s *Solver) speculateMade(v *pnNode, t *shareTask) {
	var best *madeOption
	for _, made := range t.made {
		for i := range made {
			m := &made[i]
			switch {
			case m.opt.class == knownLosing:
				s.speculateOn(bestSibling(v, s.pns.above))
				return
			case m.opt.class != open || len(m.opt.parts) != 1:
				continue
			case best == nil || cmp.Or(compareOptions(&m.opt, &best.opt), cmp.Compare(m.move, best.move)) < 0:
				best = m
			}
		}
	}
	if best != nil {
		s.speculateOnPart(v, best.opt.parts[0])
	}
}

// speculateOnPart posts the couple (c, v.n), an option of v, or the most-proving leaf below
// it when the DAG has it.
func (s *Solver) speculateOnPart(v *pnNode, c part) {
	if next, ok := s.pns.nodes[ref{c.key, v.n, false}]; ok {
		s.speculateOn(next)
		return
	}
	if sh, ok := c.pos.(Sharer); ok {
		s.post(c, sh, v.n)
	}
}

// bestSibling is the open kid of parent, other than v, with the least disproof number: the
// most-proving one once v is proven winning.
func bestSibling(v, parent *pnNode) *pnNode {
	if parent == nil || parent.sum != nil || parent.proven() {
		return nil
	}
	var best *pnNode
	for _, k := range parent.kids {
		if k != v && !k.proven() && (best == nil || k.dn < best.dn) {
			best = k
		}
	}
	return best
}

// speculateOn posts to the crew the most-proving leaf below next.
func (s *Solver) speculateOn(next *pnNode) {
	for next != nil && next.expanded {
		next = mostProvingKid(next)
	}
	if next == nil || next.proven() || next.sum != nil {
		return
	}
	if sh, ok := next.pos.(Sharer); ok {
		s.post(part{next.pos, next.key}, sh, next.n)
	}
}

// post hands the crew the couple (c, n) to make the options of ahead of the worker, unless the
// worker will not make them: the cache knows its outcome, or the options memo its options.
func (s *Solver) post(c part, sh Sharer, n int) {
	if f, ok := s.fact(c); ok {
		if known, _ := f.Outcome(n); known {
			return
		}
	}
	if _, ok := s.memo.get(c.key, s.rec != nil); ok {
		return
	}
	crew := s.par.crew
	if t := crew.task.Load(); t != nil && t.speculative {
		if t.key == c.key && t.n == n && t.inside.Load() >= 0 {
			return
		}
		crew.abandon(t) // the last guess was not used
	}
	crew.learned, crew.stale = crew.learned[:0], false
	crew.post(crew.newTask(c, sh, n, true))
}

// A spinLock is a mutex that never sleeps: the crew holds it for a move's listing at most (a
// microsecond), and a worker put to sleep behind it cost the search more than it waited
// (Sprouts 0*13, two workers: 2.0 to 2.2 s with sync.Mutex, a third of the CPU idle).
type spinLock struct{ held atomic.Bool }

func (l *spinLock) Lock() {
	for i := 1; !l.held.CompareAndSwap(false, true); i++ {
		if i%spinYield == 0 {
			runtime.Gosched()
		}
	}
}

func (l *spinLock) Unlock() { l.held.Store(false) }
