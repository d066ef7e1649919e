package engine

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// pnsSolver returns a proof-number solver on c.
func pnsSolver(c Cache, opts ...SolverOption) *Solver {
	return NewSolver(append([]SolverOption{WithCache(c), WithProofNumbers()}, opts...)...)
}

// proofSearches are the two proof-number searches, each on a cache: best first over the
// DAG of couples (pns.go), and depth first with a transposition table (dfpn.go). The tests
// that hold for both run over this table.
var proofSearches = []struct {
	name  string
	table bool // its reports give a transposition table's size, not a DAG's
	new   func(c Cache, opts ...SolverOption) *Solver
}{
	{"pns", false, pnsSolver},
	{"dfpn", true, func(c Cache, opts ...SolverOption) *Solver { return dfpnSolver(c, 1<<20, opts...) }},
}

// TestProofSearch_AgainstBruteForce: each search's nimbers and outcomes of couples agree with
// the mex oracle, with every cache (none included: no answer may depend on a hit).
func TestProofSearch_AgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	for _, search := range proofSearches {
		t.Run(search.name, func(t *testing.T) {
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
						got, err := search.new(newCache()).Nimber(ctx, p)
						if err != nil || got != want {
							t.Fatalf("%s seed %d: Nimber(%q) = %d, %v; want %d", name, seed, p, got, err, want)
						}
						for n := range 4 {
							win, err := search.new(newCache()).Outcome(ctx, p, n)
							if err != nil || win != (want != n) {
								t.Fatalf("%s seed %d: Outcome(%q, %d) = %v, %v; nimber %d", name, seed, p, n, win, err, want)
							}
						}
					}
				}
			}
		})
	}
}

