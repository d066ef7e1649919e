package workbench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"grundy/engine"
	"grundy/games"
	"grundy/job"
	"grundy/store"
)

// TestMain keeps the tests off the user's facts store: HOME is a temporary directory (each
// workbench test sets its own too, and so gets a store of its own) and XDG_DATA_HOME is
// unset, so that store.DefaultDir is under the tests' HOME. After the tests, it checks that
// the user's store was not touched.
func TestMain(m *testing.M) {
	userStore, _ := store.DefaultDir()
	before := stamp(userStore)
	home, err := os.MkdirTemp("", "workbench-home-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("HOME", home)
	os.Unsetenv("XDG_DATA_HOME")
	code := m.Run()
	os.RemoveAll(home)
	if after := stamp(userStore); after != before {
		fmt.Fprintf(os.Stderr, "the tests touched the user's facts store %s: %s, was %s\n", userStore, after, before)
		code = 1
	}
	os.Exit(code)
}

// stamp says whether dir exists and when it last changed.
func stamp(dir string) string {
	fi, err := os.Stat(dir)
	if err != nil {
		return "absent"
	}
	return fi.ModTime().String()
}

// fakeFolders answers the folder dialog with path.
type fakeFolders struct{ path string }

func (f fakeFolders) Folder(_ string, done func(string, error)) { done(f.path, nil) }

// newStoreWorkbench returns a workbench whose preferences choose the store in dir, as a
// user's would from one session to the next; the folder dialog answers folder.
func newStoreWorkbench(t *testing.T, dir, folder string) (*Workbench, *uiQueue) {
	t.Helper()
	t.Setenv("HOME", t.TempDir()) // the default store ("" chosen) is the test's own
	a := test.NewTempApp(t)
	a.Preferences().SetInt(PrefCacheMB, 16)
	a.Preferences().SetString(PrefStore, dir)
	win := test.NewWindow(nil) // closed once, by closeWorkbench
	win.Resize(fyne.NewSize(1280, 800))
	q := newUIQueue()
	w := New(a, win, Options{Picker: &fakePicker{}, Folders: fakeFolders{folder}, Do: q.do})
	t.Cleanup(func() {
		if !w.closed {
			closeWorkbench(t, w, q)
		}
	})
	return w, q
}

// storeRow returns the search's and the recording's cells of the store's row.
func storeRow(p *SolverPanel) (search, tree string) {
	return p.ui.storeUse[0].Text, p.ui.storeUse[1].Text
}

// closeWorkbench closes w's window, as the user does: the store is flushed and closed.
func closeWorkbench(t *testing.T, w *Workbench, q *uiQueue) {
	t.Helper()
	w.Solver.Stop()
	if d := w.Solver.Done(); d != nil {
		q.runUntil(t, 20*time.Second, func() bool { return isClosed(d) })
	}
	w.win.Close()
}

// waitCounted runs the UI queue until the store's facts are counted and on show.
func waitCounted(t *testing.T, w *Workbench, q *uiQueue) {
	t.Helper()
	q.runUntil(t, 20*time.Second, func() bool { return w.facts.counted && !w.facts.counting && !w.facts.delayed })
}

// The window uses the default store, under the tests' XDG_DATA_HOME, and shows what it holds.
func TestStore_DefaultAndCounts(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	want := filepath.Join(os.Getenv("XDG_DATA_HOME"), "grundy")
	if w.Store() == nil || w.Store().Dir() != want {
		t.Fatalf("store %v, want one in %s", w.Store(), want)
	}
	setPosition(t, w, "cram", "3x9")
	r := solve(t, w, q, TaskNimber)
	if r.Store.Written == 0 {
		t.Fatalf("the search wrote no fact to the store: %+v", r.Store)
	}
	waitCounted(t, w, q)
	st, err := w.Store().Stats()
	if err != nil {
		t.Fatal(err)
	}
	n := entriesOf(st, "cram")
	if n == 0 {
		t.Fatal("no cram fact stored after a search")
	}
	size := w.Solver.ui.storeSize.Text
	if wantText := "cram " + count(n) + " of "; !strings.Contains(size, wantText) || !strings.Contains(size, want) {
		t.Errorf("store size %q, want %q and the directory", size, wantText)
	}
	search, _ := storeRow(w.Solver)
	if want := "0 reused, " + count(r.Store.Written) + " written"; search != want && r.Record.Nodes == 0 {
		t.Errorf("store row %q, want %q", search, want)
	}
}

// A count asked for before the last one's time has passed countGap times waits, then runs
// once, however many were asked for.
func TestStore_CountsWait(t *testing.T) {
	w, q := newStoreWorkbench(t, t.TempDir(), "")
	waitCounted(t, w, q)
	w.facts.nextCount = time.Now().Add(300 * time.Millisecond)
	w.countFacts()
	w.countFacts()
	if w.facts.counting || !w.facts.delayed {
		t.Fatalf("counting %v, delayed %v: want the count to wait", w.facts.counting, w.facts.delayed)
	}
	begun := time.Now()
	q.runUntil(t, 5*time.Second, func() bool { return w.facts.counting })
	if d := time.Since(begun); d < 250*time.Millisecond {
		t.Errorf("the count began after %v, want about 300 ms", d)
	}
	waitCounted(t, w, q)
}

// A second session of the window on the same store reads what the first proved: its
// search reuses stored facts, and says how many.
func TestStore_SecondSessionSeesFacts(t *testing.T) {
	dir := t.TempDir()
	w1, q1 := newStoreWorkbench(t, dir, "")
	setPosition(t, w1, "cram", "3x9")
	first := solve(t, w1, q1, TaskNimber)
	if first.Store.Written == 0 {
		t.Fatalf("the first session wrote nothing: %+v", first.Store)
	}
	closeWorkbench(t, w1, q1)
	if w1.Store() != nil {
		t.Fatal("closing the window left the store open")
	}

	w2, q2 := newStoreWorkbench(t, dir, "")
	setPosition(t, w2, "cram", "3x9")
	second := solve(t, w2, q2, TaskNimber)
	if second.Answer != first.Answer {
		t.Fatalf("second session %+v, first %+v", second.Answer, first.Answer)
	}
	if second.Store.Hits == 0 || second.Search.Nodes >= first.Search.Nodes {
		t.Fatalf("second session: %d store hits, %d nodes (first %d): want hits and fewer nodes",
			second.Store.Hits, second.Search.Nodes, first.Search.Nodes)
	}
	// The search reads the root's nimber from the store; the recording of its tree, the
	// facts below it. The row counts each phase's, the result both.
	search, tree := storeRow(w2.Solver)
	t.Logf("first session: %d nodes, %d facts written; second: %d nodes, %d store hits (search %q, tree %q)",
		first.Search.Nodes, first.Store.Written, second.Search.Nodes, second.Store.Hits, search, tree)
	if got := reused(t, search) + reused(t, tree); got != second.Store.Hits || reused(t, search) == 0 {
		t.Errorf("store row %q | %q: %d reused in all, want %d, some by the search", search, tree, got, second.Store.Hits)
	}
}

// reused reads the facts reused in a cell of the store's row: "1 234 reused, …".
func reused(t *testing.T, cell string) int64 {
	t.Helper()
	var n int64
	num, _, ok := strings.Cut(cell, " reused")
	if !ok {
		t.Fatalf("store cell %q", cell)
	}
	if _, err := fmt.Sscan(strings.ReplaceAll(num, " ", ""), &n); err != nil {
		t.Fatalf("store cell %q: %v", cell, err)
	}
	return n
}

// A stopped search resumes on the same runner with Resume: the same answer as a search from
// nothing, in fewer nodes, and the state line says what it reused.
func TestStore_ResumeAfterStop(t *testing.T) {
	const game, pos = "cram", "4x7"
	cold := coldSearch(t, game, pos)
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, game, pos)
	p := w.Solver
	p.Start(TaskNimber)
	// A quarter of the way: the nodes the resumed search saves are well above the noise of
	// the cache's admissions.
	q.runUntil(t, 60*time.Second, func() bool { return p.last.Nodes > cold.Search.Nodes/4 || !p.Running() })
	p.Stop()
	waitDone(t, p, q)
	stopped := p.Result()
	if !stopped.Stopped {
		t.Skipf("the search ended (%d nodes) before the first report let the test stop it", stopped.Search.Nodes)
	}
	if !p.CanResume() || !p.ui.resume.Visible() {
		t.Fatalf("after Stop: can resume %v, Resume shown %v", p.CanResume(), p.ui.resume.Visible())
	}
	for _, size := range checkedSizes {
		checkNoOverlap(t, w, size) // Resume shown
	}
	test.Tap(p.ui.resume)
	if !p.Running() {
		t.Fatal("Resume did not start the search")
	}
	waitDone(t, p, q)
	r := p.Result()
	if r.Stopped || r.Answer != cold.Answer {
		t.Fatalf("resumed: %+v (stopped %v), from nothing %+v", r.Answer, r.Stopped, cold.Answer)
	}
	if r.Search.Nodes >= cold.Search.Nodes {
		t.Errorf("resumed in %d nodes, from nothing %d: want fewer", r.Search.Nodes, cold.Search.Nodes)
	}
	if s := p.ui.state.Text; !strings.HasPrefix(s, "Resumed: ") || !strings.Contains(s, count(r.Search.CacheHits)+" cache hits") {
		t.Errorf("state %q: want what the resumed search reused", s)
	}
	if p.CanResume() || p.ui.resume.Visible() {
		t.Error("Resume still offered after the search ended")
	}
	t.Logf("stopped after %d nodes; resumed in %d nodes, from nothing %d", stopped.Search.Nodes, r.Search.Nodes, cold.Search.Nodes)
}

