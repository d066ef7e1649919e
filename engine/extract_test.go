package engine

import (
	"context"
	"errors"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// extractRandom solves a random position, then extracts its tree from the solver's cache
// (of cache, NoCache forgetting everything: the extraction then searches every couple).
func extractRandom(t *testing.T, seed uint64, nimber bool, cache Cache) (*graph, tokens, *Tree) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 13))
	g := randomGraph(r, 16, 3)
	g.sums = seed%2 == 0
	p := randomPosition(r, g)
	s := NewSolver(WithCache(cache), WithoutTheory())
	ctx := context.Background()
	extract := s.ExtractOutcome
	if nimber {
		extract = s.ExtractNimber
		if _, err := s.Nimber(ctx, p); err != nil {
			t.Fatal(err)
		}
	} else if _, err := s.Outcome(ctx, p, 0); err != nil {
		t.Fatal(err)
	}
	tree, err := extract(ctx, "tokens", p)
	if err != nil {
		t.Fatalf("seed %d: extract %q: %v", seed, p, err)
	}
	return g, p, tree
}

// TestExtract_ChecksAndProvesTheOraclesValue: every extracted tree passes Check and proves
// the brute force's nimber or outcome, whether the cache kept the search's facts or none.
func TestExtract_ChecksAndProvesTheOraclesValue(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name  string
		cache func() Cache
	}{{"map", func() Cache { return NewMapCache() }}, {"none", func() Cache { return NoCache{} }}} {
		for seed := uint64(1); seed <= seeds(80); seed++ {
			nimber := seed%3 != 0
			g, p, tree := extractRandom(t, seed, nimber, c.cache())
			if err := Check(ctx, tree, g.parse); err != nil {
				t.Fatalf("%s, seed %d: Check(extracted tree of %q) = %v", c.name, seed, p, err)
			}
			root := tree.Nodes[tree.Root]
			want := bruteNimber(g, p.at)
			if root.Losing() != (root.N == want) || nimber && !root.Losing() || !nimber && root.N != 0 {
				t.Fatalf("%s, seed %d: root (%s, %d) %s, but the nimber is %d", c.name, seed, root.Position, root.N, root.Result, want)
			}
			testTreeShape(t, tree)
		}
	}
}

// lyingCache answers one key with a false nimber.
type lyingCache struct {
	Cache
	key string
	f   Fact
}

func (c lyingCache) Get(key string) (Fact, bool) {
	if key == c.key {
		return c.f, true
	}
	return c.Cache.Get(key)
}

// TestExtract_FalseFactGivesNoTree: a fact the rules contradict ends the extraction with
// ErrFactsDisagree (or a tree that still checks, where the false fact was not needed), never
// a tree that fails Check.
func TestExtract_FalseFactGivesNoTree(t *testing.T) {
	ctx := context.Background()
	refused := 0
	for seed := uint64(1); seed <= seeds(60); seed++ {
		r := rand.New(rand.NewPCG(seed, 13))
		g := randomGraph(r, 16, 3)
		p := randomPosition(r, g)
		comps := p.Split()
		if len(comps) == 0 {
			continue
		}
		victim := comps[0].(tokens)
		truth := bruteNimber(g, victim.at)
		cache := lyingCache{Cache: NewMapCache(), key: victim.Key(), f: Fact{}.WithNimber(truth + 1)}
		s := NewSolver(WithCache(cache), WithoutTheory())
		tree, err := s.ExtractNimber(ctx, "tokens", p)
		switch {
		case errors.Is(err, ErrFactsDisagree):
			refused++
		case err != nil:
			t.Fatalf("seed %d: %v", seed, err)
		default:
			if err := Check(ctx, tree, g.parse); err != nil {
				t.Fatalf("seed %d: a false fact gave a tree that fails its check: %v", seed, err)
			}
		}
	}
	if refused == 0 {
		t.Fatal("no false fact was ever caught")
	}
}

