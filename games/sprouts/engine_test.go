package sprouts

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"grundy/engine"
)

// TestEngine_Reachable: on every position reachable from 0*3 and 0*4, the couples search
// (Algorithms 1–3, with the cache and without) agrees with the brute-force oracle, and so do
// the outcomes of the couples (P, n) for small n.
func TestEngine_Reachable(t *testing.T) {
	ctx := context.Background()
	o := oracle{}
	warm := engine.NewSolver(engine.WithCache(engine.NewFront(engine.NewMapCache(), 12)))
	for _, start := range []string{"0*3", "0*4"} {
		for i, p := range reachable(t, start) {
			want := o.nimber(p)
			if got, err := warm.Nimber(ctx, p); err != nil || got != want {
				t.Fatalf("Nimber(%q) = %d, %v; want %d", p, got, err, want)
			}
			if i%20 != 0 {
				continue
			}
			cold := engine.NewSolver(engine.WithCache(engine.NoCache{}))
			for n := range 3 {
				if win, _ := cold.Outcome(ctx, p, n); win != (want != n) {
					t.Fatalf("Outcome(%q, %d) = %v without a cache; nimber %d", p, n, win, want)
				}
			}
		}
	}
}

// TestEngine_Published: the couples search gives the published nimbers of p-spot Sprouts,
// p = 1…6 (0, 0, 1, 1, 1, 0), and the outcomes to p = 11, or 12 with GRUNDY_SLOW=1 (losing
// exactly when p ≡ 0, 1, 2 mod 6; SPROUTS.md, from Applegate–Jacobson–Sleator and
// Lemoine–Viennot).
func TestEngine_Published(t *testing.T) {
	ctx := context.Background()
	s := engine.NewSolver(engine.WithCache(engine.NewFront(engine.NewMapCache(), 16)))
	for p, want := range []int{0, 0, 0, 1, 1, 1, 0} {
		if p == 0 {
			continue
		}
		pos := mustParse(t, fmt.Sprintf("0*%d", p))
		if got, err := s.Nimber(ctx, pos); err != nil || got != want {
			t.Errorf("Nimber(0*%d) = %d, %v; want %d", p, got, err, want)
		}
	}
	top := 11
	switch {
	case os.Getenv("GRUNDY_SLOW") != "":
		top = 12
	case testing.Short():
		top = 7
	}
	for p := 7; p <= top; p++ {
		win, err := s.Outcome(ctx, mustParse(t, fmt.Sprintf("0*%d", p)), 0)
		if want := p%6 > 2; err != nil || win != want {
			t.Errorf("Outcome(0*%d) = %v, %v; want %v", p, win, err, want)
		}
	}
}

// TestEngine_SmallTree: the solution tree of 0*8 passes the checker and keeps, for each
// winning couple, the smallest losing option the search proved: 367 losing couples (716 with
// the first one found; the paper's Figure 12: 205).
func TestEngine_SmallTree(t *testing.T) {
	if testing.Short() {
		t.Skip("2 s")
	}
	ctx := context.Background()
	tree, err := engine.NewSolver().ProveOutcome(ctx, "sprouts", mustParse(t, "0*8"))
	if err != nil {
		t.Fatal(err)
	}
	parse := func(s string) (engine.Position, error) { return Game{}.Parse(s) }
	if err := engine.Check(ctx, tree, parse); err != nil {
		t.Fatal(err)
	}
	if n := tree.LosingCouples(); n > 400 {
		t.Errorf("the tree of 0*8 has %d losing couples, want at most 400", n)
	}
}

// TestEngine_TeamSharesOneDAG: by proof numbers, two and three workers expand couples of one
// DAG side by side (engine.Costly) and find one worker's nimbers and outcomes, for one land,
// a sum, and a position past the first moves; every worker expands couples of a search of
// thousands (raced by make test).
func TestEngine_TeamSharesOneDAG(t *testing.T) {
	ctx := context.Background()
	for _, s := range []string{"0*7", "0*8", "0*3+0.1a1a", "0*3.AB|0*2.1aCa|ABC"} {
		p := mustParse(t, s)
		var want int
		var wantWin bool
		for w := 1; w <= 3; w++ {
			sol := engine.NewSolver(engine.WithCache(engine.NewSharedFront(engine.NewMapCache(), 16)),
				engine.WithWorkers(w), engine.WithProofNumbers())
			n, err := sol.Nimber(ctx, p)
			if err != nil {
				t.Fatalf("%s, %d workers: %v", s, w, err)
			}
			counts := sol.WorkerNodes()
			sol = engine.NewSolver(engine.WithCache(engine.NewSharedFront(engine.NewMapCache(), 16)),
				engine.WithWorkers(w), engine.WithProofNumbers())
			win, err := sol.Outcome(ctx, p, 1)
			if err != nil {
				t.Fatalf("%s + *1, %d workers: %v", s, w, err)
			}
			if w == 1 {
				want, wantWin = n, win
				continue
			}
			if n != want || win != wantWin {
				t.Errorf("%s: %d workers nimber %d, outcome with *1 %v; one worker %d, %v", s, w, n, win, want, wantWin)
			}
			// A helper starts a few microseconds late: a search of a few dozen couples may
			// be over by then.
			if total := sum(counts); total >= 1000 && (len(counts) != w || slices.Contains(counts, 0)) {
				t.Errorf("%s: %d workers expanded %v couples each", s, w, counts)
			}
		}
	}
}

// TestEngine_TeamStops: a search of two workers sharing one DAG stops at its context's end,
// and its helpers with it.
func TestEngine_TeamStops(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	sol := engine.NewSolver(engine.WithCache(engine.NewSharedFront(engine.NewMapCache(), 16)),
		engine.WithWorkers(2), engine.WithProofNumbers())
	start := time.Now()
	if _, err := sol.Nimber(ctx, mustParse(t, "0*14")); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Nimber(0*14) within 100 ms: %v, want the deadline", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the search stopped %v after its deadline", d)
	}
}

func sum(counts []int64) int64 {
	total := int64(0)
	for _, c := range counts {
		total += c
	}
	return total
}