// coldSearch solves the nimber of pos with no store and a fresh cache.
func coldSearch(t *testing.T, game, pos string) job.Result {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	p, err := games.Parse(g, pos)
	if err != nil {
		t.Fatal(err)
	}
	r, err := job.NewRunner(game, job.Config{CacheMB: 16})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	res := r.Run(context.Background(), job.Request{Game: g, Position: p, Task: job.Nimber}, nil)
	if res.Err != nil || res.Stopped {
		t.Fatalf("%s %s from nothing: %v", game, pos, res.Err)
	}
	return res
}

// A store in use by another process (here, held open) leaves the window without one: it
// says why, once, and solves all the same; choosing it again once free opens it.
func TestStore_InUseWorksWithout(t *testing.T) {
	dir := t.TempDir()
	held, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	w, q := newStoreWorkbench(t, dir, "")
	if w.Store() != nil {
		t.Fatal("opened a store another holds")
	}
	if !strings.Contains(w.Status(), "in use") || !strings.HasPrefix(w.Solver.ui.storeSize.Text, "none: ") {
		t.Errorf("status %q, store %q: want why there is no store", w.Status(), w.Solver.ui.storeSize.Text)
	}
	setPosition(t, w, "nim", "1 2")
	if r := solve(t, w, q, TaskNimber); r.Answer.Nimber != 3 || r.Store != (job.StoreUse{}) {
		t.Fatalf("without a store: %+v, store use %+v", r.Answer, r.Store)
	}
	if search, _ := storeRow(w.Solver); search != "" {
		t.Errorf("store row %q without a store", search)
	}
	held.Close()
	if err := w.UseStore(dir); err != nil || w.Store() == nil {
		t.Fatalf("UseStore(%s) once free: %v", dir, err)
	}
}

