package engine

import (
	"context"
	"errors"
	"slices"
)

// ErrWorkTooLarge stops a baseline search whose lists of options, one a level, passed the
// memory a recording would have (WithTreeBytes): a heap of 2^20 tokens has 2^20 options at
// every level of the recursion.
var ErrWorkTooLarge = errors.New("the options the search holds passed its memory budget")

// Estimated bytes of one option held by a baseline: its position (an interface and its
// value), its key, its rank.
const heldOption = 112

// hold counts n more bytes of options held, and stops the search past the budget. It
// reports whether the search may go on.
func (s *Solver) hold(n int64) bool {
	s.held += n
	if s.held > s.treeBudget() {
		s.err = ErrWorkTooLarge
		return false
	}
	return true
}

// The two baselines beside the couples search, for tests and benchmarks. Both use the
// solver's cache, counters, progress and cancellation, so that runs compare like for like.

// Elementary is the outcome search of §4.1: a sum is searched as one position, with no
// nimbers, and memoised by the key of the whole position.
func (s *Solver) Elementary(ctx context.Context, p Position) (win bool, err error) {
	s.begin(ctx)
	win = s.elementary(p, p.Key())
	return win, s.end()
}

func (s *Solver) elementary(p Position, key string) bool {
	if f, ok := s.get(key); ok {
		if known, win := f.Outcome(0); known {
			return win
		}
	}
	s.tick()
	if s.err != nil {
		return false
	}
	s.c.enter()
	defer s.c.leave()
	opts, held := s.elementaryOrder(p)
	defer func() { s.held -= held }()
	if s.err != nil {
		return false
	}
	for _, o := range opts {
		// Options whose outcome is cached cost no node: look at the context by options
		// too, so that a position with millions of them does not hold up a stop.
		if s.stopped() {
			return false
		}
		lost := !s.elementary(o.pos, o.key)
		if s.err != nil {
			return false
		}
		if lost {
			s.learn(key, 0, true)
			return true
		}
	}
	s.learn(key, 0, false)
	return false
}

// A rank places an option of a whole-position search (elementary, misère) in the order the
// couples search would try it: known losing first, then by hint and guess (§5.5).
type rank struct {
	lost        bool // known to be losing for the player to move there
	hint, guess int
}

func (a rank) compare(b rank) int {
	switch {
	case a.lost != b.lost:
		if a.lost {
			return -1
		}
		return 1
	case a.hint != b.hint:
		return a.hint - b.hint
	}
	return a.guess - b.guess
}

// elementaryOrder lists p's options in the order the couples search would try them, so that
// the two searches differ by nimbers alone: those the cache knows to be losing first, then
// by hint and guess (§5.5). A stop while they are made gives none (s.err is set).
func (s *Solver) elementaryOrder(p Position) (out []part, held int64) {
	type ranked struct {
		part
		rank
	}
	var opts []ranked
	for o := range p.Options() {
		if s.stopped() { // before every option: one may take milliseconds (Sprouts)
			return nil, held
		}
		r := ranked{part: part{o, o.Key()}, rank: rank{hint: HintOf(o), guess: GuessOf(o)}}
		n := heldOption + int64(len(r.key))
		held += n
		if !s.hold(n) {
			return nil, held
		}
		if f, ok := s.get(r.key); ok {
			known, win := f.Outcome(0)
			r.lost = known && !win
		}
		opts = append(opts, r)
	}
	slices.SortStableFunc(opts, func(a, b ranked) int { return a.rank.compare(b.rank) })
	out = make([]part, len(opts))
	for i, o := range opts {
		out[i] = o.part
	}
	return out, held
}

// Mex is plain memoised mex: the nimber of a sum is the nim-sum of its components', and the
// nimber of a component is the least value none of its options has (Proposition 5), every
// option evaluated.
func (s *Solver) Mex(ctx context.Context, p Position) (int, error) {
	s.begin(ctx)
	n := s.mex(p)
	return n, s.end()
}

func (s *Solver) mex(p Position) int {
	x := 0
	for _, c := range p.Split() {
		x ^= s.mex1(c, c.Key())
		if s.err != nil {
			return 0
		}
	}
	return x
}

func (s *Solver) mex1(p Position, key string) int {
	if f, ok := s.get(key); ok {
		if m, ok := f.Nimber(); ok {
			return m
		}
	}
	s.tick()
	if s.err != nil {
		return 0
	}
	s.c.enter()
	defer s.c.leave()
	opts, held := s.mexOrder(p)
	defer func() { s.held -= held }()
	if s.err != nil {
		return 0
	}
	var seen []bool
	for _, o := range opts {
		if s.stopped() { // cached options cost no node
			return 0
		}
		m := 0
		for _, c := range o.comps {
			m ^= s.mex1(c, c.Key())
			if s.err != nil {
				return 0
			}
		}
		for len(seen) <= m {
			seen = append(seen, false)
		}
		seen[m] = true
	}
	m := 0
	for m < len(seen) && seen[m] {
		m++
	}
	s.learn(key, m, false)
	return m
}

// A mexOption is an option split into its components, with the hint of the hardest.
type mexOption struct {
	comps []Position
	cost  int
}

// mexOrder lists p's options, the easiest first: by the hint of their hardest component.
// The order changes no value and no count of nodes, only the depth of the recursion: in the
// order made, a heap of n tokens went to n-1 first, then n-2, one level per token, and
// Kayles 2^20 overflowed the 1 GB stack after 36 s (and a stop waited while the collector
// scanned hundreds of megabytes of it); easiest first, the smaller heaps are known when a
// larger one is reached. A stop while they are made gives none (s.err is set).
func (s *Solver) mexOrder(p Position) (opts []mexOption, held int64) {
	for o := range p.Options() {
		if s.stopped() { // before every option: one may take milliseconds (Sprouts)
			return nil, held
		}
		m := mexOption{comps: o.Split()}
		n := heldOption + 32*int64(len(m.comps))
		held += n
		if !s.hold(n) {
			return nil, held
		}
		for _, c := range m.comps {
			m.cost = max(m.cost, HintOf(c))
		}
		opts = append(opts, m)
	}
	slices.SortStableFunc(opts, func(a, b mexOption) int { return a.cost - b.cost })
	return opts, held
}
