package engine

import (
	"context"
	"iter"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// costlyTokens is the tokens game marked Costly: a team searches it over one DAG.
type costlyTokens struct{ tokens }

func (costlyTokens) CostlyOptions() {}

func (t costlyTokens) Options() iter.Seq[Position] {
	return wrapped(t.tokens, func(t tokens) Position { return costlyTokens{t} })
}

func (t costlyTokens) Split() []Position {
	out := t.tokens.Split()
	for i, c := range out {
		out[i] = costlyTokens{c.(tokens)}
	}
	return out
}

// TestShare_BruteForceNimbers: by proof numbers, two and three workers sharing one DAG find
// the brute force's nimbers and outcomes on random graphs (raced by make test).
func TestShare_BruteForceNimbers(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(14, 2))
	for range 20 {
		g := randomGraph(r, 120, 8)
		at := []int{119, 60 + r.IntN(59), r.IntN(120)}
		slices.Sort(at)
		want := bruteNimber(g, at)
		for w := 2; w <= 3; w++ {
			s := NewSolver(WithCache(NewSharedFront(NewMapCache(), 12)), WithWorkers(w), WithProofNumbers())
			got, err := s.Nimber(ctx, costlyTokens{tokens{g, at}})
			if err != nil || got != want {
				t.Fatalf("Nimber(%v), %d workers = %d, %v; brute force %d", at, w, got, err, want)
			}
			if win, err := s.Outcome(ctx, costlyTokens{tokens{g, at[:1]}}, 1); err != nil || win != (bruteNimber(g, at[:1]) != 1) {
				t.Fatalf("Outcome(%v, 1), %d workers = %v, %v", at[:1], w, win, err)
			}
		}
	}
}

// slowTokens is costlyTokens whose options take a while to make, as Sprouts' do: the worker
// making them leaves its core to the others.
type slowTokens struct{ costlyTokens }

func (t slowTokens) Options() iter.Seq[Position] {
	time.Sleep(100 * time.Microsecond)
	return wrapped(t.tokens, func(t tokens) Position { return slowTokens{costlyTokens{t}} })
}

func (t slowTokens) Split() []Position {
	out := t.tokens.Split()
	for i, c := range out {
		out[i] = slowTokens{costlyTokens{c.(tokens)}}
	}
	return out
}

// TestShare_EveryWorkerExpands: every worker of a team sharing one DAG expands couples of it,
// and the team's answer is the brute force's.
func TestShare_EveryWorkerExpands(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 8))
	g := randomGraph(r, 120, 8)
	at := []int{40, 80, 119}
	s := NewSolver(WithCache(NewSharedFront(NewMapCache(), 12)), WithWorkers(3), WithProofNumbers())
	got, err := s.Nimber(context.Background(), slowTokens{costlyTokens{tokens{g, at}}})
	if want := bruteNimber(g, at); err != nil || got != want {
		t.Fatalf("Nimber(%v) = %d, %v; brute force %d", at, got, err, want)
	}
	if counts := s.WorkerNodes(); len(counts) != 3 || slices.Contains(counts, 0) {
		t.Errorf("the workers expanded %v couples", counts)
	}
}

// TestFreeMostProving: a worker takes the most-proving couple no other worker is expanding,
// taking a busy couple to be losing (its parent won): the next sibling of the busy couple's
// parent, else higher up; none when every way ends at a busy couple.
func TestFreeMostProving(t *testing.T) {
	leaf := func(name string, dn int64) *pnNode {
		return &pnNode{ref: ref{key: name}, pn: 1, dn: dn}
	}
	couple := func(name string, kids ...*pnNode) *pnNode {
		v := &pnNode{ref: ref{key: name}, expanded: true, kids: kids}
		v.pn, v.dn = pnInf, 0
		for _, k := range kids {
			v.pn = min(v.pn, k.dn)
			v.dn = addPN(v.dn, k.pn)
		}
		return v
	}
	// root → a → (a1, a2), root → b → (b1, b2, b3), root → c: by disproof numbers (the sums of
	// the kids' proof numbers) a before b before c.
	a1, a2, b1, c := leaf("a1", 2), leaf("a2", 3), leaf("b1", 4), leaf("c", 9)
	a, b := couple("a", a1, a2), couple("b", b1, leaf("b2", 5), leaf("b3", 6))
	root := couple("root", c, b, a) // the kids' order is not the most-proving order
	s := &Solver{}
	take := func(want *pnNode, wantDepth int) {
		t.Helper()
		v, depth := s.freeMostProving(root)
		switch {
		case v != want:
			t.Fatalf("took %v, want %v", v, want)
		case v == nil:
		case depth != wantDepth:
			t.Fatalf("took %s at depth %d, want %d", v.key, depth, wantDepth)
		default:
			v.busy = true
		}
	}
	take(a1, 2) // the most-proving path
	take(b1, 2) // a1 losing wins a: b, the next of root's kids by disproof number
	take(c, 1)  // b1 losing wins b
	take(nil, 0)
	a1.busy = false
	take(a1, 2)
	a1.busy, b1.busy, c.busy = false, false, false
	a1.pn, a1.dn = 0, pnInf // a1 proven winning: a2 is a's last hope
	take(a2, 2)
}

// One worker expands pairs: the most-proving couple, then the couple a second worker would
// take beside it (the next sibling of the first one's parent, the first taken to be losing);
// the first is free again after.
func TestPNPair(t *testing.T) {
	leaf := func(name string, dn int64) *pnNode { return &pnNode{ref: ref{key: name}, pn: 1, dn: dn} }
	couple := func(name string, kids ...*pnNode) *pnNode {
		v := &pnNode{ref: ref{key: name}, expanded: true, kids: kids, pn: pnInf}
		for _, k := range kids {
			v.pn, v.dn = min(v.pn, k.dn), addPN(v.dn, k.pn)
		}
		return v
	}
	a1, b1 := leaf("a1", 2), leaf("b1", 4)
	root := couple("root", couple("b", b1, leaf("b2", 5), leaf("b3", 6)), couple("a", a1, leaf("a2", 3)))
	s := &Solver{}
	v, _ := s.mostProving(root)
	if u := s.pnBeside(root, v); v != a1 || u != b1 || a1.busy {
		t.Fatalf("pair %v, %v, a1 busy %v: want a1 then b1, a1 free", v, u, a1.busy)
	}
	lone := leaf("lone", 1)
	if u := s.pnBeside(lone, lone); u != nil {
		t.Fatalf("beside an unexpanded root: %v, want none", u)
	}
}
