package workbench

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/editor"
)

// A control is a widget on show and its rectangle in the window.
type control struct {
	name     string
	pos      fyne.Position
	size     fyne.Size
	min      fyne.Size
	pane     int // the index of the split pane it lies in
	panePos  fyne.Position
	paneSize fyne.Size
}

func (c control) String() string {
	return fmt.Sprintf("%s at (%.0f,%.0f) %.0f×%.0f", c.name, c.pos.X, c.pos.Y, c.size.Width, c.size.Height)
}

// overlaps reports whether a and b share more than a pixel's sliver.
func overlaps(a, b control) bool {
	const eps = 1
	return a.pos.X+a.size.Width-eps > b.pos.X && b.pos.X+b.size.Width-eps > a.pos.X &&
		a.pos.Y+a.size.Height-eps > b.pos.Y && b.pos.Y+b.size.Height-eps > a.pos.Y
}

// inside reports whether c lies within its pane.
func (c control) inside() bool {
	const eps = 1
	return c.pos.X >= c.panePos.X-eps && c.pos.Y >= c.panePos.Y-eps &&
		c.pos.X+c.size.Width <= c.panePos.X+c.paneSize.Width+eps &&
		c.pos.Y+c.size.Height <= c.panePos.Y+c.paneSize.Height+eps
}

// controls walks o, at pos in the window, and collects the visible controls: the widgets
// of fyne (a button, a label, a list…), each a leaf. Containers, splits and the workbench's
// own composite widgets (editor, solver panel, details, overflow rows, theme overrides) are walked into; each pane of
// a split gets its own number.
func controls(o fyne.CanvasObject, pos fyne.Position, pane *int, cur int, panePos fyne.Position, paneSize fyne.Size, out *[]control) {
	if !o.Visible() || o.Size().Width <= 0 || o.Size().Height <= 0 {
		return
	}
	pos = pos.Add(o.Position())
	walk := func(children []fyne.CanvasObject) {
		for _, c := range children {
			controls(c, pos, pane, cur, panePos, paneSize, out)
		}
	}
	switch x := o.(type) {
	case *fyne.Container:
		walk(x.Objects)
	case *container.Split:
		r := test.WidgetRenderer(x)
		r.Layout(x.Size())
		for _, c := range []fyne.CanvasObject{x.Leading, x.Trailing} {
			*pane++
			controls(c, pos, pane, *pane, pos.Add(c.Position()), c.Size(), out)
		}
	case *editor.Editor, *SolverPanel, *Overflow, *Details, *container.ThemeOverride:
		r := test.WidgetRenderer(x.(fyne.Widget))
		r.Layout(o.Size())
		walk(r.Objects())
	case *widget.Separator:
	case fyne.Widget:
		name := fmt.Sprintf("%T", x)
		switch w := x.(type) {
		case *widget.Button:
			name += " " + fmt.Sprintf("%q", w.Text)
		case *widget.Label:
			name += " " + fmt.Sprintf("%q", w.Text)
		case *widget.Select:
			name += " " + fmt.Sprintf("%q", w.Selected)
		}
		*out = append(*out, control{name: name, pos: pos, size: o.Size(), min: o.MinSize(),
			pane: cur, panePos: panePos, paneSize: paneSize})
	}
}

// checkNoOverlap fails when two controls of the window overlap, or one leaves its pane or
// is drawn smaller than it asks (clipped).
func checkNoOverlap(t *testing.T, w *Workbench, size fyne.Size) {
	t.Helper()
	w.win.SetPadded(false)
	w.win.Resize(size)
	w.content.Resize(size)
	var cs []control
	pane := 0
	controls(w.content, fyne.Position{}, &pane, 0, fyne.Position{}, size, &cs)
	if len(cs) < 20 {
		t.Fatalf("only %d controls found: %v", len(cs), cs)
	}
	for i, a := range cs {
		if !a.inside() {
			t.Errorf("at %v: %v leaves its pane (%.0f,%.0f) %.0f×%.0f", size, a, a.panePos.X, a.panePos.Y, a.paneSize.Width, a.paneSize.Height)
		}
		if a.size.Width+1 < a.min.Width || a.size.Height+1 < a.min.Height {
			t.Errorf("at %v: %v is clipped: it needs %.0f×%.0f", size, a, a.min.Width, a.min.Height)
		}
		for _, b := range cs[i+1:] {
			if overlaps(a, b) {
				t.Errorf("at %v: %v overlaps %v", size, a, b)
			}
		}
	}
}

// The sizes the issue asks for: a laptop's 1024×700, and 800×600 and 1600×1000, each less
// the menu bar (about 40 pixels) for the content.
var checkedSizes = []fyne.Size{{Width: 1024, Height: 700}, {Width: 800, Height: 560}, {Width: 1600, Height: 960}}

