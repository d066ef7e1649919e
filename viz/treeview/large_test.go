package treeview

import (
	"runtime"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"grundy/viz/draw"
)

// levelSizes returns 1 + fan + … + fan^d.
func levelSizes(fan, d int) int {
	n, p := 0, 1
	for range d + 1 {
		n += p
		p *= fan
	}
	return n
}

func TestTreeView_ExpandLevel(t *testing.T) {
	v, _ := newTestView(t, 800, 600)
	tree := wideTree(3, 6)
	v.SetTree(tree)
	v.CollapseTo(1)
	for d := 2; d <= 6; d++ {
		v.ExpandLevel(-1)
		if want := levelSizes(3, d); v.Shown() != want {
			t.Fatalf("expand one level to depth %d: %d on show, want %d", d, v.Shown(), want)
		}
	}
	// Under a selected child only: its subtree grows by one level.
	v.CollapseTo(1)
	kid := tree.Nodes[tree.Root].Children[1]
	v.ExpandLevel(kid)
	if want := 1 + 3 + 3; v.Shown() != want {
		t.Fatalf("one level under node %d: %d on show, want %d", kid, v.Shown(), want)
	}
}

func TestTreeView_ExpandAsksAboveLarge(t *testing.T) {
	tree := wideTree(10, 5) // 111111 nodes
	for _, c := range []struct {
		answer   Answer
		min, max int
	}{
		{AnswerCancel, 11, 11},
		{AnswerBudget, LargeTree / 2, LargeTree},
		{AnswerAll, len(tree.Nodes), len(tree.Nodes)},
	} {
		v, _ := newTestView(t, 800, 600)
		v.SetTree(tree)
		v.CollapseTo(1)
		asked := 0
		v.Ask = func(n int, answer func(Answer)) { asked = n; answer(c.answer) }
		v.ExpandAll(-1)
		if asked != len(tree.Nodes) {
			t.Errorf("answer %d: asked about %d nodes, want %d", c.answer, asked, len(tree.Nodes))
		}
		if n := v.Shown(); n < c.min || n > c.max {
			t.Errorf("answer %d: %d on show, want %d to %d", c.answer, n, c.min, c.max)
		}
	}
	// Small expansions do not ask; with no Ask, a large one stops at the budget.
	v, _ := newTestView(t, 800, 600)
	v.SetTree(tree)
	v.CollapseTo(1)
	v.Ask = func(int, func(Answer)) { t.Error("asked about one level of 100 nodes") }
	v.ExpandLevel(-1)
	v.Ask = nil
	v.ExpandAll(-1)
	if n := v.Shown(); n > LargeTree || n < LargeTree/2 {
		t.Errorf("expand all with no Ask: %d on show, want up to %d", n, LargeTree)
	}
}

// heap returns the bytes in use on the heap after a collection.
func heap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestTreeView_CollapseReturnsMemory expands a tree of 55987 nodes whole, draws all of it,
// collapses it, and checks that the heap comes back near where it was.
func TestTreeView_CollapseReturnsMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("expands 55987 nodes")
	}
	v, _ := newTestView(t, 1024, 768)
	tree := wideTree(6, 6)
	v.SetTree(tree)
	v.CollapseTo(1)
	base := heap()
	v.Ask = func(_ int, answer func(Answer)) { answer(AnswerAll) }
	v.ExpandAll(-1)
	v.view = view{zoom: 1000 / v.model.lay.Bounds.W, panY: 10} // all of it in view, frames only
	v.Refresh()
	r := test.WidgetRenderer(v).(*renderer)
	if r.built < len(tree.Nodes)/2 {
		t.Fatalf("drew %d nodes of %d", r.built, len(tree.Nodes))
	}
	peak := heap()
	v.CollapseTo(1)
	after := heap()
	t.Logf("heap: %d MB collapsed, %d MB expanded and drawn, %d MB collapsed again",
		base>>20, peak>>20, after>>20)
	if grown := int64(after) - int64(base); grown > int64(peak-base)/5 {
		t.Fatalf("after collapse the heap kept %d MB of the %d MB the expansion took",
			grown>>20, (peak-base)>>20)
	}
}

func TestTreeView_ArrowKeys(t *testing.T) {
	v, win := newTestView(t, 800, 600)
	tree := wideTree(3, 3)
	v.SetTree(tree)
	v.CollapseTo(1)
	root := tree.Root
	kids := tree.Nodes[root].Children
	var reported []int
	v.OnSelected = func(id int) { reported = append(reported, id) }
	tapNode(t, v, root) // a tap takes the focus, and collapses the root
	if win.Canvas().Focused() != v {
		t.Fatal("a tap did not give the tree view the focus")
	}
	v.Toggle(root)
	key := func(k fyne.KeyName) { win.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: k}) }
	for _, s := range []struct {
		key  fyne.KeyName
		want int
	}{
		{fyne.KeyDown, kids[0]},
		{fyne.KeyRight, kids[1]},
		{fyne.KeyRight, kids[2]},
		{fyne.KeyRight, kids[2]},
		{fyne.KeyLeft, kids[1]},
		{fyne.KeyDown, tree.Nodes[kids[1]].Children[0]}, // opens kids[1]
		{fyne.KeyUp, kids[1]},
		{fyne.KeyUp, root},
		{fyne.KeyUp, root},
	} {
		key(s.key)
		if v.Selected() != s.want {
			t.Fatalf("after %s: selected %d, want %d", s.key, v.Selected(), s.want)
		}
	}
	if !v.Expanded(kids[1]) {
		t.Fatal("down on a collapsed node did not open it")
	}
	v.Select(kids[1])
	key(fyne.KeyReturn)
	if v.Expanded(kids[1]) {
		t.Fatal("Enter did not collapse the selected node")
	}
	z := v.Zoom()
	win.Canvas().Focused().TypedRune('+')
	if v.Zoom() <= z {
		t.Fatalf("+ left the zoom at %g", v.Zoom())
	}
	if len(reported) == 0 || reported[len(reported)-1] != root {
		t.Fatalf("OnSelected got %v, want it to end with the root %d", reported, root)
	}
}

