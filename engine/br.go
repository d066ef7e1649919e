package engine

import (
	"context"
	"math/bits"
)

// The search of Beling and Rogalski ("On pruning search trees of impartial games",
// Artificial Intelligence 283, 2020), beside the couples search for measuring: a
// component's nimber is asked for within a set of wanted values, and the search of its
// options stops as soon as none of them can be the answer. Facts are the same as the
// couples search's: an exact nimber, or values proven excluded.

// brHeap is the heap the options of a node are classified for: no option is known losing
// against it, so that the list is whole.
const brHeap = 1 << 20

// allNimbers wants every value below 64.
const allNimbers = ^uint64(0)

// candidates is the set of values a node's nimber may still be: the values below 64 as
// bits, and how many values of 64 and more (the largest) are left. A node of d options
// starts with 0 … d, and each option removes one value: the one it has, or else the largest.
type candidates struct {
	low  uint64
	high int
}

func candidatesUpTo(d int) candidates {
	if d >= 63 {
		return candidates{low: allNimbers, high: d - 63}
	}
	return candidates{low: 1<<(d+1) - 1}
}

// withoutLargest is the candidates below 64 but the largest.
func (c candidates) withoutLargest() uint64 {
	if c.high > 0 || c.low == 0 {
		return c.low
	}
	return c.low &^ (1 << (63 - bits.LeadingZeros64(c.low)))
}

func (c *candidates) removeLargest() {
	if c.high > 0 {
		c.high--
		return
	}
	c.low = c.withoutLargest()
}

// remove removes v if it is a candidate, else the largest.
func (c *candidates) remove(v int) {
	if v < 64 && c.low&(1<<v) != 0 {
		c.low &^= 1 << v
		return
	}
	c.removeLargest()
}

// upTo is the values from 0 to the largest of set.
func upTo(set uint64) uint64 {
	if set == 0 {
		return 0
	}
	return allNimbers >> bits.LeadingZeros64(set)
}

// xorEach is {v ^ x : v in set}, the values below 64 only.
func xorEach(set uint64, x int) uint64 {
	if x == 0 {
		return set
	}
	var out uint64
	for ; set != 0; set &= set - 1 {
		if v := bits.TrailingZeros64(set) ^ x; v < 64 {
			out |= 1 << v
		}
	}
	return out
}

// BR returns p's nimber by the search of Beling and Rogalski, with aspiration at the root:
// each component tries the values 0, 1, 2, … as Algorithm 3 does, asking every option
// whether it has the value tried, an option that answers with another value being dropped.
func (s *Solver) BR(ctx context.Context, p Position) (int, error) {
	s.begin(ctx)
	x := 0
	for _, c := range p.Split() {
		x ^= s.brAspire(part{c, c.Key()})
		if s.err != nil {
			break
		}
	}
	return x, s.end()
}

// brEnter counts a node and goes a level down, unless the search was stopped; brLeave
// comes back up. The level is the one of the options' buffers (options).
func (s *Solver) brEnter() bool {
	s.tick()
	if s.err != nil {
		return false
	}
	s.c.enter()
	s.level++
	return true
}

func (s *Solver) brLeave() { s.c.leave(); s.level-- }

// brAspire is the nimber of the component p, the values tried in increasing order.
func (s *Solver) brAspire(p part) int {
	f, _ := s.fact(p)
	if m, ok := f.Nimber(); ok {
		return m
	}
	if !s.brEnter() {
		return 0
	}
	defer s.brLeave()
	opts := append([]option(nil), s.options(p, brHeap)...)
	var skip uint64 // values an option was shown to have: not p's
	d := len(opts)
	for m := 0; m <= d; m++ {
		if m >= 64 { // past the values a set holds: the couples search goes on
			return s.nimber(p)
		}
		if f.Excludes(m) || skip&(1<<m) != 0 {
			continue
		}
		found := false
		for i := 0; i < len(opts); {
			v := s.brOption(&opts[i], 1<<m)
			if s.err != nil {
				return 0
			}
			if v < 0 {
				i++
				continue
			}
			opts = append(opts[:i], opts[i+1:]...)
			if v == m {
				found = true
				break
			}
			if v < 64 {
				skip |= 1 << v
			}
		}
		if !found {
			s.learn(p.key, m, false)
			return m
		}
		s.learn(p.key, m, true)
	}
	return d // not reached: some value up to d is no option's
}

