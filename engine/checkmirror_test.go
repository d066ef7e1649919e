package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// mirrorTree is a hand-made tree of tokens on completeGraph(3), where vertex v has nimber v,
// whose root is the sum node root; the nodes after it prove (1, 1) losing (id 1), (1, 0)
// winning (id 2) and (2, 1) winning (id 6, by the move to (1, 1)).
func mirrorTree(root Node) *Tree {
	root.ID, root.Kind = 0, KindSum
	return &Tree{Format: TreeFormat, Game: "complete", Nodes: []Node{
		root,
		{ID: 1, Position: "1", N: 1, Result: "L", Children: []int{3, 2}},
		{ID: 2, Position: "1", N: 0, Result: "W", Children: []int{5}},
		{ID: 3, Position: "0", N: 1, Result: "W", Children: []int{5}},
		{ID: 4, Position: "1", N: 1, Result: "L", Children: []int{3, 2}}, // a copy of 1
		{ID: 5, Position: "0", N: 0, Result: "L"},
		{ID: 6, Position: "2", N: 1, Result: "W", Children: []int{1}},
	}}
}

// TestCheck_MirrorPairs: a sum node may leave out equal components two by two (P + P = 0),
// the rule holding on what is left; older trees, which leave nothing out, still pass.
func TestCheck_MirrorPairs(t *testing.T) {
	g := completeGraph(3)
	valid := []struct {
		name string
		root Node
	}{
		{"a pair, heap 0: L with no child", Node{Position: "1 1", N: 0, Result: "L"}},
		{"a pair, heap 1: W with no child", Node{Position: "1 1", N: 1, Result: "W"}},
		{"three equal, one left: its couple with the sum's heap", Node{Position: "1 1 1", N: 1, Result: "L", Children: []int{1}}},
		{"three equal, one left, W", Node{Position: "1 1 1", N: 0, Result: "W", Children: []int{2}}},
		{"a pair beside another component", Node{Position: "1 1 2", N: 1, Result: "W", Children: []int{6}}},
		{"four equal, one pair left", Node{Position: "1 1 1 1", N: 0, Result: "L", Children: []int{1, 4}}},
		{"nothing left out (older trees)", Node{Position: "1 1", N: 0, Result: "L", Children: []int{1, 4}}},
		{"nothing left out, W", Node{Position: "1 1", N: 1, Result: "W", Children: []int{1, 2}}},
	}
	for _, tc := range valid {
		if err := Check(context.Background(), mirrorTree(tc.root), g.parse); err != nil {
			t.Errorf("%s: Check = %v, want it to pass", tc.name, err)
		}
	}
}

// TestCheck_MirrorTampered: a sum node that leaves out what does not cancel, or whose
// children are not what is left, fails at the root, saying why.
func TestCheck_MirrorTampered(t *testing.T) {
	g := completeGraph(3)
	tampered := []struct {
		name string
		root Node
		why  string
	}{
		{"a pair claimed L at heap 1", Node{Position: "1 1", N: 1, Result: "L"},
			"claims L but its components cancel in pairs: its nimber is 0"},
		{"a pair claimed W at heap 0", Node{Position: "1 1", N: 0, Result: "W"},
			"claims W but its components cancel in pairs: its nimber is 0"},
		{"two unequal components cancelled", Node{Position: "1 2", N: 0, Result: "L"},
			`component "1" is left out, but only equal components cancel (in pairs)`},
		{"one of three equal ones left out", Node{Position: "1 1 1", N: 0, Result: "L", Children: []int{1, 4}},
			`leaves out 1 of its 3 equal components "1": they cancel two by two only`},
		{"all three equal ones left out", Node{Position: "1 1 1", N: 1, Result: "W"},
			`leaves out 3 of its 3 equal components "1": they cancel two by two only`},
		{"a child that is no component", Node{Position: "1 1", N: 1, Result: "W", Children: []int{6}},
			`child 6 ("2") is not a component of the position`},
		{"a child too many of its key", Node{Position: "1 1 2", N: 0, Result: "W", Children: []int{1, 4, 2}},
			`child 2 ("1") is one more than the position's 2 such components`},
		{"more children than components", Node{Position: "1 1", N: 0, Result: "L", Children: []int{1, 4, 2}},
			"3 children for 2 components"},
		{"the one left with another heap", Node{Position: "1 1 1", N: 0, Result: "L", Children: []int{1}},
			"the last component's heap is 1, want 0"},
		{"the one left with another result", Node{Position: "1 1 1", N: 1, Result: "W", Children: []int{1}},
			"claims W but the last component's couple is L"},
	}
	for _, tc := range tampered {
		err := Check(context.Background(), mirrorTree(tc.root), g.parse)
		want := fmt.Sprintf("node 0 (%s, %d): %s", Quote(tc.root.Position), tc.root.N, tc.why)
		if err == nil || err.Error() != want {
			t.Errorf("%s: Check = %v, want %q", tc.name, err, want)
		}
	}
}

// TestCancelPairs: equal components cancel two by two, the others stay in their order.
func TestCancelPairs(t *testing.T) {
	g := completeGraph(4)
	for _, tc := range []struct{ in, want string }{
		{"1 2", "1 2"}, {"1 1", ""}, {"1 1 1", "1"}, {"2 1 1 3 2 2", "2 3"}, {"3 1 3 1 1 1", ""}, {"0 2 2", ""},
	} {
		var comps []Position
		for _, f := range strings.Fields(tc.in) {
			p, _ := g.parse(f)
			comps = append(comps, p.Split()...)
		}
		var got []string
		for _, q := range CancelPairs(comps) {
			got = append(got, q.String())
		}
		if s := strings.Join(got, " "); s != tc.want {
			t.Errorf("CancelPairs(%s) = %q, want %q", tc.in, s, tc.want)
		}
	}
}
