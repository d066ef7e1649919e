package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games/cram"
)

// A Cram solve stopped by --timeout, then run again on the same store, takes up what the
// stopped one proved: fewer nodes than from nothing, and the log says both runs' ends.
func TestSolve_TimeoutThenResume(t *testing.T) {
	const board = "3x12" // 47 000 nodes: long enough for a stop after the store opens on a fast machine
	dir := t.TempDir()
	db, log := filepath.Join(dir, "facts"), filepath.Join(dir, "run.log")
	cold := solveJSON(t, "cram", board, "--no-db", "--workers", "1", "--tree-nodes", "0")
	// Stops until they have left a thousand facts: opening the store takes some of the
	// timeout, more on a loaded machine, so the timeout doubles until then (a stop that left
	// two facts, saving nothing, failed a CI run).
	stops, written := 0, int64(0)
	for timeout := 25 * time.Millisecond; ; timeout *= 2 {
		code, out, errOut := grundy("solve", "cram", board, "--db", db, "--workers", "1", "--timeout", timeout.String(),
			"--log", log, "--json", "--tree-nodes", "0")
		if code != exitTimeout || !strings.Contains(out, `"stopped":true`) {
			t.Fatalf("solve --timeout %s: exit %d, want %d (stopped), out %q, stderr %q", timeout, code, exitTimeout, out, errOut)
		}
		stops++
		var res solveResult
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatal(err)
		}
		if written += *res.Stats.StoreWritten; written >= 1000 {
			break
		}
	}
	warm := solveJSON(t, "cram", board, "--db", db, "--workers", "1", "--tree-nodes", "0", "--log", log)
	if *warm.Nimber != *cold.Nimber || *warm.Stats.StoreHits == 0 || warm.Stats.Nodes >= cold.Stats.Nodes {
		t.Errorf("resumed: nimber %d, %d store hits, %d nodes; from nothing: nimber %d, %d nodes",
			*warm.Nimber, *warm.Stats.StoreHits, warm.Stats.Nodes, *cold.Nimber, cold.Stats.Nodes)
	}
	text, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	var want []string
	for range stops {
		want = append(want, "cram "+board+": start", "cram "+board+": stopped after")
	}
	want = append(want, "cram "+board+": start", "cram "+board+": done in")
	if len(lines) != len(want) {
		t.Fatalf("log has %d lines, want %d:\n%s", len(lines), len(want), text)
	}
	for i, w := range want {
		if !strings.Contains(lines[i], w) {
			t.Errorf("log line %d = %q, want it to say %q", i+1, lines[i], w)
		}
	}
	if last := lines[len(lines)-1]; !strings.HasSuffix(last, ": nimber 1") {
		t.Errorf("log's last line = %q, want the nimber 1 at its end", last)
	}
}

// The words of the progress on the root: the values proven impossible, the heap tried, the
// options that heap decided, and a losing one when it is known.
func TestRootWatch_Words(t *testing.T) {
	root, err := cram.Parse("3x5")
	if err != nil {
		t.Fatal(err)
	}
	facts := map[string]engine.Fact{}
	w := newRootWatch(func(p engine.Position) (engine.Fact, bool) { f, ok := facts[p.Key()]; return f, ok }, root)
	n := len(w.comps[0].opts)
	if n != 7 { // 3x5 has 22 dominoes, 7 up to symmetry
		t.Fatalf("3x5: %d distinct options, want 7", n)
	}
	if got, want := w.String(), "trying 0: 0 of 7 options decided"; got != want {
		t.Errorf("nothing known: %q, want %q", got, want)
	}
	facts[root.Key()] = engine.Fact{}.Without(0).Without(1)
	for _, o := range w.comps[0].opts[:1] {
		for _, c := range o {
			facts[c.Key()] = engine.Fact{}.WithNimber(2)
		}
	}
	got := w.String()
	if !strings.HasPrefix(got, "nimber ≠ 0, 1; trying 2: 1 of 7 options decided, a losing one found") {
		t.Errorf("root ≠ 0, 1 and one option's components known: %q", got)
	}
	// An option decided stays counted for the heap tried when the cache lets its facts go.
	facts[root.Key()] = engine.Fact{}.Without(0).Without(1).Without(2)
	for _, c := range w.comps[0].opts[1] {
		facts[c.Key()] = engine.Fact{}.WithNimber(0)
	}
	if got := w.String(); !strings.HasSuffix(got, "trying 3: 2 of 7 options decided") {
		t.Errorf("two options known with heap 3: %q", got)
	}
	for _, c := range w.comps[0].opts[1] {
		delete(facts, c.Key())
	}
	if got := w.String(); !strings.HasSuffix(got, "trying 3: 2 of 7 options decided") {
		t.Errorf("an option's facts let go: %q, want it still counted", got)
	}
	facts[root.Key()] = engine.Fact{}.WithNimber(1)
	if got := w.String(); got != "" {
		t.Errorf("root's nimber known: %q, want nothing", got)
	}
}

