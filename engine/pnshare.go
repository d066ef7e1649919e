package engine

import (
	"cmp"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// A team sharing one DAG: each worker takes the most-proving couple that no other worker is
// expanding, makes its options alone, and links them into the DAG and updates the numbers
// under the DAG's lock. Making options is most of an expansion's work (Sprouts: 80 %, each
// option's canonical form) and needs no lock of the DAG's: the cache is shared, the options
// memo is the lead's, behind a lock of its own (a position expanded again for the next heap
// finds its options whichever worker made them), and the buffers are each worker's own. The
// second worker's couple is the next one of the most-proving order (freeMostProving).
//
// The answer is one worker's: every number is computed from proven facts and the start
// numbers, whatever the order. The couples expanded are not (two workers may prove a couple
// that one worker would have left).

// A pnShare is a DAG shared by a team's workers during one pnSolve.
type pnShare struct {
	mu      spinLock
	free    *sync.Cond // signalled when a couple is expanded: a waiting worker may find one free
	waiting int        // workers waiting on free
	lead    *Solver    // the solver whose DAG it is: its budget, its root
	root    *pnNode
	err     error // the first worker's error: it stops them all
}

// withShare runs search on the solver while the other workers of its team expand the
// couples of its DAG with it.
func (s *Solver) withShare(search func()) {
	helpers := s.par.team.workers[1:]
	for _, h := range helpers {
		h.begin(s.ctx)
		h.c.start.Store(s.c.start.Load())
	}
	// One DAG and one options memo for the team: they take the budgets of the whole team.
	own, memo := s.treeMax, s.memo.limit
	s.treeMax = s.treeBudget() * int64(1+len(helpers))
	if memo > 0 {
		s.memo.limit = memo * int64(1+len(helpers))
	}
	s.par.share, s.par.helped = true, 0
	search()
	s.par.share = false
	s.treeMax, s.memo.limit = own, memo
	s.par.spent.Add(int64(s.par.helped)) // search measured the solver's own
}

// pnShareSolve is pnSolve by the team: every worker expands couples below root until root is
// proven or the search stops; it reports whether root was proven.
func (s *Solver) pnShareSolve(root *pnNode) bool {
	d := &pnShare{lead: s, root: root}
	d.free = sync.NewCond(&d.mu)
	var wg sync.WaitGroup
	for _, h := range s.par.team.workers[1:] {
		own := h.pns
		h.pns, h.err, h.par.memo = s.pns, s.err, &s.memo
		wg.Go(func() {
			cpu := onThread(h.par.threadCPU, func() { h.pnShareExpand(d) })
			d.mu.Lock()
			s.par.helped += cpu
			h.pns, h.par.memo = own, nil
			d.mu.Unlock()
		})
	}
	s.pnShareExpand(d)
	wg.Wait()
	switch {
	case d.err == ErrDAGTooLarge:
		return s.pnAloneAgain(root)
	case d.err != nil:
		s.err = d.err
		return false
	}
	return root.proven()
}

// pnAloneAgain searches root again by the solver alone, in a DAG of its own started afresh,
// after the team's DAG passed its budget: the team's is wider than one worker's (the second
// worker's couples are siblings higher up the path), and past the budget it kept more
// couples below its root (Sprouts 0*3.AB|0*2.1aCa|ABC at 16 MB: 10 500 where one worker
// keeps 1 500 to 5 400), so that two workers stopped where one answers. What the team proved
// is in the cache. The answer goes into root's numbers, and its heap for a nimber.
func (s *Solver) pnAloneAgain(root *pnNode) bool {
	s.err = nil
	if s.pns.begin(s) == nil {
		return false
	}
	var again *pnNode
	if root.sum != nil && root.sum.last < 0 {
		again = s.pnNimberRoot(root.pos)
	} else {
		again = s.pnRoot(root.pos, root.n)
	}
	s.pns.root = again
	ok := s.pnSolveAlone(again)
	root.pn, root.dn = again.pn, again.dn
	if root.sum != nil {
		root.sum.heap = again.sum.heap
	}
	return ok
}

// pnShareExpand has the worker expand couples of the team's DAG until its root is proven or
// a worker stops.
func (w *Solver) pnShareExpand(d *pnShare) {
	d.mu.Lock()
	defer d.mu.Unlock()
	defer d.free.Broadcast() // the others see the end
	for !d.root.proven() && d.err == nil {
		if w.stopped() {
			d.err = w.err
			return
		}
		v, depth := w.freeMostProving(d.root)
		if v == nil { // every open couple is being expanded: wait for one to be done
			d.waiting++
			d.free.Wait()
			d.waiting--
			continue
		}
		w.pnDepth(depth)
		v.busy = true
		d.mu.Unlock()
		opts, known, win := w.pnShareOptions(v)
		d.mu.Lock()
		v.busy = false
		if w.err = w.pnShareLink(d, v, opts, known, win); w.err != nil {
			d.err = w.err
			return
		}
		if d.waiting > 0 {
			d.free.Broadcast()
		}
	}
}

// pnShareOptions makes the options of v without the DAG's lock: it reads the cache, the
// lead's memo (behind its own lock) and the worker's buffers only, and v's position and key,
// which never change.
func (w *Solver) pnShareOptions(v *pnNode) (opts []option, known, win bool) {
	if known, win = w.knownOutcome(v); known {
		return nil, true, win
	}
	return w.options(part{v.pos, v.key}, v.n), false, false
}

// pnShareLink puts into the DAG, under its lock, what the worker found of v (pnShareOptions)
// and updates the numbers; it returns the error that stops the team.
func (w *Solver) pnShareLink(d *pnShare, v *pnNode, opts []option, known, win bool) error {
	switch {
	case w.err != nil: // the options are partial
		return w.err
	case known:
		v.pn, v.dn = boolPN(win), boolDN(win)
	default:
		if w.tick(); w.err != nil { // under the lock: a progress report reads the DAG
			return w.err
		}
		w.pnLinkOptions(v, opts)
	}
	w.pnUpdate(v)
	return d.lead.pnMemory(d.root)
}

// freeMostProving is the most-proving couple below root that no worker is expanding, and its
// depth; nil when every open couple below root is busy or waits on a busy one. A busy couple
// is taken to be losing, as the path that reached it hopes (a "virtual win", as in Wu et al.'s
// job-level proof-number search): its parent is won then, and the walk goes on to the
// parent's next sibling, which a proof of the grandparent losing needs anyway. Sprouts 0*13,
// two workers, six runs: 15 100 to 17 000 couples expanded (one worker: 20 654); taking the
// busy couple's next sibling instead, 15 600 to 17 600.
func (s *Solver) freeMostProving(root *pnNode) (*pnNode, int) {
	if v, depth := s.mostProving(root); !v.busy {
		return v, depth
	}
	v, depth, _ := freeWalk(root, 0)
	return v, depth
}

// What freeWalk found below a couple with no free couple: it is won or lost once the busy
// couples below it are lost, or nothing can be said.
type virtual int

const (
	blocked virtual = iota
	virtualWin
	virtualLoss
)

// freeWalk is freeMostProving's walk below v at depth, through every kid in the most-proving
// order until one leads to a free couple.
func freeWalk(v *pnNode, depth int) (*pnNode, int, virtual) {
	if !v.expanded {
		switch {
		case v.busy:
			return nil, 0, virtualLoss
		case v.proven():
			return nil, 0, blocked
		}
		return v, depth, blocked
	}
	kids := v.kids
	if v.sum == nil { // a couple's kids in the most-proving order; a sum's components in theirs
		kids = slices.Clone(kids)
		slices.SortStableFunc(kids, func(a, b *pnNode) int { return cmp.Compare(a.dn, b.dn) })
	}
	won := 0
	for _, k := range kids {
		u, d, how := freeWalk(k, depth+1)
		switch {
		case u != nil:
			return u, d, blocked
		case v.sum != nil: // every component is solved: go on to the next
		case how == virtualLoss:
			return nil, 0, virtualWin
		case how == virtualWin:
			won++
		}
	}
	if v.sum == nil && len(kids) > 0 && won == len(kids) {
		return nil, 0, virtualLoss
	}
	return nil, 0, blocked
}

// memos is the options memo the solver uses: its own, or its lead's while it expands couples
// of the lead's DAG (the lead expands a position again for the next heap, and half of the
// time the other worker had made its options).
func (s *Solver) memos() *optionMemo {
	if s.par.memo != nil {
		return s.par.memo
	}
	return &s.memo
}

// A spinLock is a mutex that never sleeps: a worker holds the DAG's for an update (Sprouts:
// 10 to 20 µs), and one put to sleep behind it woke later than it was freed (Sprouts 0*13,
// two workers: 0.3 to 0.4 s of waits a run with sync.Mutex, 0.07 to 0.17 s spinning).
type spinLock struct{ held atomic.Bool }

func (l *spinLock) Lock() {
	for i := 1; !l.held.CompareAndSwap(false, true); i++ {
		if i%256 == 0 {
			runtime.Gosched() // the collector's and the cache's goroutines may need the core
		}
	}
}

func (l *spinLock) Unlock() { l.held.Store(false) }