// TestProofSearch_SharedSolver runs many searches on one solver and cache, as a runner does:
// the facts each search leaves close the next one's couples, and the answers stay right.
func TestProofSearch_SharedSolver(t *testing.T) {
	ctx := context.Background()
	for _, search := range proofSearches {
		t.Run(search.name, func(t *testing.T) {
			for seed := uint64(1); seed <= seeds(20); seed++ {
				r := rand.New(rand.NewPCG(seed, 17))
				g := randomGraph(r, 26, 4)
				g.sums = true
				s := search.new(NewMapCache())
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
		})
	}
}

// TestProofSearch_SumIsXor: the nimber of a sum, found with no cache, is the nim-sum of its
// terms' nimbers.
func TestProofSearch_SumIsXor(t *testing.T) {
	ctx := context.Background()
	for _, search := range proofSearches {
		t.Run(search.name, func(t *testing.T) {
			for seed := uint64(1); seed <= seeds(30); seed++ {
				r := rand.New(rand.NewPCG(seed, 19))
				g := randomGraph(r, 30, 3)
				g.sums = true
				a, b := randomPosition(r, g), randomPosition(r, g)
				want := bruteNimber(g, a.at) ^ bruteNimber(g, b.at)
				nab, err := search.new(NoCache{}).Nimber(ctx, Sum{a, b})
				if err != nil || nab != want {
					t.Fatalf("seed %d: Nimber(%q + %q) = %d, %v; want %d", seed, a, b, nab, err, want)
				}
			}
		})
	}
}

// TestPNS_ReusesWhatItProved: a second search of the same position is answered from the
// cache without expanding a node.
func TestPNS_ReusesWhatItProved(t *testing.T) {
	ctx := context.Background()
	g := randomGraph(rand.New(rand.NewPCG(3, 3)), 60, 4)
	g.sums = true
	p := tokens{g, []int{57, 58, 59}}
	s := pnsSolver(NewMapCache())
	first, _ := s.Nimber(ctx, p)
	nodes := s.Stats().Nodes
	second, _ := s.Nimber(ctx, p)
	if first != second || s.Stats().Nodes != 0 || nodes < 10 {
		t.Fatalf("second Nimber = %d after %d nodes, then %d nodes; want %d, then 0", second, nodes, s.Stats().Nodes, first)
	}
}

// TestProofSearch_StopKeepsTrueFacts stops searches at many points: each stop is reported,
// and every fact left in the cache is true (checked against the oracle), so a later search
// may trust it.
func TestProofSearch_StopKeepsTrueFacts(t *testing.T) {
	for _, search := range proofSearches {
		t.Run(search.name, func(t *testing.T) {
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
					got, err := search.new(cache).Nimber(ctx, p)
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
		})
	}
}

// checkFacts checks every fact of c against the oracle and returns how many there are.
func checkFacts(t *testing.T, g *graph, c *MapCache) int {
	t.Helper()
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, f := range c.m {
		var at []int
		for _, v := range strings.Fields(key) {
			n, _ := strconv.Atoi(v)
			at = append(at, n)
		}
		m := bruteNimber(g, at)
		if known, ok := f.Nimber(); ok && known != m {
			t.Fatalf("fact %q = %d, its nimber is %d", key, known, m)
		}
		if f.Excludes(m) {
			t.Fatalf("fact %q ≠ %d, its nimber is %d", key, m, m)
		}
	}
	return len(c.m)
}

// TestPNS_DAGStopsAtItsBudget: when what lies below the root passes the tree budget, the
// search stops with ErrWorkTooLarge; with room it finishes.
func TestPNS_DAGStopsAtItsBudget(t *testing.T) {
	g := randomGraph(rand.New(rand.NewPCG(5, 5)), 3000, 4)
	g.sums = true
	p := tokens{g, []int{2999, 2998}}
	_, err := pnsSolver(NoCache{}, WithTreeBytes(1<<10)).Nimber(context.Background(), p)
	if !errors.Is(err, ErrWorkTooLarge) {
		t.Fatalf("Nimber with a 1 KB DAG: %v, want ErrWorkTooLarge", err)
	}
	if _, err := pnsSolver(NewMapCache(), WithTreeBytes(1<<30)).Nimber(context.Background(), p); err != nil {
		t.Fatalf("Nimber with a 1 GB DAG: %v", err)
	}
}

// TestPNS_CollectsWithinItsBudget: with a budget smaller than the DAG, the search lets go of
// the nodes no longer below its root and still answers what the depth-first search answers,
// or stops with ErrWorkTooLarge when what is below the root does not fit; never a wrong
// answer.
func TestPNS_CollectsWithinItsBudget(t *testing.T) {
	ctx := context.Background()
	answered, collected := 0, 0
	for seed := uint64(1); seed <= seeds(20); seed++ {
		r := rand.New(rand.NewPCG(seed, 37))
		g := randomGraph(r, 60, 4)
		g.sums = true
		p := tokens{g, []int{57, 58, 59}}
		want, err := NewSolver().Nimber(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		s, ok := nimberWithin(t, seed, p, want, 16<<10)
		collected += s.pns.collected
		if ok {
			answered++
		}
	}
	if answered == 0 || collected == 0 {
		t.Errorf("%d searches answered, %d collections: want some of each", answered, collected)
	}
}

// nimberWithin searches p's nimber by proof numbers within a DAG of budget bytes: the solver,
// and whether it answered; a wrong answer, or a stop for another cause than its memory, fails.
func nimberWithin(t *testing.T, seed uint64, p tokens, want int, budget int64) (*Solver, bool) {
	t.Helper()
	s := pnsSolver(NewMapCache(), WithTreeBytes(budget))
	got, err := s.Nimber(context.Background(), p)
	switch {
	case err == nil && got != want:
		t.Fatalf("seed %d: Nimber(%q) = %d within %d KB, want %d", seed, p, got, budget>>10, want)
	case err != nil && !errors.Is(err, ErrWorkTooLarge):
		t.Fatalf("seed %d: Nimber(%q) within %d KB: %v", seed, p, budget>>10, err)
	}
	return s, err == nil
}

// TestPNS_Tree: proofs recorded by the proof-number search pass Check, prove the nimber the
// oracle gives, and are the same whatever the cache and whatever the solver did before.
func TestPNS_Tree(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= seeds(30); seed++ {
		r := rand.New(rand.NewPCG(seed, 31))
		g := randomGraph(r, 40, 4)
		g.sums = seed%2 == 0
		p := randomPosition(r, g)
		want := bruteNimber(g, p.at)
		var first []byte
		for name, newCache := range caches(t) {
			s := pnsSolver(newCache())
			if _, err := s.Nimber(ctx, p); err != nil {
				t.Fatal(err)
			}
			tr, err := s.ProveNimber(ctx, "tokens", p)
			if err != nil {
				t.Fatalf("seed %d %s: ProveNimber(%q): %v", seed, name, p, err)
			}
			if root := tr.Nodes[tr.Root]; root.N != want || !root.Losing() {
				t.Fatalf("seed %d %s: tree of %q proves (%s, %d) %s, want = %d", seed, name, p, root.Position, root.N, root.Result, want)
			}
			if err := Check(ctx, tr, g.parse); err != nil {
				t.Fatalf("seed %d %s: Check(tree of %q): %v", seed, name, p, err)
			}
			b := treeBytes(t, tr)
			if first == nil {
				first = b
			} else if !bytes.Equal(b, first) {
				t.Fatalf("seed %d: the tree of %q with cache %s differs", seed, p, name)
			}
			out, err := s.ProveOutcome(ctx, "tokens", p)
			if err != nil {
				t.Fatal(err)
			}
			if err := Check(ctx, out, g.parse); err != nil {
				t.Fatalf("seed %d %s: Check(outcome tree of %q): %v", seed, name, p, err)
			}
		}
	}
}

// TestPNS_NumbersKeptAsComputedAgain: after every expansion and update, each open couple's
// numbers (kept from what its kids told it, tell) are those computed again from its kids'
// numbers: the least disproof number of those not won and the sum of their proof numbers; and
// every node has told its parents its numbers. On random graphs, outcomes and nimbers.
func TestPNS_NumbersKeptAsComputedAgain(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 12))
	for round := range 16 {
		g := randomGraph(r, 160, 8)
		at := []int{159, 80 + r.IntN(79), 40 + r.IntN(120), r.IntN(160)}
		s := pnsSolver(NewMapCache())
		s.begin(context.Background())
		s.pns.begin(s)
		p := tokens{g, at}
		root := s.pnNimberRoot(p)
		if round%2 == 1 {
			root = s.pnRoot(p, 1+r.IntN(3))
		}
		for steps := 0; !root.proven(); steps++ {
			v, _ := s.mostProving(root)
			s.pnExpand(v)
			s.pnUpdate(v)
			for _, u := range s.pns.nodes {
				if u.pn != u.toldPN || u.dn != u.toldDN {
					t.Fatalf("round %d, step %d: %s has %d, %d and told %d, %d", round, steps, u.key, u.pn, u.dn, u.toldPN, u.toldDN)
				}
				if u.sum != nil || !u.expanded || u.proven() {
					continue
				}
				pn, dn := pnInf, int64(0)
				for _, k := range u.kids {
					if !k.proven() || !k.won() {
						pn, dn = min(pn, k.dn), addPN(dn, k.pn)
					}
				}
				if u.pn != pn || u.dn != dn {
					t.Fatalf("round %d, step %d: %s (%d) has %d, %d; its kids give %d, %d", round, steps, u.key, u.n, u.pn, u.dn, pn, dn)
				}
			}
		}
	}
}

