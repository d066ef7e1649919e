package export

import (
	"bytes"
	"strings"
	"testing"

	"grundy/engine"
)

// A misère tree says so in its drawing, first, and in its title: read as normal play its
// labels contradict the nimbers ("3x3 = 0" of a position whose nimber is not 0).
func TestWrite_MisereSaysSo(t *testing.T) {
	tr := cramTree()
	tr.Convention = engine.Misere
	d, fs := wholeScene(t, tr)
	if it := d.pic.Items[0]; it.Text != MisereCaption {
		t.Fatalf("first item %+v, want the caption %q", it, MisereCaption)
	}
	normal, _ := scene(cramTree(), config{root: -1, depth: -1}, fs)
	if len(d.nodes) != len(normal.nodes) || d.pic.H <= normal.pic.H {
		t.Fatalf("captioned drawing: %d nodes, height %g; without: %d nodes, height %g", len(d.nodes), d.pic.H, len(normal.nodes), normal.pic.H)
	}
	for i, n := range d.nodes { // the same node items, after the caption
		if got, want := d.pic.Items[n.first].Text, normal.pic.Items[normal.nodes[i].first].Text; got != want {
			t.Fatalf("node %d starts with %q, want %q", i, got, want)
		}
	}
	for _, format := range []string{".svg", ".tex"} {
		var b bytes.Buffer
		if err := Write(&b, format, tr); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "misère play") {
			t.Errorf("%s of a misère tree never says misère", format)
		}
	}
}

// A misère tree by forms says so in its caption, its labels name the form beside each
// position ("+ F1"), never its index as a heap, and its title names the root's couple.
func TestWrite_MisereFormsLabels(t *testing.T) {
	tr := &engine.Tree{Format: engine.TreeFormat, Convention: engine.Misere, Game: "kayles",
		Forms: [][]int32{{}, {0}}, Nodes: []engine.Node{
			{ID: 0, Position: "2", N: 0, Result: "W", Children: []int{1}},
			{ID: 1, Position: "1", N: 1, Result: "L", Children: nil},
		}}
	d, _ := wholeScene(t, tr)
	if it := d.pic.Items[0]; it.Text != FormsCaption {
		t.Fatalf("first item %+v, want the caption %q", it, FormsCaption)
	}
	var texts []string
	for _, it := range d.pic.Items {
		texts = append(texts, it.Text)
	}
	all := strings.Join(texts, "|")
	if !strings.Contains(all, "+ F1  = 0") || strings.Contains(all, "= 1") {
		t.Errorf("labels %q, want the child's \"+ F1  = 0\" and no heap 1", all)
	}
	if got, want := title(tr, config{root: -1}), "Solution tree of kayles (2) under misère play, W"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
}

// wholeScene draws the whole of tr with the fonts of a file, and returns them too.
func wholeScene(t *testing.T, tr *engine.Tree) (drawing, *fonts) {
	t.Helper()
	fs, err := theFonts()
	if err != nil {
		t.Fatal(err)
	}
	d, err := scene(tr, config{root: -1, depth: -1}, fs)
	if err != nil {
		t.Fatal(err)
	}
	return d, fs
}
