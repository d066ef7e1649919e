package octal

import (
	"context"
	"os"
	"strings"
	"sync"
)

// sieveBudget bounds the work of the sieve behind Value, in steps of its inner loops (see
// sieveCost), and so sets the largest heap of the games whose values need the sieve. On the
// 2-core machine of issue 10 a step takes 0.8 to 1.1 ns, so the whole budget about 0.7 s of
// CPU (Grundy's game to heap 56552) to 0.95 s (octal:4.444…4, 33 digits that split).
const sieveBudget = 800_000_000

// A table holds the nimbers of single heaps that Value has needed so far, for the games
// whose values come from the sieve: the octal codes and Grundy's game. It grows on demand,
// under its mutex, so that a Game stays safe for concurrent use.
type table struct {
	mu     sync.Mutex
	s      *sieve
	reach  int  // the sieve stops before this heap: heaps 0..reach-1 fit in sieveBudget
	period int  // the period proven within proofLimit heaps, as Nimbers proves it; 0: none
	pre    int  // its preperiod
	file   *Run // values read by UseValues, which come first; nil: none
}

// newTable returns the empty table of g, an octal code or Grundy's game.
func newTable(g *Game) *table {
	return &table{s: newSieve(g, 64), reach: sieveReach(g)}
}

// Value returns the nimber of p from theory (engine.Valuer), the nim-sum of its heaps'
// nimbers: Bouton's n for Nim, the closed form for Lasker's Nim, the proven period or the
// sieve for the others. It answers for every heap up to the game's MaxHeap; the first call
// may sieve for up to about a second, the next reuse what it found.
func (p Position) Value() (int, bool) {
	x := 0
	switch p.g.kind {
	case kindNim:
		for _, h := range p.heaps {
			x ^= int(h)
		}
	case kindLasker:
		for _, h := range p.heaps {
			x ^= laskerNimber(int(h))
		}
	default:
		t := p.g.tab
		t.mu.Lock()
		defer t.mu.Unlock()
		for _, h := range p.heaps {
			v, ok := t.value(int(h))
			if !ok {
				return 0, false
			}
			x ^= v
		}
		for _, c := range p.circles {
			v, ok := t.circleValue(p.g, int(c))
			if !ok {
				return 0, false
			}
			x ^= v
		}
	}
	return x, true
}

// MaxHeap returns the largest heap a position of g may hold: MaxHeap when a closed form
// (Nim, Lasker's Nim) or a period proven within the first proofLimit heaps (as Nimbers
// proves it) gives every value, and otherwise the largest heap the sieve reaches within
// sieveBudget, about a second of work. Parse rejects larger heaps with parse.ErrTooLarge.
//
// For an octal code whose heaps do not all fit in the budget, the first call looks for the
// period: microseconds for Kayles, 0.1 s for the unsolved 0.6, at most the whole budget.
func (g *Game) MaxHeap() int {
	if g.tab == nil || g.tab.reach > MaxHeap {
		return MaxHeap
	}
	t := g.tab
	t.mu.Lock()
	defer t.mu.Unlock()
	if f := t.file; f != nil {
		if p, _ := f.Period(); p > 0 {
			return MaxHeap
		}
		return min(max(t.reach, f.Len())-1, MaxHeap)
	}
	if g.kind == kindGrundy {
		return t.reach - 1
	}
	for !t.examined() {
		t.grow()
	}
	if t.period > 0 {
		return MaxHeap
	}
	return t.reach - 1
}

// UseValues reads the values file at path (see File), checked as OpenFile checks it, and
// takes the values of heaps from it from then on: MaxHeap grows to what the file holds, or
// to the constant MaxHeap when its values prove a period.
func (g *Game) UseValues(path string) error {
	if g.tab == nil {
		return fileError{g.name + ": no values file: its nimbers have a closed form"}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	r, _, err := g.readValues(path, data, strings.HasSuffix(path, ".txt"))
	if err != nil {
		return err
	}
	g.tab.mu.Lock()
	g.tab.file = r
	g.tab.mu.Unlock()
	return nil
}

// sure returns a heap size up to which every heap of g is legal, known without the sieve.
func (g *Game) sure() int {
	if g.tab == nil {
		return MaxHeap
	}
	return min(g.tab.reach-1, MaxHeap)
}

// value returns the nimber of a heap of h tokens, sieving as far as it needs; t.mu is held.
// It knows nothing of heaps at or past reach that no proven period covers.
func (t *table) value(h int) (int, bool) {
	if f := t.file; f != nil {
		p, e := f.Period()
		switch {
		case h < f.Len():
			return f.At(h), true
		case p > 0:
			return f.At(e + (h-e)%p), true
		}
	}
	for {
		switch v := t.s.v; {
		case h < len(v):
			return int(v[h]), true
		case t.period > 0:
			return int(v[t.pre+(h-t.pre)%t.period]), true
		case len(v) >= t.reach || h >= t.reach && t.examined():
			return 0, false
		}
		t.grow()
	}
}

// examined reports whether the sieve went as far as a period can be proven: proofLimit heaps,
// or all it may reach.
func (t *table) examined() bool {
	return t.period > 0 || len(t.s.v) >= min(t.reach, proofLimit)
}

// grow sieves the next stage, doubling the heaps known (at least 64, at most reach), and
// then, for an octal code still within proofLimit heaps, tries to prove a period. The stages
// are those of Nimbers, so that both prove the same periods.
func (t *table) grow() {
	n := len(t.s.v)
	to := min(max(64, 2*n), t.reach)
	if n < proofLimit {
		to = min(to, proofLimit)
	}
	t.s.grow(context.Background(), to)
	g := t.s.g
	if g.kind != kindOctal || to > proofLimit {
		return
	}
	if p, e, ok := provePeriod(t.s.v, len(g.digits)-1, g.splits); ok {
		t.period, t.pre = p, e
	}
}

// sieveReach returns the number of heaps, 0..N-1, that the sieve computes for g within
// sieveBudget, at most MaxHeap+1: the largest N with sieveCost(g, N) ≤ sieveBudget.
func sieveReach(g *Game) int {
	lo, hi := 0, MaxHeap+1 // sieveCost(lo) fits; find the largest N in [lo, hi] that does
	for lo < hi {
		mid := hi - (hi-lo)/2
		if sieveCost(g, mid) <= sieveBudget {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// sieveCost estimates the steps of the sieve for heaps 0..n-1: a few per heap (its stamp,
// append and mex), two per move of the code that fits the heap, and one per split marked,
// half the tokens left by a move that splits (half the heap in Grundy's game).
func sieveCost(g *Game, n int) int64 {
	const perHeap, perMove = 8, 2
	cost := perHeap * int64(n)
	splits := func(c int64) int64 { return c * (c - 1) / 4 } // Σ r/2 for r < c
	if g.kind == kindGrundy {
		return cost + splits(int64(n))
	}
	for _, m := range g.moves {
		c := int64(max(0, n-m.k)) // heaps of m.k tokens or more
		cost += perMove * c
		if m.d&4 != 0 {
			cost += splits(c)
		}
	}
	return cost
}
