package export

import (
	"strings"
	"testing"

	"grundy/engine"
	"grundy/viz/draw"
)

// census counts what a scene shows: node frames, edges, "…" stubs, repeats and labels.
type census struct {
	nodes, edges, stubs, repeats int
	labels                       string // the node labels in drawing order, joined by "|"
}

func take(pic draw.Picture) census {
	var c census
	var labels []string
	for _, it := range pic.Items {
		switch {
		case it.Op == draw.OpRect && (it.Style == draw.LosingFrame || it.Style == draw.WinningFrame):
			c.nodes++
		case it.Op == draw.OpLine && it.Style == draw.EdgeStyle && it.Max.Y-it.Min.Y < levelGap:
			c.stubs++ // the short edge under a cut node
		case it.Op == draw.OpLine && it.Style == draw.EdgeStyle:
			c.edges++
		case it.Op == draw.OpText && it.Text == "repeat":
			c.repeats++
		case it.Op == draw.OpText && it.Size == draw.LabelSize && it.Text != "+":
			labels = append(labels, it.Text)
		}
	}
	c.labels = strings.Join(labels, "|")
	return c
}

func TestScene(t *testing.T) {
	tests := []struct {
		name string
		tree *engine.Tree
		opts []Option
		want census
	}{
		// 10 nodes; ∅ "= 0" is reached twice and drawn twice: a leaf is not marked "repeat".
		{"cram whole", cramTree(), nil, census{nodes: 11, edges: 10,
			labels: "= 0|≠ 0|≠ 0|= 0|= 0|= 1|= 1|≠ 1|≠ 0|= 0|= 0"}},
		{"cram depth 1", cramTree(), []Option{Depth(1)}, census{nodes: 3, edges: 2, stubs: 2,
			labels: "= 0|≠ 0|≠ 0"}},
		{"cram depth 0", cramTree(), []Option{Depth(0)}, census{nodes: 1, stubs: 1, labels: "= 0"}},
		{"cram subtree", cramTree(), []Option{Root(5)}, census{nodes: 5, edges: 4,
			labels: "= 1|≠ 1|≠ 0|= 0|= 0"}},
		// 13 nodes drawn as 22 boxes; the 5 repeats that have children are marked.
		{"kayles repeats", kaylesTree(), nil, census{nodes: 22, edges: 21, repeats: 5}},
	}
	fs, err := theFonts()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		cfg, err := newConfig(tc.opts)
		if err != nil {
			t.Fatal(err)
		}
		d, err := scene(tc.tree, cfg, fs)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got := take(d.pic)
		if tc.want.labels == "" {
			got.labels = ""
		}
		if got != tc.want {
			t.Errorf("%s: scene shows %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// TestScene_Large: a deep chain lays out without recursion trouble, and a tree with too many
// nodes to draw is refused with advice, unless cut.
func TestScene_Large(t *testing.T) {
	chain := &engine.Tree{Format: engine.TreeFormat, Game: "nim"}
	for i := range 3000 {
		n := nd(i, "1", i%2, "W")
		if i+1 < 3000 {
			n.Children = []int{i + 1}
		}
		chain.Nodes = append(chain.Nodes, n)
	}
	if size, err := Measure(chain); err != nil || size.Height < 3000*20 {
		t.Errorf("Measure(chain of 3000) = height %g, %v; want a tall drawing", size.Height, err)
	}
	wide := wideTree(maxNodes)
	if _, err := Measure(wide); err == nil || !strings.Contains(err.Error(), "depth") {
		t.Errorf("Measure(%d leaves) = %v, want an error advising a depth", maxNodes, err)
	}
	if _, err := Measure(wide, Depth(0)); err != nil {
		t.Errorf("Measure(%d leaves, Depth(0)) = %v", maxNodes, err)
	}
}
