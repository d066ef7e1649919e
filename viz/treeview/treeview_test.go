package treeview

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// newTestView returns a tree view of size w × h in a test window.
func newTestView(t *testing.T, w, h float32) (*TreeView, fyne.Window) {
	t.Helper()
	t.Setenv("HOME", t.TempDir())
	test.NewTempApp(t)
	v := New()
	win := test.NewTempWindow(t, v)
	win.SetPadded(false)
	win.Resize(fyne.NewSize(w, h))
	return v, win
}

// tapNode taps the centre of node id's box.
func tapNode(t *testing.T, v *TreeView, id int) {
	t.Helper()
	b, ok := v.model.box(id)
	if !ok {
		t.Fatalf("node %d is not on show", id)
	}
	x, y := v.view.toScreen(b.X+b.W/2, b.Y+b.H/2)
	test.TapAt(v, fyne.NewPos(float32(x), float32(y)))
}

func TestTreeView_ExpandsOnTap(t *testing.T) {
	v, _ := newTestView(t, 800, 600)
	tree := cramTree(t, "2x3")
	v.SetTree(tree)
	v.CollapseTo(1)
	root := tree.Nodes[tree.Root]
	var kid = -1
	for _, c := range root.Children {
		if len(tree.Nodes[c].Children) > 0 {
			kid = c
			break
		}
	}
	if kid < 0 {
		t.Fatal("no child of the root has children")
	}
	before := v.Shown()
	var selected = -1
	v.OnSelected = func(id int) { selected = id }
	tapNode(t, v, kid)
	if v.Expanded(kid) || v.Shown() != before {
		t.Fatalf("a tap that selects node %d expanded it", kid)
	}
	if selected != kid || v.Selected() != kid {
		t.Fatalf("after a tap: selected %d (callback %d), want %d", v.Selected(), selected, kid)
	}
	tapNode(t, v, kid)
	if !v.Expanded(kid) {
		t.Fatalf("node %d not expanded after a tap on it selected", kid)
	}
	if want := before + len(tree.Nodes[kid].Children); v.Shown() != want {
		t.Fatalf("after expanding node %d: %d nodes on show, want %d", kid, v.Shown(), want)
	}
	if selected != kid || v.Selected() != kid {
		t.Fatalf("selected %d (callback %d), want %d", v.Selected(), selected, kid)
	}
	tapNode(t, v, kid)
	if v.Expanded(kid) || v.Shown() != before {
		t.Fatalf("after a third tap: expanded %v, %d on show, want collapsed, %d", v.Expanded(kid), v.Shown(), before)
	}
}

// A tap that selects a node (to read its explanation) leaves its subtree as it was; the tap
// used to fold it.
func TestTreeView_TapSelectsWithoutFolding(t *testing.T) {
	v, _ := newTestView(t, 800, 600)
	tree := cramTree(t, "2x3")
	v.SetTree(tree)
	v.CollapseTo(2)
	kid := -1
	for _, c := range tree.Nodes[tree.Root].Children {
		if len(tree.Nodes[c].Children) > 0 {
			kid = c
			break
		}
	}
	if kid < 0 || !v.Expanded(kid) {
		t.Fatalf("no expanded child of the root (%d)", kid)
	}
	shown := v.Shown()
	tapNode(t, v, kid)
	if !v.Expanded(kid) || v.Shown() != shown || v.Selected() != kid {
		t.Fatalf("a tap to select node %d: expanded %v, %d on show (was %d), selected %d", kid, v.Expanded(kid), v.Shown(), shown, v.Selected())
	}
}

func TestTreeView_EscapeCallsOnEscape(t *testing.T) {
	v, _ := newTestView(t, 800, 600)
	escaped := 0
	v.OnEscape = func() { escaped++ }
	v.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	v.SetTree(cramTree(t, "2x3"))
	v.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if escaped != 2 {
		t.Fatalf("Esc called OnEscape %d times, want 2", escaped)
	}
}

func TestTreeView_TapKeepsNodeInPlace(t *testing.T) {
	v, _ := newTestView(t, 800, 600)
	tree := cramTree(t, "2x3")
	v.SetTree(tree)
	v.CollapseTo(1)
	kid := tree.Nodes[tree.Root].Children[0]
	b, _ := v.model.box(kid)
	x0, y0 := v.view.toScreen(b.X+b.W/2, b.Y)
	v.Toggle(kid)
	b, _ = v.model.box(kid)
	x1, y1 := v.view.toScreen(b.X+b.W/2, b.Y)
	if x0 != x1 || y0 != y1 {
		t.Fatalf("node moved on screen from (%g, %g) to (%g, %g)", x0, y0, x1, y1)
	}
}

func TestTreeView_BuildsOnlyVisible(t *testing.T) {
	v, _ := newTestView(t, 640, 480)
	tree := wideTree(4, 7) // 21845 nodes
	v.SetTree(tree)
	if v.Shown() > StartNodes {
		t.Fatalf("a tree of %d nodes opens with %d on show", len(tree.Nodes), v.Shown())
	}
	v.Ask = func(_ int, answer func(Answer)) { answer(AnswerAll) }
	v.ExpandBelow(tree.Root, 100)
	if v.Shown() != len(tree.Nodes) {
		t.Fatalf("expanded all: %d on show, want %d", v.Shown(), len(tree.Nodes))
	}
	root, _ := v.model.box(tree.Root)
	v.view = view{zoom: 2}.keep(root.X, root.Y, 300, 20)
	v.Refresh()
	r := test.WidgetRenderer(v).(*renderer)
	if r.built == 0 || r.built > 200 {
		t.Fatalf("zoomed in on a tree of %d nodes: %d drawn, want a few", len(tree.Nodes), r.built)
	}
	if n := len(r.Objects()); n > 5000 {
		t.Fatalf("%d canvas objects for %d nodes drawn", n, r.built)
	}
}

