package job

import (
	"context"
	"testing"
	"time"

	"grundy/engine"
)

// TestRun_Misere: a misère request answers the misère outcome, with no nimber, also when it
// asks for the nimber; the runner's cache, shared with normal play, gives each its own
// answer; the tree recorded after it is a misère proof that holds.
func TestRun_Misere(t *testing.T) {
	cases := []struct {
		game, pos      string
		normal, misere string // the outcomes
	}{
		{"nim", "1", "W", "L"},
		{"nim", "2 2", "L", "L"},
		{"nim", "1 1", "L", "W"},
		{"kayles", "1 1", "L", "W"},
		{"kayles", "4", "W", "L"},
		{"sprouts", "0*2", "L", "L"},
		{"sprouts", "0*5", "W", "W"},
		{"cram", "1x2", "W", "L"},
	}
	ctx := context.Background()
	for _, c := range cases {
		r := runner(t, c.game)
		for range 2 { // the second time from the cache
			req := request(t, c.game, c.pos, Nimber)
			if res := r.Run(ctx, req, nil); res.Answer.OutcomeText() != c.normal {
				t.Errorf("%s %s: normal play %s, want %s", c.game, c.pos, res.Answer.OutcomeText(), c.normal)
			}
			req.Misere, req.Tree, req.Limits = true, TreeAfter, Limits{TreeNodes: 100_000}
			res := r.Run(ctx, req, nil)
			switch {
			case res.Err != nil || res.Stopped:
				t.Fatalf("%s %s misère: err %v, stopped %v", c.game, c.pos, res.Err, res.Stopped)
			case res.Answer.OutcomeText() != c.misere:
				t.Errorf("%s %s: misère %s, want %s", c.game, c.pos, res.Answer.OutcomeText(), c.misere)
			case res.Answer.HasNimber || res.Task != Outcome:
				t.Errorf("%s %s: misère answer %+v, task %v: want an outcome and no nimber", c.game, c.pos, res.Answer, res.Task)
			case res.Tree == nil || res.Tree.Convention != engine.Misere:
				t.Fatalf("%s %s: misère tree %v (%s), want one", c.game, c.pos, res.Tree, res.NoTree)
			}
			checkTree(t, res.Tree)
			if got := res.Tree.Nodes[res.Tree.Root].Result; got != c.misere {
				t.Errorf("%s %s: misère tree's root %s, want %s", c.game, c.pos, got, c.misere)
			}
		}
	}
}

// TestRun_MisereNimTheory: misère Nim with large heaps is answered by its closed form at
// once; its tree, which needs the search, stops at its limit and says so.
func TestRun_MisereNimTheory(t *testing.T) {
	req := request(t, "nim", "1048576 1048576 + 1", Outcome)
	req.Misere, req.Tree, req.Limits = true, TreeAfter, Limits{TreeNodes: 5_000, TreeTime: 500 * time.Millisecond}
	res := runner(t, "nim").Run(context.Background(), req, nil)
	if res.Err != nil || res.Stopped || res.Answer.OutcomeText() != "W" {
		t.Fatalf("misère nim 1048576 1048576 + 1: %s, err %v, stopped %v; want W", res.Answer.OutcomeText(), res.Err, res.Stopped)
	}
	if res.Search.Nodes != 0 {
		t.Errorf("the closed form took %d nodes, want 0", res.Search.Nodes)
	}
	if res.Tree != nil || res.NoTree == "" {
		t.Errorf("tree %v, why none %q: want none, with the limit named", res.Tree, res.NoTree)
	}
}

// TestRun_MisereRefuses: the nimber searches are refused under misère play, with a
// message. (The winning moves are answered from the options' misère outcomes: moves_test.go.)
func TestRun_MisereRefuses(t *testing.T) {
	r := runner(t, "kayles")
	mex := request(t, "kayles", "5", Nimber)
	mex.Misere, mex.Algo = true, Mex
	for _, req := range []Request{mex} {
		if res := r.Run(context.Background(), req, nil); res.Err == nil {
			t.Errorf("misère %v with %q: no error, answer %+v", req.Task, req.Algo, res.Answer)
		}
	}
}

// TestRun_MisereStopped: a stopped misère search says that nothing is proven of the
// position, not that it has no move.
func TestRun_MisereStopped(t *testing.T) {
	req := request(t, "sprouts", "0*9", Outcome)
	req.Misere = true
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res := runner(t, "sprouts").Run(ctx, req, nil)
	if !res.Stopped || res.Answer.HasOutcome {
		t.Fatalf("misère 0*9 in 50 ms: stopped %v, answer %+v; want stopped with nothing proven", res.Stopped, res.Answer)
	}
	if got, want := res.ProvenText(), "0*9: nothing proven yet"; got != want {
		t.Errorf("ProvenText() = %q, want %q", got, want)
	}
}

// TestRun_MisereAlone: a runner of two workers searches misère play with one, given the
// whole budget (not the team's solver, whose worker has half), reporting its progress and
// its counts as the runner's own solver does.
func TestRun_MisereAlone(t *testing.T) {
	r, err := NewRunner("sprouts", Config{Cache: engine.NewMapCache(), Workers: 2, Every: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	if s := r.alone(); s == r.solver || s.Workers() != 1 || r.solver.Workers() != 2 {
		t.Fatalf("alone: %d workers (the team's %d), the team's own solver %v", s.Workers(), r.solver.Workers(), s == r.solver)
	}
	req := request(t, "sprouts", "0*6", Outcome)
	req.Misere = true
	reports := 0
	res := r.Run(context.Background(), req, func(Phase, engine.Stats) { reports++ })
	switch {
	case res.Err != nil || res.Stopped:
		t.Fatalf("misère 0*6: err %v, stopped %v", res.Err, res.Stopped)
	case res.Answer.OutcomeText() != "W": // A164950
		t.Errorf("misère 0*6 = %s, want W", res.Answer.OutcomeText())
	case res.Search.Nodes == 0 || reports == 0:
		t.Errorf("misère 0*6: %d nodes, %d reports: want the search's counts and progress", res.Search.Nodes, reports)
	}
	one, err := NewRunner("sprouts", Config{Cache: engine.NewMapCache(), Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(one.Close)
	if one.alone() != one.solver {
		t.Error("a runner of one worker made a second solver for misère play")
	}
}