func TestWorkbench_NoOverlap(t *testing.T) {
	for _, size := range checkedSizes {
		t.Run(fmt.Sprintf("%.0fx%.0f", size.Width, size.Height), func(t *testing.T) {
			w, _, q := newTestWorkbench(t)
			checkNoOverlap(t, w, size)
			// With a result on show, a tree, a node selected and a list of moves.
			setPosition(t, w, "nim", "1 2 3")
			solve(t, w, q, TaskMoves)
			w.Tree.Select(w.rootID())
			checkNoOverlap(t, w, size)
		})
	}
}

func TestWorkbench_NoOverlapAtMinSize(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	checkNoOverlap(t, w, w.content.MinSize())
}

func TestWorkbench_MinSize(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	min := w.content.MinSize()
	if min.Width < MinSize.Width || min.Height < MinSize.Height {
		t.Errorf("content asks for %v, less than the window's minimum %v", min, MinSize)
	}
	if min.Width > 800 || min.Height > 560 {
		t.Errorf("content asks for %v: the window cannot be 800×600 with its menu bar", min)
	}
}

// The panel asks for the same room whatever it shows, so the splits stay put when a task
// starts, runs and ends.
func TestSolverPanel_MinSizeSteady(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	w.win.Resize(fyne.NewSize(1024, 700))
	before := w.Solver.MinSize()
	check := func(when string) {
		t.Helper()
		if got := w.Solver.MinSize(); got != before {
			t.Errorf("%s: the panel asks for %v, was %v", when, got, before)
		}
	}
	setPosition(t, w, "nim", "1 2 3")
	w.Solver.Start(TaskMoves)
	check("running")
	q.runUntil(t, 20e9, func() bool { return isClosed(w.Solver.Done()) })
	check("solved")
	w.Solver.ui.state.SetText(strings.Repeat("a long account of what the task did ", 20))
	check("a long state")
}

func TestOverflow_HidesWhatDoesNotFit(t *testing.T) {
	test.NewTempApp(t)
	var tapped string
	o := NewOverflowOf(
		widget.NewButtonWithIcon("", theme.ZoomInIcon(), func() { tapped = "zoom" }),
		widget.NewButton("Expand", func() { tapped = "expand" }),
		widget.NewButton("Export", func() { tapped = "export" }),
	)
	win := test.NewTempWindow(t, container.NewWithoutLayout(o))
	win.Resize(fyne.NewSize(600, 100))
	if min := o.MinSize(); min.Width > o.More().MinSize().Width+1 {
		t.Errorf("overflow asks for %v, more than its … button", min)
	}
	o.Resize(fyne.NewSize(500, 40))
	test.WidgetRenderer(o).Layout(o.Size())
	if h := o.Hidden(); len(h) != 0 || o.More().Visible() {
		t.Errorf("wide: %d hidden, … shown %v; want all shown", len(h), o.More().Visible())
	}
	o.Resize(fyne.NewSize(o.More().MinSize().Width+50, 40))
	test.WidgetRenderer(o).Layout(o.Size())
	h := o.Hidden()
	if len(h) < 2 || !o.More().Visible() {
		t.Fatalf("narrow: %d hidden, … shown %v; want the last tools in the menu", len(h), o.More().Visible())
	}
	if h[len(h)-1].Label != "Export" {
		t.Errorf("last hidden %q, want Export", h[len(h)-1].Label)
	}
	h[len(h)-1].Action()
	if tapped != "export" {
		t.Errorf("the menu's Export ran %q", tapped)
	}
	if got := iconLabel(theme.ZoomInIcon().Name()); !strings.HasPrefix(got, "Zoom") {
		t.Errorf("icon label %q", got)
	}
}

// At the window's smallest size a sum of two boards is edited in full: the editor's pictures
// are not a slot to scroll in (it was 60 to 70 pixels high).
func TestWorkbench_MinSizeEditsASum(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	setPosition(t, w, "cram", "3x4 + 2x3")
	checkNoOverlap(t, w, w.content.MinSize())
	var scroll *container.Scroll
	if f := find(w.Editor, func(o fyne.CanvasObject) bool { _, ok := o.(*container.Scroll); return ok }); f != nil {
		scroll = f.(*container.Scroll)
	}
	if scroll == nil {
		t.Fatal("no pictures' scroll in the editor")
	}
	need := scroll.Content.MinSize()
	if got := scroll.Size(); got.Height+1 < need.Height || got.Width+1 < need.Width {
		t.Errorf("at %v the pictures get %v, need %v: a slot to scroll in", w.content.MinSize(), got, need)
	}
	for k := range 2 {
		b := w.Editor.CramBoard(k)
		if b == nil || b.Size().Height < b.MinSize().Height-1 {
			t.Errorf("board %d: %v, want at least %v", k, b.Size(), b.MinSize())
		}
	}
}