func TestTreeView_ZoomAndFit(t *testing.T) {
	v, _ := newTestView(t, 800, 600)
	v.SetTree(cramTree(t, "2x3"))
	v.Fit()
	fitted := v.Zoom()
	v.ZoomIn()
	if v.Zoom() <= fitted {
		t.Fatalf("ZoomIn: zoom %g, was %g", v.Zoom(), fitted)
	}
	v.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(100, 100)}, Scrolled: fyne.NewDelta(0, -200)})
	v.Dragged(&fyne.DragEvent{Dragged: fyne.NewDelta(40, 10)})
	v.Fit()
	if v.Zoom() != fitted {
		t.Fatalf("Fit: zoom %g, want %g", v.Zoom(), fitted)
	}
}

func TestTreeView_FollowsResize(t *testing.T) {
	v, w := newTestView(t, 800, 600)
	v.SetTree(cramTree(t, "2x3"))
	v.Fit()
	w.Resize(fyne.NewSize(400, 300))
	small := v.Zoom()
	w.Resize(fyne.NewSize(800, 600))
	if v.Zoom() <= small {
		t.Fatalf("after growing the window the fitted zoom stayed %g", v.Zoom())
	}
	v.ZoomIn()
	z := v.Zoom()
	w.Resize(fyne.NewSize(500, 400))
	if v.Zoom() != z {
		t.Fatalf("a resize changed the zoom the user chose, %g, to %g", z, v.Zoom())
	}
}

func TestTreeView_Empty(t *testing.T) {
	v, w := newTestView(t, 400, 200)
	test.AssertRendersToImage(t, "empty.png", w.Canvas())
	v.SetTree(nil)
	if v.Tree() != nil || v.Shown() != 0 {
		t.Fatal("SetTree(nil) left a tree")
	}
}

func TestTreeView_CramGolden(t *testing.T) {
	v, w := newTestView(t, 720, 420)
	tree := cramTree(t, "2x3")
	v.SetTree(tree)
	v.Fit()
	test.AssertRendersToImage(t, "cram_2x3.png", w.Canvas())
	v.Select(tree.Root)
	test.AssertRendersToImage(t, "cram_2x3_selected.png", w.Canvas())
}

// BenchmarkRedraw redraws a tree of 5461 nodes, all expanded, zoomed out to frames
// (/fitted) and at the zoom a tree opens with, labels drawn (/readable).
func BenchmarkRedraw(b *testing.B) {
	for _, c := range []struct {
		name string
		zoom float64
	}{{"fitted", 0}, {"readable", readable}} {
		b.Run(c.name, func(b *testing.B) {
			test.NewTempApp(b)
			v := New()
			w := test.NewTempWindow(b, v)
			w.Resize(fyne.NewSize(1024, 768))
			v.SetTree(wideTree(4, 6))
			v.Ask = func(_ int, answer func(Answer)) { answer(AnswerAll) }
			v.ExpandBelow(0, 100)
			v.Fit()
			if c.zoom > 0 {
				root, _ := v.model.box(0)
				v.view = view{zoom: c.zoom}.keep(root.X, root.Y, 512, 12)
			}
			r := test.WidgetRenderer(v).(*renderer)
			size := v.Size()
			r.redraw(size)
			b.ReportAllocs()
			for b.Loop() {
				r.redraw(size) // We should see zero allocations.
			}
			b.ReportMetric(float64(r.built), "nodes/redraw")
		})
	}
}

// TestTreeView_WideTreeOpensReadable: a tree too wide to read at its start depth opens with
// fewer levels, fitted; a narrow one keeps its start depth.
func TestTreeView_WideTreeOpensReadable(t *testing.T) {
	v, _ := newTestView(t, 640, 480)
	v.SetTree(wideTree(7, 3)) // 7 + 49 = 56 nodes under the root at depth 2: too wide
	if z := fit(v.model.lay.Bounds, 640, 480).zoom; z < readable {
		t.Errorf("the tree on show fits at zoom %g, below the readable %g", z, readable)
	}
	if d := v.model.depth; d != 1 {
		t.Errorf("opened %d levels deep, want 1 (the root's options)", d)
	}
	v.SetTree(wideTree(2, 3))
	if d := v.model.depth; d != 4 {
		t.Errorf("a narrow tree opened %d levels deep, want all 4", d)
	}
}

// A tree too wide to read whole, even at its root's options, opens fitted all the same: it
// opened with its root at the top centre, a few nodes cut at both sides.
func TestTreeView_WideTreeOpensFitted(t *testing.T) {
	v, _ := newTestView(t, 800, 600)
	v.SetTree(wideTree(80, 1))
	test.WidgetRenderer(v).Layout(v.Size())
	b := v.model.lay.Bounds
	x0, y0 := v.view.toScreen(b.X, b.Y)
	x1, y1 := v.view.toScreen(b.X+b.W, b.Y+b.H)
	if x0 < 0 || y0 < 0 || x1 > 800 || y1 > 600 {
		t.Fatalf("the tree is drawn from (%g, %g) to (%g, %g) in an 800×600 view: not all of it", x0, y0, x1, y1)
	}
}
