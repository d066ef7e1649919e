package engine

import (
	"context"
	"errors"
	"iter"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestOptions_NoDuplicates: a token with hundreds of moves to a few vertices has one option
// per vertex reached (all sinks are one option, the empty position), by the scan of a short
// list and by the index of a long one alike; and the nimbers stay those of the oracle.
func TestOptions_NoDuplicates(t *testing.T) {
	for _, moves := range []int{5, scanOptions, scanOptions + 1, 400, 5000} {
		r := rand.New(rand.NewPCG(uint64(moves), 7))
		g := randomGraph(r, 60, 3)
		v := len(g.succ)
		g.succ = append(g.succ, nil)
		distinct := map[int]bool{}
		for range moves {
			w := r.IntN(v)
			g.succ[v] = append(g.succ[v], w)
			if len(g.succ[w]) == 0 {
				w = -1 // every sink is the empty position
			}
			distinct[w] = true
		}
		s := NewSolver(WithCache(NoCache{}))
		s.begin(context.Background())
		p := tokens{g, []int{v}}
		// A heap larger than any nimber: no option is known losing, none ends the list.
		if got := len(s.options(part{p, p.Key()}, 1<<20)); got != len(distinct) {
			t.Errorf("%d moves: %d options, want %d", moves, got, len(distinct))
		}
		pos := tokens{g, []int{v, v - 1, r.IntN(v)}}
		if got, err := NewSolver().Nimber(context.Background(), pos); err != nil || got != bruteNimber(g, pos.at) {
			t.Errorf("%d moves: nimber %d (%v), want %d", moves, got, err, bruteNimber(g, pos.at))
		}
	}
}

// wide is a position with a million options, each a position with no move: every option is
// known at once, so only the options made count towards a stop.
type wide struct{ made *int }

func (w wide) Options() iter.Seq[Position] {
	return func(yield func(Position) bool) {
		for i := range 1_000_000 {
			*w.made++
			if !yield(leaf(i)) {
				return
			}
		}
	}
}

func (w wide) Split() []Position { return []Position{w} }
func (w wide) Key() string       { return "wide" }
func (w wide) String() string    { return "wide" }

type leaf int

func (leaf) Options() iter.Seq[Position] { return func(func(Position) bool) {} }
func (leaf) Split() []Position           { return nil }
func (l leaf) Key() string               { return "leaf" + strconv.Itoa(int(l)) }
func (l leaf) String() string            { return l.Key() }

// TestSearches_StopAmongManyOptions: every search, the baselines too, looks at the context
// while it makes or walks the options of one position, not only between nodes.
func TestSearches_StopAmongManyOptions(t *testing.T) {
	searches := map[string]func(*Solver, context.Context, Position) error{
		"nimber": func(s *Solver, ctx context.Context, p Position) error { _, err := s.Nimber(ctx, p); return err },
		"elementary": func(s *Solver, ctx context.Context, p Position) error {
			_, err := s.Elementary(ctx, p)
			return err
		},
		"mex": func(s *Solver, ctx context.Context, p Position) error { _, err := s.Mex(ctx, p); return err },
	}
	for name, search := range searches {
		made := 0
		ctx := &countdown{Context: context.Background()}
		ctx.left.Store(3)
		err := search(NewSolver(WithCache(NoCache{})), ctx, wide{&made})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s: err %v, want the stop", name, err)
		}
		if made > 4 {
			t.Errorf("%s: %d options made before the stop, want at most 4", name, made)
		}
	}
}

// nimHeap is a Nim heap whose options are made largest first.
type nimHeap int

func (h nimHeap) Options() iter.Seq[Position] {
	return func(yield func(Position) bool) {
		for k := int(h) - 1; k >= 0; k-- {
			if !yield(nimHeap(k)) {
				return
			}
		}
	}
}

func (h nimHeap) Split() []Position {
	if h == 0 {
		return nil
	}
	return []Position{h}
}
func (h nimHeap) Key() string    { return "h" + strconv.Itoa(int(h)) }
func (h nimHeap) String() string { return h.Key() }
func (h nimHeap) Hint() int      { return int(h) }

// TestMex_Shallow: plain mex takes the easiest options first, so that a heap of n tokens
// does not recurse n levels deep (Kayles 2^20 overflowed the stack).
func TestMex_Shallow(t *testing.T) {
	s := NewSolver()
	if m, err := s.Mex(context.Background(), nimHeap(2000)); err != nil || m != 2000 {
		t.Fatalf("Mex(nim heap 2000) = %d, %v", m, err)
	}
	if d := s.Stats().MaxDepth; d > 3 {
		t.Errorf("Mex(nim heap 2000): depth %d, want at most 3", d)
	}
}
