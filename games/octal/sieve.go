package octal

import "context"

// A sieve computes the nimbers of single heaps in increasing order, each the mex of the values
// of its options; the value of a split is the nim-sum of the parts. It is the fast path behind
// Nimbers and shares no code with Position.Options.
type sieve struct {
	g     *Game
	v     []int32  // v[n] is the nimber of a heap of n tokens, for the heaps done so far
	seen  []uint32 // seen[x] == stamp: some option of the current heap has value x
	stamp uint32   // a new stamp per heap spares clearing seen
}

// newSieve returns a sieve for g with room for size values.
func newSieve(g *Game, size int) *sieve {
	return &sieve{g: g, v: make([]int32, 0, size), seen: make([]uint32, 64)}
}

// pollSteps is about how many steps of the sieve (see sieveCost) pass between two looks at
// the context: a millisecond or so.
const pollSteps = 1 << 20

// grow computes the nimbers of the heaps up to but not including to. It polls ctx every
// pollSteps steps or so, at most 256 heaps apart (a heap of Grundy's game near MaxSequence
// takes millions of steps), and returns its error when it is done; the values found so far
// stay.
func (s *sieve) grow(ctx context.Context, to int) error {
	next := len(s.v) // the heap at which to look at ctx
	for n := len(s.v); n < to; n++ {
		if n == next {
			if err := ctx.Err(); err != nil {
				return err
			}
			// Heaps cost more as they grow: the steps of heap n bound those before.
			next = n + int(min(256, max(1, pollSteps/heapCost(s.g, n))))
		}
		s.v = append(s.v, s.next(n))
	}
	return nil
}

// heapCost is sieveCost's estimate of the steps of one heap of n tokens.
func heapCost(g *Game, n int) int64 {
	c := sieveCost(g, n+1) - sieveCost(g, n)
	if g.kind == kindLasker {
		c += int64(n) + int64(n)/2 // every smaller heap, then the splits
	}
	return c
}

// next returns the nimber of a heap of n tokens, all smaller heaps being known.
func (s *sieve) next(n int) int32 {
	s.stamp++
	switch s.g.kind {
	case kindLasker:
		for _, x := range s.v[:n] {
			s.seen[x] = s.stamp
		}
		s.markSplits(n, false)
	case kindGrundy:
		s.markSplits(n, true)
	default:
		s.markOctal(n)
	}
	return s.mex()
}

// markOctal marks the options of a heap of n tokens under an octal code.
func (s *sieve) markOctal(n int) {
	for _, m := range s.g.moves {
		rest := n - m.k
		if rest < 0 {
			break
		}
		if m.d&1 != 0 && rest == 0 {
			s.seen[0] = s.stamp
		}
		if m.d&2 != 0 && rest > 0 {
			s.seen[s.v[rest]] = s.stamp
		}
		if m.d&4 != 0 {
			s.markSplits(rest, false)
		}
	}
}

// markSplits marks the splits of n tokens into two non-empty heaps, unequal ones only if
// unequal is set. This loop is where the time goes.
func (s *sieve) markSplits(n int, unequal bool) {
	last := n / 2 // the smaller part goes from 1 to last
	if unequal && n%2 == 0 {
		last--
	}
	if last < 1 {
		return
	}
	v, seen, stamp := s.v[:n], s.seen, s.stamp
	small, large := v[1:last+1], v[n-last:]
	large = large[:len(small)]
	for i, x := range small {
		seen[x^large[len(small)-1-i]] = stamp
	}
}

// mex returns the smallest value not marked for the current heap. Every value found so far,
// and so every nim-sum of two of them, is below len(seen), a power of two; seen doubles when
// a new value reaches it.
func (s *sieve) mex() int32 {
	x := 0
	for x < len(s.seen) && s.seen[x] == s.stamp {
		x++
	}
	if x == len(s.seen) {
		s.seen = append(s.seen, make([]uint32, len(s.seen))...)
	}
	return int32(x)
}
