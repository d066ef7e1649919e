package workbench

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// pressKey types a key on the window's canvas, as the keyboard would with no widget focused.
func pressKey(w *Workbench, key fyne.KeyName) {
	if f := w.win.Canvas().OnTypedKey(); f != nil {
		f(&fyne.KeyEvent{Name: key})
	}
}

// confirmExport opens the export dialog and confirms it with Enter, as it is set.
func confirmExport(w *Workbench, subtree bool) {
	w.Export(subtree)
	pressKey(w, fyne.KeyReturn)
}

// settlePreview waits until the dialog shows the preview of its form as it is now.
func settlePreview(t *testing.T, q *uiQueue, d *exportDialog) {
	t.Helper()
	q.runUntil(t, 20*time.Second, func() bool { return d.shown == d.asked })
}

// solvedCram shows the solved tree of a Cram board in a test workbench.
func solvedCram(t *testing.T, board string) (*Workbench, *fakePicker, *uiQueue) {
	t.Helper()
	w, fp, q := newTestWorkbench(t)
	setPosition(t, w, "cram", board)
	solve(t, w, q, TaskNimber)
	if w.Tree.Tree() == nil {
		t.Fatalf("cram %s: no tree on show", board)
	}
	q.runUntil(t, 20*time.Second, func() bool { return w.verdict().State == Checked })
	return w, fp, q
}