// TestMinimize_ChecksAndShrinks: a minimised proof passes Check, proves the same root, has no
// more losing couples than the first proof, and is the same for the same seed and rounds.
func TestMinimize_ChecksAndShrinks(t *testing.T) {
	ctx := context.Background()
	smaller := 0
	for seed := uint64(1); seed <= seeds(60); seed++ {
		g, p, first := extractRandom(t, seed, seed%2 == 0, NewMapCache())
		min := func() *Tree {
			s := NewSolver(WithCache(NewMapCache()), WithoutTheory())
			tree, err := s.ExtractOutcome(ctx, "tokens", p, WithMinimize(Minimize{Rounds: 4, Seed: seed}))
			if seed%2 == 0 {
				tree, err = s.ExtractNimber(ctx, "tokens", p, WithMinimize(Minimize{Rounds: 4, Seed: seed}))
			}
			if err != nil {
				t.Fatalf("seed %d: minimize %q: %v", seed, p, err)
			}
			return tree
		}
		tree := min()
		if err := Check(ctx, tree, g.parse); err != nil {
			t.Fatalf("seed %d: Check(minimised tree of %q) = %v", seed, p, err)
		}
		a, b := tree.Nodes[tree.Root], first.Nodes[first.Root]
		if a.N != b.N || a.Result != b.Result {
			t.Fatalf("seed %d: minimised root (%d, %s), first (%d, %s)", seed, a.N, a.Result, b.N, b.Result)
		}
		if tree.LosingCouples() > first.LosingCouples() {
			t.Fatalf("seed %d: minimised %d losing couples, first %d", seed, tree.LosingCouples(), first.LosingCouples())
		}
		if tree.LosingCouples() < first.LosingCouples() {
			smaller++
		}
		if again := min(); !sameTree(again, tree) {
			t.Fatalf("seed %d: two minimisations with the same seed and rounds differ", seed)
		}
	}
	if smaller == 0 {
		t.Fatal("minimisation never made a proof smaller")
	}
}

func sameTree(a, b *Tree) bool {
	if len(a.Nodes) != len(b.Nodes) {
		return false
	}
	for i := range a.Nodes {
		x, y := a.Nodes[i], b.Nodes[i]
		if x.Position != y.Position || x.N != y.N || x.Result != y.Result || x.Kind != y.Kind || !slices.Equal(x.Children, y.Children) {
			return false
		}
	}
	return true
}

// TestExtractCertificate_IsTheTreesLosingCouples: a certificate read out of the same facts
// as a tree holds the tree's losing couples of components with options, each once, and its
// root is the tree's (the brute force's value), however many couples past MaxRecorded a bare
// proof may hold.
func TestExtractCertificate_IsTheTreesLosingCouples(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= seeds(60); seed++ {
		nimber := seed%3 != 0
		g, p, tree := extractRandom(t, seed, nimber, NewMapCache())
		s := NewSolver(WithCache(NoCache{}), WithoutTheory()) // every couple searched again: the same proof
		extract := s.ExtractOutcome
		if nimber {
			extract = s.ExtractNimber
		}
		tree, err := extract(ctx, "tokens", p)
		if err != nil {
			t.Fatal(err)
		}
		cert, err := NewSolver(WithCache(NoCache{}), WithoutTheory()).ExtractCertificate(ctx, "tokens", p, nimber)
		if err != nil {
			t.Fatalf("seed %d: ExtractCertificate(%q) = %v", seed, p, err)
		}
		// A tree writes a couple's position as its parent's move reaches it: compared by
		// the key of the component it holds.
		key := func(c Couple) Couple {
			q, err := g.parse(c.Position)
			if err != nil || len(q.Split()) != 1 {
				t.Fatalf("seed %d: (%s, %d) is not one component (%v)", seed, c.Position, c.N, err)
			}
			return Couple{q.Split()[0].Key(), c.N}
		}
		want := map[Couple]bool{}
		for _, n := range tree.Nodes {
			if n.Losing() && n.Kind == KindCouple && len(n.Children) > 0 {
				want[key(Couple{n.Position, n.N})] = true
			}
		}
		got := map[Couple]bool{}
		for _, c := range cert.Losing {
			if got[key(c)] {
				t.Fatalf("seed %d: the certificate lists (%s, %d) twice", seed, c.Position, c.N)
			}
			got[key(c)] = true
		}
		if !maps.Equal(got, want) {
			t.Fatalf("seed %d: certificate of %q: %d losing couples %v, the tree's %d %v", seed, p, len(got), got, len(want), want)
		}
		root := tree.Nodes[tree.Root]
		if cert.Root != (Couple{p.String(), root.N}) || cert.Win == root.Losing() || cert.Nodes < len(want) {
			t.Fatalf("seed %d: certificate's root (%s, %d) win %v, %d couples; the tree's (%s, %d) %s", seed,
				cert.Root.Position, cert.Root.N, cert.Win, cert.Nodes, root.Position, root.N, root.Result)
		}
		if b := bruteNimber(g, p.at); nimber && cert.Root.N != b || !nimber && cert.Win != (b != 0) {
			t.Fatalf("seed %d: certificate's root (%s, %d) win %v; the nimber is %d", seed, cert.Root.Position, cert.Root.N, cert.Win, b)
		}
	}
}
