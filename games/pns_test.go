package games_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"grundy/engine"
	"grundy/games"
)

// TestProofNumbers_AgainstBruteForce: on every game, the proof-number search's nimbers, its
// outcomes of couples and its recorded trees agree with the oracle and pass Check, with a
// cache that keeps nothing and with one that keeps a little.
func TestProofNumbers_AgainstBruteForce(t *testing.T) {
	const seed = 20261124
	r := rand.New(rand.NewPCG(seed, 2))
	ctx := context.Background()
	for _, tc := range smallPositions {
		positions := append([]string{}, tc.fixed...)
		for range 12 {
			positions = append(positions, tc.random(r))
		}
		for _, pos := range positions {
			g, p := parse(t, tc.game, pos)
			memo := map[string]int{}
			want := bruteNimber(p, memo)
			for name, cache := range newCaches() {
				if name == "none" && len(memo) > 300 {
					continue
				}
				what := fmt.Sprintf("%s/%s (seed %d)", tc.game, name, seed)
				solver := func() *engine.Solver {
					return newSolver(g, engine.WithCache(cache()), engine.WithProofNumbers())
				}
				if got, err := solver().Nimber(ctx, p); err != nil || got != want {
					t.Fatalf("%s: PNS Nimber(%q) = %d, %v; want %d", what, p, got, err, want)
				}
				for n := range 3 {
					if win, err := solver().Outcome(ctx, p, n); err != nil || win != (want != n) {
						t.Fatalf("%s: PNS Outcome(%q, %d) = %v, %v; nimber %d", what, p, n, win, err, want)
					}
				}
				tree, err := solver().ProveNimber(ctx, g.Name(), p)
				if err != nil {
					t.Fatalf("%s: PNS ProveNimber(%q): %v", what, p, err)
				}
				if root := tree.Nodes[tree.Root]; root.N != want || !root.Losing() {
					t.Fatalf("%s: PNS tree of %q proves (%s, %d) %s, want = %d", what, p, root.Position, root.N, root.Result, want)
				}
				parse := func(s string) (engine.Position, error) { return games.Parse(g, s) }
				if err := engine.Check(ctx, tree, parse); err != nil {
					t.Fatalf("%s: Check(PNS tree of %q): %v", what, p, err)
				}
			}
		}
	}
}

// TestProofNumbers_SumIsXor: with proof numbers too, a sum's nimber is the nim-sum.
func TestProofNumbers_SumIsXor(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	ctx := context.Background()
	for _, tc := range smallPositions {
		for range 4 {
			a, b := tc.random(r), tc.random(r)
			g, pa := parse(t, tc.game, a)
			_, pb := parse(t, tc.game, b)
			_, pab := parse(t, tc.game, a+" + "+b)
			s := newSolver(g, engine.WithProofNumbers())
			na, _ := s.Nimber(ctx, pa)
			nb, _ := s.Nimber(ctx, pb)
			nab, _ := newSolver(g, engine.WithProofNumbers()).Nimber(ctx, pab)
			if nab != na^nb {
				t.Fatalf("%s: PNS Nimber(%q) = %d, want %d ^ %d", tc.game, a+" + "+b, nab, na, nb)
			}
		}
	}
}

// TestProofNumbers_TreeDeterministic: the proof-number search's trees are the same file
// whatever the cache, what it dropped and what the solver searched before.
func TestProofNumbers_TreeDeterministic(t *testing.T) {
	pns := func(c engine.Cache) *engine.Solver {
		return engine.NewSolver(engine.WithCache(c), engine.WithProofNumbers())
	}
	recs := []recording{
		{"pns-no-cache", func(ctx context.Context, game string, p engine.Position, outcome bool) (*engine.Tree, error) {
			return prove(ctx, pns(engine.NoCache{}), game, p, outcome)
		}},
		{"pns-flaky", func(ctx context.Context, game string, p engine.Position, outcome bool) (*engine.Tree, error) {
			return prove(ctx, pns(newFlakyCache(13)), game, p, outcome)
		}},
		{"pns-searched-first", func(ctx context.Context, game string, p engine.Position, outcome bool) (*engine.Tree, error) {
			s := pns(newFlakyCache(14))
			if _, err := s.Nimber(ctx, p); err != nil {
				return nil, err
			}
			return prove(ctx, s, game, p, outcome)
		}},
	}
	for _, tc := range []struct {
		game, pos string
		outcome   bool
	}{
		{"cram", "3x9", false},
		{"cram", "5x5", true},
		{"kayles", "12 9 7", false},
		{"sprouts", "0*6", true},
		{"cram", "3x4 + 2x5", false},
	} {
		t.Run(fmt.Sprintf("%s %s", tc.game, tc.pos), func(t *testing.T) {
			checkDeterministic(t, tc.game, tc.pos, tc.outcome, recs)
		})
	}
}
