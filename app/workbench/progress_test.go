package workbench

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

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
	rows := func(p *engine.ProofProgress, recording, ended bool) string {
		top, bottom := ProofRows(p, recording, ended)
		var lines []string
		for _, r := range append(top, bottom...) {
			lines = append(lines, r[0]+"\t"+r[1])
		}
		return strings.Join(lines, "\n")
	}
	for _, c := range []struct{ name, got, want string }{
		{"running", rows(running, false, false), "Deciding\t0*11 + *2: W if its nimber ≠ 2, L if = 2; then 1 more component\n" +
			"Proof numbers\tto prove W 12, to prove L 1 340 (the smaller, the nearer)\n" +
			"\t" + ProofHint + "\n" +
			"DAG\t41 203 couples, 38.0 MB\n" +
			"Path\tmost proving, 24 couples, root to the one expanded next (→):\n" +
			"\t   0. 0*11 + *2\n\t   1. 0*10.1a1a + *2\n\t   ⋮  18 more\n" +
			"\t  20. 0*3.AB|AB + *2\n\t  21. 0*3.AB|AB\n\t  22. 0*2.1aCa|ABC\n\t→ 23. 0.AB|AB"},
		{"nearest move", strings.Join(strings.Split(rows(&engine.ProofProgress{Root: engine.ProofStep{Position: "0*39"}, PN: 30, DN: 900,
			Replies: 31, Answered: 12}, false, false), "\n")[:3], "\n"),
			"Deciding\t0*39: W if its nimber ≠ 0, L if = 0\n" +
				"Nearest to W\ta move with 12 of its 31 replies answered; all would make it W\n" +
				"Proof numbers\tto prove W 30, to prove L 900 (the smaller, the nearer)"},
		{"stopped while recording", strings.SplitN(rows(running, true, true), "\n", 2)[0],
			"Stopped at\t0*11 + *2: W if its nimber ≠ 2, L if = 2; then 1 more component (recording the tree)"},
		{"proven", rows(proven, false, true), "Proven\t0*7 + *2 is L (nimber = 2)\nDAG\tat its largest 1 080 couples, 20.0 kB"},
		{"won", rows(&engine.ProofProgress{Root: engine.ProofStep{Position: "0*5"}, DN: engine.ProofInfinite}, true, true),
			"Proven\t0*5 is W (nimber ≠ 0)\nDAG\tat its largest 0 couples, 0 B"},
		{"infinite", strings.Split(rows(&engine.ProofProgress{Root: engine.ProofStep{Position: "0*5"}, PN: engine.ProofInfinite, DN: 3}, false, false), "\n")[1],
			"Proof numbers\tto prove W ∞, to prove L 3 (the smaller, the nearer)"},
		{"one-couple path", PathTitle(&engine.ProofProgress{PathLen: 1}), "most proving: the root itself is expanded next"},
		{"df-pn", rows(&engine.ProofProgress{Table: true, Root: engine.ProofStep{Position: "0*11"}, PN: 3, DN: 40, Couples: 9000, Bytes: 1 << 20,
			PathLen: 2, Path: []engine.ProofStep{{Position: "0*11"}, {Position: "0*9.1a1a", Depth: 1}}}, false, false),
			"Deciding\t0*11: W if its nimber ≠ 0, L if = 0\n" +
				"Proof numbers\tto prove W 3, to prove L 40 (the smaller, the nearer)\n" +
				"\t" + ProofHint + "\n" +
				"Table\t9 000 couples, 1.0 MB (df-pn keeps the numbers of the couples it left, not a DAG)\n" +
				"Path\tdepth first, 2 couples, root to the one expanded next (→):\n" +
				"\t  0. 0*11\n\t→ 1. 0*9.1a1a"},
		{"df-pn proven", rows(&engine.ProofProgress{Table: true, Root: engine.ProofStep{Position: "0*4", N: 1}, PN: engine.ProofInfinite,
			Largest: 120, LargestBytes: 2 << 10}, false, true),
			"Proven\t0*4 + *1 is L (nimber = 1)\nTable\tat its largest 120 couples, 2.0 kB"},
		{"team", rows(&engine.ProofProgress{Root: engine.ProofStep{Position: "0*11", N: 1}, Options: 12, OptionsWon: 3,
			Option: engine.ProofStep{Position: "0.0.AB|AB", N: 1, Depth: 1}, PN: 4, DN: 9, Couples: 20, Bytes: 4800}, false, false),
			"Deciding\t0*11 + *1: W if its nimber ≠ 1, L if = 1\n" +
				"Options\t3 of 12 proven W; one proven L would decide it W\n" +
				"Worker 1 proves\t0.0.AB|AB + *1\n" +
				"Proof numbers\tto prove W 4, to prove L 9 (the smaller, the nearer)\n" +
				"\t" + ProofHint + "\n" +
				"DAG\tworker 1's: 20 couples, 4.7 kB"},
		{"misère", rows(&engine.ProofProgress{Misere: true, Root: engine.ProofStep{Position: "0*17"}, PN: 40, DN: 1200,
			RootOptions: 10, RootRefuted: 2, Replies: 12, Answered: 3, Couples: 5000, Bytes: 2 << 20}, false, false),
			"Deciding\t0*17 under misère play: W if one of its moves leads to a loss for the opponent\n" +
				"Options\t2 of 10 refuted (won for the opponent); all refuted would make it L\n" +
				"Nearest to W\ta move with 3 of its 12 replies answered; all would make it W\n" +
				"Proof numbers\tto prove W 40, to prove L 1 200 (the smaller, the nearer)\n" +
				"\t" + MisereProofHint + "\n" +
				"DAG\t5 000 positions, 2.0 MB"},
		{"misère stopped, no replies yet", strings.Join(strings.Split(rows(&engine.ProofProgress{Misere: true, Root: engine.ProofStep{Position: "0*17"},
			PN: 1, DN: 9, RootOptions: 10}, false, true), "\n")[:3], "\n"),
			"Stopped at\t0*17 under misère play: W if one of its moves leads to a loss for the opponent\n" +
				"Options\t0 of 10 refuted (won for the opponent); all refuted would make it L\n" +
				"Proof numbers\tto prove W 1, to prove L 9 (the smaller, the nearer)"},
		{"misère won", rows(&engine.ProofProgress{Misere: true, Root: engine.ProofStep{Position: "0*12"}, DN: engine.ProofInfinite}, false, true),
			"Proven\t0*12 is W under misère play: a move leads to a loss for the opponent"},
	} {
		if c.got != c.want {
			t.Errorf("%s:\n%s\nwant\n%s", c.name, c.got, c.want)
		}
	}
}

