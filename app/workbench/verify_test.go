package workbench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"grundy/engine"
)

// falseTrees are tree files that `grundy check` rejects, with the node that fails and words
// of the reason.
var falseTrees = []struct {
	name, file string
	node       int
	why        string
}{
	{"leaf-claimed-losing", `{"format":"grundy-tree/1","game":"cram","root":0,"nodes":[
		{"id":0,"position":"3x4","n":0,"result":"L","children":[]}]}`, 0, "the option (##../..../...., 0) is missing"},
	{"false-child", `{"format":"grundy-tree/1","game":"nim","root":0,"nodes":[
		{"id":0,"position":"2","n":0,"result":"W","children":[1]},
		{"id":1,"position":"1","n":0,"result":"L","children":[]}]}`, 1, "the option (0, 0) is missing"},
	{"unknown-game", `{"format":"grundy-tree/1","game":"no-such-game","root":0,"nodes":[
		{"id":0,"position":"3","n":0,"result":"L","children":[]}]}`, -1, "unknown game"},
}

// writeFile writes data to name in a new temporary folder and returns its path.
func writeFile(t *testing.T, name, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// writeTree saves tr as a tree file and returns its path.
func writeTree(t *testing.T, tr *engine.Tree) string {
	t.Helper()
	var b strings.Builder
	if err := engine.WriteTree(&b, tr); err != nil {
		t.Fatal(err)
	}
	return writeFile(t, "tree.json", b.String())
}

// settle waits until the check of the tree on show has ended: the window waits for it a
// moment only, and a busy machine may take longer.
func settle(t *testing.T, w *Workbench, q *uiQueue) Verdict {
	t.Helper()
	q.runUntil(t, 20*time.Second, func() bool { return w.verdict().State != Checking })
	return w.verdict()
}

// claimsProven reports whether an explanation states a node's result as proven: the words
// of Why, which only a checked tree may show.
func claimsProven(why string) bool {
	for _, w := range []string{"no option at all", "Every option", "because", "and so is the sum"} {
		if strings.Contains(why, w) {
			return true
		}
	}
	return false
}

func TestVerify_FalseTreeOpensAsNotAProof(t *testing.T) {
	for _, c := range falseTrees {
		t.Run(c.name, func(t *testing.T) {
			w, _, q := newTestWorkbench(t)
			if err := w.OpenPath(writeFile(t, "false.json", c.file)); err != nil {
				t.Fatalf("OpenPath: %v", err)
			}
			v := settle(t, w, q)
			if v.State != NotAProof || v.Node != c.node || !strings.Contains(v.Err.Error(), c.why) {
				t.Fatalf("verdict %+v, want not a proof at node %d, %q", v, c.node, c.why)
			}
			if got := w.title.Text; !strings.HasPrefix(got, "Not a proof") || !strings.Contains(got, c.why) {
				t.Errorf("tree title %q, want it to say not a proof and why", got)
			}
			want := max(c.node, 0)
			if w.Tree.Selected() != want {
				t.Errorf("selected node %d, want the failing node %d", w.Tree.Selected(), want)
			}
			tr := w.Tree.Tree()
			for id := range tr.Nodes {
				w.Tree.OnSelected(id)
				title, why := w.Details.Text()
				if claimsProven(why) || !strings.HasPrefix(why, "Not a proof") || !strings.Contains(why, "claims") ||
					!strings.Contains(why, c.why) || !strings.Contains(title, "claimed") {
					t.Errorf("node %d: details %q, %q; want not a proof, the reason and only claims", id, title, why)
				}
			}
		})
	}
}

func TestVerify_TrueTreeOpensChecked(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	tr := proveNimber(t, "cram", "2x3")
	if err := w.OpenPath(writeTree(t, tr)); err != nil {
		t.Fatal(err)
	}
	if v := settle(t, w, q); v.State != Checked {
		t.Fatalf("verdict %+v, want checked", v)
	}
	if got := w.title.Text; !strings.Contains(got, "proof checked") {
		t.Errorf("tree title %q", got)
	}
	shown := w.Tree.Tree()
	if _, why := w.Details.Text(); why != Why(shown, shown.Root) {
		t.Errorf("details of the root: %q, want %q", why, Why(shown, shown.Root))
	}
}

func TestVerify_SavedTreeReopensVerified(t *testing.T) {
	w, fp, q := newTestWorkbench(t)
	setPosition(t, w, "cram", "#../.../... + 1x4")
	solve(t, w, q, TaskNimber)
	if v := settle(t, w, q); v.State != Checked {
		t.Fatalf("the solver's tree: verdict %+v, want checked", v)
	}
	path := filepath.Join(t.TempDir(), "sum.json")
	fp.paths = []string{path}
	w.SaveTree()
	if err := w.OpenPath(writeFile(t, "false.json", falseTrees[0].file)); err != nil {
		t.Fatal(err)
	}
	if err := w.OpenPath(path); err != nil {
		t.Fatal(err)
	}
	if v := settle(t, w, q); v.State != Checked || !strings.Contains(w.title.Text, "proof checked") {
		t.Fatalf("the saved tree re-opened with verdict %+v, title %q", v, w.title.Text)
	}
	if root := w.Tree.Tree().Nodes[w.Tree.Tree().Root]; root.Position != "#../.../... + 1x4" || root.Kind != engine.KindSum {
		t.Fatalf("re-opened root %+v", root)
	}
}

func TestVerify_LargeTreeCheckedInBackground(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	defer func(wait, every time.Duration) { checkWait, checkProgressEvery = wait, every }(checkWait, checkProgressEvery)
	checkWait, checkProgressEvery = 0, 0
	var titles []string
	do := w.Solver.do
	w.Solver.do = func(f func()) { do(func() { f(); titles = append(titles, w.title.Text) }) }

	big := proveNimber(t, "cram", "4x5")
	w.ShowTree(big)
	if v := w.verdict(); v.State != Checking || !strings.HasSuffix(w.title.Text, "checking…") {
		t.Fatalf("as it opens: verdict %+v, title %q; want checking", v, w.title.Text)
	}
	if _, why := w.Details.Text(); claimsProven(why) || !strings.HasPrefix(why, "Not verified yet") {
		t.Errorf("details while checking: %q", why)
	}
	q.runUntil(t, 20*time.Second, func() bool { return w.verdict().State != Checking })
	n := count(int64(len(big.Nodes)))
	if v := w.verdict(); v.State != Checked || !strings.Contains(w.title.Text, "proof checked ("+n+" nodes)") {
		t.Fatalf("after the check: verdict %+v, title %q", v, w.title.Text)
	}
	progress := false
	for _, s := range titles {
		progress = progress || strings.Contains(s, "checking… 256 of "+n+" nodes")
	}
	if !progress {
		t.Errorf("no progress shown; titles %q", titles)
	}

	// A tree shown while another is checked replaces it: the old check's news is dropped.
	w.ShowTree(big)
	tr, _ := engine.ReadTree(strings.NewReader(falseTrees[1].file))
	w.ShowTree(tr)
	q.runUntil(t, 20*time.Second, func() bool { return w.verdict().State != Checking })
	time.Sleep(50 * time.Millisecond)
	q.runUntil(t, time.Second, func() bool { return true })
	if v := w.verdict(); w.Tree.Tree() != tr || v.State != NotAProof || v.Node != 1 || !strings.HasPrefix(w.title.Text, "Not a proof") {
		t.Fatalf("after replacing a tree under check: verdict %+v, title %q", v, w.title.Text)
	}
}

func TestVerify_UncheckedTreeClaimsNothing(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	tr := proveNimber(t, "cram", "2x3")
	w.Tree.SetTree(tr) // not through ShowTree: no check ran
	w.Tree.OnSelected(tr.Root)
	if _, why := w.Details.Text(); claimsProven(why) || !strings.HasPrefix(why, "Not verified") {
		t.Errorf("details of a tree no check ran on: %q", why)
	}
}

// heldPicker keeps each dialog open until the test answers it, as a non-modal dialog stays
// open while the user goes on working.
type heldPicker struct{ done func(string, error) }

func (p *heldPicker) Open(_ string, _ []string, done func(string, error))    { p.done = done }
func (p *heldPicker) Save(_, _ string, _ []string, done func(string, error)) { p.done = done }

func TestFiles_DialogsSaveWhatIsShownWhenConfirmed(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	hp := &heldPicker{}
	w.picker = hp
	dir := t.TempDir()
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}

	setPosition(t, w, "cram", "2x3")
	w.SavePosition()
	setPosition(t, w, "nim", "3 5")
	hp.done(filepath.Join(dir, "pos.json"), nil)
	if got := read("pos.json"); !strings.Contains(got, `"game":"nim","position":"3 5"`) {
		t.Errorf("Save Position confirmed after a change saved %q, want nim 3 5", got)
	}

	solve(t, w, q, TaskNimber)
	w.SaveTree()
	setPosition(t, w, "cram", "2x3")
	solve(t, w, q, TaskNimber)
	hp.done(filepath.Join(dir, "tree.json"), nil)
	if got := read("tree.json"); !strings.Contains(got, `"game":"cram"`) {
		t.Errorf("Save Tree confirmed after another tree was shown saved %.80q, want the cram tree", got)
	}

	confirmExport(w, false)
	w.OpenPath(writeFile(t, "false.json", falseTrees[0].file))
	settle(t, w, q)
	hp.done(filepath.Join(dir, "false.svg"), nil)
	if _, err := os.Stat(filepath.Join(dir, "false.svg")); err == nil || !strings.Contains(w.Status(), "not a proof") {
		t.Errorf("a tree that is not a proof was exported (status %q)", w.Status())
	}
}

func TestFiles_FailedOpenErrorCleared(t *testing.T) {
	w, fp, q := newTestWorkbench(t)
	fp.paths = []string{writeFile(t, "bad.json", `{"format":"grundy-position/1","game":"cram","position":"3x"}`)}
	w.OpenFile()
	if w.Status() == "" {
		t.Fatal("a failed open left no error in the status line")
	}
	setPosition(t, w, "cram", "2x3")
	if got := w.Status(); got != "" {
		t.Errorf("status %q under a valid position after a failed open", got)
	}

	fp.paths = []string{writeFile(t, "bad.json", `{"format":"grundy-tree/1"}`)}
	w.OpenFile()
	if w.Status() == "" {
		t.Fatal("a failed open left no error in the status line")
	}
	solve(t, w, q, TaskNimber)
	if got := w.Status(); got != "" {
		t.Errorf("status %q under a new tree after a failed open", got)
	}
}
