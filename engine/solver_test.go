package engine

import (
	"context"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"testing"
)

// caches returns the caches every engine test runs with: the answers must not depend on a hit.
func caches(t testing.TB) map[string]func() Cache {
	return map[string]func() Cache{
		"none":  func() Cache { return NoCache{} },
		"map":   func() Cache { return NewMapCache() },
		"front": func() Cache { return NewFront(NoCache{}, 4) },
		"ristretto": func() Cache {
			r, err := NewRistretto(1)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(r.Close)
			return r
		},
	}
}

func randomPosition(r *rand.Rand, g *graph) tokens {
	at := make([]int, 1+r.IntN(3))
	for i := range at {
		at[i] = r.IntN(len(g.succ))
	}
	slices.Sort(at)
	return tokens{g, at}
}

// TestNimber_AgainstBruteForce compares Algorithm 3 (with Algorithms 1 and 2 inside), the
// couples' outcomes, and both baselines with the mex oracle on random games.
func TestNimber_AgainstBruteForce(t *testing.T) {
	ctx := context.Background()
	for name, newCache := range caches(t) {
		for seed := uint64(1); seed <= seeds(40); seed++ {
			r := rand.New(rand.NewPCG(seed, 7))
			size := 8
			if name != "none" && name != "front" {
				size = 14
			}
			g := randomGraph(r, size, 3)
			g.sums = seed%2 == 0
			for range 6 {
				p := randomPosition(r, g)
				want := bruteNimber(g, p.at)
				s := NewSolver(WithCache(newCache()))
				got, err := s.Nimber(ctx, p)
				if err != nil || got != want {
					t.Fatalf("%s seed %d: Nimber(%q) = %d, %v; want %d", name, seed, p, got, err, want)
				}
				for n := range 4 {
					win, err := NewSolver(WithCache(newCache())).Outcome(ctx, p, n)
					if err != nil || win != (want != n) {
						t.Fatalf("%s seed %d: Outcome(%q, %d) = %v, %v; nimber %d", name, seed, p, n, win, err, want)
					}
				}
				if m, _ := NewSolver(WithCache(newCache())).Mex(ctx, p); m != want {
					t.Fatalf("%s seed %d: Mex(%q) = %d, want %d", name, seed, p, m, want)
				}
				if win, _ := NewSolver(WithCache(newCache())).Elementary(ctx, p); win != (want != 0) {
					t.Fatalf("%s seed %d: Elementary(%q) = %v, nimber %d", name, seed, p, win, want)
				}
				if m, err := NewSolver(WithCache(newCache())).BR(ctx, p); err != nil || m != want {
					t.Fatalf("%s seed %d: BR(%q) = %d, %v; want %d", name, seed, p, m, err, want)
				}
			}
		}
	}
}

// TestNimber_SumIsXor checks that a sum's nimber is the nim-sum of its terms' nimbers.
func TestNimber_SumIsXor(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= seeds(30); seed++ {
		r := rand.New(rand.NewPCG(seed, 11))
		g := randomGraph(r, 20, 3)
		s := NewSolver()
		a, b := randomPosition(r, g), randomPosition(r, g)
		na, _ := s.Nimber(ctx, a)
		nb, _ := s.Nimber(ctx, b)
		nab, _ := NewSolver().Nimber(ctx, Sum{a, b})
		if nab != na^nb {
			t.Fatalf("seed %d: Nimber(%q + %q) = %d, want %d ^ %d", seed, a, b, nab, na, nb)
		}
	}
}

// TestSolver_ReusesWhatItProved runs the same solver twice: the second search is answered
// from the cache at once.
func TestSolver_ReusesWhatItProved(t *testing.T) {
	ctx := context.Background()
	g := randomGraph(rand.New(rand.NewPCG(3, 3)), 60, 4)
	g.sums = true
	p := tokens{g, []int{57, 58, 59}}
	s := NewSolver()
	first, _ := s.Nimber(ctx, p)
	nodes := s.Stats().Nodes
	second, _ := s.Nimber(ctx, p)
	if first != second || s.Stats().Nodes != 0 || nodes < 10 {
		t.Fatalf("second Nimber = %d after %d nodes, then %d nodes; want %d, then 0", second, nodes, s.Stats().Nodes, first)
	}
}