func TestDefaultExportName(t *testing.T) {
	tests := []struct{ game, position, ext, want string }{
		{"cram", "3x4", ".pdf", "cram-3x4.pdf"},
		{"cram", "3x3 + 2x5", ".svg", "cram-3x3+2x5.svg"},
		{"sprouts", "0*7", ".pdf", "sprouts-0-7.pdf"},
		{"sprouts", "0.AB|AB", ".png", "sprouts-0.ab-ab.png"},
		{"octal:0.77", "12 7", ".tex", "octal-0.77-12-7.tex"},
		{"nim", "3 5 7", ".pdf", "nim-3-5-7.pdf"},
		{"chomp", "../../etc/passwd", ".pdf", "chomp-etc-passwd.pdf"},
		{"cram", "..#/.../...", ".pdf", "cram-"}, // a hash: checked below
		{"kayles", "", ".svg", "kayles-"},
	}
	for _, tc := range tests {
		got := defaultExportName(tc.game, tc.position, tc.ext)
		ok := got == tc.want
		if strings.HasSuffix(tc.want, "-") {
			ok = regexp.MustCompile(`^` + regexp.QuoteMeta(tc.want) + `[0-9a-f]{8}\` + tc.ext + `$`).MatchString(got)
		}
		if !ok || strings.ContainsAny(got, `/\:*?"<>| `) {
			t.Errorf("defaultExportName(%q, %q, %q) = %q, want %q", tc.game, tc.position, tc.ext, got, tc.want)
		}
	}
	if a, b := defaultExportName("cram", "..#/...", ".pdf"), defaultExportName("cram", "#../...", ".pdf"); a == b {
		t.Errorf("two boards get the same name %q", a)
	}
}

// TestExportDialog_Preview: the dialog's preview of cram 2x3, expanded as the tree view opens
// it, and the form around it.
func TestExportDialog_Preview(t *testing.T) {
	w, _, q := solvedCram(t, "2x3")
	d := newExportDialog(w, false)
	settlePreview(t, q, d)
	if d.preview.Image == nil {
		t.Fatalf("no preview: %q", d.warning.Text)
	}
	test.AssertImageMatches(t, "export_preview_cram2x3.png", d.preview.Image)
	win := test.NewTempWindow(t, d.content)
	win.Resize(fyne.NewSize(480, 560))
	test.AssertRendersToImage(t, "export_dialog_cram2x3.png", win.Canvas())
	if !strings.HasPrefix(d.size.Text, "Page 107 × 173 pt") || !strings.Contains(d.size.Text, "smallest label 7.0 pt") {
		t.Errorf("size line %q", d.size.Text)
	}
	if d.warning.Text != "" {
		t.Errorf("warning %q for a tree that fits", d.warning.Text)
	}
}

// TestExportDialog_Warning: cram 3x4 expanded in full cannot fit a column with labels of 5 pt;
// the dialog says how small they would be and that depth 2 fits.
func TestExportDialog_Warning(t *testing.T) {
	w, _, q := solvedCram(t, "3x4")
	w.Tree.ExpandBelow(w.Tree.Tree().Root, 1<<20)
	d := newExportDialog(w, false)
	settlePreview(t, q, d)
	for _, want := range []string{"At 240 pt wide the labels would be 2.2 pt, under 5 pt", "kept 552 pt wide", "Depth 2 fits 240 pt"} {
		if !strings.Contains(d.warning.Text, want) {
			t.Errorf("warning %q, want it to say %q", d.warning.Text, want)
		}
	}
	d.depth.SetSelected("2")
	settlePreview(t, q, d)
	if d.warning.Text != "" {
		t.Errorf("at depth 2 the warning says %q", d.warning.Text)
	}
	if !strings.HasPrefix(d.size.Text, "Page 222 × ") {
		t.Errorf("at depth 2: %q, want a page 222 pt wide (its natural width, under 240)", d.size.Text)
	}
}

// A tree whose check has not ended is exported with a word, in the dialog and after.
func TestExportDialog_UncheckedSaysSo(t *testing.T) {
	w, fp, q := solvedCram(t, "2x3")
	w.Details.run.verdict = Verdict{State: Checking, Node: -1}
	d := newExportDialog(w, false)
	settlePreview(t, q, d)
	if !strings.Contains(d.warning.Text, "check has not ended") {
		t.Errorf("warning %q for a tree being checked", d.warning.Text)
	}
	fp.paths = []string{filepath.Join(t.TempDir(), "t.svg")}
	d.export()
	if s := w.Status(); !strings.HasPrefix(s, "Saved ") || !strings.Contains(s, "not yet a checked proof") {
		t.Errorf("status %q after exporting a tree being checked", s)
	}
}

// TestExport_Width: the file written has the width chosen in the dialog.
func TestExport_Width(t *testing.T) {
	w, fp, _ := solvedCram(t, "2x3")
	dir := t.TempDir()
	w.Tree.ExpandBelow(w.Tree.Tree().Root, 1<<20)
	d := newExportDialog(w, false)
	d.show()
	d.format.SetSelected("SVG")
	d.width.SetSelectedIndex(2)
	d.custom.SetText("100")
	fp.paths = []string{filepath.Join(dir, "narrow")}
	pressKey(w, fyne.KeyReturn)
	data, err := os.ReadFile(filepath.Join(dir, "narrow.svg"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<svg [^>]*width="([0-9.]+)pt"`).FindSubmatch(data)
	if m == nil {
		t.Fatalf("no width in the SVG: %.300s", data)
	}
	if got, _ := strconv.ParseFloat(string(m[1]), 64); got < 99.5 || got > 100.01 {
		t.Errorf("the SVG is %g pt wide, want 100", got)
	}

	d = newExportDialog(w, false) // the last format is remembered: SVG
	d.show()
	d.format.SetSelected("PDF")
	fp.paths = []string{filepath.Join(dir, "column")}
	pressKey(w, fyne.KeyReturn)
	pdf, err := os.ReadFile(filepath.Join(dir, "column.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	box := regexp.MustCompile(`/MediaBox\s*\[\s*0\s+0\s+([0-9.]+)`).FindSubmatch(pdf)
	if box == nil {
		t.Fatal("no MediaBox in the PDF")
	}
	if got, _ := strconv.ParseFloat(string(box[1]), 64); got < 106.5 || got > 107.5 {
		t.Errorf("the PDF is %g pt wide, want 107.08 (the tree's natural width, under a column)", got)
	}
}

// TestExport_AsShown: what is collapsed in the tree view is collapsed in the file, and the
// subtree starts at the selected node with the same expansion.
func TestExport_AsShown(t *testing.T) {
	w, fp, _ := solvedCram(t, "3x4")
	dir := t.TempDir()
	tr := w.Tree.Tree()
	w.app.Preferences().SetString(PrefExportFormat, ".svg")
	fp.paths = []string{filepath.Join(dir, "start"), filepath.Join(dir, "less"), filepath.Join(dir, "sub")}
	want := map[string]int{"start": w.Tree.Shown()}
	confirmExport(w, false)
	kid := tr.Nodes[tr.Root].Children[0]
	w.Tree.Toggle(kid)
	if w.Tree.Expanded(kid) {
		t.Fatal("toggling a child of the root did not collapse it")
	}
	want["less"] = w.Tree.Shown()
	confirmExport(w, false)
	w.Tree.Select(kid)
	w.Tree.Toggle(kid) // open again: the subtree shows kid's children, collapsed
	confirmExport(w, true)
	want["sub"] = 1 + len(tr.Nodes[kid].Children)
	if want["less"] >= want["start"] {
		t.Fatalf("collapsing node %d showed %d nodes, from %d", kid, want["less"], want["start"])
	}
	for name, n := range want {
		data, err := os.ReadFile(filepath.Join(dir, name+".svg"))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(string(data), "<g>\n"); got != n {
			t.Errorf("%s.svg draws %d nodes, want %d", name, got, n)
		}
	}
}

// TestExportDialog_Keys: Esc cancels the dialog and asks for no file; Enter confirms it.
func TestExportDialog_Keys(t *testing.T) {
	w, fp, _ := solvedCram(t, "2x3")
	w.Export(false)
	pressKey(w, fyne.KeyEscape)
	if len(fp.titles) != 0 || w.win.Canvas().Overlays().Top() != nil {
		t.Fatalf("after Esc: %d file dialogs, overlay %v", len(fp.titles), w.win.Canvas().Overlays().Top())
	}
	pressKey(w, fyne.KeyReturn) // the dialog is gone: Enter does nothing
	if len(fp.titles) != 0 {
		t.Fatal("Enter after Esc opened a file dialog")
	}
	confirmExport(w, false)
	if len(fp.titles) != 1 || w.win.Canvas().Overlays().Top() != nil {
		t.Fatalf("after Enter: %d file dialogs, overlay %v", len(fp.titles), w.win.Canvas().Overlays().Top())
	}
}