// TestPNS_PrunesToItsBudget: when what is below the root passes the budget, the search makes
// its deepest couples leaves again (prune) and answers what the depth-first search answers,
// where without pruning it stopped; the answers stay right with and without a cache's facts.
func TestPNS_PrunesToItsBudget(t *testing.T) {
	ctx := context.Background()
	answered, pruned := 0, 0
	for seed := uint64(1); seed <= 12; seed++ { // all twelve with -short too: 0.05 s, and the first two only stop
		r := rand.New(rand.NewPCG(seed, 41))
		g := randomGraph(r, 400, 4)
		g.sums = true
		p := tokens{g, []int{397, 398, 399}}
		want, err := NewSolver(WithCache(NewMapCache())).Nimber(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		s, ok := nimberWithin(t, seed, p, want, 8<<10)
		pruned += s.pns.pruned
		if ok {
			answered++
		}
		for n := range 3 {
			s := pnsSolver(NewMapCache(), WithTreeBytes(8<<10))
			win, err := s.Outcome(ctx, p, n)
			pruned += s.pns.pruned
			if err == nil && win != (want != n) {
				t.Fatalf("seed %d: Outcome(%q, %d) = %v within 8 KB; nimber %d", seed, p, n, win, want)
			}
		}
	}
	t.Logf("%d answered, %d prunings", answered, pruned)
	if answered == 0 || pruned == 0 {
		t.Errorf("%d searches answered, %d prunings: want some of each", answered, pruned)
	}
}
