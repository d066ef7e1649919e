package octal

import (
	"context"
	"errors"
	"math"
	"math/bits"
)

// errWide says that the next value does not fit the type the values are kept in.
var errWide = errors.New("octal: value wider than its store")

// A Run computes the nimbers of single heaps of an octal code or of Grundy's game, in
// increasing order, by the rare/common method (see rareCommon). It keeps one byte a value
// while the values are below 256, two or four bytes after. For an octal code it looks for a
// period, proven by the periodicity theorem, as the values grow: at 64, 128, … heaps up to
// 2^20, then every eighth more; once one is proven the values that follow are the period's.
// A Run is not safe for concurrent use.
type Run struct {
	g      *Game
	s      grower
	period int
	pre    int
	check  int // the number of values at which to look for a period next
}

// A grower is a rareCommon of some value type, seen through the methods Run needs.
type grower interface {
	grow(ctx context.Context, to int) error
	len() int
	at(h int) int
	widen() grower
	repeat(to, p int)
	prove(t int, splits bool) (p, e int, ok bool)
	sparse() (mask uint32, rare int)
	bytes() []uint8
	reserve(n int)
}

// NewRun returns a Run of g holding no value yet. Only octal codes and Grundy's game have
// one; the others have a closed form.
func (g *Game) NewRun() (*Run, error) {
	return g.newRun(newRareCommon[uint8](g, nil))
}

// PlainRun returns a Run of g that never uses a mask: every heap is a plain mex over all of
// its options, as the sieve does. It is the baseline of the benchmarks.
func (g *Game) PlainRun() (*Run, error) {
	s := newRareCommon[uint8](g, nil)
	s.remask = math.MaxInt
	return g.newRun(s)
}

// newRun returns a Run of g continuing from s.
func (g *Game) newRun(s grower) (*Run, error) {
	if g.kind != kindOctal && g.kind != kindGrundy {
		return nil, fileError{g.name + ": no values file: its nimbers have a closed form"}
	}
	return &Run{g: g, s: s, check: 64}, nil
}

// Len returns the number of values known: those of heaps 0..Len()-1.
func (r *Run) Len() int { return r.s.len() }

// At returns the nimber of a heap of h tokens, h < Len().
func (r *Run) At(h int) int { return r.s.at(h) }

// Period returns the period p and preperiod e proven so far, or 0, 0.
func (r *Run) Period() (p, e int) { return r.period, r.pre }

// Sparse returns the mask in use (0: plain mex) and the number of rare heaps under it.
func (r *Run) Sparse() (mask uint32, rare int) { return r.s.sparse() }

// Grow computes the values of heaps up to but not including to, and then looks for a
// period in them all. When ctx is done it returns an error wrapping ctx.Err(), and the
// values found so far stay.
func (r *Run) Grow(ctx context.Context, to int) error {
	r.s.reserve(to)
	if err := r.grow(ctx, to); err != nil {
		return err
	}
	r.provePeriod()
	return nil
}

// grow is Grow, looking for a period at the checkpoints only.
func (r *Run) grow(ctx context.Context, to int) error {
	for r.Len() < to {
		if r.period > 0 {
			r.s.repeat(to, r.period)
			return nil
		}
		stop := to
		if r.g.kind == kindOctal {
			stop = min(stop, r.check)
		}
		err := r.s.grow(ctx, stop)
		if errors.Is(err, errWide) {
			r.s = r.s.widen()
			continue
		}
		if err != nil {
			return err
		}
		if r.g.kind == kindOctal && r.Len() >= r.check {
			r.provePeriod()
			r.check = nextCheck(r.check)
		}
	}
	return nil
}

// provePeriod looks for a period proven by the values known.
func (r *Run) provePeriod() {
	if r.g.kind != kindOctal || r.period > 0 {
		return
	}
	if p, e, ok := r.s.prove(len(r.g.digits)-1, r.g.splits); ok {
		r.period, r.pre = p, e
	}
}