// None works without a store, and is remembered; Choose Folder opens the store there.
func TestStore_NoneAndChoose(t *testing.T) {
	w, q := newStoreWorkbench(t, "", filepath.Join(t.TempDir(), "facts"))
	if err := w.UseStore(StoreNone); err != nil || w.Store() != nil {
		t.Fatalf("UseStore(none): %v, store %v", err, w.Store())
	}
	if got := w.app.Preferences().String(PrefStore); got != StoreNone {
		t.Errorf("preference %q, want %q", got, StoreNone)
	}
	setPosition(t, w, "kayles", "7")
	if r := solve(t, w, q, TaskNimber); r.Answer.Nimber != 2 {
		t.Fatalf("kayles 7 with no store: %+v", r.Answer)
	}
	w.ChooseStore()
	want := w.folders.(fakeFolders).path
	if w.Store() == nil || w.Store().Dir() != want || w.app.Preferences().String(PrefStore) != want {
		t.Fatalf("chose %s: store %v, preference %q", want, w.Store(), w.app.Preferences().String(PrefStore))
	}
	if r := solve(t, w, q, TaskNimber); r.Store.Written == 0 {
		t.Errorf("the chosen store got no fact: %+v", r.Store)
	}
}

// Clearing asks first, saying how many facts go: Esc keeps them, Enter clears them.
func TestStore_ClearConfirms(t *testing.T) {
	w, q := newStoreWorkbench(t, t.TempDir(), "")
	setPosition(t, w, "cram", "3x9")
	first := solve(t, w, q, TaskNimber)
	setPosition(t, w, "kayles", "9")
	solve(t, w, q, TaskNimber)
	st, err := w.Store().Stats()
	if err != nil {
		t.Fatal(err)
	}
	cram := entriesOf(st, "cram")
	ask := func() {
		w.AskClear("cram")
		q.runUntil(t, 10*time.Second, func() bool { return w.win.Canvas().Overlays().Top() != nil })
	}
	ask()
	if text := dialogText(w); !strings.Contains(text, "Remove the "+count(cram)+" facts of cram") {
		t.Errorf("the question %q does not say how many go (%d)", text, cram)
	}
	pressKey(w, fyne.KeyEscape)
	if st, _ := w.Store().Stats(); entriesOf(st, "cram") != cram {
		t.Fatalf("Esc cleared facts: %d left of %d", entriesOf(st, "cram"), cram)
	}
	ask()
	pressKey(w, fyne.KeyReturn)
	st, _ = w.Store().Stats()
	if entriesOf(st, "cram") != 0 || entriesOf(st, "kayles") == 0 {
		t.Fatalf("after clearing cram: %+v", st.Games)
	}
	// The search after the clearing searches again and writes its facts again. Its store
	// hits are no test of the clearing: what the task's search wrote, once the writer has
	// flushed it (every 2 s: a slow run, under -race), its recording may read back (11 and
	// 15 hits in runs under -race).
	setPosition(t, w, "cram", "3x9")
	r := solve(t, w, q, TaskNimber)
	if r.Answer.Nimber != first.Answer.Nimber || r.Search.Nodes == 0 || r.Store.Written == 0 {
		t.Errorf("a search after the clearing: nimber %d (before %d), %d nodes, %d facts written",
			r.Answer.Nimber, first.Answer.Nimber, r.Search.Nodes, r.Store.Written)
	}
}

