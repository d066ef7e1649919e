package octal

import (
	"context"
	"fmt"
	"strconv"

	"grundy/games/parse"
)

// proofLimit is how far Nimbers computes past the requested heap to prove a period. Finding a
// period of an unsolved code there costs at most about t·proofLimit²/4 steps (the plain mex),
// a fraction of a second.
const proofLimit = 1 << 14

// laskerSieved is how many heaps of Lasker's Nim Nimbers computes by mex before it switches
// to the closed form.
const laskerSieved = 1024

// Nimbers returns the nimbers of single heaps of 0..n tokens, with the period p and preperiod
// e of the sequence when it is proven periodic: g(m+p) = g(m) for every m ≥ e. Otherwise p
// and e are 0.
//
// The values of an octal code and of Grundy's game come from a Run, by the rare/common
// method. A period of an octal code is proven by the periodicity theorem (Winning Ways,
// ch. 4; Guy and Smith 1956), so Nimbers may look past n to prove one, and fills the values beyond the proof
// by the period. Lasker's Nim follows its closed form (g(4k+3) = 4k+4, g(4k+4) = 4k+3, other
// heaps their own size), which is not a period. Grundy's game has no known period.
//
// When ctx is done, Nimbers returns the values found so far with an error wrapping ctx.Err().
func (g *Game) Nimbers(ctx context.Context, n int) ([]int, int, int, error) {
	if n < 0 {
		return nil, 0, 0, parse.Errorf(parse.ErrSyntax, g.name, strconv.Itoa(n), -1, "negative heap size")
	}
	if n > MaxSequence {
		return nil, 0, 0, parse.Errorf(parse.ErrTooLarge, g.name, strconv.Itoa(n), -1, "heap %d is larger than %d", n, MaxSequence)
	}
	var (
		values []int
		p, e   int
		err    error
	)
	switch g.kind {
	case kindNim:
		values, err = make([]int, n+1), ctx.Err()
		for i := range values {
			values[i] = i
		}
	case kindLasker:
		values, err = g.laskerNimbers(ctx, n)
	default:
		values, p, e, err = g.runNimbers(ctx, n)
	}
	if err != nil {
		return values, 0, 0, fmt.Errorf("%s: nimbers of heaps to %d: %w", g.name, n, err)
	}
	return values, p, e, nil
}

// runNimbers computes the nimbers of an octal code or Grundy's game by a Run. For an octal
// code it goes on to proofLimit heaps, when n is smaller, to prove a period, and fills the
// values past the proof by the period.
func (g *Game) runNimbers(ctx context.Context, n int) ([]int, int, int, error) {
	r, err := g.NewRun()
	if err != nil {
		return nil, 0, 0, err
	}
	limit := n + 1
	if g.kind == kindOctal {
		limit = max(limit, proofLimit)
	}
	if err := r.Grow(ctx, limit); err != nil {
		return runInts(r, min(r.Len(), n+1)), 0, 0, err
	}
	p, e := r.Period()
	return runInts(r, n+1), p, e, nil
}

// runInts returns the first size values of r.
func runInts(r *Run, size int) []int {
	out := make([]int, size)
	for i := range out {
		out[i] = r.At(i)
	}
	return out
}

// laskerNimbers computes the first heaps of Lasker's Nim by mex and the others by the closed
// form proven in Berlekamp, Conway and Guy, Winning Ways, ch. 4 (and shared/seeds/001).
func (g *Game) laskerNimbers(ctx context.Context, n int) ([]int, error) {
	s := newSieve(g, min(n+1, laskerSieved))
	err := s.grow(ctx, min(n+1, laskerSieved))
	if err != nil {
		return ints(s.v, len(s.v)), err
	}
	values := ints(s.v, n+1)
	for m := len(s.v); m <= n; m++ {
		values[m] = laskerNimber(m)
	}
	return values, nil
}

// laskerNimber returns the nimber of a heap of m tokens in Lasker's Nim.
func laskerNimber(m int) int {
	switch m % 4 {
	case 3:
		return m + 1
	case 0:
		if m > 0 {
			return m - 1
		}
	}
	return m
}

// ints returns the first size values of v as ints, followed by zeros up to size.
func ints(v []int32, size int) []int {
	out := make([]int, size)
	for i := range min(size, len(v)) {
		out[i] = int(v[i])
	}
	return out
}