// brOption is the nimber of the option o if it is in want (values < 64), else -1 (or its
// nimber outside want, when it was found): every component's nimber but the hardest's, then
// the hardest's within want shifted by theirs.
func (s *Solver) brOption(o *option, want uint64) int {
	if len(o.parts) == 0 {
		return 0 // no move left
	}
	last := s.hardest(o.parts)
	x := 0
	for i, c := range o.parts {
		if i == last {
			continue
		}
		x ^= s.brFull(c)
		if s.err != nil {
			return -1
		}
	}
	if x >= 64 { // want, shifted by x, is past the values a set holds
		return s.brFull(o.parts[last]) ^ x
	}
	m := s.brNimber(o.parts[last], xorEach(want, x))
	if m < 0 || s.err != nil {
		return -1
	}
	return m ^ x
}

// brFull is the nimber of the component p, by the couples search when it is 64 or more.
func (s *Solver) brFull(p part) int {
	if m := s.brNimber(p, allNimbers); m >= 0 || s.err != nil {
		return m
	}
	return s.nimber(p)
}

// brNimber is the nimber of the component p if it is in want (values < 64), else -1; it
// may return p's nimber outside want too, when the search found it.
func (s *Solver) brNimber(p part, want uint64) int {
	f, _ := s.fact(p)
	if m, ok := f.Nimber(); ok {
		return m
	}
	want &^= f.notEq
	if want == 0 {
		return -1
	}
	if !s.brEnter() {
		return -1
	}
	defer s.brLeave()
	opts := s.options(p, brHeap)
	if s.err != nil {
		return -1
	}
	cand := candidatesUpTo(len(opts))
	// The options whose every component is known first: they remove values at no cost.
	open := make([]int, 0, len(opts))
	for i := range opts {
		if x, ok := s.brKnown(&opts[i]); ok {
			cand.remove(x)
		} else {
			open = append(open, i)
		}
	}
	upto := upTo(want)
	exact := true
	for _, i := range open {
		if cand.low&want == 0 {
			return s.brExcluded(p, want)
		}
		ask := cand.withoutLargest() & upto
		v := -1
		if ask != 0 {
			v = s.brOption(&opts[i], ask)
			if s.err != nil {
				return -1
			}
		}
		if v < 0 {
			cand.removeLargest()
			exact = false
			continue
		}
		cand.remove(v)
	}
	if cand.low == 0 {
		return s.brExcluded(p, want) // the nimber is 64 or more
	}
	r := bits.TrailingZeros64(cand.low)
	if exact || upto&(1<<r) != 0 {
		s.learn(p.key, r, false)
		return r
	}
	return s.brExcluded(p, want)
}

// brKnown is the nimber of the option o when its every component's is known. (Its class
// says the same as long as the cache kept what it held then.)
func (s *Solver) brKnown(o *option) (x int, ok bool) {
	if o.class != knownWinning {
		return 0, false
	}
	for _, c := range o.parts {
		f, _ := s.fact(c)
		m, ok := f.Nimber()
		if !ok {
			return 0, false
		}
		x ^= m
	}
	return x, true
}

// brExcluded learns that p's nimber is none of want, and returns -1.
func (s *Solver) brExcluded(p part, want uint64) int {
	f, _ := s.cache.Get(p.key)
	for set := want; set != 0; set &= set - 1 {
		f = f.Without(bits.TrailingZeros64(set))
	}
	s.cache.Put(p.key, f)
	return -1
}
