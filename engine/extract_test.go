package engine

import (
	"context"
	"errors"
	"math/rand/v2"
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
