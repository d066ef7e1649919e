package workbench

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/widget"

	"grundy/engine"
	"grundy/job"
)

func TestProofTexts(t *testing.T) {
	running := &engine.ProofProgress{
		Root: engine.ProofStep{Position: "0*11", N: 2}, PN: 12, DN: 1340, Left: 1,
		Couples: 41203, Bytes: 38 << 20, PathLen: 24,
		Path: []engine.ProofStep{
			{Position: "0*11", N: 2}, {Position: "0*10.1a1a", N: 2, Depth: 1},
			{Position: "0*3.AB|AB", N: 2, Depth: 20}, {Position: "0*3.AB|AB", Depth: 21},
			{Position: "0*2.1aCa|ABC", Depth: 22}, {Position: "0.AB|AB", Depth: 23},
		},
	}
	proven := &engine.ProofProgress{Root: engine.ProofStep{Position: "0*7", N: 2}, PN: engine.ProofInfinite, Couples: 1, Bytes: 240,
		Largest: 1080, LargestBytes: 20 << 10}
	for _, c := range []struct{ name, got, want string }{
		{"numbers", NumbersText(running), "Proof numbers: to prove W 12, to prove L 1 340 (the smaller, the nearer)"},
		{"infinite", NumbersText(proven), "Proof numbers: to prove W ∞, to prove L 0 (the smaller, the nearer)"},
		{"deciding", DecidingText(running), "Deciding 0*11 + *2: W if its nimber ≠ 2, L if = 2; then 1 more component"},
		{"proven", DecidingText(proven), "Proven: 0*7 + *2 is L (nimber = 2)"},
		{"won", DecidingText(&engine.ProofProgress{Root: engine.ProofStep{Position: "0*5"}, DN: engine.ProofInfinite}), "Proven: 0*5 is W (nimber ≠ 0)"},
		{"dag", DAGText(running), "DAG: 41 203 couples, 38.0 MB"},
		{"dag proven", DAGText(proven), "DAG at its largest: 1 080 couples, 20.0 kB"},
		{"path title", PathTitle(running), "Most-proving path, 24 couples, from the root to the one expanded next:"},
		{"no path", PathTitle(proven), ""},
		{"path", strings.Join(PathLines(running), "\n"), "   0. 0*11 + *2\n   1. 0*10.1a1a + *2\n   ⋮  18 more\n" +
			"  20. 0*3.AB|AB + *2\n  21. 0*3.AB|AB\n  22. 0*2.1aCa|ABC\n▸ 23. 0.AB|AB"},
		{"title", ProofTitle(running, false, false), "Best-first search (proof numbers): running"},
		{"stopped", ProofTitle(running, true, true), "Best-first search (proof numbers), recording the tree: stopped"},
		{"title proven", ProofTitle(proven, false, true), "Best-first search (proof numbers): proven"},
	} {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.name, c.got, c.want)
		}
	}
}

// proofShown is what the proof-number view shows: its visible lines, in order, or nil when
// it is hidden.
func proofShown(p *SolverPanel) []string {
	v := p.ui.proof
	if !v.box.Visible() {
		return nil
	}
	var lines []string
	for _, l := range append([]*widget.Label{v.title, v.deciding, v.numbers, v.hint, v.dag, v.pathTitle}, v.path...) {
		if l.Visible() {
			lines = append(lines, l.Text)
		}
	}
	return lines
}

var numbersRe = regexp.MustCompile(`^Proof numbers: to prove W ([0-9 ]+|∞), to prove L ([0-9 ]+|∞) \(the smaller, the nearer\)$`)

// While a proof-number search of Sprouts runs, the panel shows its root's proof numbers, its
// DAG and its most-proving path, changing as it goes; once it has stopped, it says so.
func TestSolverPanel_ProofNumbersWhileRunning(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	p := w.Solver
	p.SetTreeLimits(job.Limits{TreeNodes: 300_000, TreeTime: 10 * time.Second})
	setPosition(t, w, "sprouts", "0*11")
	if proofShown(p) != nil {
		t.Fatalf("proof numbers on show before any search: %q", proofShown(p))
	}
	p.Start(TaskNimber)
	var first []string
	q.runUntil(t, 60*time.Second, func() bool {
		lines := proofShown(p)
		if lines == nil || strings.Contains(lines[0], "proven") || strings.Contains(lines[0], "recording") {
			return false
		}
		if first == nil {
			first = lines
		}
		return lines[2] != first[2] || lines[4] != first[4]
	})
	lines := proofShown(p)
	t.Logf("first:\n%s\nlater:\n%s", strings.Join(first, "\n"), strings.Join(lines, "\n"))
	if lines[0] != "Best-first search (proof numbers): running" || !strings.HasPrefix(lines[1], "Deciding 0*11") {
		t.Errorf("title and root %q, %q", lines[0], lines[1])
	}
	if !numbersRe.MatchString(lines[2]) || lines[3] != ProofHint || !regexp.MustCompile(`^DAG: [0-9 ]+ couples, [0-9.]+ [kM]B$`).MatchString(lines[4]) {
		t.Errorf("numbers, hint and DAG: %q", lines[2:5])
	}
	path := lines[6:]
	if !strings.HasPrefix(lines[5], "Most-proving path") || len(path) < 1 || !strings.HasPrefix(path[len(path)-1], "▸ ") ||
		!regexp.MustCompile(`^(  |▸ ) *0\. 0\*11`).MatchString(path[0]) {
		t.Errorf("path %q", lines[5:])
	}
	p.Stop()
	waitDone(t, p, q)
	if lines := proofShown(p); len(lines) == 0 || !strings.HasSuffix(lines[0], "stopped") && !strings.HasSuffix(lines[0], "proven") {
		t.Errorf("after a stop: %q", lines)
	}
}

// A proof-number search that ends says what it proved, without numbers or path; a depth-first
// search shows nothing of proof numbers.
func TestSolverPanel_ProofNumbersWhenDone(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	p := w.Solver
	setPosition(t, w, "sprouts", "0*6")
	r := solve(t, w, q, TaskNimber)
	if !r.Answer.HasNimber || r.Tree == nil {
		t.Fatalf("sprouts 0*6: %+v, want a nimber and its tree", r.Answer)
	}
	want := []string{"Best-first search (proof numbers), recording the tree: proven",
		"Proven: " + CoupleText(engine.ProofStep{Position: "0*6", N: r.Answer.Nimber}) + " is L (nimber = " + strconv.Itoa(r.Answer.Nimber) + ")"}
	lines := proofShown(p)
	if len(lines) != 3 || lines[0] != want[0] || lines[1] != want[1] || !regexp.MustCompile(`^DAG at its largest: [0-9 ]+ couples`).MatchString(lines[2]) ||
		strings.HasPrefix(lines[2], "DAG at its largest: 1 couples") {
		t.Errorf("after the search: %q, want %q and the DAG", lines, want)
	}
	setPosition(t, w, "cram", "3x4")
	if lines := proofShown(p); lines != nil {
		t.Errorf("after a change of position: %q", lines)
	}
	solve(t, w, q, TaskNimber)
	if lines := proofShown(p); lines != nil {
		t.Errorf("after a depth-first search: %q", lines)
	}
}