// proofShown is the proof rows of the progress table, name and value joined by a tab, or
// nil when it has none.
func proofShown(p *SolverPanel) []string { return p.ui.proof.lines() }

// row is the value of the row named name among lines, or "".
func row(lines []string, name string) string {
	for _, l := range lines {
		if n, v, _ := strings.Cut(l, "\t"); n == name {
			return v
		}
	}
	return ""
}

var (
	numbersRe = regexp.MustCompile(`^Proof numbers\tto prove W ([0-9 ]+|∞), to prove L ([0-9 ]+|∞) \(the smaller, the nearer\)$`)
	dagRe     = regexp.MustCompile(`^DAG\t(worker 1's: )?[0-9 ]+ couples, [0-9.]+ [kM]?B$`)
)

// While a proof-number search of Sprouts runs, the progress table shows its root's proof
// numbers, its DAG and its most-proving path, changing as it goes; once it has stopped, it
// says so. The rows may change while the tree is recorded: two workers find 0*11's nimber
// in about 0.3 s, one or two reports.
func TestSolverPanel_ProofNumbersWhileRunning(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	p := w.Solver
	p.SetTreeLimits(job.Limits{TreeNodes: 300_000, TreeTime: 10 * time.Second})
	// The test workbench's 16 MB leave each of two workers a DAG of 2 MB (a quarter of the
	// budget, split between the workers), which the search passes within a second: it then
	// prunes its DAG again and again, and its rows may not change while the test watches
	// them. 0*14, not 0*11: a quiet machine decides 0*11 in under a second, sometimes before
	// its rows change once.
	p.SetCacheMB(128)
	setPosition(t, w, "sprouts", "0*14")
	if proofShown(p) != nil {
		t.Fatalf("proof rows before any search: %q", proofShown(p))
	}
	p.Start(TaskNimber)
	var first []string
	q.runUntil(t, 60*time.Second, func() bool {
		lines := proofShown(p)
		if row(lines, "Path") == "" || !strings.HasPrefix(lines[0], "Deciding\t") {
			return false
		}
		if first == nil {
			first = lines
		}
		return row(lines, "Proof numbers") != row(first, "Proof numbers") || row(lines, "DAG") != row(first, "DAG")
	})
	lines := proofShown(p)
	t.Logf("first:\n%s\nlater:\n%s", strings.Join(first, "\n"), strings.Join(lines, "\n"))
	if !strings.HasPrefix(lines[0], "Deciding\t0*14") || !numbersRe.MatchString("Proof numbers\t"+row(lines, "Proof numbers")) ||
		!slices.Contains(lines, "\t"+ProofHint) || !dagRe.MatchString("DAG\t"+row(lines, "DAG")) {
		t.Errorf("rows above the counts %q", lines)
	}
	path := lines[slices.Index(lines, "Path\t"+row(lines, "Path"))+1:]
	if !strings.HasPrefix(row(lines, "Path"), "most proving, ") || !regexp.MustCompile(`^\t(  |→ ) *0\. 0\*14`).MatchString(path[0]) ||
		!strings.HasPrefix(path[len(path)-1], "\t→ ") {
		t.Errorf("path %q", path)
	}
	// The rows sit in the table: the decided couple first, the path after the counts.
	objs := p.ui.proof.table.Objects
	if objs[2] != p.ui.proof.names[0] || objs[len(objs)-2] != p.ui.proof.names[len(lines)-1] {
		t.Error("the proof rows are not first and last in the progress table")
	}
	p.Stop()
	waitDone(t, p, q)
	if lines := proofShown(p); len(lines) == 0 || !strings.HasPrefix(lines[0], "Stopped at\t") && !strings.HasPrefix(lines[0], "Proven\t") {
		t.Errorf("after a stop: %q", lines)
	}
}

