package octal

import (
	"context"
	"math/bits"
)

// A value is how a Run stores one nimber: a byte while every value is below 256, a wider
// integer once one is not.
type value interface{ ~uint8 | ~uint16 | ~uint32 }

// A rareCommon computes the nimbers of single heaps of an octal code or Grundy's game in
// increasing order by the sparse space method of Flammenkamp (also Beling's ogsolve "RC").
//
// A mask m splits the values in two classes by the parity of popcount(x & m). The nim-sum of
// two values of the same class is even, of two different classes odd. In a sparse game
// almost every nimber is odd ("common"): pairs of common heaps then give even options, so
// many that the even values below the mex are all found after a short scan, while odd
// options only come from a pair with one even ("rare") heap, or from a single heap left.
// So a heap costs one pass over the rare heaps, which gives every odd option and the
// smallest odd value missing, c, plus a scan of pairs that stops as soon as every even
// value below c is seen. When one is never seen, the scan covered every option and the
// value is that even (rare) value.
//
// The mask is chosen from the values found so far, as the one that leaves the fewest
// rare heaps (a Walsh–Hadamard transform of their counts gives them for every mask at
// once), and chosen again as the values grow. The answers never depend on the mask, only
// the time: with mask 0 (no mask leaves few rare heaps) every heap is a plain mex over all
// of its options, as the sieve does.
type rareCommon[T value] struct {
	g      *Game
	v      []T      // v[n]: the nimber of a heap of n tokens, for the heaps done so far
	seen   []uint32 // seen[x] == stamp: some option of the current heap has value x
	stamp  uint32
	mask   uint32
	odd    []bool  // odd[x]: popcount(x & mask) is odd, for x < len(seen)
	rare   []int32 // the heaps with an even value under mask (none kept when mask is 0)
	counts []int64 // counts[x]: heaps of value x, for x < len(seen)
	remask int     // when len(v) reaches it, choose the mask again
	steps  int64   // work since the context was last polled
}

// newRareCommon returns the computation of g's values, starting from the known values v.
func newRareCommon[T value](g *Game, v []T) *rareCommon[T] {
	s := &rareCommon[T]{g: g, v: v, seen: make([]uint32, 64), remask: 256}
	s.counts = make([]int64, len(s.seen))
	for _, x := range v {
		s.count(uint32(x))
	}
	s.setMask(0)
	return s
}

// count adds a heap of value x to counts, widening counts, seen and odd as needed: every
// value, and every nim-sum of two, stays below len(seen), a power of two.
func (s *rareCommon[T]) count(x uint32) {
	for int(x) >= len(s.seen) {
		n := 2 * len(s.seen)
		s.seen = append(s.seen, make([]uint32, n/2)...)
		s.counts = append(s.counts, make([]int64, n/2)...)
		s.odd = parities(s.mask, n)
	}
	s.counts[x]++
}

// parities returns odd for mask and values below n.
func parities(mask uint32, n int) []bool {
	odd := make([]bool, n)
	for x := range odd {
		odd[x] = bits.OnesCount32(uint32(x)&mask)%2 == 1
	}
	return odd
}

// setMask makes mask the one in use and lists the rare heaps under it.
func (s *rareCommon[T]) setMask(mask uint32) {
	s.mask, s.odd, s.rare = mask, parities(mask, len(s.seen)), s.rare[:0]
	if mask == 0 {
		return
	}
	for h, x := range s.v {
		if !s.odd[x] {
			s.rare = append(s.rare, int32(h))
		}
	}
}

// maxMaskValues bounds the values the mask is chosen among: past 2^16 distinct values no
// mask is looked for, and every heap is a plain mex.
const maxMaskValues = 1 << 16

// chooseMask chooses the mask again from the counts of the values found so far: the one with
// the fewest rare heaps, if it leaves fewer than one heap in eight rare, else 0.
func (s *rareCommon[T]) chooseMask() {
	n := len(s.v)
	s.remask = 2 * n
	if !s.g.splits || len(s.counts) > maxMaskValues {
		if s.mask != 0 {
			s.setMask(0)
		}
		return
	}
	best, rare := bestMask(s.counts)
	switch {
	case rare*8 > int64(n):
		best = 0
	case s.mask != 0 && rare*10 > int64(len(s.rare))*8:
		best = s.mask // not 20% better: keep the rare heaps already listed
	}
	if best != s.mask {
		s.setMask(best)
	}
}

// bestMask returns the nonzero mask m that leaves the fewest heaps with popcount(x & m)
// even, and their number. len(counts) is a power of two. The Walsh–Hadamard transform w
// of counts gives w[m] = even(m) − odd(m), and even(m) = (total + w[m]) / 2.
func bestMask(counts []int64) (uint32, int64) {
	w := append([]int64(nil), counts...)
	for h := 1; h < len(w); h *= 2 {
		for i := 0; i < len(w); i += 2 * h {
			for j := i; j < i+h; j++ {
				a, b := w[j], w[j+h]
				w[j], w[j+h] = a+b, a-b
			}
		}
	}
	best := 1
	for m := 2; m < len(w); m++ {
		if w[m] < w[best] {
			best = m
		}
	}
	if len(w) < 2 {
		return 0, w[0]
	}
	return uint32(best), (w[0] + w[best]) / 2
}

