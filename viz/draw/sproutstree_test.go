package draw

import (
	"os"
	"testing"

	"grundy/engine"
)

// readTree reads a tree from testdata.
func readTree(t *testing.T, name string) *engine.Tree {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr, err := engine.ReadTree(f)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// Every node of the solution trees of 0*3 and 0*4 (written by `grundy tree sprouts 0*k -o`)
// is drawn, and its drawing reads as the node's position; a sum node shows its components
// drawn.
func TestSproutsTree_EveryNode(t *testing.T) {
	for _, name := range []string{"sprouts-0x3.json", "sprouts-0x4.json"} {
		t.Run(name, func(t *testing.T) { everyNodeDrawn(t, name) })
	}
}

func everyNodeDrawn(t *testing.T, name string) {
	tr := readTree(t, name)
	st := NewSproutsTree(tr)
	for id, n := range tr.Nodes {
		pic, err := st.Picture(id)
		if err != nil || pic == nil {
			t.Errorf("node %d (%s) not drawn: %v", id, n.Position, err)
			continue
		}
		d, _ := st.Drawing(id)
		if !d.Shows(n.Position) {
			t.Errorf("node %d drawn as %s, want %s", id, d.String(), n.Position)
		}
		if err := d.Check(); err != nil {
			t.Errorf("node %d: %v", id, err)
		}
		c := Couple{Game: tr.Game, Position: n.Position, N: n.N, Losing: n.Losing(), Sum: n.Kind == engine.KindSum}
		for _, k := range n.Children {
			c.Parts = append(c.Parts, Fact{Position: tr.Nodes[k].Position, N: tr.Nodes[k].N, Losing: tr.Nodes[k].Losing()})
		}
		st.Fill(&c, id, true)
		if !st.Fill(&c, id, false) {
			t.Errorf("node %d: Fill misses drawings it made", id)
		}
		if curves(Node(c, nil)) == 0 && len(d.Lines) > 0 {
			t.Errorf("node %d (%s): its picture has no curve", id, n.Position)
		}
	}
}

// curves counts the curves of p.
func curves(p Picture) int {
	n := 0
	for _, it := range p.Items {
		if it.Op == OpCurve {
			n++
		}
	}
	return n
}

// A child's drawing is its parent's with the move added: the parent's spots keep their
// number, and one spot more is drawn.
func TestSproutsTree_ChildFromParent(t *testing.T) {
	tr := readTree(t, "sprouts-0x3.json")
	st := NewSproutsTree(tr)
	root, err := st.Drawing(tr.Root)
	if err != nil || len(root.Spots) != 3 || len(root.Lines) != 0 {
		t.Fatalf("root of 0*3: %v, %v", root, err)
	}
	for _, k := range tr.Nodes[tr.Root].Children {
		d, err := st.Drawing(k)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Nodes[k].Position == tr.Nodes[tr.Root].Position {
			if d != root {
				t.Errorf("node %d, the root with another heap, has a drawing of its own", k)
			}
			continue
		}
		if len(d.Spots) != 4 || len(d.Lines) != 2 {
			t.Errorf("node %d (%s): %d spots and %d lines, want 4 and 2", k, tr.Nodes[k].Position, len(d.Spots), len(d.Lines))
		}
	}
}

// A move that cannot be replayed leaves the node as text, with the reason; the other nodes
// are drawn, and a tree of another game has no drawings.
func TestSproutsTree_NotAMove(t *testing.T) {
	tr := &engine.Tree{Format: engine.TreeFormat, Game: "sprouts", Nodes: []engine.Node{
		{ID: 0, Position: "0*2", N: 0, Result: "L", Children: []int{1}},
		{ID: 1, Position: "0*3", N: 0, Result: "W"},
	}}
	st := NewSproutsTree(tr)
	if pic, err := st.Picture(1); pic != nil || err == nil {
		t.Errorf("0*2 → 0*3 drawn: %v, %v", pic, err)
	}
	if st.Reason(1) == nil {
		t.Error("no reason for a node left as text")
	}
	c := Couple{Game: "sprouts", Position: "0*3"}
	if !st.Fill(&c, 1, false) || c.Drawing != nil {
		t.Errorf("Fill of a node left as text: %v", c.Drawing)
	}
	if pic, _ := st.Picture(0); pic == nil || st.Reason(0) != nil {
		t.Errorf("root 0*2 not drawn: %v", st.Reason(0))
	}
	if NewSproutsTree(&engine.Tree{Game: "cram", Nodes: tr.Nodes}) != nil {
		t.Error("a Cram tree has Sprouts drawings")
	}
}
