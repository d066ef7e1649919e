package layout

import (
	"math"
	"testing"
)

// The cases below are worked by hand. Sizes are non-square and gaps unequal, so a swapped
// width and height, or sibling and level gap, cannot pass.

func TestTidy_Small(t *testing.T) {
	tests := []struct {
		name   string
		tree   Tree
		opt    Options
		boxes  []Rect
		bounds Rect
	}{
		{
			name:   "single",
			tree:   Tree{Sizes: []Size{{37, 11}}},
			opt:    Options{SiblingGap: 2, LevelGap: 13},
			boxes:  []Rect{{0, 0, 37, 11}},
			bounds: Rect{0, 0, 37, 11},
		},
		{
			// Children side by side, 2 apart, 13 below; the root is centred over their
			// centres (6.5 and 16.5 before the shift), not over their outer edges.
			name:   "two children",
			tree:   Tree{Children: [][]int{{1, 2}}, Sizes: []Size{{37, 11}, {11, 37}, {5, 3}}},
			opt:    Options{SiblingGap: 2, LevelGap: 13},
			boxes:  []Rect{{0, 0, 37, 11}, {8, 24, 11, 37}, {21, 24, 5, 3}},
			bounds: Rect{0, 0, 37, 61},
		},
		{
			// Non-layered: node 3 hangs below its short parent 2, beside the tall leaf 1,
			// so it must clear 1 sideways: 3 starts at 37+2 and 2 is centred above it.
			name: "tucked beside a tall sibling",
			tree: Tree{Children: [][]int{{1, 2}, nil, {3}},
				Sizes: []Size{{11, 5}, {37, 50}, {11, 5}, {37, 11}}},
			opt:    Options{SiblingGap: 2, LevelGap: 3},
			boxes:  []Rect{{32.5, 0, 11, 5}, {0, 8, 37, 50}, {52, 8, 11, 5}, {39, 16, 37, 11}},
			bounds: Rect{0, 0, 76, 58},
		},
		{
			// Layered: the same tree, but node 3 starts a row below the tall leaf, so it
			// may stand under it: only 1 and 2 need the gap between them.
			name: "layered",
			tree: Tree{Children: [][]int{{1, 2}, nil, {3}},
				Sizes: []Size{{11, 5}, {37, 50}, {11, 5}, {37, 11}}},
			opt:    Options{SiblingGap: 2, LevelGap: 3, Layered: true},
			boxes:  []Rect{{26, 0, 11, 5}, {0, 8, 37, 50}, {39, 8, 11, 5}, {26, 61, 37, 11}},
			bounds: Rect{0, 0, 63, 72},
		},
		{
			// The middle leaf is spread evenly between two wide subtrees (Walker's
			// spacing): without it the leaf would sit against its left sibling.
			name: "small subtree between big ones",
			tree: Tree{Children: [][]int{{1, 2, 3}, {4}, nil, {5}},
				Sizes: []Size{{10, 10}, {10, 10}, {4, 10}, {10, 10}, {50, 10}, {50, 10}}},
			opt:    Options{LevelGap: 5},
			boxes:  []Rect{{45, 0, 10, 10}, {20, 15, 10, 10}, {48, 15, 4, 10}, {70, 15, 10, 10}, {0, 30, 50, 10}, {50, 30, 50, 10}},
			bounds: Rect{0, 0, 100, 40},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Tidy(tt.tree, tt.opt)
			if err != nil {
				t.Fatalf("Tidy: %v", err)
			}
			for i, want := range tt.boxes {
				if !near(l.Boxes[i], want, 1e-9) {
					t.Errorf("Boxes[%d] = %v, want %v", i, l.Boxes[i], want)
				}
			}
			if !near(l.Bounds, tt.bounds, 1e-9) {
				t.Errorf("Bounds = %v, want %v", l.Bounds, tt.bounds)
			}
			if err := checkAll(tt.tree, tt.opt, l); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestTidy_LeftMoveAtRoots is the case of d3-flextree issue 1: the second child's subtree is
// deep and its left part starts below the first child, so the two meet only at their roots.
// The paper's algorithm left it wherever its own frame put it; it must touch its sibling.
func TestTidy_LeftMoveAtRoots(t *testing.T) {
	tr := Tree{
		Children: [][]int{{1, 2}, nil, {3}, {4, 5}},
		Sizes:    []Size{{10, 5}, {37, 5}, {11, 5}, {11, 5}, {60, 5}, {5, 5}},
	}
	l, err := Tidy(tr, Options{SiblingGap: 2, LevelGap: 3})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := l.Boxes[2].X-(l.Boxes[1].X+l.Boxes[1].W), 2.0; math.Abs(got-want) > 1e-9 {
		t.Errorf("space between siblings 1 and 2 = %g, want %g", got, want)
	}
}

func TestTidy_Empty(t *testing.T) {
	l, err := Tidy(Tree{}, Options{})
	if err != nil || len(l.Boxes) != 0 || l.Bounds != (Rect{}) {
		t.Errorf("Tidy(empty) = %+v, %v, want no boxes and no error", l, err)
	}
}

func TestTidy_Errors(t *testing.T) {
	leaves := func(n int) []Size { return make([]Size, n) }
	tests := []struct {
		name string
		tree Tree
		opt  Options
		want string
	}{
		{"more lists than nodes", Tree{Children: [][]int{nil, nil}, Sizes: leaves(1)}, Options{},
			"layout: 2 children lists for 1 nodes"},
		{"child out of range", Tree{Children: [][]int{{1, 2}}, Sizes: leaves(2)}, Options{},
			"layout: node 0 has child 2, out of range [0, 2)"},
		{"negative child", Tree{Children: [][]int{{-1}}, Sizes: leaves(2)}, Options{},
			"layout: node 0 has child -1, out of range [0, 2)"},
		{"two parents", Tree{Children: [][]int{{1, 2}, {2}}, Sizes: leaves(3)}, Options{},
			"layout: node 2 is listed twice, again as a child of 1"},
		{"root as child", Tree{Children: [][]int{{1}, {0}}, Sizes: leaves(2)}, Options{},
			"layout: node 0 is listed twice, again as a child of 1"},
		{"detached cycle", Tree{Children: [][]int{nil, {2}, {1}}, Sizes: leaves(3)}, Options{},
			"layout: node 1 is not reachable from the root"},
		{"negative width", Tree{Sizes: []Size{{-1, 5}}}, Options{},
			"layout: node 0 has invalid size -1x5"},
		{"NaN height", Tree{Sizes: []Size{{37, math.NaN()}}}, Options{},
			"layout: node 0 has invalid size 37xNaN"},
		{"infinite width", Tree{Sizes: []Size{{math.Inf(1), 11}}}, Options{},
			"layout: node 0 has invalid size +Infx11"},
		{"negative gap", Tree{Sizes: leaves(1)}, Options{SiblingGap: -2, LevelGap: 3},
			"layout: invalid gaps -2 (sibling), 3 (level)"},
		{"NaN gap", Tree{Sizes: leaves(1)}, Options{LevelGap: math.NaN()},
			"layout: invalid gaps 0 (sibling), NaN (level)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Tidy(tt.tree, tt.opt)
			if err == nil || err.Error() != tt.want {
				t.Errorf("Tidy = %v, %v, want error %q", l, err, tt.want)
			}
		})
	}
}

func TestLayout_Link(t *testing.T) {
	tr := Tree{Children: [][]int{{1}}, Sizes: []Size{{37, 11}, {5, 23}}}
	l, err := Tidy(tr, Options{LevelGap: 13})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := l.Link(0); ok {
		t.Error("Link(0) is ok for the root")
	}
	from, to, ok := l.Link(1)
	if want := (Point{18.5, 11}); !ok || from != want || to != (Point{18.5, 24}) {
		t.Errorf("Link(1) = %v, %v, %v, want %v, {18.5 24}, true", from, to, ok, want)
	}
}
