package engine

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// dfpnSolver returns a df-pn solver on c with a table of tableBytes.
func dfpnSolver(c Cache, tableBytes int64, opts ...SolverOption) *Solver {
	return NewSolver(append([]SolverOption{WithCache(c), WithDFPN(tableBytes)}, opts...)...)
}

// TestDFPN_AgainstBruteForce: df-pn's nimbers and outcomes of couples agree with the mex
// oracle, with every cache (none included: no answer may depend on a hit).
func TestDFPN_AgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	for name, newCache := range caches(t) {
		for seed := uint64(1); seed <= seeds(40); seed++ {
			r := rand.New(rand.NewPCG(seed, 13))
			size := 8
			if name != "none" && name != "front" {
				size = 16
			}
			g := randomGraph(r, size, 3)
			g.sums = seed%2 == 0
			for range 6 {
				p := randomPosition(r, g)
				want := bruteNimber(g, p.at)
				got, err := dfpnSolver(newCache(), 1<<20).Nimber(ctx, p)
				if err != nil || got != want {
					t.Fatalf("%s seed %d: DFPN Nimber(%q) = %d, %v; want %d", name, seed, p, got, err, want)
				}
				for n := range 4 {
					win, err := dfpnSolver(newCache(), 1<<20).Outcome(ctx, p, n)
					if err != nil || win != (want != n) {
						t.Fatalf("%s seed %d: DFPN Outcome(%q, %d) = %v, %v; nimber %d", name, seed, p, n, win, err, want)
					}
				}
			}
		}
	}
}

// TestDFPN_SharedSolver runs many searches on one solver and cache, as a runner does.
func TestDFPN_SharedSolver(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= seeds(20); seed++ {
		r := rand.New(rand.NewPCG(seed, 17))
		g := randomGraph(r, 26, 4)
		g.sums = true
		s := dfpnSolver(NewMapCache(), 1<<20)
		for range 10 {
			p := randomPosition(r, g)
			want := bruteNimber(g, p.at)
			n := r.IntN(4)
			if win, err := s.Outcome(ctx, p, n); err != nil || win != (want != n) {
				t.Fatalf("seed %d: Outcome(%q, %d) = %v, %v; nimber %d", seed, p, n, win, err, want)
			}
			if got, err := s.Nimber(ctx, p); err != nil || got != want {
				t.Fatalf("seed %d: Nimber(%q) = %d, %v; want %d", seed, p, got, err, want)
			}
		}
	}
}

// TestDFPN_SumIsXor: the nimber of a sum is the nim-sum of its terms' nimbers, with no cache.
func TestDFPN_SumIsXor(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= seeds(30); seed++ {
		r := rand.New(rand.NewPCG(seed, 19))
		g := randomGraph(r, 30, 3)
		g.sums = true
		a, b := randomPosition(r, g), randomPosition(r, g)
		want := bruteNimber(g, a.at) ^ bruteNimber(g, b.at)
		nab, err := dfpnSolver(NoCache{}, 1<<20).Nimber(ctx, Sum{a, b})
		if err != nil || nab != want {
			t.Fatalf("seed %d: Nimber(%q + %q) = %d, %v; want %d", seed, a, b, nab, err, want)
		}
	}
}

// TestDFPN_SmallTable: with a table far smaller than the DAG, df-pn cuts it down again and
// again and still answers right; with no cache either, what it forgot is searched again.
func TestDFPN_SmallTable(t *testing.T) {
	ctx := context.Background()
	cuts := 0
	for seed := uint64(1); seed <= seeds(10); seed++ {
		r := rand.New(rand.NewPCG(seed, 37))
		g := randomGraph(r, 3000, 4)
		g.sums = true
		p := tokens{g, []int{2999, 2998, 2997}}
		want, err := NewSolver().Nimber(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []Cache{NewMapCache(), NoCache{}} {
			s := dfpnSolver(c, 1) // the least table: 64 KB, under 600 couples
			got, err := s.Nimber(ctx, p)
			if err != nil || got != want {
				t.Fatalf("seed %d: Nimber(%q) with the least table = %d, %v; want %d", seed, p, got, err, want)
			}
			cuts += s.DFPNCuts()
		}
	}
	if cuts == 0 {
		t.Errorf("the least table was never cut down: the test proves nothing")
	}
}

// TestDFPN_StopKeepsTrueFacts stops searches at many points: each stop is reported, and
// every fact left in the cache is true.
func TestDFPN_StopKeepsTrueFacts(t *testing.T) {
	for seed := uint64(1); seed <= seeds(15); seed++ {
		r := rand.New(rand.NewPCG(seed, 23))
		g := randomGraph(r, 22, 4)
		g.sums = true
		p := tokens{g, []int{19, 20, 21}}
		want := bruteNimber(g, p.at)
		facts := 0
		for stop := int64(0); stop < 200; stop += 1 + int64(r.IntN(7)) {
			ctx := &countdown{Context: context.Background()}
			ctx.left.Store(stop)
			cache := NewMapCache()
			got, err := dfpnSolver(cache, 1<<20).Nimber(ctx, p)
			if err == nil && got != want {
				t.Fatalf("seed %d: Nimber(%q) = %d after %d looks, want %d", seed, p, got, stop, want)
			} else if err != nil && !errors.Is(err, context.Canceled) {
				t.Fatalf("seed %d: stop after %d looks: %v, want context.Canceled", seed, stop, err)
			}
			facts += checkFacts(t, g, cache)
		}
		if facts == 0 {
			t.Errorf("seed %d: no search stopped after proving anything", seed)
		}
	}
}

// TestDFPN_Tree: proofs recorded by df-pn, with a roomy table and with the least one, pass
// Check and prove the nimber the oracle gives.
func TestDFPN_Tree(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= seeds(30); seed++ {
		r := rand.New(rand.NewPCG(seed, 31))
		g := randomGraph(r, 40, 4)
		g.sums = seed%2 == 0
		p := randomPosition(r, g)
		want := bruteNimber(g, p.at)
		for _, table := range []int64{1, 1 << 20} {
			s := dfpnSolver(NewMapCache(), table)
			tr, err := s.ProveNimber(ctx, "tokens", p)
			if err != nil {
				t.Fatalf("seed %d table %d: ProveNimber(%q): %v", seed, table, p, err)
			}
			if root := tr.Nodes[tr.Root]; root.N != want || !root.Losing() {
				t.Fatalf("seed %d: tree of %q proves (%s, %d) %s, want = %d", seed, p, root.Position, root.N, root.Result, want)
			}
			if err := Check(ctx, tr, g.parse); err != nil {
				t.Fatalf("seed %d table %d: Check(tree of %q): %v", seed, table, p, err)
			}
			out, err := s.ProveOutcome(ctx, "tokens", p)
			if err != nil {
				t.Fatal(err)
			}
			if err := Check(ctx, out, g.parse); err != nil {
				t.Fatalf("seed %d table %d: Check(outcome tree of %q): %v", seed, table, p, err)
			}
		}
	}
}
