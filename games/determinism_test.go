package games_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"grundy/engine"
	"grundy/games"
)

// flakyCache forgets at random, from a seed: a Put may be dropped and a Get may miss, as
// ristretto's admission and evictions do, but reproducibly.
type flakyCache struct {
	behind engine.Cache
	r      *rand.Rand
}

func newFlakyCache(seed uint64) *flakyCache {
	return &flakyCache{behind: engine.NewMapCache(), r: rand.New(rand.NewPCG(seed, 3))}
}

func (c *flakyCache) Get(key string) (engine.Fact, bool) {
	if c.r.IntN(3) == 0 {
		return engine.Fact{}, false
	}
	return c.behind.Get(key)
}

func (c *flakyCache) Put(key string, f engine.Fact) {
	if c.r.IntN(3) != 0 {
		c.behind.Put(key, f)
	}
}

// A recording is one way to get a solution tree: a solver with some cache, maybe used before.
type recording struct {
	name string
	// prove records the tree of p; it may search with the solver first, as the workbench
	// does (a search with the cache, then the recording with the same solver).
	prove func(ctx context.Context, game string, p engine.Position, outcome bool) (*engine.Tree, error)
}

// prove records with s the tree of the kind asked for.
func prove(ctx context.Context, s *engine.Solver, game string, p engine.Position, outcome bool) (*engine.Tree, error) {
	if outcome {
		return s.ProveOutcome(ctx, game, p)
	}
	return s.ProveNimber(ctx, game, p)
}

// fresh records with a new solver on the cache made by cache.
func fresh(name string, cache func() (engine.Cache, func())) recording {
	return recording{name, func(ctx context.Context, game string, p engine.Position, outcome bool) (*engine.Tree, error) {
		c, done := cache()
		defer done()
		return prove(ctx, engine.NewSolver(engine.WithCache(c)), game, p, outcome)
	}}
}

func ristretto(mb int) func() (engine.Cache, func()) {
	return func() (engine.Cache, func()) {
		r, err := engine.NewRistretto(mb)
		if err != nil {
			panic(err)
		}
		return engine.NewFront(r, engine.FrontBits(int64(mb)<<20/8)), r.Close
	}
}

func keep(c engine.Cache) func() (engine.Cache, func()) {
	return func() (engine.Cache, func()) { return c, func() {} }
}

// recordings are the solvers whose trees must be byte for byte the same.
func recordings() []recording {
	return []recording{
		fresh("no-cache", func() (engine.Cache, func()) { return engine.NoCache{}, func() {} }),
		fresh("map", func() (engine.Cache, func()) { return engine.NewMapCache(), func() {} }),
		fresh("front-6-bits", func() (engine.Cache, func()) { return engine.NewFront(engine.NewMapCache(), 6), func() {} }),
		fresh("ristretto-1mb", ristretto(1)),
		fresh("ristretto-64mb", ristretto(64)),
		fresh("flaky", func() (engine.Cache, func()) { return newFlakyCache(11), func() {} }),
		{"searched-first", func(ctx context.Context, game string, p engine.Position, outcome bool) (*engine.Tree, error) {
			s := engine.NewSolver(engine.WithCache(newFlakyCache(12)))
			if _, err := s.Nimber(ctx, p); err != nil {
				return nil, err
			}
			return prove(ctx, s, game, p, outcome)
		}},
		{"recorded-twice", func(ctx context.Context, game string, p engine.Position, outcome bool) (*engine.Tree, error) {
			s := engine.NewSolver(engine.WithCache(engine.NewMapCache()))
			if _, err := prove(ctx, s, game, p, !outcome); err != nil {
				return nil, err
			}
			if _, err := prove(ctx, s, game, p, outcome); err != nil {
				return nil, err
			}
			return prove(ctx, s, game, p, outcome)
		}},
	}
}

// TestTree_Deterministic: the same game, position and kind of proof give the same tree file,
// whatever the cache, what it dropped, and what the solver did before. Symmetric
// representatives and ties between options are chosen canonically, not by chance.
func TestTree_Deterministic(t *testing.T) {
	cases := []struct {
		game, pos string
		outcome   bool
		heavy     bool // seconds a recording: two recordings only, none under -short
	}{
		{"cram", "3x9", false, false},
		{"cram", "3x9", true, false},
		{"cram", "4x8", false, true},
		{"cram", "5x5", false, false},
		{"kayles", "12 9 7", false, false},
		{"kayles", "12 9 7", true, false},
		{"sprouts", "0*6", false, false},
		{"cram", "3x4 + 2x5", false, false},
	}
	for _, tc := range cases {
		kind := "nimber"
		if tc.outcome {
			kind = "outcome"
		}
		t.Run(fmt.Sprintf("%s %s %s", tc.game, tc.pos, kind), func(t *testing.T) {
			recs := recordings()
			if tc.heavy {
				if testing.Short() {
					t.Skip("seconds a recording")
				}
				// A fresh solver, and one whose cache forgets at random and that searched
				// first: the two ends of what the others try.
				recs = slices.DeleteFunc(recs, func(r recording) bool {
					return r.name != "no-cache" && r.name != "searched-first"
				})
			}
			t.Parallel()
			checkDeterministic(t, tc.game, tc.pos, tc.outcome, recs)
		})
	}
}

// checkDeterministic records the tree of (game, pos) with each of recs, checks the first, and
// compares the others with it byte for byte.
func checkDeterministic(t *testing.T, game, pos string, outcome bool, recs []recording) {
	ctx := context.Background()
	g, p := parse(t, game, pos)
	var want []byte
	var wantCouples int
	var wantName string
	for _, rec := range recs {
		tree, err := rec.prove(ctx, g.Name(), p, outcome)
		if err != nil {
			t.Fatalf("%s: tree of %s %q: %v", rec.name, game, pos, err)
		}
		var buf bytes.Buffer
		if err := engine.WriteTree(&buf, tree); err != nil {
			t.Fatal(err)
		}
		if want == nil {
			parse := func(s string) (engine.Position, error) { return games.Parse(g, s) }
			if err := engine.Check(ctx, tree, parse); err != nil {
				t.Fatalf("%s: Check(tree of %s %q): %v", rec.name, game, pos, err)
			}
			want, wantCouples, wantName = buf.Bytes(), tree.LosingCouples(), rec.name
			continue
		}
		if got := tree.LosingCouples(); got != wantCouples {
			t.Errorf("%s %q: %s: %d losing couples, %s: %d", game, pos, rec.name, got, wantName, wantCouples)
		}
		if !bytes.Equal(buf.Bytes(), want) {
			t.Errorf("%s %q: the trees of %s and %s differ: %s", game, pos, rec.name, wantName, firstDiff(buf.Bytes(), want))
		}
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d is %s, want %s", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}