// A proof-number search that ends says what it proved, without numbers or path; a depth-first
// search shows nothing of proof numbers; df-pn shows its table.
func TestSolverPanel_ProofNumbersWhenDone(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	p := w.Solver
	setPosition(t, w, "sprouts", "0*6")
	r := solve(t, w, q, TaskNimber)
	if !r.Answer.HasNimber || r.Tree == nil {
		t.Fatalf("sprouts 0*6: %+v, want a nimber and its tree", r.Answer)
	}
	want := "Proven\t" + CoupleText(engine.ProofStep{Position: "0*6", N: r.Answer.Nimber}) + " is L (nimber = " + strconv.Itoa(r.Answer.Nimber) + ")"
	lines := proofShown(p)
	if len(lines) != 2 || lines[0] != want || !regexp.MustCompile(`^DAG\tat its largest [0-9 ]+ couples`).MatchString(lines[1]) ||
		strings.HasPrefix(lines[1], "DAG\tat its largest 1 couples") {
		t.Errorf("after the search: %q, want %q and the DAG at its largest", lines, want)
	}
	setPosition(t, w, "chomp", "4x5")
	if lines := proofShown(p); lines != nil {
		t.Errorf("after a change of position: %q", lines)
	}
	solve(t, w, q, TaskNimber)
	if lines := proofShown(p); lines != nil {
		t.Errorf("after a depth-first search: %q", lines)
	}
	// Cram's default search is df-pn: its table, where the DAG would be.
	setPosition(t, w, "cram", "3x5")
	r = solve(t, w, q, TaskNimber)
	want = "Proven\t" + CoupleText(engine.ProofStep{Position: "3x5", N: r.Answer.Nimber}) + " is L (nimber = " + strconv.Itoa(r.Answer.Nimber) + ")"
	if lines := proofShown(p); len(lines) != 2 || lines[0] != want || !strings.HasPrefix(lines[1], "Table\tat its largest ") {
		t.Errorf("after df-pn: %q, want %q and the table at its largest", lines, want)
	}
}
