package export

import "grundy/engine"

// Hand-made solution trees for the tests: small, and shaped like the paper's figures. They are
// not checked against the games' rules (viz/export draws what it is given).

// nd builds one node.
func nd(id int, pos string, n int, result string, kids ...int) engine.Node {
	return engine.Node{ID: id, Position: pos, N: n, Result: result, Children: kids}
}

// sum builds one sum node.
func sum(id int, pos string, n int, result string, kids ...int) engine.Node {
	x := nd(id, pos, n, result, kids...)
	x.Kind = engine.KindSum
	return x
}

// cramTree is a proof that 3x3 Cram is a second-player win (Figure 6): the root "= 0" has its
// two options (up to symmetry) as children, each "≠ 0" with one losing answer. The second
// answer splits into a sum; the terminal ∅ is met twice, so the tree is a DAG and its second
// occurrence is drawn as a repeat.
func cramTree() *engine.Tree {
	return &engine.Tree{Format: engine.TreeFormat, Game: "cram", Root: 0, Nodes: []engine.Node{
		nd(0, "3x3", 0, "L", 1, 2),
		nd(1, "##./.../...", 0, "W", 3),
		nd(2, ".#./.#./...", 0, "W", 4),
		nd(3, "##./.../.##", 0, "L"),
		sum(4, "2x1 + 3x1", 0, "L", 5, 6),
		nd(5, "2x1", 1, "L", 7, 8),
		nd(6, "3x1", 1, "L"),
		nd(7, "#/#", 1, "W", 9),
		nd(8, "2x1", 0, "W", 9),
		nd(9, "#/#", 0, "L"),
	}}
}

// kaylesTree is shaped like Figure 11: the proof that Kayles' heap of 4 has nimber 1, with
// the nodes only proven "≠ n" set apart by their frames and sums labelled term by term.
func kaylesTree() *engine.Tree {
	return &engine.Tree{Format: engine.TreeFormat, Game: "kayles", Root: 0, Nodes: []engine.Node{
		nd(0, "4", 1, "L", 1, 2, 3, 4, 5),
		nd(1, "3", 1, "W", 6),
		sum(2, "1 + 2", 1, "W", 6, 7),
		nd(3, "2", 1, "W", 6),
		sum(4, "1 + 1", 1, "W", 6, 8),
		nd(5, "4", 0, "W", 9),
		nd(6, "1", 1, "L", 10, 11),
		nd(7, "2", 0, "W", 10),
		nd(8, "1", 0, "W", 10),
		sum(9, "1 + 1", 0, "L", 6, 12),
		nd(10, "0", 0, "L"),
		nd(11, "1", 0, "W", 10),
		nd(12, "1", 1, "L", 10, 11),
	}}
}

// sampleTrees are small trees of the other game families, for looking at (see -samples).
func sampleTrees() map[string]*engine.Tree {
	return map[string]*engine.Tree{
		"chomp": {Format: engine.TreeFormat, Game: "chomp", Nodes: []engine.Node{
			nd(0, "3 3 2 1", 0, "W", 1), nd(1, "3 2 2 1", 0, "L", 2, 3), nd(2, "2 2 2 1", 0, "W"), nd(3, "3x1", 0, "W"),
		}},
		"nim": {Format: engine.TreeFormat, Game: "nim", Nodes: []engine.Node{
			sum(0, "3 + 27 + 7", 0, "W", 1, 2, 3), nd(1, "3", 3, "L"), nd(2, "27", 27, "L"), nd(3, "7", 24, "W", 4), nd(4, "0", 24, "W"),
		}},
		"sprouts": {Format: engine.TreeFormat, Game: "sprouts", Nodes: []engine.Node{
			nd(0, "0*2", 0, "L", 1, 2), nd(1, "0.AB|AB", 0, "W", 3), nd(2, "1a1a", 0, "W", 3), nd(3, "!", 0, "L"),
		}},
	}
}
