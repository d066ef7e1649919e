package engine

// A part is a component together with its key, computed once.
type part struct {
	pos Position
	key string
}

// emptyKey is the key of every position with no move left.
const emptyKey = ""

// outcome is Algorithm 1 for any position: a position that splits goes to Algorithm 2.
func (s *Solver) outcome(p Position, n int) bool {
	comps := p.Split()
	switch len(comps) {
	case 0:
		return s.terminal(p, n)
	case 1:
		return s.outcome1(part{comps[0], comps[0].Key()}, n)
	}
	parts := make([]part, len(comps))
	for i, c := range comps {
		parts[i] = part{c, c.Key()}
	}
	return s.outcomeOfSum(p, parts, n)
}

// terminal is the outcome of (P, n) when P has no move: losing for n = 0, else winning by
// moving the heap to 0.
func (s *Solver) terminal(p Position, n int) bool {
	if s.rec != nil {
		s.rec.terminal(p, n)
	}
	return n != 0
}

// outcome1 is Algorithm 1 (paper §5.2) on a component p that does not split: (p, n) is winning
// as soon as one option is losing. The options of the position part come first, the easiest
// first (§5.5); those of the nim-heap, (p, i) for i < n, last.
func (s *Solver) outcome1(p part, n int) bool {
	if f, ok := s.fact(p); ok {
		if known, win := f.Outcome(n); known {
			return win
		}
	}
	s.tick()
	if s.err != nil {
		return false
	}
	s.c.enter()
	s.level++
	defer func() { s.c.leave(); s.level-- }()
	work := s.c.nodes.Load()
	var win bool
	if s.par.live != nil {
		win = s.shared(p, n)
	} else {
		win = s.expand(p, n)
	}
	if s.err == nil && s.rec == nil {
		s.pinned.keep(p.key, n, win, s.c.nodes.Load()-work)
	}
	return win
}

// expand searches the options of (p, n) in order, the nim-heap's last: the i-th is one of
// opts, or past them the heap option (p, i-len(opts)). A worker of a team leaves the options
// another worker is searching for the end (parallel.go).
func (s *Solver) expand(p part, n int) bool {
	opts := s.options(p, n)
	if s.err != nil {
		return false
	}
	var later []int
	var h uint64 // p's hash, for a team
	if s.par.live != nil {
		h = partHash(p.key)
	}
	for i := range len(opts) + n {
		if i > 0 && s.par.live != nil && s.elsewhere(opts, i, n, h) {
			later = append(later, i)
			continue
		}
		if win, done := s.tryOption(p, opts, i, n); done {
			return win
		}
	}
	for _, i := range later {
		if win, done := s.tryOption(p, opts, i, n); done {
			return win
		}
	}
	if s.rec != nil {
		s.rec.lost(p, n, opts)
	}
	s.learn(p.key, n, false)
	return false
}

// tryOption searches the i-th option of (p, n) (see expand). It is done when the option
// decides (p, n), which is then winning, or when the search stopped.
func (s *Solver) tryOption(p part, opts []option, i, n int) (win, done bool) {
	// An option known from the cache costs no node: look at the context by options too, so
	// that a node with millions of them does not hold up a stop.
	if s.stopped() {
		return false, true
	}
	if i < len(opts) {
		if s.outcomeOf(&opts[i], n) || s.err != nil {
			return false, s.err != nil
		}
		var child ref
		if s.rec != nil {
			child = opts[i].ref(n)
		}
		return s.won(p, n, child), true
	}
	k := i - len(opts)
	if s.outcome1(p, k) || s.err != nil {
		return false, s.err != nil
	}
	return s.won(p, n, ref{p.key, k, false}), true
}

// won records that (p, n) is winning, with the losing option that proves it.
func (s *Solver) won(p part, n int, child ref) bool {
	if s.rec != nil {
		s.rec.won(p, n, child)
	}
	s.learn(p.key, n, true)
	return true
}

// outcomeOf is the outcome of the option o with nim-heap n.
func (s *Solver) outcomeOf(o *option, n int) bool {
	switch len(o.parts) {
	case 0:
		return s.terminal(o.pos, n)
	case 1:
		return s.outcome1(o.parts[0], n)
	}
	if s.par.live != nil {
		defer s.markSum(o, n).Add(-1)
	}
	return s.outcomeOfSum(o.pos, o.parts, n)
}

// outcomeOfSum is Algorithm 2 (paper §5.3): the nimbers of every component but one, by
// Algorithm 3, then the outcome of the last with their nim-sum added to the heap. The last
// is the hardest component whose nimber is not known yet (§5.5).
func (s *Solver) outcomeOfSum(p Position, parts []part, n int) bool {
	last := s.hardest(parts)
	nims := make([]int, len(parts))
	x := n ^ s.componentNimbers(parts, last, nims)
	if s.err != nil {
		return false
	}
	win := s.outcome1(parts[last], x)
	if s.err != nil {
		return false
	}
	if s.rec != nil {
		s.rec.sum(p, parts, n, last, nims, x, win)
	}
	return win
}

// componentNimbers sets nims to the nimbers of the components but last, and returns their
// nim-sum. A worker of a team leaves for the end the components another worker is solving.
func (s *Solver) componentNimbers(parts []part, last int, nims []int) int {
	x := 0
	var later []int
	for i, c := range parts {
		if i == last {
			continue
		}
		if s.par.live != nil && s.componentBusy(c) {
			later = append(later, i)
			continue
		}
		nims[i] = s.nimber(c)
		if s.err != nil {
			return 0
		}
		x ^= nims[i]
	}
	for _, i := range later {
		nims[i] = s.nimber(parts[i])
		if s.err != nil {
			return 0
		}
		x ^= nims[i]
	}
	return x
}

// nimber is Algorithm 3 (paper §5.4) on a component: try n = 0, 1, 2, ... until (p, n) is
// losing. What was proven of the smaller values is in the cache and costs a lookup.
func (s *Solver) nimber(p part) int {
	if f, ok := s.fact(p); ok {
		if m, ok := f.Nimber(); ok {
			return m
		}
	}
	for m := 0; ; m++ {
		if !s.outcome1(p, m) || s.err != nil {
			return m
		}
	}
}

// hardest returns the index of the component to leave for last in a sum: among those whose
// nimber is not known, the one with the largest hint.
func (s *Solver) hardest(parts []part) int {
	best, bestHint := 0, -1
	for i, c := range parts {
		if f, ok := s.fact(c); ok {
			if _, known := f.Nimber(); known {
				continue
			}
		}
		if h := HintOf(c.pos); h > bestHint {
			best, bestHint = i, h
		}
	}
	return best
}

// fact returns what is known of a component: from the cache, or else from the game's theory
// (a Valuer), which is then cached. A recorded search asks no theory: its tree must hold a
// proof of every nimber it uses.
func (s *Solver) fact(c part) (Fact, bool) {
	f, ok := s.get(c.key)
	if ok || s.rec != nil || s.noTheory {
		return f, ok
	}
	if v, isValuer := c.pos.(Valuer); isValuer {
		if m, known := v.Value(); known {
			f = Fact{}.WithNimber(m)
			s.cache.Put(c.key, f)
			return f, true
		}
	}
	return f, false
}
