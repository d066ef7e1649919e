package job

import (
	"context"
	"strings"
	"testing"
)

// The proof-number search answers what the couples search answers, and its tree, recorded by
// the same algorithm, is a proof of it.
func TestRun_ProofNumbers(t *testing.T) {
	for _, c := range []struct {
		game, pos string
		task      Task
		want      string
	}{
		{"cram", "3x5", Nimber, "1"},
		{"cram", "3x3 + 3x5", Nimber, "1"},
		{"sprouts", "0*6", Outcome, "0"},
		{"sprouts", "0*4", Nimber, "1"},
	} {
		req := request(t, c.game, c.pos, c.task)
		req.Algo, req.Tree = PNS, TreeAfter
		res := runner(t, c.game).Run(context.Background(), req, nil)
		if res.Err != nil || res.Stopped {
			t.Fatalf("%s %s: err %v, stopped %v", c.game, c.pos, res.Err, res.Stopped)
		}
		got := res.Answer.NimberText()
		if c.task == Outcome {
			got = res.Answer.OutcomeText()
			if c.want == "0" {
				c.want = "L"
			}
		}
		if got != c.want {
			t.Errorf("%s %s by pns: %s, want %s", c.game, c.pos, got, c.want)
		}
		if res.Search.Nodes == 0 || res.Tree == nil {
			t.Fatalf("%s %s: %d nodes, tree %v (%s)", c.game, c.pos, res.Search.Nodes, res.Tree != nil, res.NoTree)
		}
		checkTree(t, res.Tree)
	}
}

// A request with no Algo gets the game's default: proof numbers for Sprouts (the same
// search, node for node, as asking for them), df-pn for Cram.
func TestRun_DefaultAlgo(t *testing.T) {
	for _, c := range []struct {
		game, pos string
		want      Algo
		other     Algo
	}{
		{"sprouts", "0*6", PNS, Couples},
		{"cram", "3x9", DFPN, Couples},
	} {
		nodes := map[Algo]int64{}
		for _, a := range []Algo{"", c.want, c.other} {
			req := request(t, c.game, c.pos, Outcome)
			req.Algo = a
			res := runner(t, c.game).Run(context.Background(), req, nil)
			if res.Err != nil {
				t.Fatal(res.Err)
			}
			nodes[a] = res.Search.Nodes
		}
		if DefaultAlgo(c.game) != c.want || nodes[""] != nodes[c.want] || nodes[""] == nodes[c.other] {
			t.Errorf("%s %s: default %s; nodes %v: want those of %s", c.game, c.pos, DefaultAlgo(c.game), nodes, c.want)
		}
	}
}

// A proof-number search whose DAG outgrows its budget stops, keeping what it proved, and says
// why and that a larger budget gives it room.
func TestRun_DAGPastTheBudgetSaysSo(t *testing.T) {
	r, err := NewRunner("sprouts", Config{CacheMB: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	req := request(t, "sprouts", "0*12", Nimber)
	req.Algo = PNS
	res := r.Run(context.Background(), req, nil)
	if res.Err != nil || !res.Stopped {
		t.Fatalf("sprouts 0*12 by pns within 1 MB: err %v, stopped %v", res.Err, res.Stopped)
	}
	if !strings.Contains(res.Why, "DAG passed its memory") || !strings.HasSuffix(res.Why, roomHint) {
		t.Errorf("why %q", res.Why)
	}
}

// A team sharing one DAG (Sprouts) gives it the team's whole share of the tree budget: two
// workers search within the budget one worker searches in (0*11 at 32 MB stopped with two
// workers when the DAG had one worker's part).
func TestWorkers_SharedDAGTakesTheTeamsBudget(t *testing.T) {
	req := request(t, "sprouts", "0*11", Nimber)
	for w := range 2 {
		r, err := NewRunner("sprouts", Config{CacheMB: 32, Workers: w + 1})
		if err != nil {
			t.Fatal(err)
		}
		res := r.Run(context.Background(), req, nil)
		r.Close()
		if res.Err != nil || res.Stopped || !res.Answer.HasNimber || res.Answer.Nimber != 1 {
			t.Fatalf("sprouts 0*11 at 32 MB, %d workers: nimber %s, stopped %v (%s), err %v", w+1, res.Answer.NimberText(), res.Stopped, res.Why, res.Err)
		}
	}
}

// A team whose shared DAG passes its budget goes on alone in a fresh DAG (engine's
// pnAloneAgain): two workers answer where one does, at budgets where the team's wider DAG
// stopped (0*3.AB|0*2.1aCa|ABC's nimber at 16 MB, 0*12 at 32 MB, in most runs).
func TestWorkers_TeamAnswersWhereOneWorkerDoes(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of Sprouts")
	}
	for _, c := range []struct {
		pos    string
		mb     int
		nimber int
	}{{"0*3.AB|0*2.1aCa|ABC", 16, 7}, {"0*12", 32, 0}} {
		req := request(t, "sprouts", c.pos, Nimber)
		for w := range 2 {
			r, err := NewRunner("sprouts", Config{CacheMB: c.mb, Workers: w + 1})
			if err != nil {
				t.Fatal(err)
			}
			res := r.Run(context.Background(), req, nil)
			r.Close()
			if res.Err != nil || res.Stopped || !res.Answer.HasNimber || res.Answer.Nimber != c.nimber {
				t.Errorf("sprouts %s at %d MB, %d workers: nimber %s, stopped %v (%s), err %v", c.pos, c.mb, w+1, res.Answer.NimberText(), res.Stopped, res.Why, res.Err)
			}
		}
	}
}
