package engine

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// proveRandom records the tree of a random sum position and returns it with its game.
func proveRandom(t *testing.T, seed uint64, nimber bool) (*graph, tokens, *Tree) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 13))
	g := randomGraph(r, 16, 3)
	g.sums = seed%2 == 0
	p := randomPosition(r, g)
	s := NewSolver(WithCache(NoCache{}))
	prove := s.ProveOutcome
	if nimber {
		prove = s.ProveNimber
	}
	tree, err := prove(context.Background(), "tokens", p)
	if err != nil {
		t.Fatalf("seed %d: prove %q: %v", seed, p, err)
	}
	return g, p, tree
}

// TestTree_ChecksAndRoundTrips: every recorded tree passes Check after a trip through its
// file format, and proves what the oracle says.
func TestTree_ChecksAndRoundTrips(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= seeds(60); seed++ {
		g, p, tree := proveRandom(t, seed, seed%3 != 0)
		var buf bytes.Buffer
		if err := WriteTree(&buf, tree); err != nil {
			t.Fatal(err)
		}
		back, err := ReadTree(&buf)
		if err != nil {
			t.Fatalf("seed %d: ReadTree: %v\n%s", seed, err, buf.String())
		}
		if err := Check(ctx, back, g.parse); err != nil {
			t.Fatalf("seed %d: Check(tree of %q) = %v\n%s", seed, p, err, buf.String())
		}
		root := back.Nodes[back.Root]
		want := bruteNimber(g, p.at)
		if root.Losing() != (root.N == want) {
			t.Fatalf("seed %d: root (%s, %d) %s, but nimber is %d", seed, root.Position, root.N, root.Result, want)
		}
		testTreeShape(t, back)
	}
}

// testTreeShape checks the solution-tree properties: an L couple has no L option; a W
// couple names exactly one, and it is losing.
func testTreeShape(t *testing.T, tree *Tree) {
	t.Helper()
	for _, n := range tree.Nodes {
		if n.Kind == KindSum {
			continue
		}
		for _, k := range n.Children {
			if n.Losing() && tree.Nodes[k].Losing() {
				t.Fatalf("L node %d has an L child %d", n.ID, k)
			}
		}
		if !n.Losing() && (len(n.Children) != 1 || !tree.Nodes[n.Children[0]].Losing()) {
			t.Fatalf("W node %d has children %v, want one losing", n.ID, n.Children)
		}
	}
}

// TestCheck_Tampered: a wrong nimber, a missing option, a flipped result, a child from
// another position or a cycle each make Check fail.
func TestCheck_Tampered(t *testing.T) {
	tampers := map[string]func(tree *Tree) bool{
		"wrong nimber": func(tree *Tree) bool {
			return tamperFirst(tree, func(n *Node) bool { return n.Losing() && n.Kind == KindCouple }, func(n *Node) { n.N++ })
		},
		"missing option": func(tree *Tree) bool {
			return tamperFirst(tree, func(n *Node) bool { return n.Losing() && len(n.Children) > 0 }, func(n *Node) { n.Children = n.Children[1:] })
		},
		"flipped result": func(tree *Tree) bool {
			return tamperFirst(tree, func(n *Node) bool { return n.Kind == KindCouple }, func(n *Node) { n.Result = map[string]string{"L": "W", "W": "L"}[n.Result] })
		},
		"cycle": func(tree *Tree) bool {
			return tamperFirst(tree, func(n *Node) bool { return len(n.Children) > 0 && n.ID != tree.Root }, func(n *Node) { n.Children[0] = tree.Root })
		},
	}
	for name, tamper := range tampers {
		tried := 0
		for seed := uint64(1); seed <= 30; seed++ {
			g, _, tree := proveRandom(t, seed, true)
			if !tamper(tree) {
				continue
			}
			tried++
			if err := Check(context.Background(), tree, g.parse); err == nil {
				t.Errorf("%s, seed %d: Check passed a tampered tree", name, seed)
			}
		}
		if tried == 0 {
			t.Errorf("%s: no tree to tamper with", name)
		}
	}
}

// tamperFirst changes the first node that matches, and reports whether there was one.
func tamperFirst(tree *Tree, match func(*Node) bool, change func(*Node)) bool {
	for i := range tree.Nodes {
		if match(&tree.Nodes[i]) {
			change(&tree.Nodes[i])
			return true
		}
	}
	return false
}

func TestReadTree_Bad(t *testing.T) {
	bad := []string{
		``,
		`{}`,
		`{"format":"grundy-tree/2","game":"x","root":0,"nodes":[{"id":0,"position":"","n":0,"result":"L","children":[]}]}`,
		`{"format":"grundy-tree/1","game":"x","root":0,"nodes":[]}`,
		`{"format":"grundy-tree/1","game":"x","root":1,"nodes":[{"id":0,"position":"","n":0,"result":"L","children":[]}]}`,
		`{"format":"grundy-tree/1","game":"x","root":0,"nodes":[{"id":0,"position":"","n":0,"result":"X","children":[]}]}`,
		`{"format":"grundy-tree/1","game":"x","root":0,"nodes":[{"id":0,"position":"","n":-1,"result":"L","children":[]}]}`,
		`{"format":"grundy-tree/1","game":"x","root":0,"nodes":[{"id":0,"position":"","n":0,"result":"L","children":[5]}]}`,
		`{"format":"grundy-tree/1","game":"x","root":0,"nodes":[{"id":0,"position":"","n":0,"result":"L","children":[]},{"id":0,"position":"","n":0,"result":"L","children":[]}]}`,
	}
	for _, s := range bad {
		if _, err := ReadTree(bytes.NewBufferString(s)); err == nil {
			t.Errorf("ReadTree(%q): no error", s)
		}
	}
}

func TestCheck_ParseError(t *testing.T) {
	g := randomGraph(rand.New(rand.NewPCG(1, 1)), 5, 2)
	tree := &Tree{Format: TreeFormat, Nodes: []Node{{Position: "nope", Result: "L"}}}
	var ce *CheckError
	if err := Check(context.Background(), tree, g.parse); !errors.As(err, &ce) {
		t.Fatalf("Check with an unreadable position = %v, want a *CheckError", err)
	}
}

// TestProve_TooLarge: a recorded search stops, with ErrTreeTooLarge, before its proofs
// outgrow memory.
func TestProve_TooLarge(t *testing.T) {
	s := NewSolver()
	s.rec = newRecorder()
	for i := range MaxRecorded + 1 {
		s.rec.proofs[ref{key: "x", n: i}] = nil
	}
	s.begin(context.Background())
	for range 2 * checkEvery {
		s.tick()
	}
	if !errors.Is(s.err, ErrTreeTooLarge) {
		t.Fatalf("a recorder over MaxRecorded: err = %v, want ErrTreeTooLarge", s.err)
	}
}
