package treeview

import (
	"context"
	"math"
	"strconv"
	"testing"

	"grundy/engine"
	"grundy/games/cram"
	"grundy/viz/draw"
	"grundy/viz/layout"
)

// cramTree returns the solution tree proving the nimber of a Cram position.
func cramTree(t testing.TB, pos string) *engine.Tree {
	t.Helper()
	b, err := cram.Parse(pos)
	if err != nil {
		t.Fatal(err)
	}
	return proveTree(t, "cram", b)
}

// proveTree returns the solution tree proving the nimber of p, a position of game.
func proveTree(t testing.TB, game string, p engine.Position) *engine.Tree {
	t.Helper()
	tree, err := engine.NewSolver().ProveNimber(context.Background(), game, p)
	if err != nil {
		t.Fatalf("ProveNimber(%s): %v", p, err)
	}
	return tree
}

// wideTree returns a complete tree of nim heaps with the given fan-out and depth: every node
// has fan children, down to depth levels.
func wideTree(fan, depth int) *engine.Tree {
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

func TestStartDepth(t *testing.T) {
	for _, c := range []struct {
		fan, depth, budget, want int
	}{
		{2, 10, 60, 4},   // 1+2+4+8+16 = 31 ≤ 60 < 63
		{3, 5, 60, 3},    // 1+3+9+27 = 40
		{100, 2, 60, 1},  // one level shows 101, but at least one level is open
		{1, 3, 60, 4},    // a chain of 4 nodes shows whole
		{2, 10, 1000, 8}, // 511 at depth 8, 1023 at 9
	} {
		if got := startDepth(wideTree(c.fan, c.depth), c.budget); got != c.want {
			t.Errorf("startDepth(fan %d, depth %d, budget %d) = %d, want %d", c.fan, c.depth, c.budget, got, c.want)
		}
	}
}

func TestModel_OpensCollapsed(t *testing.T) {
	md := newModel(wideTree(3, 8), draw.Estimate{})
	if n := len(md.pruned.IDs); n > StartNodes {
		t.Fatalf("a tree of %d nodes opens with %d on show, want at most %d", len(md.tree.Nodes), n, StartNodes)
	}
	before := len(md.pruned.IDs)
	leaf := md.pruned.IDs[len(md.pruned.IDs)-1]
	if !md.toggle(leaf) || len(md.pruned.IDs) != before+3 {
		t.Fatalf("toggle(%d): %d nodes on show, want %d", leaf, len(md.pruned.IDs), before+3)
	}
	md.toggle(leaf)
	if len(md.pruned.IDs) != before {
		t.Fatalf("toggle twice: %d nodes on show, want %d", len(md.pruned.IDs), before)
	}
}

func TestModel_Transpositions(t *testing.T) {
	tree := cramTree(t, "2x3")
	md := newModel(tree, draw.Estimate{})
	md.expandSubtree(tree.Root, 100)
	seen := map[int]bool{}
	for k, id := range md.pruned.IDs {
		if md.pruned.Ref[k] < 0 {
			if seen[id] {
				t.Fatalf("node %d drawn in full twice", id)
			}
			seen[id] = true
		}
	}
	if len(seen) != len(tree.Nodes) {
		t.Fatalf("%d nodes drawn in full, want all %d", len(seen), len(tree.Nodes))
	}
}

func TestModel_Hit(t *testing.T) {
	md := newModel(cramTree(t, "2x3"), draw.Estimate{})
	for k, b := range md.lay.Boxes {
		if got := md.hit(b.X+b.W/2, b.Y+b.H/2, nil); got != k {
			t.Errorf("hit(centre of box %d) = %d", k, got)
		}
	}
	if got := md.hit(-5, -5, nil); got != -1 {
		t.Errorf("hit(-5, -5) = %d, want -1", got)
	}
}

func TestView_Fit(t *testing.T) {
	b := layout.Rect{W: 400, H: 100}
	// A tall, narrow widget: the width limits the zoom.
	v := fit(b, 224, 600)
	if v.zoom != 0.5 {
		t.Fatalf("fit in 224×600: zoom %g, want 0.5", v.zoom)
	}
	if x, _ := v.toScreen(0, 0); x != 12 {
		t.Errorf("fit in 224×600: left edge at %g, want 12", x)
	}
	if _, y := v.toScreen(0, 50); math.Abs(y-300) > 1e-9 {
		t.Errorf("fit in 224×600: middle at y %g, want 300", y)
	}
	// A wide, short widget: the height limits it.
	if v := fit(b, 2000, 74); v.zoom != 0.5 {
		t.Fatalf("fit in 2000×74: zoom %g, want 0.5", v.zoom)
	}
	// A small tree is not blown up past fitMax.
	if v := fit(layout.Rect{W: 10, H: 10}, 800, 600); v.zoom != fitMax {
		t.Fatalf("fit of a small tree: zoom %g, want %g", v.zoom, fitMax)
	}
}

func TestView_ZoomAtKeepsPoint(t *testing.T) {
	v := view{zoom: 1.5, panX: 30, panY: -20}
	x, y := v.toDrawing(100, 70)
	w := v.zoomAt(2, 100, 70)
	if sx, sy := w.toScreen(x, y); math.Abs(sx-100) > 1e-9 || math.Abs(sy-70) > 1e-9 {
		t.Fatalf("zoomAt moved the point under the pointer to (%g, %g)", sx, sy)
	}
	if w.zoom != 3 {
		t.Fatalf("zoom %g, want 3", w.zoom)
	}
	if z := v.zoomAt(1e6, 0, 0).zoom; z != maxZoom {
		t.Fatalf("zoom past the limit: %g, want %g", z, maxZoom)
	}
	r := w.visible(300, 200)
	if r.W != 100 || math.Abs(r.H-200.0/3) > 1e-9 {
		t.Fatalf("visible(300, 200) = %+v", r)
	}
}
