package engine

import (
	"strconv"
	"testing"
)

// The pinned facts keep what was proven of a couple whose search cost enough, merged as the
// cache merges them, and when full let go of the cheapest, keeping the dearest.
func TestPinned_KeepsTheDearest(t *testing.T) {
	p := newPinned(0)
	p.keep("a", 0, true, pinnedLeast-1) // too cheap
	if _, ok := p.get("a"); ok {
		t.Fatal("a couple of too little work was kept")
	}
	p.keep("b", 0, true, 100)
	p.keep("b", 1, true, 5)
	p.keep("b", 2, false, 7)
	if f, ok := p.get("b"); !ok || !f.Excludes(0) || !f.Excludes(1) {
		t.Fatalf("b: %+v, %v; want ≠ 0, ≠ 1, = 2", f, ok)
	} else if n, known := f.Nimber(); !known || n != 2 {
		t.Fatalf("b's nimber: %d, %v; want 2", n, known)
	}
	for i := range p.max {
		p.keep("k"+strconv.Itoa(i), 0, false, int64(pinnedLeast+i%8))
	}
	if len(p.facts) > p.max {
		t.Fatalf("%d facts kept, more than %d", len(p.facts), p.max)
	}
	if _, ok := p.get("b"); !ok {
		t.Fatal("the dearest fact was let go")
	}
	if _, ok := p.get("k0"); ok {
		t.Fatal("a cheapest fact was kept past the map's size")
	}
	if p.least.Load() <= pinnedLeast {
		t.Fatalf("the least work kept is still %d", p.least.Load())
	}
}

// WithPinnedBytes bounds the facts kept: a budget of a thousand facts keeps no more.
func TestPinned_WithinItsBytes(t *testing.T) {
	s := NewSolver(WithPinnedBytes(1000 * pinnedFactBytes))
	for i := range 5000 {
		s.pinned.keep("k"+strconv.Itoa(i), 0, true, int64(pinnedLeast+i))
	}
	if n := len(s.pinned.facts); n > 1000 || n == 0 {
		t.Fatalf("%d facts kept, want 1 to 1000", n)
	}
	if _, ok := s.pinned.get("k4999"); !ok {
		t.Fatal("the dearest fact was let go")
	}
}
