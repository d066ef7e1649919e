package engine

import (
	"context"
	"math/rand/v2"
	"testing"
)

// dfpnSolver returns a df-pn solver on c with a table of tableBytes.
func dfpnSolver(c Cache, tableBytes int64, opts ...SolverOption) *Solver {
	return NewSolver(append([]SolverOption{WithCache(c), WithDFPN(tableBytes)}, opts...)...)
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

// TestDFPN_TeamReportsTheHelpersAnswer: when a helper of a df-pn team decides the root while
// the solver's own worker has not (here it waits for the team's stop), the solver's last
// report still says the root is proven, as the window shows it: it once said nothing.
func TestDFPN_TeamReportsTheHelpersAnswer(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 43))
	g := randomGraph(r, 24, 3)
	for range 5 {
		p := randomPosition(r, g)
		want := bruteNimber(g, p.at)
		s := dfpnSolver(NewMapCache(), 1<<20, WithWorkers(2))
		s.begin(context.Background())
		got := s.dfTogether(func(w *Solver) int {
			if w == s {
				<-w.ctx.Done()
				w.err = w.ctx.Err()
				return 0
			}
			return w.searchNimber(p)
		})
		if err := s.end(); err != nil || got != want {
			t.Fatalf("Nimber(%q) = %d, %v; want %d", p, got, err, want)
		}
		pr := s.Stats().Proof
		if pr == nil || !pr.Proven() || pr.Won() || pr.Root.N != want {
			t.Fatalf("Nimber(%q) = %d: last report %+v, want (·, %d) proven lost", p, got, pr, want)
		}
	}
}

// TestDFTable_Couples: the table tells apart couples that share a key but not the heap or
// the kind (a component or a sum), and keys that differ; after a cut it is within half its
// limit and still gives the numbers of the entries it kept.
func TestDFTable_Couples(t *testing.T) {
	tab := newDFTable(0) // the least table
	refs := []ref{{"ab", 0, false}, {"ab", 1, false}, {"ab", 0, true}, {"ba", 0, false}, {"", 0, false}}
	for i, k := range refs {
		tab.put(k, int64(i+1), int64(i+10), 1)
	}
	for i, k := range refs {
		e, ok := tab.get(k)
		if !ok || e.pn != int64(i+1) || e.dn != int64(i+10) {
			t.Errorf("get(%q, %d, %v) = %+v, %v; want pn %d, dn %d", k.key, k.n, k.sum, e, ok, i+1, i+10)
		}
	}
	if _, ok := tab.get(ref{"ab", 2, false}); ok {
		t.Errorf("a couple never put was found")
	}
	for i := 0; tab.cuts == 0; i++ {
		tab.put(ref{string(rune('a'+i%26)) + string(rune(i)), i % 5, false}, 1, 1, int64(i))
	}
	if tab.bytes > tab.limit/2+dfEntryBytes {
		t.Errorf("after a cut the table holds %d bytes, past half its limit %d", tab.bytes, tab.limit)
	}
	kept := len(tab.entries)
	if kept == 0 || int64(kept)*dfEntryBytes != tab.bytes {
		t.Errorf("after a cut: %d entries for %d bytes counted", kept, tab.bytes)
	}
}
