package engine

import (
	"math/bits"
	"strconv"
	"strings"
)

// A Fact is what the search knows of a position: its nimber, or the values it was proven
// different from (the couples (P, n) found winning, paper §5.1). Facts are values: Without and
// WithNimber return new ones and never change the receiver, so a cached Fact can be shared.
type Fact struct {
	nimber int       // nimber+1, so that the zero Fact knows nothing
	notEq  uint64    // bit n set: proven ≠ n, for n < 64
	far    *[]uint64 // the same for n ≥ 64, bit n-64; rare, so kept out of line
}

// Nimber returns the position's nimber and whether it is known.
func (f Fact) Nimber() (int, bool) { return f.nimber - 1, f.nimber > 0 }

// Excludes reports whether the position was proven to have a nimber other than n.
func (f Fact) Excludes(n int) bool {
	if m, ok := f.Nimber(); ok {
		return m != n
	}
	if n < 64 {
		return f.notEq&(1<<n) != 0
	}
	i := (n - 64) / 64
	return f.far != nil && i < len(*f.far) && (*f.far)[i]&(1<<((n-64)%64)) != 0
}

// Outcome reports what is known of the couple (P, n): known, and if so whether it is winning.
func (f Fact) Outcome(n int) (known, win bool) {
	if m, ok := f.Nimber(); ok {
		return true, m != n
	}
	if f.Excludes(n) {
		return true, true
	}
	return false, false
}

// WithNimber returns the fact that the nimber is n.
func (f Fact) WithNimber(n int) Fact { return Fact{nimber: n + 1} }

// With is f with the couple (P, n) proven winning (P ≠ n) or losing (P = n).
func (f Fact) With(n int, win bool) Fact {
	if win {
		return f.Without(n)
	}
	return f.WithNimber(n)
}

// Without returns f plus the fact that the nimber is not n.
func (f Fact) Without(n int) Fact {
	if f.nimber > 0 || f.Excludes(n) {
		return f
	}
	if n < 64 {
		f.notEq |= 1 << n
		return f
	}
	i := (n - 64) / 64
	far := make([]uint64, max(len(f.words()), i+1))
	copy(far, f.words())
	far[i] |= 1 << ((n - 64) % 64)
	f.far = &far
	return f
}

// words returns the bits of the values from 64 on.
func (f Fact) words() []uint64 {
	if f.far == nil {
		return nil
	}
	return *f.far
}

// Merge returns what f and g know together.
func (f Fact) Merge(g Fact) Fact {
	if f.nimber > 0 {
		return f
	}
	if g.nimber > 0 {
		return g
	}
	f.notEq |= g.notEq
	if len(g.words()) > 0 {
		far := make([]uint64, max(len(f.words()), len(g.words())))
		copy(far, f.words())
		for i, w := range g.words() {
			far[i] |= w
		}
		f.far = &far
	}
	return f
}

// Excluded returns how many values the fact excludes without knowing the nimber.
func (f Fact) Excluded() int {
	n := bits.OnesCount64(f.notEq)
	for _, w := range f.words() {
		n += bits.OnesCount64(w)
	}
	return n
}

// size is the fact's approximate memory in bytes, for the cache's budget.
func (f Fact) size() int { return 24 + 8*len(f.words()) }

// empty reports whether f knows nothing.
func (f Fact) empty() bool { return f.nimber == 0 && f.notEq == 0 && f.far == nil }

// Describe writes what f knows as the tree labels do: "= n", or "≠ a, b, …" naming at most
// most values; "" when it knows nothing. The store's messages and job's answers use it.
func (f Fact) Describe(most int) string {
	if n, ok := f.Nimber(); ok {
		return "= " + strconv.Itoa(n)
	}
	var ex []string
	for n, left := 0, f.Excluded(); left > 0; n++ {
		if f.Excludes(n) {
			ex = append(ex, strconv.Itoa(n))
			left--
		}
		if len(ex) == most && left > 0 {
			ex = append(ex, "…")
			break
		}
	}
	if len(ex) == 0 {
		return ""
	}
	return "≠ " + strings.Join(ex, ", ")
}
