package job

import (
	"context"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games"
)

func request(t *testing.T, game, pos string, task Task) Request {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	p, err := games.Parse(g, pos)
	if err != nil {
		t.Fatal(err)
	}
	return Request{Game: g, Position: p, Task: task}
}

func runner(t *testing.T, game string) *Runner {
	t.Helper()
	r, err := NewRunner(game, Config{Cache: engine.NewMapCache(), Workers: 1}) // counts compared are one worker's
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return r
}

func checkTree(t *testing.T, tr *engine.Tree) {
	t.Helper()
	g, err := games.Lookup(tr.Game)
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.Check(context.Background(), tr, func(s string) (engine.Position, error) { return games.Parse(g, s) }); err != nil {
		t.Fatalf("the recorded tree is not a proof: %v", err)
	}
}

// A Nim sum answers from theory at once; its tree, whose recording would never end, stops
// at the limit and says so, and the answer stays.
func TestRun_TheoryAnswersAtOnceTreeWithinLimits(t *testing.T) {
	req := request(t, "nim", "999 + 907 477", Nimber)
	req.Tree, req.Limits = TreeAfter, Limits{TreeNodes: 20_000, TreeTime: 2 * time.Second}
	start := time.Now()
	res := runner(t, "nim").Run(context.Background(), req, nil)
	if res.Err != nil || res.Stopped {
		t.Fatalf("Run: err %v, stopped %v", res.Err, res.Stopped)
	}
	if got := res.Answer.NimberText(); got != "433" {
		t.Errorf("nimber of nim 999 + 907 477 = %s, want 433", got)
	}
	if res.Tree != nil || !strings.Contains(res.NoTree, "limit") {
		t.Errorf("tree %v, NoTree %q: want no tree past the limit", res.Tree != nil, res.NoTree)
	}
	if d := time.Since(start); d > 4*time.Second {
		t.Errorf("Run took %v, want the search's time plus at most the tree's limit", d)
	}
}

// A finished search with a tree within the limits: the tree proves the answer and passes
// the checker; each phase has its own counts.
func TestRun_TreeAfterSearch(t *testing.T) {
	for _, c := range []struct {
		game, pos string
		task      Task
		want      string
	}{
		{"cram", "3x4", Nimber, "1"},
		{"cram", "3x3 + 2x5", Nimber, "1"},
		{"kayles", "9 7 5", Outcome, ""}, // W; its nimber, 2, is known when the game's theory gives it
		{"cram", "4x4", Outcome, "0"},
		{"cram", "3x5", Outcome, "≠ 0"},
	} {
		req := request(t, c.game, c.pos, c.task)
		req.Tree, req.Limits = TreeAfter, Limits{TreeNodes: 1_000_000, TreeTime: time.Minute}
		res := runner(t, c.game).Run(context.Background(), req, nil)
		if res.Err != nil || res.Stopped || res.Tree == nil {
			t.Fatalf("%s %s: err %v, stopped %v, no tree: %s", c.game, c.pos, res.Err, res.Stopped, res.NoTree)
		}
		if got := res.Answer.NimberText(); c.want != "" && got != c.want || res.Answer.OutcomeText() == "?" {
			t.Errorf("%s %s %v: nimber %s, want %s", c.game, c.pos, c.task, got, c.want)
		}
		if res.Record.Elapsed <= 0 {
			t.Errorf("%s %s: recording %+v: want its own counts", c.game, c.pos, res.Record)
		}
		checkTree(t, res.Tree)
	}
}

// A stop during the recording keeps the answer and says why there is no tree.
func TestRun_RecordingStopKeepsAnswer(t *testing.T) {
	req := request(t, "cram", "3x9", Nimber)
	req.Tree, req.Limits = TreeAfter, Limits{TreeNodes: 10}
	res := runner(t, "cram").Run(context.Background(), req, nil)
	if !res.Answer.HasNimber || res.Tree != nil || res.Stopped {
		t.Fatalf("answer %+v, tree %v, stopped %v: want the nimber, no tree", res.Answer, res.Tree != nil, res.Stopped)
	}
	if !strings.Contains(res.NoTree, "10 nodes") {
		t.Errorf("NoTree = %q, want the node limit named", res.NoTree)
	}
}