// nextCheck returns the number of values at which to look for a period after c.
func nextCheck(c int) int {
	if c < 1<<20 {
		return 2 * c
	}
	return c + c/8
}

func (s *rareCommon[T]) len() int     { return len(s.v) }
func (s *rareCommon[T]) at(h int) int { return int(s.v[h]) }

func (s *rareCommon[T]) sparse() (uint32, int) { return s.mask, len(s.rare) }

func (s *rareCommon[T]) prove(t int, splits bool) (int, int, bool) {
	return provePeriod(s.v, t, splits)
}

// repeat appends values up to heap to-1 by the period p.
func (s *rareCommon[T]) repeat(to, p int) {
	for n := len(s.v); n < to; n++ {
		s.v = append(s.v, s.v[n-p])
	}
}

// reserve makes room for n values in all, so that the values take one byte each (or two,
// or four), not the room append leaves.
func (s *rareCommon[T]) reserve(n int) {
	if cap(s.v) < n {
		v := make([]T, len(s.v), n)
		copy(v, s.v)
		s.v = v
	}
}

// bytes returns the values when they are kept as bytes, else nil.
func (s *rareCommon[T]) bytes() []uint8 {
	if b, ok := any(s.v).([]uint8); ok {
		return b
	}
	return nil
}

// widen returns the same computation with values of the next wider type.
func (s *rareCommon[T]) widen() grower {
	switch s := any(s).(type) {
	case *rareCommon[uint8]:
		return rewiden[uint8, uint16](s)
	case *rareCommon[uint16]:
		return rewiden[uint16, uint32](s)
	}
	panic("octal: a value wider than 32 bits")
}

// rewiden copies the values of s into a rareCommon of the wider type U.
func rewiden[T, U value](s *rareCommon[T]) *rareCommon[U] {
	v := make([]U, len(s.v), max(cap(s.v), 64))
	for i, x := range s.v {
		v[i] = U(x)
	}
	w := newRareCommon(s.g, v)
	if s.remask == math.MaxInt { // a PlainRun stays plain
		w.remask = s.remask
	}
	return w
}

// A Summary describes the values of a Run.
type Summary struct {
	Values    int    `json:"values"`     // heaps 0..Values-1 known
	Largest   int    `json:"largest"`    // the largest value
	LargestAt int    `json:"largest_at"` // the first heap of that value
	Mask      uint32 `json:"mask"`       // the mask of the rare/common method; 0: plain mex
	Rare      int    `json:"rare"`       // the heaps whose value is rare under Mask
	LastRare  int    `json:"last_rare"`  // the last of them
	Period    int    `json:"period,omitempty"`
	Preperiod int    `json:"preperiod,omitempty"`
}

// Summary returns what the values found so far show: the largest, the rare ones (under
// the mask in use, or under the best mask for them when the Run has not chosen one yet),
// the period.
func (r *Run) Summary() Summary {
	s := Summary{Values: r.Len(), LastRare: -1}
	s.Period, s.Preperiod = r.Period()
	counts := []int64{}
	for h := range r.Len() {
		x := r.At(h)
		if x > s.Largest || h == 0 {
			s.Largest, s.LargestAt = x, h
		}
		for x >= len(counts) {
			counts = append(counts, make([]int64, max(1, len(counts)))...)
		}
		counts[x]++
	}
	s.Mask, _ = r.Sparse()
	if s.Mask == 0 && r.g.splits && len(counts) <= maxMaskValues {
		if m, rare := bestMask(counts); rare*8 <= int64(r.Len()) {
			s.Mask = m
		}
	}
	if s.Mask == 0 {
		return s
	}
	for h := range r.Len() {
		if bits.OnesCount32(uint32(r.At(h))&s.Mask)%2 == 0 {
			s.Rare++
			s.LastRare = h
		}
	}
	return s
}