// dialogText returns the texts of the labels of the dialog on top.
func dialogText(w *Workbench) string {
	var texts []string
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch o := o.(type) {
		case *fyne.Container:
			for _, c := range o.Objects {
				walk(c)
			}
		case *widget.Label:
			texts = append(texts, o.Text)
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(o).Objects() {
				walk(c)
			}
		}
	}
	walk(w.win.Canvas().Overlays().Top())
	return strings.Join(texts, " | ")
}

func TestClearQuestion(t *testing.T) {
	st := store.Stats{Games: []store.GameStats{{Game: "cram", Entries: 12345}, {Game: "kayles", Entries: 7}}}
	cases := []struct{ game, want string }{
		{"cram", "Remove the 12 345 facts of cram from the store in /s?"},
		{"", "Remove all 12 352 facts of the store in /s (cram 12 345, kayles 7)?"},
		{"nim", "Remove the 0 facts of nim from"},
	}
	for _, c := range cases {
		if got := ClearQuestion(st, c.game, "/s"); !strings.HasPrefix(got, c.want) {
			t.Errorf("ClearQuestion(%q) = %q, want it to start %q", c.game, got, c.want)
		}
	}
}

// The Facts store row follows what a search writes, as the Store row does, instead of
// holding the count taken before the search ("0 of 0 facts" while the Store row said
// thousands written): a tick of the progress table shows the facts the store's writer
// added since the count.
func TestStore_FactsRowFollowsTheWriter(t *testing.T) {
	w, q := newStoreWorkbench(t, t.TempDir(), "")
	setPosition(t, w, "cram", "3x5")
	waitCounted(t, w, q)
	if got := storedFacts(t, w.Solver.ui.storeSize.Text, "cram"); got != 0 {
		t.Fatalf("a new store: %d cram facts", got)
	}
	facts := w.Store().Facts("cram")
	for i := range 1500 {
		facts.Put(fmt.Sprintf("k%d", i%1000), engine.Fact{}.WithNimber(i%1000%3)) // 1 000 positions
	}
	if err := w.Store().Flush(); err != nil { // as the writer does every 2 s
		t.Fatal(err)
	}
	w.Solver.ui.showStoreUse([2]string{"0 reused, 1 500 written", ""}) // as a tick of the search does
	if got := storedFacts(t, w.Solver.ui.storeSize.Text, "cram"); got != 1000 {
		t.Errorf("Facts store row %q: %d cram facts, want the 1 000 written", w.Solver.ui.storeSize.Text, got)
	}
}