// What a stopped search proved is said: ≠ 0 means W; = k means nimber k.
func TestRun_StoppedSaysWhatIsProven(t *testing.T) {
	r := runner(t, "cram")
	if res := r.Run(context.Background(), request(t, "cram", "3x5", Outcome), nil); res.Answer.OutcomeText() != "W" {
		t.Fatalf("outcome of 3x5 = %s, want W", res.Answer.OutcomeText())
	}
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	res := r.Run(stopped, request(t, "cram", "3x5", Nimber), nil)
	if !res.Stopped {
		t.Fatalf("a cancelled context did not stop the search")
	}
	if got := res.Answer.OutcomeText() + " " + res.Answer.NimberText(); got != "W ≠ 0" {
		t.Errorf("stopped with 3x5 ≠ 0 proven: answer %q, want \"W ≠ 0\"", got)
	}
	if got := res.ProvenText(); got != "3x5: ≠ 0" {
		t.Errorf("ProvenText = %q, want %q", got, "3x5: ≠ 0")
	}

	r.Run(context.Background(), request(t, "cram", "3x4", Nimber), nil)
	res = r.Run(stopped, request(t, "cram", "3x4 + 3x5", Nimber), nil)
	// W only when 3x5 was proven ≠ 1, the nimber of 3x4.
	var f35 engine.Fact
	for _, c := range res.Components {
		if c.Position == "3x5" {
			f35 = c.Fact
		}
	}
	if got := res.Answer.OutcomeText(); got != map[bool]string{true: "W", false: "?"}[f35.Excludes(1)] {
		t.Errorf("3x4 (= 1) + 3x5 (%s): outcome %s", Describe(f35), got)
	}
}

// An L outcome means nimber 0.
func TestRun_LosingOutcomeIsNimberZero(t *testing.T) {
	res := runner(t, "kayles").Run(context.Background(), request(t, "kayles", "4 1", Outcome), nil)
	if got := res.Answer.OutcomeText() + " " + res.Answer.NimberText(); got != "L 0" {
		t.Errorf("kayles 4 1: %q, want \"L 0\"", got)
	}
}

func TestRun_Moves(t *testing.T) {
	res := runner(t, "nim").Run(context.Background(), request(t, "nim", "1 2", Moves), nil)
	var wins []string
	for _, o := range res.Options {
		if o.Wins() {
			wins = append(wins, o.Position)
		}
	}
	if res.Answer.NimberText() != "3" || len(res.Options) != 3 || strings.Join(wins, ",") != "1 1" {
		t.Errorf("nim 1 2: nimber %s, options %+v: want 3, with the one winning move to 1 1", res.Answer.NimberText(), res.Options)
	}
}

// A runner answers for its own game only: its cache keys are the game's.
func TestRun_OtherGame(t *testing.T) {
	res := runner(t, "cram").Run(context.Background(), request(t, "nim", "3", Nimber), nil)
	if res.Err == nil {
		t.Errorf("a cram runner solved nim")
	}
}

// Grundy tree: the recording is the search, and the tree is the same as after a search.
func TestRun_TreeOnly(t *testing.T) {
	req := request(t, "cram", "3x6", Nimber)
	req.Tree = TreeOnly
	only := runner(t, "cram").Run(context.Background(), req, nil)
	req.Tree, req.Limits = TreeAfter, Limits{TreeNodes: 1 << 20}
	after := runner(t, "cram").Run(context.Background(), req, nil)
	if only.Tree == nil || after.Tree == nil {
		t.Fatalf("no tree: %q, %q", only.NoTree, after.NoTree)
	}
	if only.Answer != after.Answer || only.Tree.LosingCouples() != after.Tree.LosingCouples() {
		t.Errorf("tree only: %+v, %d couples; after: %+v, %d", only.Answer, only.Tree.LosingCouples(), after.Answer, after.Tree.LosingCouples())
	}
}

