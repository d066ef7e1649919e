package export

import (
	"math"
	"testing"

	"grundy/engine"
	"grundy/viz/draw"
)

// TestMeasure checks the scaling: down to the width, never below the minimum label size,
// never up; and the label size it reports.
func TestMeasure(t *testing.T) {
	nat, err := Measure(kaylesTree(), MaxWidth(0))
	if err != nil {
		t.Fatal(err)
	}
	// The sums' component labels are the tree's smallest, at 0.9 of the node labels.
	smallest := 0.9 * draw.LabelSize
	if nat.Scale != 1 || math.Abs(nat.MinLabelPt-smallest) > 1e-9 {
		t.Fatalf("Measure(kayles, MaxWidth(0)) = %+v, want scale 1 and labels of %g pt", nat, smallest)
	}
	tests := []struct {
		name     string
		opts     []Option
		wantW    float64
		wantText float64 // MinLabelPt
	}{
		{"natural", []Option{MaxWidth(0)}, nat.Width, smallest},
		{"wider column", []Option{MaxWidth(nat.Width * 2)}, nat.Width, smallest},
		{"fits", []Option{MaxWidth(nat.Width * 0.9)}, nat.Width * 0.9, smallest * 0.9},
		{"label floor", []Option{MaxWidth(nat.Width * 0.1), MinLabelSize(3.15)}, nat.Width * 0.5, 3.15},
		{"floor above natural", []Option{MaxWidth(nat.Width * 0.1), MinLabelSize(9)}, nat.Width, smallest},
	}
	for _, tc := range tests {
		got, err := Measure(kaylesTree(), tc.opts...)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if math.Abs(got.Width-tc.wantW) > 1e-6 || math.Abs(got.Height/got.Width-nat.Height/nat.Width) > 1e-9 ||
			math.Abs(got.MinLabelPt-tc.wantText) > 1e-9 || math.Abs(got.Scale*nat.Width-got.Width) > 1e-6 {
			t.Errorf("%s: Measure = %+v, want width %g, the natural aspect and labels of %g pt",
				tc.name, got, tc.wantW, tc.wantText)
		}
	}
}

// TestFitDepth checks that the depth it gives fits and the next one does not.
func TestFitDepth(t *testing.T) {
	tests := []struct {
		name  string
		tree  *engine.Tree
		width float64
		opts  []Option
		want  int
	}{
		{"whole tree fits", kaylesTree(), 10000, nil, 4}, // repeats hang a level below the deepest node
		{"nothing fits", kaylesTree(), 5, nil, -1},
		{"one level", wideTree(10), 60, nil, 0},
		{"broken tree", &engine.Tree{}, 240, nil, -1},
		{"subtree", cramTree(), 10000, []Option{Root(5)}, 2},
	}
	for _, tc := range tests {
		got := FitDepth(tc.tree, tc.width, tc.opts...)
		if got != tc.want {
			t.Errorf("%s: FitDepth(%g) = %d, want %d", tc.name, tc.width, got, tc.want)
		}
	}
	// For a tree too wide for a column: its depth fits, one more does not.
	tree := wideChain()
	const width = 240
	d := FitDepth(tree, width)
	if d < 0 {
		t.Fatalf("FitDepth(wide chain, %d) = %d", width, d)
	}
	for depth, wantFit := range map[int]bool{d: true, d + 1: false} {
		size, err := Measure(tree, MaxWidth(width), Depth(depth))
		if err != nil {
			t.Fatal(err)
		}
		if fits := size.Width <= width+widthSlack; fits != wantFit {
			t.Errorf("FitDepth = %d, but at depth %d the picture is %g pt wide (fits: %v)", d, depth, size.Width, fits)
		}
		if wantFit && size.MinLabelPt < DefaultMinLabelSize-1e-9 {
			t.Errorf("depth %d fits with labels of %g pt", depth, size.MinLabelPt)
		}
	}
	if whole, err := Measure(tree, MaxWidth(width)); err != nil || whole.Width <= width {
		t.Errorf("Measure(wide chain) = %+v, %v; want wider than %d", whole, err, width)
	}
}

// wideChain is a tree that widens level by level: each node at depth k has k+1 children.
func wideChain() *engine.Tree {
	t := &engine.Tree{Format: engine.TreeFormat, Game: "nim"}
	level := []int{0}
	t.Nodes = append(t.Nodes, nd(0, "9", 0, "L"))
	for k := 1; k <= 4; k++ {
		var next []int
		for _, p := range level {
			for range k + 1 {
				id := len(t.Nodes)
				t.Nodes = append(t.Nodes, nd(id, "7 3", k%2, "W"))
				t.Nodes[p].Children = append(t.Nodes[p].Children, id)
				next = append(next, id)
			}
		}
		level = next
	}
	return t
}