// TestSolver_Cancel stops a search at once and keeps what was proven.
func TestSolver_Cancel(t *testing.T) {
	g := randomGraph(rand.New(rand.NewPCG(5, 5)), 3000, 4)
	g.sums = true
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewSolver()
	_, err := s.Nimber(ctx, tokens{g, []int{2999, 2998}})
	if err == nil {
		t.Fatal("Nimber on a cancelled context: no error")
	}
	if s.Stats().Nodes > checkEvery {
		t.Fatalf("a cancelled search expanded %d nodes", s.Stats().Nodes)
	}
}

// TestSolver_StatsWhileRunning reads the counts from another goroutine while the search runs,
// as the solver panel does, and gets progress reports on the search goroutine (run with -race).
func TestSolver_StatsWhileRunning(t *testing.T) {
	g := randomGraph(rand.New(rand.NewPCG(9, 9)), 400, 4)
	g.sums = true
	reports := 0
	c, err := NewRistretto(4)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s := NewSolver(WithCache(NewFront(c, 10)), WithProgress(func(Stats) { reports++ }, 0))
	done := make(chan int)
	go func() {
		n, _ := s.Nimber(context.Background(), tokens{g, []int{399, 398, 397}})
		done <- n
	}()
	var last int64
	for running := true; running; {
		select {
		case <-done:
			running = false
		default:
			st := s.Stats()
			if st.Nodes < last {
				t.Fatalf("nodes went down from %d to %d", last, st.Nodes)
			}
			last = st.Nodes
		}
	}
	if reports == 0 {
		t.Fatal("no progress report")
	}
}

// A path is a position with one move, to the path one shorter; a path of even length is
// losing. Its guess orders it among its parent's options.
type path struct {
	name       string
	len, guess int
}

func (p path) Options() iter.Seq[Position] {
	return func(yield func(Position) bool) {
		if p.len > 0 {
			yield(path{p.name, p.len - 1, 0})
		}
	}
}

func (p path) Split() []Position {
	if p.len == 0 {
		return nil
	}
	return []Position{p}
}

func (p path) Key() string    { return fmt.Sprintf("%s%d", p.name, p.len) }
func (p path) String() string { return p.Key() }
func (p path) Guess() int     { return p.guess }

// A fork is a position whose options are the paths it holds, in order.
type fork []path

func (f fork) Options() iter.Seq[Position] {
	return func(yield func(Position) bool) {
		for _, p := range f {
			if !yield(p) {
				return
			}
		}
	}
}

func (f fork) Split() []Position { return []Position{f} }
func (f fork) Key() string       { return "fork" }
func (f fork) String() string    { return "fork" }

// TestSolver_TriesSmallerGuessFirst: of two losing options, neither known yet, the proof
// names the one with the smaller guess, wherever it comes in the list.
func TestSolver_TriesSmallerGuessFirst(t *testing.T) {
	for _, f := range []fork{{{"a", 2, 1}, {"b", 2, 0}}, {{"b", 2, 0}, {"a", 2, 1}}} {
		tr, err := NewSolver().ProveOutcome(context.Background(), "test", f)
		if err != nil {
			t.Fatal(err)
		}
		root := tr.Nodes[tr.Root]
		if len(root.Children) != 1 || tr.Nodes[root.Children[0]].Position != "b2" {
			t.Errorf("%v: proof %+v, want the winning move to b2", f, tr.Nodes)
		}
	}
}

// counted is a position that counts the calls of its Options.
type counted struct {
	Position
	calls *int
}

func (c counted) Options() iter.Seq[Position] {
	*c.calls++
	return c.Position.Options()
}

func (c counted) Split() []Position { return []Position{c} }

// TestSolver_RemembersOptions: the nimber of a Nim heap of 5 expands the heap for n = 0 … 5,
// but makes its options at most twice, even with no cache: once for n = 0, which stops at
// the first option (known losing: the empty heap), once in full, remembered after.
func TestSolver_RemembersOptions(t *testing.T) {
	g := &graph{succ: make([][]int, 6)}
	for v := range g.succ {
		for w := range v {
			g.succ[v] = append(g.succ[v], w)
		}
	}
	calls := 0
	heap := counted{tokens{g, []int{5}}, &calls}
	n, err := NewSolver(WithCache(NoCache{})).Nimber(context.Background(), heap)
	if err != nil || n != 5 {
		t.Fatalf("Nimber(heap 5) = %d, %v; want 5", n, err)
	}
	if calls > 2 {
		t.Errorf("the options of the heap were made %d times, want at most 2", calls)
	}
}