// OnAnswer hands over the answer as soon as the search ends, before the recording's first
// report, while the recording still has its time to run.
func TestRun_OnAnswerBeforeRecording(t *testing.T) {
	req := request(t, "nim", "999 + 907 477", Nimber)
	req.Tree, req.Limits = TreeAfter, Limits{TreeTime: time.Second}
	var events []string
	var answered time.Time
	req.OnAnswer = func(res Result) {
		answered = time.Now()
		events = append(events, "answer "+res.Answer.NimberText())
		if res.Tree != nil || res.NoTree != "" {
			t.Errorf("OnAnswer: tree %v, NoTree %q: want neither yet", res.Tree != nil, res.NoTree)
		}
	}
	res := runner(t, "nim").Run(context.Background(), req, func(ph Phase, _ engine.Stats) {
		if ph == Recording && (len(events) == 0 || events[len(events)-1] != "recording") {
			events = append(events, "recording")
		}
	})
	ended := time.Now()
	if got := strings.Join(events, ", "); got != "answer 433, recording" {
		t.Fatalf("events %q, want \"answer 433, recording\"", got)
	}
	if d := ended.Sub(answered); d < 900*time.Millisecond {
		t.Errorf("the answer came %v before the end, want the recording's second", d)
	}
	if res.Answer.NimberText() != "433" || res.Tree != nil || res.NoTree == "" {
		t.Errorf("result: %s, tree %v, NoTree %q", res.Answer.NimberText(), res.Tree != nil, res.NoTree)
	}
}

// A runner of the window (Shared) leaves the runtime's memory limit alone; one of the
// command line sets it from its budget, and gives it back when closed.
func TestNewRunner_SharedLeavesMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	r, err := NewRunner("cram", Config{CacheMB: 64, Shared: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("a shared runner set the memory limit to %d, was %d", got, before)
	}
	r.Close()
	r, err = NewRunner("cram", Config{CacheMB: 64})
	if err != nil {
		t.Fatal(err)
	}
	if got := debug.SetMemoryLimit(-1); got == before || got > memoryLimit(live.mb) {
		t.Errorf("a runner of 64 MB set the memory limit to %d, was %d; want the live budgets' %d", got, before, memoryLimit(live.mb))
	}
	r.Close()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("after Close the memory limit is %d, was %d", got, before)
	}
}

// TestRun_ReadOutTree: a tree read out of what the search proved checks, and proves the
// search's answer, for a nimber and an outcome, on a sum and on Sprouts (whose keys are
// cheap: the tree is written exact).
func TestRun_ReadOutTree(t *testing.T) {
	for _, c := range []struct {
		game, pos string
		task      Task
	}{
		{"cram", "3x4", Nimber},
		{"cram", "3x3 + 2x5", Nimber},
		{"kayles", "9 7 5", Outcome},
		{"sprouts", "0*7", Outcome},
		{"sprouts", "0.AB|AB + 0*3", Nimber},
	} {
		req := request(t, c.game, c.pos, c.task)
		req.Tree, req.ReadOut = TreeAfter, true
		req.Limits = Limits{TreeNodes: 1_000_000, TreeTime: time.Minute}
		res := runner(t, c.game).Run(context.Background(), req, nil)
		if res.Err != nil || res.Stopped || res.Tree == nil || res.FactsDisagree != "" {
			t.Fatalf("%s %s: err %v, stopped %v, no tree: %s %s", c.game, c.pos, res.Err, res.Stopped, res.NoTree, res.FactsDisagree)
		}
		checkTree(t, res.Tree)
		root := res.Tree.Nodes[res.Tree.Root]
		if c.task == Nimber && (!root.Losing() || res.Answer.NimberText() != strconv.Itoa(root.N)) ||
			c.task == Outcome && (root.N != 0 || root.Losing() == res.Answer.Win) {
			t.Errorf("%s %s: root (%s, %d) %s, answer %s", c.game, c.pos, root.Position, root.N, root.Result, res.Answer.NimberText())
		}
	}
}