// onScreen reports whether node id's box is inside the widget.
func onScreen(v *TreeView, id int) bool {
	b, ok := v.model.box(id)
	if !ok {
		return false
	}
	s := v.Size()
	x0, y0 := v.view.toScreen(b.X, b.Y)
	x1, y1 := v.view.toScreen(b.X+b.W, b.Y+b.H)
	return x0 >= 0 && y0 >= 0 && x1 <= float64(s.Width) && y1 <= float64(s.Height)
}

func TestTreeView_ZoomKeepsSelection(t *testing.T) {
	v, _ := newTestView(t, 800, 600)
	tree := wideTree(4, 2)
	v.SetTree(tree)
	v.ExpandAll(-1)
	v.Fit()
	kids := tree.Nodes[tree.Root].Children
	last := tree.Nodes[kids[3]].Children[3] // at the right edge
	v.Select(last)
	for range 8 {
		v.ZoomIn()
		if !onScreen(v, last) {
			t.Fatalf("at zoom %g the selected node left the view", v.Zoom())
		}
	}
	// With nothing selected, zooming out and in keeps some of the tree in view.
	v.Select(-1)
	for range 30 {
		v.ZoomIn()
	}
	if len(v.model.index.Visible(v.view.visible(800, 600), nil)) == 0 {
		t.Fatal("zoomed in, no node in view")
	}
}

func TestTreeView_SameDetailAtOneZoom(t *testing.T) {
	v, _ := newTestView(t, 800, 600)
	tree := wideTree(2, 1)
	tree.Nodes[1].Position = "1"
	tree.Nodes[2].Position = "9 9 9 9 9 9 9 9 9 9 9 9"
	v.SetTree(tree)
	narrow, _ := v.model.box(1)
	wide, _ := v.model.box(2)
	// At this zoom the narrow box is under 24 units wide, the wide one over: the two were
	// drawn with different detail, by their width.
	const zoom = 0.8
	if narrow.W*zoom >= 24 || wide.W*zoom <= 24 {
		t.Fatalf("boxes %g and %g wide: the test needs them either side of %g", narrow.W, wide.W, 24/zoom)
	}
	v.view = view{zoom: zoom, panX: 10, panY: 10}
	v.Refresh()
	r := test.WidgetRenderer(v).(*renderer)
	labels := 0
	for _, tx := range r.texts[:r.nt] {
		if tx.Text == draw.Label(0, false) {
			labels++
		}
	}
	if labels != 3 {
		t.Fatalf("at zoom %g, %d of 3 nodes drawn with their label", v.view.zoom, labels)
	}
}

func TestTreeView_Message(t *testing.T) {
	v, _ := newTestView(t, 400, 200)
	r := test.WidgetRenderer(v).(*renderer)
	if r.empty.Text != EmptyText {
		t.Fatalf("with no tree it says %q, want %q", r.empty.Text, EmptyText)
	}
	const why = "No tree for nim 999: the recording was stopped"
	v.SetMessage(why)
	if r.empty.Text != why {
		t.Fatalf("after SetMessage it says %q, want %q", r.empty.Text, why)
	}
	// A message longer than the view is wide wraps inside it, never cut at both ends.
	long := strings.Repeat("a long reason why there is no tree ", 6)
	v.SetMessage(long)
	r.Layout(v.Size())
	if p, s := r.empty.Position(), r.empty.Size(); p.X < 0 || s.Width > v.Size().Width+1 || p.Y < 0 || p.Y+s.Height > v.Size().Height+1 {
		t.Fatalf("the message is laid out at %v, %v in a view of %v", p, s, v.Size())
	}
	if s := r.empty.MinSize(); s.Width > v.Size().Width+1 {
		t.Fatalf("the message asks %v, wider than the view %v: it is cut", s, v.Size())
	}
}

func TestOutline_LinesAndSelection(t *testing.T) {
	v, _ := newTestView(t, 600, 400)
	tree := cramTree(t, "2x3")
	v.SetTree(tree)
	var selected = -1
	v.OnSelected = func(id int) { selected = id }
	v.SetOutline(true)
	o := v.Outline()
	if o == nil {
		t.Fatal("no outline")
	}
	root := tree.Nodes[tree.Root]
	want := "(" + root.Position + ", " + "0) " + draw.Label(root.N, root.Losing()) + "   " + draw.Outcome(root.Losing())
	if root.N != 0 {
		t.Skipf("the root of cram 2x3 has n %d", root.N)
	}
	if got := o.Line("0"); got != want {
		t.Fatalf("root line %q, want %q", got, want)
	}
	// Lazily filled: the root open, its children made, nothing deeper.
	if n := o.Lines(); n != 1+len(root.Children) {
		t.Fatalf("%d lines made, want %d", n, 1+len(root.Children))
	}
	o.Open("0/0")
	child := root.Children[0]
	o.Select("0/0/0")
	if want := tree.Nodes[child].Children[0]; selected != want || v.Selected() != want {
		t.Fatalf("selecting line 0/0/0 selected %d (callback %d), want %d", v.Selected(), selected, want)
	}
	v.SetOutline(false)
	if v.Outline() != nil {
		t.Fatal("the outline stayed")
	}
}
