package engine

import (
	"context"
	"iter"
	"math/rand/v2"
	"slices"
	"testing"
)

// sharedTokens is the tokens game whose moves a crew shares (Sharer): a move is the index of
// the token and the vertex it slides to.
type sharedTokens struct{ tokens }

func (t sharedTokens) Options() iter.Seq[Position] {
	return wrapped(t.tokens, func(t tokens) Position { return sharedTokens{t} })
}

func (t sharedTokens) Split() []Position {
	out := t.tokens.Split()
	for i, c := range out {
		out[i] = sharedTokens{c.(tokens)}
	}
	return out
}

func (t sharedTokens) Moves() iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for i, v := range t.at {
			for _, w := range t.g.succ[v] {
				if !yield([]byte{byte(i), byte(w)}) {
					return
				}
			}
		}
	}
}

func (t sharedTokens) Play(move []byte) Position {
	i, w := int(move[0]), int(move[1])
	next := slices.Clone(t.at)
	next[i] = w
	next = t.g.spawn(next, t.at[i], w)
	slices.Sort(next)
	return sharedTokens{tokens{t.g, next}}
}

// TestCrew_SameSearchAsOneWorker: by proof numbers, a worker whose team shares its
// expansions' moves finds the brute force's nimbers and outcomes, expanding the couples one
// worker expands, on random graphs (raced by make test).
func TestCrew_SameSearchAsOneWorker(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(14, 2))
	for range 20 {
		g := randomGraph(r, 120, 8)
		at := []int{119, 60 + r.IntN(59), r.IntN(120)}
		slices.Sort(at)
		p := sharedTokens{tokens{g, at}}
		want := bruteNimber(g, at)
		var nodes [2]int64
		for w := range 2 {
			s := NewSolver(WithCache(NewSharedFront(NewMapCache(), 12)), WithWorkers(w+1), WithProofNumbers())
			got, err := s.Nimber(ctx, p)
			if err != nil || got != want {
				t.Fatalf("Nimber(%v), %d workers = %d, %v; brute force %d", at, w+1, got, err, want)
			}
			nodes[w] = s.Stats().Nodes
			if win, err := s.Outcome(ctx, sharedTokens{tokens{g, at[:1]}}, 1); err != nil || win != (bruteNimber(g, at[:1]) != 1) {
				t.Fatalf("Outcome(%v, 1), %d workers = %v, %v", at[:1], w+1, win, err)
			}
		}
		if nodes[0] != nodes[1] {
			t.Errorf("Nimber(%v): one worker expanded %d couples, two %d", at, nodes[0], nodes[1])
		}
	}
}

// TestCrew_MakesTheOptionsOneWorkerMakes: a crew's options of a position with more moves than
// a task's workers tell each other (dupSlots) and many moves to one option (tokens on one
// vertex) are one worker's, in its order.
func TestCrew_MakesTheOptionsOneWorkerMakes(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 11))
	g := randomGraph(r, 40, 16)
	at := make([]int, 200)
	for i := range at {
		at[i] = 30 + r.IntN(10)
	}
	slices.Sort(at)
	p := sharedTokens{tokens{g, at}}
	moves := 0
	for range p.Moves() {
		moves++
	}
	if moves <= 2*dupSlots {
		t.Fatalf("%d moves: the test needs more than %d", moves, 2*dupSlots)
	}
	keys := func(s *Solver) []string {
		var out []string
		for _, o := range s.options(part{p, p.Key()}, 1) {
			out = append(out, o.pos.Key())
		}
		return out
	}
	alone := NewSolver(WithProofNumbers())
	alone.begin(context.Background())
	want := keys(alone)
	crew := NewSolver(WithWorkers(2), WithProofNumbers())
	for range 5 {
		var got []string
		crew.begin(context.Background())
		crew.withCrew(func() { got = keys(crew) })
		if !slices.Equal(got, want) {
			t.Fatalf("a crew made %d options, one worker %d, or in another order", len(got), len(want))
		}
	}
}