// grow computes the nimbers of the heaps up to but not including to. It returns
// errWide when the next value does not fit T, ctx's error when ctx is done; the values
// found so far stay.
func (s *rareCommon[T]) grow(ctx context.Context, to int) error {
	limit := uint32(^T(0))
	for n := len(s.v); n < to; n++ {
		if s.steps > pollSteps {
			s.steps = 0
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if n >= s.remask {
			s.chooseMask()
		}
		x := s.next(n)
		if x > limit {
			return errWide
		}
		s.v = append(s.v, T(x))
		s.count(x)
		if s.mask != 0 && !s.odd[x] {
			s.rare = append(s.rare, int32(n))
		}
	}
	return nil
}

// next returns the nimber of a heap of n tokens, all smaller heaps being known.
func (s *rareCommon[T]) next(n int) uint32 {
	s.stamp++
	s.steps += 8
	s.markSingles(n)
	if s.mask == 0 || n < 4 {
		s.scanPairs(n, nil)
		return s.mex(0, false)
	}
	s.markRarePairs(n)
	c := s.mex(0, true) // the smallest odd value that is no option
	if int(c) >= len(s.seen) {
		// An even value between len(seen) and c is no option: a plain mex finds the value.
		s.scanPairs(n, nil)
		return s.mex(0, false)
	}
	need := 0 // even values below c not seen yet
	for x := range c {
		if !s.odd[x] && s.seen[x] != s.stamp {
			need++
		}
	}
	if need == 0 {
		return c
	}
	if s.scanPairs(n, &rareNeed{c: c, left: need}) {
		return c
	}
	return s.mex(0, false) // every option is marked: the value is an even one below c
}

// rareNeed is what a scan of pairs looks for: the even values below c, left of them unseen.
type rareNeed struct {
	c    uint32
	left int
}

// markSingles marks the options that leave no heap or one heap. It repeats the first lines
// of sieve.markOctal on purpose: the sieve is the plain mex the tests check this against,
// and shares no code with it.
func (s *rareCommon[T]) markSingles(n int) {
	if s.g.kind == kindGrundy {
		return
	}
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
	}
}

// splitMoves calls f with the tokens left by each move that splits a heap of n tokens and
// whether the two parts must differ, until f returns true; it reports whether one did.
func (s *rareCommon[T]) splitMoves(n int, f func(rest int, unequal bool) bool) bool {
	if s.g.kind == kindGrundy {
		return f(n, true)
	}
	for _, m := range s.g.moves {
		if n-m.k < 0 {
			break
		}
		if m.d&4 != 0 && f(n-m.k, false) {
			return true
		}
	}
	return false
}

// markRarePairs marks the splits of which one part is a rare heap: all the odd options.
func (s *rareCommon[T]) markRarePairs(n int) {
	v, seen, stamp := s.v, s.seen, s.stamp
	s.splitMoves(n, func(rest int, unequal bool) bool {
		for _, h := range s.rare {
			b := rest - int(h)
			if b < 1 {
				break
			}
			if h > 0 && !(unequal && b == int(h)) {
				seen[v[h]^v[b]] = stamp
			}
		}
		s.steps += int64(len(s.rare))
		return false
	})
}

// scanPairs marks the splits of a heap of n tokens. With need, it stops, reporting true,
// as soon as the last even value below need.c is seen.
func (s *rareCommon[T]) scanPairs(n int, need *rareNeed) bool {
	v, seen, stamp := s.v, s.seen, s.stamp
	return s.splitMoves(n, func(rest int, unequal bool) bool {
		last := rest / 2 // the smaller part goes from 1 to last
		if unequal && rest%2 == 0 {
			last--
		}
		if need == nil {
			for a := 1; a <= last; a++ {
				seen[v[a]^v[rest-a]] = stamp
			}
			s.steps += int64(last)
			return false
		}
		for a := 1; a <= last; a++ {
			if s.need(v[a]^v[rest-a], need) {
				s.steps += int64(a)
				return true
			}
		}
		s.steps += int64(last)
		return false
	})
}

// mex returns the smallest value not marked for the current heap, odd ones only if odd is
// set, from x on. Past len(seen) nothing is marked.
func (s *rareCommon[T]) mex(x uint32, odd bool) uint32 {
	for ; int(x) < len(s.seen); x++ {
		if s.seen[x] != s.stamp && (!odd || s.odd[x]) {
			return x
		}
	}
	for odd && bits.OnesCount32(x&s.mask)%2 == 0 {
		x++
	}
	return x
}

// need marks x seen and reports whether it was the last even value below need.c unseen.
func (s *rareCommon[T]) need(y T, need *rareNeed) bool {
	x := uint32(y)
	if s.seen[x] == s.stamp {
		return false
	}
	s.seen[x] = s.stamp
	if x < need.c && !s.odd[x] {
		need.left--
		return need.left == 0
	}
	return false
}
