package engine_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"grundy/engine"
	"grundy/games"
	"grundy/internal/numfmt"
)

// A child of a tree node is shown where it is first met (breadth first, as a tree file lists
// it and as the window draws it) under the position the move from that parent reaches,
// written from the parent's own writing: not under another writing of its key, met elsewhere
// in the proof. In Breaking Chocolates every all-white bar has one key, and the symmetries of
// a bar one key: the move from "wwb" that leaves "ww" showed "w", and the component "wb" of
// "wb ww" showed "w/b". The proof still shares the couple: one node for the key. Misère trees
// alike.
func TestTree_ChildShowsThePositionItsParentReaches(t *testing.T) {
	cases := []struct{ game, pos string }{
		{"breaking-chocolates", "wwb"},
		{"breaking-chocolates", "wwb/bww"},
		{"breaking-chocolates", "wbw/bwb"},
		{"breaking-chocolates", "bw/wb w"},
		{"breaking-chocolates", "wwbw/bwww"},
		{"cram", "3x4"},
		{"cram", "..#/.../..."},
		{"kayles", "3 4"},
	}
	ctx := context.Background()
	for _, c := range cases {
		g, p := parse(t, c.game, c.pos)
		read := func(s string) (engine.Position, error) { return games.Parse(g, s) }
		recorded, err := engine.NewSolver(engine.WithoutTheory()).ProveNimber(ctx, c.game, p)
		if err != nil {
			t.Fatalf("%s %s: %v", c.game, c.pos, err)
		}
		s := engine.NewSolver(engine.WithCache(engine.NewMapCache()), engine.WithoutTheory())
		if _, err := s.Nimber(ctx, p); err != nil {
			t.Fatal(err)
		}
		extracted, err := s.ExtractNimber(ctx, c.game, p)
		if err != nil {
			t.Fatalf("%s %s: %v", c.game, c.pos, err)
		}
		misere, err := engine.NewSolver(engine.WithoutTheory()).ProveMisere(ctx, c.game, p)
		if err != nil {
			t.Fatalf("%s %s: %v", c.game, c.pos, err)
		}
		for _, tr := range []struct {
			how  string
			tree *engine.Tree
		}{{"recorded", recorded}, {"extracted", extracted}, {"misère", misere}} {
			if err := engine.Check(ctx, tr.tree, read); err != nil {
				t.Fatalf("%s %s, %s: %v", c.game, c.pos, tr.how, err)
			}
			checkWritings(t, c.game+" "+c.pos+", "+tr.how, tr.tree, read)
		}
	}
}

// checkWritings fails where a node's position is not reached from the node that lists it
// first: one of its options, itself (a move of the heap), or, for a sum, one of its
// components.
func checkWritings(t *testing.T, name string, tr *engine.Tree, read func(string) (engine.Position, error)) {
	t.Helper()
	first := make([]bool, len(tr.Nodes))
	first[tr.Root] = true
	for i := range tr.Nodes {
		n := &tr.Nodes[i]
		var reached []string // what a move (or a split) from n's writing gives
		for _, c := range n.Children {
			if first[c] {
				continue
			}
			first[c] = true
			if reached == nil {
				p, err := read(n.Position)
				if err != nil {
					t.Fatalf("%s: node %d: %v", name, i, err)
				}
				reached = []string{n.Position}
				if n.Kind == engine.KindSum {
					for _, q := range p.Split() {
						reached = append(reached, q.String())
					}
				} else {
					for o := range p.Options() {
						reached = append(reached, o.String())
					}
				}
			}
			if got := tr.Nodes[c].Position; !slices.Contains(reached, got) {
				t.Errorf("%s: node %d %q lists node %d as %q, which no move of it reaches (%q)", name, i, n.Position, c, got, reached)
			}
		}
	}
}

// An extraction past its memory says how far it got: Kayles 1000 3's proof (446 137 nodes,
// about 122 MB of them by the extraction's count) stopped at a quarter of a 256 MB cache with
// a message that named the budget alone. Here Kayles 120 3 against 256 KB.
func TestExtract_TooLargeSaysItsNodes(t *testing.T) {
	_, p := parse(t, "kayles", "120 3")
	ctx := context.Background()
	s := engine.NewSolver(engine.WithCache(engine.NewMapCache()))
	if _, err := s.Nimber(ctx, p); err != nil {
		t.Fatal(err)
	}
	_, err := s.ExtractNimber(ctx, "kayles", p, engine.WithProofBytes(256<<10))
	var tl *engine.TreeTooLargeError
	if !errors.As(err, &tl) || tl.Budget != 256<<10 || tl.Nodes <= 0 {
		t.Fatalf("err %v (%#v), want a TreeTooLargeError of 256 KB that counts its nodes", err, tl)
	}
	if want := fmt.Sprintf("the memory set aside for them, at %s nodes)", numfmt.Grouped(tl.Nodes)); !strings.Contains(err.Error(), want) {
		t.Errorf("%q does not say %q", err, want)
	}
}