// The words of a misère search by proof numbers: its root's options refuted, and the move
// nearest to a win with its replies answered once that move's replies are made.
func TestMisereWords(t *testing.T) {
	p := &engine.ProofProgress{Misere: true, RootOptions: 10, RootRefuted: 2}
	if got, want := misereWords(p), "2 of 10 options refuted"; got != want {
		t.Errorf("no replies made: %q, want %q", got, want)
	}
	p.Replies, p.Answered = 12, 3
	if got, want := misereWords(p), "2 of 10 options refuted; the move nearest to a win has 3 of its 12 replies answered"; got != want {
		t.Errorf("replies made: %q, want %q", got, want)
	}
}

// A search by proof numbers in normal play says, after the words on the root, how near the
// move nearest to a win is, once that move's replies are made; a misère search says it after
// its options refuted, and no words are added to a search that counted no replies.
func TestWatchWords_NearestMove(t *testing.T) {
	root, err := cram.Parse("3x5")
	if err != nil {
		t.Fatal(err)
	}
	w := &watch{root: newRootWatch(func(engine.Position) (engine.Fact, bool) { return engine.Fact{}, false }, root)}
	p := &engine.ProofProgress{}
	if got, want := w.words(engine.Stats{Proof: p}), "trying 0: 0 of 7 options decided"; got != want {
		t.Errorf("no replies made: %q, want %q", got, want)
	}
	p.Replies, p.Answered = 12, 3
	if got, want := w.words(engine.Stats{Proof: p}), "trying 0: 0 of 7 options decided; the move nearest to a win has 3 of its 12 replies answered"; got != want {
		t.Errorf("replies made: %q, want %q", got, want)
	}
	if got, want := (&watch{}).words(engine.Stats{Proof: &engine.ProofProgress{Misere: true, RootOptions: 10, RootRefuted: 2, Replies: 12, Answered: 3}}),
		"2 of 10 options refuted; the move nearest to a win has 3 of its 12 replies answered"; got != want {
		t.Errorf("misère: %q, want %q", got, want)
	}
}

// TestLog_DAGCuts: a proof-number search whose DAG passes its budget again and again says so
// in its log: Sprouts 0*12 within 4 MB (a DAG of 1 MB) cuts it many times, and either answers
// or stops with nothing proven between two cuts (the cache's admissions differ from run to
// run); its last line counts the cuts. cutWords says a count.
func TestLog_DAGCuts(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	log := filepath.Join(t.TempDir(), "run.log")
	code, out, errOut := grundy("solve", "sprouts", "0*12", "--outcome-only", "--no-db", "--workers", "1", "--cache-mb", "4",
		"--tree-nodes", "0", "--log", log)
	b, err := os.ReadFile(log)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	last := lines[len(lines)-1]
	if code != 0 && code != exitTimeout || err != nil || !strings.Contains(last, ", its DAG cut to the budget ") ||
		code == 0 && !strings.HasSuffix(last, " times: nimber 0") || code == exitTimeout && !strings.Contains(last, " times; trying 0: ") {
		t.Errorf("solve sprouts 0*12 --cache-mb 4: exit %d (%q %q), log %q (%v); want an answer or a stop whose line counts the DAG's cuts",
			code, out, errOut, b, err)
	}
	for cuts, want := range []string{"", ", its DAG cut to the budget once", ", its DAG cut to the budget 2 times"} {
		if got := cutWords(&engine.ProofProgress{Cuts: cuts}); got != want {
			t.Errorf("cutWords(%d) = %q, want %q", cuts, got, want)
		}
	}
	if got := cutWords(nil); got != "" {
		t.Errorf("cutWords(nil) = %q, want none", got)
	}
}
