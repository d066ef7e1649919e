package engine_test

import (
	"context"
	"testing"

	"grundy/engine"
	"grundy/games/cram"
)

// TestWorkers_StoppedTeamsKeepTrueFacts stops teams of two workers at node limits, again and
// again on one cache, as a cluster's units are, and checks every fact left in the cache
// against a plain mex of the position.
func TestWorkers_StoppedTeamsKeepTrueFacts(t *testing.T) {
	root, err := cram.Parse("3x9")
	if err != nil {
		t.Fatal(err)
	}
	// Every component reachable from the root, by key, with its nimber by plain mex.
	byKey := map[string]engine.Position{}
	var walk func(p engine.Position)
	walk = func(p engine.Position) {
		for _, c := range p.Split() {
			if _, ok := byKey[c.Key()]; ok {
				continue
			}
			byKey[c.Key()] = c
			for o := range c.Options() {
				walk(o)
			}
		}
	}
	walk(root)
	ctx := context.Background()
	truth := map[string]int{}
	mex := engine.NewSolver(engine.WithoutTheory())
	for k, p := range byKey {
		n, err := mex.Mex(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		truth[k] = n
	}
	for _, pns := range []bool{false, true} {
		behind := engine.NewMapCache()
		shared := engine.NewSharedFront(behind, 8)
		for limit := int64(1100); limit < 30_000; limit += 1100 {
			s := engine.NewSolver(engine.WithCache(shared), engine.WithWorkers(2), engine.WithNodeLimit(limit), engine.WithoutTheory())
			s.UseProofNumbers(pns)
			s.Nimber(ctx, root) // stopped or not: what it keeps is checked below
		}
		checked := 0
		for k, p := range byKey {
			f, ok := behind.Get(k)
			if !ok {
				continue
			}
			checked++
			m := truth[k]
			for n := range m + 3 {
				if known, win := f.Outcome(n); known && win != (n != m) {
					t.Fatalf("pns %v: the fact of %v says (P, %d) is won %v; its nimber is %d", pns, p, n, win, m)
				}
			}
		}
		t.Logf("pns %v: %d facts of %d positions checked", pns, checked, len(byKey))
		if checked < 100 {
			t.Fatalf("only %d facts checked", checked)
		}
	}
}
