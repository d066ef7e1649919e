package workbench

import (
	"strings"
	"testing"

	"grundy/engine"
)

// A sum node that leaves out equal components in pairs (as db check writes them) is
// explained by the mirror, not as a sum with no component or of one, nor of only the
// components left.
func TestWhy_MirrorPairs(t *testing.T) {
	tree := &engine.Tree{Format: engine.TreeFormat, Game: "kayles", Nodes: []engine.Node{
		{ID: 0, Position: "2 2", N: 1, Result: "W", Kind: engine.KindSum},
		{ID: 1, Position: "2 2 3", N: 3, Result: "L", Kind: engine.KindSum, Children: []int{2}},
		{ID: 2, Position: "3", N: 3, Result: "L"},
		{ID: 3, Position: "1 2 2 3", N: 2, Result: "L", Kind: engine.KindSum, Children: []int{4, 2}},
		{ID: 4, Position: "1", N: 1, Result: "L"},
	}}
	for id, want := range map[int]string{
		0: "The components of 2 2 cancel in pairs: P + P has nimber 0 (the mirror strategy), so the sum's nimber is 0 and the couple (2 2, 1) is winning (W).",
		1: "Equal components of 2 2 3 cancel in pairs (P + P has nimber 0, the mirror strategy), and 3 is left: the couple (3, 3) is losing (L), and so is the sum.",
		3: "The position splits into 4 independent components (Algorithm 2); equal ones cancel in pairs (P + P has nimber 0, the mirror strategy), and 2 are left. 1 has nimber 1.",
	} {
		if why := Why(tree, id); !strings.HasPrefix(why, want) {
			t.Errorf("Why(node %d) = %q, want %q", id, why, want)
		}
	}
}
