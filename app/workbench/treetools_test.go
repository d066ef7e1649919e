package workbench

import (
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"grundy/engine"
)

// bigTree returns a complete tree of nim positions with the given fan-out and depth.
func bigTree(fan, depth int) *engine.Tree {
	t := &engine.Tree{Format: engine.TreeFormat, Game: "nim"}
	var add func(d int) int
	add = func(d int) int {
		id := len(t.Nodes)
		t.Nodes = append(t.Nodes, engine.Node{ID: id, Position: strconv.Itoa(d + 1), Result: "W"})
		if d < depth {
			var kids []int
			for range fan {
				kids = append(kids, add(d+1))
			}
			t.Nodes[id].Children = kids
		}
		return id
	}
	add(0)
	return t
}

// findButton returns the button of the top overlay whose text starts with prefix.
func findButton(t *testing.T, c fyne.Canvas, prefix string) *widget.Button {
	t.Helper()
	top := c.Overlays().Top()
	if top == nil {
		t.Fatal("no dialog is open")
	}
	var found *widget.Button
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && strings.HasPrefix(b.Text, prefix) {
			found = b
		}
		if w, ok := o.(fyne.Widget); ok {
			for _, k := range test.WidgetRenderer(w).Objects() {
				walk(k)
			}
		}
		if ct, ok := o.(*fyne.Container); ok {
			for _, k := range ct.Objects {
				walk(k)
			}
		}
	}
	walk(top)
	if found == nil {
		t.Fatalf("no button %q in the dialog", prefix)
	}
	return found
}

func TestTreeTools_ExpandAllAsks(t *testing.T) {
	for _, c := range []struct {
		button   string
		min, max int
	}{{"Cancel", 11, 11}, {"Show 10", 5000, 10000}, {"Show all", 11111, 11111}} {
		w, _, _ := newTestWorkbench(t)
		tree := bigTree(10, 4) // 11111 nodes, past treeview.LargeTree
		w.ShowTree(tree)
		w.Tree.CollapseTo(1)
		w.Tree.ExpandLevel(-1) // 111 nodes: no question
		if w.win.Canvas().Overlays().Top() != nil {
			t.Fatal("one level of 100 nodes asked")
		}
		w.Tree.CollapseTo(1)
		w.Tree.ExpandAll(-1)
		if n := w.Tree.Shown(); n != 11 {
			t.Fatalf("%d nodes on show before the answer", n)
		}
		test.Tap(findButton(t, w.win.Canvas(), c.button))
		if n := w.Tree.Shown(); n < c.min || n > c.max {
			t.Errorf("after %q: %d on show, want %d to %d", c.button, n, c.min, c.max)
		}
		if w.win.Canvas().Overlays().Top() != nil {
			t.Errorf("after %q the dialog stayed", c.button)
		}
	}
}

func TestTreeTools_NoTreeSaysWhy(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	w.showNoTree("nim", "999", "the recording was stopped")
	if got, want := w.Tree.Message(), "No tree for nim 999: the recording was stopped"; got != want {
		t.Fatalf("the tree view says %q, want %q", got, want)
	}
	w.ShowTree(bigTree(2, 2))
	w.Tree.SetTree(nil)
	if got := w.Tree.Message(); strings.Contains(got, "999") {
		t.Fatalf("with the next tree gone the view still says %q", got)
	}
}

func TestTreeTools_OutlineSelects(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	tree := bigTree(3, 3)
	w.ShowTree(tree)
	w.Tree.SetOutline(true)
	o := w.Tree.Outline()
	o.Select("0/2")
	want := tree.Nodes[tree.Root].Children[2]
	if w.Tree.Selected() != want {
		t.Fatalf("selecting line 0/2 selected %d in the tree, want %d", w.Tree.Selected(), want)
	}
	if w.Details.id != want {
		t.Fatalf("the details show node %d, want %d", w.Details.id, want)
	}
}