// After a real search, the row's facts (the count before it, and what the writer added)
// are those a count of the store finds.
func TestStore_FactsRowAgreesWithTheCount(t *testing.T) {
	w, q := newStoreWorkbench(t, t.TempDir(), "")
	setPosition(t, w, "cram", "3x8")
	waitCounted(t, w, q)
	r := solve(t, w, q, TaskNimber)
	w.Solver.ui.showStoreUse([2]string{"", ""})
	live := storedFacts(t, w.Solver.ui.storeSize.Text, "cram")
	waitCounted(t, w, q)
	counted := storedFacts(t, w.Solver.ui.storeSize.Text, "cram")
	t.Logf("%d written, %d facts live, %d counted", r.Store.Written, live, counted)
	if counted == 0 || live < counted-counted/500-1 || live > counted {
		t.Errorf("the row said %d cram facts during the search's end, the count %d", live, counted)
	}
}

// storedFacts reads the facts of game in the Facts store row: "cram 1 234 of 5 678 facts; …".
func storedFacts(t *testing.T, row, game string) int64 {
	t.Helper()
	num, _, ok := strings.Cut(strings.TrimPrefix(row, game+" "), " of ")
	var n int64
	if !ok || !strings.HasPrefix(row, game+" ") {
		t.Fatalf("Facts store row %q", row)
	}
	if _, err := fmt.Sscan(strings.ReplaceAll(num, " ", ""), &n); err != nil {
		t.Fatalf("Facts store row %q: %v", row, err)
	}
	return n
}

// Choosing a folder that is not a store changes nothing: the store in use stays, and the
// next launch opens it, not the folder.
func TestStore_NotAStoreKeepsWorkingStore(t *testing.T) {
	good := t.TempDir()
	w, _ := newStoreWorkbench(t, good, "")
	if w.Store() == nil {
		t.Fatal("no store")
	}
	bad := t.TempDir()
	os.WriteFile(filepath.Join(bad, "thesis.tex"), []byte("\\documentclass{article}"), 0o644)
	if err := w.UseStore(bad); err == nil {
		t.Fatalf("UseStore(%s), a folder of other files: no error", bad)
	}
	if w.Store() == nil || w.Store().Dir() != good {
		t.Fatalf("after the failed choice: store %v, want the one in %s", w.Store(), good)
	}
	if got := w.app.Preferences().String(PrefStore); got != good {
		t.Fatalf("preference %q after the failed choice, want %q", got, good)
	}
}

// The store's size on disk is that of all its files, its log too.
func TestStore_SizeOnDiskCountsEveryFile(t *testing.T) {
	dir := t.TempDir()
	w, q := newStoreWorkbench(t, dir, "")
	setPosition(t, w, "cram", "3x5")
	solve(t, w, q, TaskNimber)
	w.countFacts()
	waitCounted(t, w, q)
	want, err := dirBytes(dir)
	if err != nil || want == 0 {
		t.Fatalf("dirBytes(%s) = %d, %v", dir, want, err)
	}
	if got := w.facts.stats.DiskBytes; got != want {
		t.Errorf("size on disk %d, want %d, the store's files together", got, want)
	}
	if got := StatLines(engine.Stats{Cache: engine.Usage{Entries: 1, Bytes: 100}}, 0)[2][1]; !strings.HasSuffix(got, " 1 entry") {
		t.Errorf("cache row %q, want \"… 1 entry\"", got)
	}
	// The tables a cache takes at the start are said apart: an empty cache read
	// "45.3 MB in 1 entries".
	u := engine.Usage{Entries: 1, Bytes: 45<<20 + 300, Tables: 45 << 20}
	if got, want := StatLines(engine.Stats{Cache: u}, 0)[2][1], "300 B in 1 entry + 45.0 MB of tables"; got != want {
		t.Errorf("cache row %q, want %q", got, want)
	}
}
