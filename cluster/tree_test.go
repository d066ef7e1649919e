package cluster

import (
	"context"
	"slices"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games"
)

// runTree plays the protocol with no network: each open unit is searched by a fresh solver
// within budget nodes (no facts shared, so that the splitting itself is what is tested),
// in the order the tree opened them; it returns the tree and the results it applied.
func runTree(t *testing.T, job Job, budget int64) (*tree, []Result) {
	t.Helper()
	g, _ := games.Lookup(job.Game)
	p, err := games.Parse(g, job.Position)
	if err != nil {
		t.Fatal(err)
	}
	none := func(engine.Position, int) (bool, bool) { return false, false }
	tr := newTree(job, p, 2, none)
	var log []Result
	queue := tr.takeFresh()
	for len(queue) > 0 && !tr.done {
		c := queue[0]
		queue = queue[1:]
		if c.outcome != Undecided {
			continue
		}
		// The engine checks its node limit every thousand nodes: the budget is applied
		// here, exactly, to a search let run to its end.
		s := engine.NewSolver()
		win, err := s.Outcome(context.Background(), c.pos, c.n)
		if err != nil {
			t.Fatal(err)
		}
		r := Result{Job: job.ID, Unit: c.id, Outcome: outcomeOf(win)}
		if s.Stats().Nodes > budget {
			r.Outcome = Undecided
		}
		log = append(log, r)
		tr.apply(r)
		queue = append(queue, tr.takeFresh()...)
	}
	if !tr.done {
		t.Fatalf("%s %s: no unit left and the job is not done", job.Game, job.Position)
	}
	return tr, log
}

func TestTree_AnswersAsLocalSearch(t *testing.T) {
	for _, c := range []struct {
		job    Job
		budget int64
	}{
		{Job{Game: "cram", Position: "3x5"}, 1}, // every couple with an option is split
		{Job{Game: "cram", Position: "4x5"}, 50},
		{Job{Game: "cram", Position: "3x3 + 2x5 + 3x5"}, 1},
		{Job{Game: "chomp", Position: "4x4"}, 1},
		{Job{Game: "cram", Position: "3x7", Outcome: true}, 50}, // 4x5 is first-player by symmetry, at once
		{Job{Game: "cram", Position: "3x5", Outcome: true}, 1},
	} {
		tr, log := runTree(t, c.job, c.budget)
		want := localNimber(t, c.job.Game, c.job.Position)
		out, nim := tr.answer()
		if c.job.Outcome {
			if want0 := outcomeOf(want != 0); out != want0 {
				t.Errorf("outcome of %s = %s, want %s", c.job.Position, out, want0)
			}
		} else if *nim != want {
			t.Errorf("nimber of %s %s = %d, want %d", c.job.Game, c.job.Position, *nim, want)
		}
		undecided := 0
		for _, r := range log {
			if r.Outcome == Undecided {
				undecided++
			}
		}
		if undecided == 0 {
			t.Errorf("%s: no unit was split: the test tests nothing", c.job.Position)
		}
		t.Logf("%s %s: %d units, %d split", c.job.Game, c.job.Position, tr.units, undecided)
	}
}

// A restarted coordinator applies the results again, in order, to a new tree: it must have
// the same couples and the same open units at every step, duplicates changing nothing.
func TestTree_ReplayRebuildsTheSameTree(t *testing.T) {
	job := Job{ID: "j", Game: "cram", Position: "4x5"}
	_, log := runTree(t, job, 200)
	g, _ := games.Lookup("cram")
	p, _ := games.Parse(g, job.Position)
	none := func(engine.Position, int) (bool, bool) { return false, false }
	for cut := 0; cut <= len(log); cut += max(1, len(log)/7) {
		a, b := newTree(job, p, 2, none), newTree(job, p, 2, none)
		for i, r := range log[:cut] {
			a.apply(r)
			b.apply(r)
			if i%2 == 0 {
				b.apply(r) // a redelivered unit's second result
			}
		}
		if ids(a.open()) == nil && !a.done {
			t.Fatalf("after %d results: nothing open and not done", cut)
		}
		if !slices.Equal(ids(a.open()), ids(b.open())) || a.done != b.done {
			t.Fatalf("after %d results: open %v and %v", cut, ids(a.open()), ids(b.open()))
		}
	}
}

func ids(cs []*couple) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.id)
	}
	return out
}

// The coordinator hung in settle: with the unit of a heap (C, m) out, the facts stream
// brought C's nimber m; the result of another heap then made settle look for a second
// open heap, and every heap past m was decided winning at birth by that fact, one after
// the other, while (C, m) itself stayed open. The facts must decide the heaps already open.
func TestTree_FactOfAnOpenHeapEndsSettle(t *testing.T) {
	job := Job{ID: "j", Game: "cram", Position: "3x5"} // nimber 1
	g, _ := games.Lookup(job.Game)
	p, _ := games.Parse(g, job.Position)
	facts := engine.NewMapCache()
	know := func(p engine.Position, n int) (bool, bool) { return knowOutcome(facts, p, n) }
	tr := newTree(job, p, 2, know)
	if got := ids(tr.takeFresh()); !slices.Equal(got, []string{"c0h0", "c0h1"}) {
		t.Fatalf("units at the start: %v, want [c0h0 c0h1]", got)
	}
	facts.Put(p.Key(), engine.Fact{}.WithNimber(1)) // c0h1's worker proved it first
	applied := make(chan struct{})
	go func() {
		tr.apply(Result{Job: job.ID, Unit: "c0h0", Outcome: Win})
		close(applied)
	}()
	select {
	case <-applied:
	case <-time.After(10 * time.Second):
		t.Fatal("apply did not return within 10 s: settle loops")
	}
	if heaps := len(tr.comps[0].heaps); !tr.done || heaps > 2 {
		t.Fatalf("after the fact nimber 1 and c0h0 won: done %v with %d heaps opened, want done with 2", tr.done, heaps)
	}
	if _, nim := tr.answer(); *nim != 1 {
		t.Errorf("nimber of %s = %d, want 1", job.Position, *nim)
	}
}

// A settle whose loop finds the last nimber in the facts, opening no unit, ends the job:
// no result is coming to settle it again (a nim job waited for its answer so).
func TestTree_NimberFromTheFactsEndsTheJob(t *testing.T) {
	job := Job{ID: "j", Game: "nim", Position: "3"}
	g, _ := games.Lookup(job.Game)
	p, _ := games.Parse(g, job.Position)
	facts := engine.NewMapCache()
	know := func(p engine.Position, n int) (bool, bool) { return knowOutcome(facts, p, n) }
	tr := newTree(job, p, 2, know)
	facts.Put(p.Key(), engine.Fact{}.WithNimber(3))
	tr.apply(Result{Job: job.ID, Unit: "c0h0", Outcome: Win})
	if !tr.done {
		t.Fatalf("nim 3 with its nimber in the facts: not done after c0h0's result (%d heaps, %d open units)", len(tr.comps[0].heaps), len(tr.open()))
	}
	if _, nim := tr.answer(); *nim != 3 {
		t.Errorf("nimber of nim 3 = %d, want 3", *nim)
	}
}
