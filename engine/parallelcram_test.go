package engine_test

import (
	"context"
	"fmt"
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
	byKey := reachable(root)
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
	for _, algo := range []string{"couples", "pns", "dfpn"} {
		behind := engine.NewMapCache()
		shared := engine.NewSharedFront(behind, 8)
		for limit := int64(1100); limit < 30_000; limit += 1100 {
			s := engine.NewSolver(engine.WithCache(shared), engine.WithWorkers(2), engine.WithNodeLimit(limit), engine.WithoutTheory())
			s.UseProofNumbers(algo == "pns")
			if algo == "dfpn" {
				s.UseDFPN(1 << 20)
			}
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
					t.Fatalf("%s: the fact of %v says (P, %d) is won %v; its nimber is %d", algo, p, n, win, m)
				}
			}
		}
		t.Logf("%s: %d facts of %d positions checked", algo, checked, len(byKey))
		if checked < 100 {
			t.Fatalf("only %d facts checked", checked)
		}
	}
}

// TestWorkers_FactsCertifyThemselves checks that what a team of two leaves in its cache is a
// Glop certificate of every fact in it, as `db check` derives one: a losing couple (P, m)
// has each option winning by a fact or the game's theory, and a winning couple (P, n) a
// losing option whose components' nimbers the facts or the theory give (or the heap moved to
// a smaller nimber of P). A fact a worker concluded from something else (a bound, another
// worker's unwinding, a fact lost between the shared front and the cache behind) fails it.
// Equal components cancel in pairs, as the search plays them (the mirror strategy): a fact
// may rest on that, which `db check` cannot follow (its proof needs the nimber of the pair's
// component, which no search may have written: 1 run in 6 of 4x5 by proof numbers).
func TestWorkers_FactsCertifyThemselves(t *testing.T) {
	for _, board := range []string{"4x5", "3x7"} {
		root, err := cram.Parse(board)
		if err != nil {
			t.Fatal(err)
		}
		byKey := reachable(root)
		for _, pns := range []bool{false, true} {
			behind := engine.NewMapCache()
			s := engine.NewSolver(engine.WithCache(engine.NewSharedFront(behind, 8)), engine.WithWorkers(2))
			s.UseProofNumbers(pns)
			if _, err := s.Nimber(context.Background(), root); err != nil {
				t.Fatal(err)
			}
			facts := map[string]engine.Fact{}
			for k := range byKey {
				if f, ok := behind.Get(k); ok {
					facts[k] = f
				}
			}
			for k, f := range facts {
				if why := unjustified(byKey[k], f, facts); why != "" {
					t.Errorf("%s, pns %v: the fact %q of %v: %s", board, pns, f.Describe(6), byKey[k], why)
				}
			}
			t.Logf("%s, pns %v: %d facts, each derived from the others and the theory", board, pns, len(facts))
		}
	}
}

// reachable returns every component reachable from root, by key.
func reachable(root engine.Position) map[string]engine.Position {
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
	return byKey
}

// nimberOf is a component's nimber as `db check` reads it: the fact's, else the theory's.
func nimberOf(c engine.Position, facts map[string]engine.Fact) (int, bool) {
	if m, ok := facts[c.Key()].Nimber(); ok {
		return m, true
	}
	if v, ok := c.(engine.Valuer); ok {
		return v.Value()
	}
	return 0, false
}

// unjustified says why the fact f of the component p does not follow from facts, or "". A
// nimber the theory gives follows from it, as the search took it.
func unjustified(p engine.Position, f engine.Fact, facts map[string]engine.Fact) string {
	if v, ok := p.(engine.Valuer); ok {
		if _, known := v.Value(); known {
			return ""
		}
	}
	if m, ok := f.Nimber(); ok {
		for o := range p.Options() {
			if !winBy(o, m, facts) {
				return fmt.Sprintf("its option %v is not shown winning with heap %d", o, m)
			}
		}
		for i := range m {
			if !winOfComponent(p, i, facts) {
				return fmt.Sprintf("(P, %d) is not shown winning", i)
			}
		}
		return ""
	}
	for n := range 64 {
		if f.Excludes(n) && !winOfComponent(p, n, facts) {
			return fmt.Sprintf("(P, %d) has no losing option in the facts", n)
		}
	}
	return ""
}

// winBy reports whether the facts show the couple (o, n) winning, o any position: a sum by
// its components' nimbers but one and the last one's fact (Algorithm 2), a component by its
// own fact, which is checked on its own.
func winBy(o engine.Position, n int, facts map[string]engine.Fact) bool {
	comps := mirrored(o.Split())
	x, open := n, []engine.Position(nil)
	for _, c := range comps {
		if m, ok := nimberOf(c, facts); ok {
			x ^= m
		} else {
			open = append(open, c)
		}
	}
	switch len(open) {
	case 0:
		return x != 0
	case 1:
		known, win := facts[open[0].Key()].Outcome(x)
		return known && win
	}
	return false
}

// winOfComponent reports whether the facts show (p, n) winning by one losing option: the heap
// moved to p's nimber when smaller, or an option whose components' nimbers XOR to n.
func winOfComponent(p engine.Position, n int, facts map[string]engine.Fact) bool {
	if m, ok := nimberOf(p, facts); ok && m < n {
		return true
	}
	for o := range p.Options() {
		x, all := n, true
		for _, c := range mirrored(o.Split()) {
			m, ok := nimberOf(c, facts)
			x, all = x^m, all && ok
		}
		if all && x == 0 {
			return true
		}
	}
	return false
}

// mirrored drops the components that come in equal pairs, as the search does: P + P is 0.
func mirrored(comps []engine.Position) []engine.Position {
	count := map[string]int{}
	for _, c := range comps {
		count[c.Key()]++
	}
	var out []engine.Position
	for _, c := range comps {
		if count[c.Key()]%2 == 1 {
			out = append(out, c)
			count[c.Key()] = 0 // one left of an odd number
		}
	}
	return out
}
