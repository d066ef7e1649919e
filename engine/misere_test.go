package engine

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// bruteMisere is the oracle of misère play on the graph game alone: a position is a win
// when it has no move, or a move to a loss. It knows nothing of Options, Split or keys.
func bruteMisere(g *graph, at []int) bool {
	memo := map[string]bool{}
	var win func(at []int) bool
	win = func(at []int) bool {
		key := vertexKey(at)
		if w, ok := memo[key]; ok {
			return w
		}
		moved, w := false, false
		for i, v := range at {
			for _, to := range g.succ[v] {
				next := slices.Clone(at)
				next[i] = to
				next = g.spawn(next, v, to)
				slices.Sort(next)
				moved = true
				w = w || !win(next)
			}
		}
		w = w || !moved
		memo[key] = w
		return w
	}
	return win(at)
}

// TestMisereOutcome_Oracle: the misère search agrees with the oracle on random graph games,
// sums among them, with every cache.
func TestMisereOutcome_Oracle(t *testing.T) {
	ctx := context.Background()
	for name, cache := range caches(t) {
		for seed := uint64(1); seed <= seeds(100); seed++ {
			r := rand.New(rand.NewPCG(seed, 29))
			g := randomGraph(r, 12, 3)
			g.sums = seed%2 == 0
			p := randomPosition(r, g)
			s := NewSolver(WithCache(cache()))
			win, err := s.MisereOutcome(ctx, p, nil)
			if err != nil {
				t.Fatal(err)
			}
			if want := bruteMisere(g, p.at); win != want {
				t.Fatalf("%s, seed %d: MisereOutcome(%q) = %v, want %v", name, seed, p, win, want)
			}
		}
	}
}

// TestMisereOutcome_NotNormal: positions where misère and normal play differ, so that a
// search that played normally would fail: a lone token on a sink (no move: a misère win),
// one step from a sink (a misère loss), and equal tokens (P + P, a normal-play loss: here a
// misère win twice, a loss once).
func TestMisereOutcome_NotNormal(t *testing.T) {
	g := &graph{succ: [][]int{nil, {0}, {1}, {0, 1}}}
	cases := []struct {
		at   []int
		want bool
	}{
		{[]int{0}, true},
		{[]int{1}, false},
		{[]int{2}, true},
		{[]int{1, 1}, true},
		{[]int{3, 3}, false},
		{[]int{2, 2}, true},
	}
	for _, c := range cases {
		p := tokens{g, c.at}
		win, err := NewSolver().MisereOutcome(context.Background(), p, nil)
		if err != nil || win != c.want {
			t.Errorf("MisereOutcome(%q) = %v, %v, want %v", p, win, err, c.want)
		}
		if b := bruteMisere(g, c.at); b != c.want {
			t.Errorf("bruteMisere(%q) = %v, want %v", p, b, c.want)
		}
	}
}

// TestMisereKey: the key is the multiset of the components' keys, apart from every
// normal-play key.
func TestMisereKey(t *testing.T) {
	g := &graph{succ: [][]int{nil, {0}, {1}, {0, 1}}}
	a, b := MisereKey(tokens{g, []int{1, 3}}), MisereKey(Sum{tokens{g, []int{3}}, tokens{g, []int{1}}})
	if a != b {
		t.Errorf("MisereKey(1 3) = %q, MisereKey(3 + 1) = %q, want equal", a, b)
	}
	if c := MisereKey(tokens{g, []int{1, 3, 0}}); c != a {
		t.Errorf("MisereKey(1 3 0) = %q, want %q (a token that cannot move changes nothing)", c, a)
	}
	if c := MisereKey(tokens{g, []int{1, 3, 3}}); c == a {
		t.Errorf("MisereKey(1 3 3) = MisereKey(1 3) = %q: equal components must not cancel", c)
	}
	for _, k := range []string{a, MisereKey(tokens{g, nil})} {
		if !IsMisereKey(k) {
			t.Errorf("IsMisereKey(%q) = false", k)
		}
	}
	if IsMisereKey(tokens{g, []int{1, 3}}.Key()) {
		t.Error("a normal-play key is taken for a misère one")
	}
}

// TestMisereOutcome_SharesCacheApart: a cache used for misère play and then for normal play
// (and the other way round) gives both their right answers.
func TestMisereOutcome_SharesCacheApart(t *testing.T) {
	ctx := context.Background()
	g := &graph{succ: [][]int{nil, {0}, {1}, {0, 1}, {2, 3}}}
	for _, at := range [][]int{{1}, {2}, {1, 1}, {4}, {3, 4}, {2, 2}} {
		p := tokens{g, at}
		wantM, wantN := bruteMisere(g, at), bruteNimber(g, at) != 0
		for _, misereFirst := range []bool{true, false} {
			s := NewSolver()
			var gotM, gotN bool
			if misereFirst {
				gotM, _ = s.MisereOutcome(ctx, p, nil)
				gotN, _ = s.Outcome(ctx, p, 0)
			} else {
				gotN, _ = s.Outcome(ctx, p, 0)
				gotM, _ = s.MisereOutcome(ctx, p, nil)
			}
			if gotM != wantM || gotN != wantN {
				t.Errorf("%q, misère first %v: misère %v normal %v, want %v %v", p, misereFirst, gotM, gotN, wantM, wantN)
			}
		}
	}
}

// TestMisereOutcome_Stops: a cancelled context stops the search with its error.
func TestMisereOutcome_Stops(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	g := randomGraph(r, 40, 4)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := NewSolver().MisereOutcome(ctx, tokens{g, []int{39, 38, 37}}, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("MisereOutcome after cancel: %v, want context.Canceled", err)
	}
	if _, err := NewSolver(WithNodeLimit(10)).MisereOutcome(context.Background(), tokens{g, []int{39, 38, 37, 36, 35, 34, 33}}, nil); !errors.Is(err, ErrNodeLimit) {
		t.Fatalf("MisereOutcome with 10 nodes: %v, want ErrNodeLimit", err)
	}
}

// TestMisereNim: the closed form, on every position of up to four heaps of up to 4 tokens,
// against the oracle on Nim played on the graph (a heap of v tokens moves to any w < v).
func TestMisereNim(t *testing.T) {
	nim := &graph{succ: make([][]int, 5)}
	for v := range nim.succ {
		for w := range v {
			nim.succ[v] = append(nim.succ[v], w)
		}
	}
	var heaps func(at []int)
	heaps = func(at []int) {
		if want := bruteMisere(nim, at); MisereNim(at) != want {
			t.Errorf("MisereNim(%v) = %v, want %v", at, !want, want)
		}
		if len(at) == 4 {
			return
		}
		for h := range 5 {
			heaps(append(slices.Clone(at), h))
		}
	}
	heaps(nil)
}

// proveMisereRandom records the misère tree of a random position.
func proveMisereRandom(t *testing.T, seed uint64) (*graph, tokens, *Tree) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 31))
	g := randomGraph(r, 14, 3)
	g.sums = seed%2 == 1
	p := randomPosition(r, g)
	tree, err := NewSolver(WithCache(NoCache{})).ProveMisere(context.Background(), "tokens", p)
	if err != nil {
		t.Fatalf("seed %d: ProveMisere(%q): %v", seed, p, err)
	}
	return g, p, tree
}

// TestProveMisere_ChecksAndRoundTrips: every misère tree passes Check after a trip through
// the file format, which says its convention, and its root is the oracle's outcome.
func TestProveMisere_ChecksAndRoundTrips(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= seeds(60); seed++ {
		g, p, tree := proveMisereRandom(t, seed)
		var buf bytes.Buffer
		if err := WriteTree(&buf, tree); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), `"convention":"misere"`) {
			t.Fatalf("seed %d: the file does not say misère:\n%s", seed, buf.String())
		}
		back, err := ReadTree(&buf)
		if err != nil {
			t.Fatalf("seed %d: ReadTree: %v", seed, err)
		}
		if back.Convention != Misere {
			t.Fatalf("seed %d: read convention %q, want %q", seed, back.Convention, Misere)
		}
		if err := Check(ctx, back, sumParser(g)); err != nil {
			t.Fatalf("seed %d: Check(misère tree of %q) = %v\n%s", seed, p, err, buf.String())
		}
		root := back.Nodes[back.Root]
		if want := bruteMisere(g, p.at); root.Result != result(want) {
			t.Fatalf("seed %d: root %s is %s, want %s", seed, root.Position, root.Result, result(want))
		}
		for _, n := range back.Nodes {
			if len(n.Children) == 0 && n.Result != "W" {
				t.Fatalf("seed %d: leaf %s is %s: a position with no move is a misère win", seed, n.Position, n.Result)
			}
		}
	}
}

// sumParser reads the graph game's positions and their sums written with " + ", as the misère
// search names a move in one component of several.
func sumParser(g *graph) func(string) (Position, error) {
	return func(s string) (Position, error) { return g.parse(strings.ReplaceAll(s, "+", " ")) }
}

// TestCheckMisere_Refuses: altered misère trees, and normal-play trees read as misère ones,
// do not hold.
func TestCheckMisere_Refuses(t *testing.T) {
	ctx := context.Background()
	g := &graph{succ: [][]int{nil, {0}, {1}, {0, 1}}}
	prove := func(at ...int) *Tree {
		tree, err := NewSolver().ProveMisere(ctx, "tokens", tokens{g, at})
		if err != nil {
			t.Fatal(err)
		}
		return tree
	}
	cases := []struct {
		name  string
		tree  func() *Tree
		wants string
	}{
		{"flipped root", func() *Tree {
			tr := prove(1, 2) // L: its options 0 2 and 1 1 are wins
			tr.Nodes[tr.Root].Result = "W"
			return tr
		}, "children"},
		{"leaf claimed L", func() *Tree {
			tr := prove(0) // W: no move
			tr.Nodes[tr.Root].Result = "L"
			return tr
		}, "no move"},
		{"W without child", func() *Tree {
			tr := prove(2) // W by moving to 1
			tr.Nodes[tr.Root].Children = nil
			return tr
		}, "has a move"},
		{"heap", func() *Tree {
			tr := prove(1)
			tr.Nodes[tr.Root].N = 1
			return tr
		}, "no nimbers"},
		{"normal tree read as misère", func() *Tree {
			tr, err := NewSolver().ProveOutcome(ctx, "tokens", tokens{g, []int{1}})
			if err != nil {
				t.Fatal(err)
			}
			tr.Convention = Misere
			return tr
		}, ""},
		{"misère tree read as normal", func() *Tree {
			tr := prove(1)
			tr.Convention = Normal
			return tr
		}, ""},
	}
	for _, c := range cases {
		err := Check(ctx, c.tree(), sumParser(g))
		var ce *CheckError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), c.wants) {
			t.Errorf("%s: Check = %v, want a CheckError saying %q", c.name, err, c.wants)
		}
	}
}

// TestReadTree_Convention: the reader takes "misere" and "normal", a file without the field
// as normal play, and refuses any other value or a name differing in case.
func TestReadTree_Convention(t *testing.T) {
	node := `"nodes":[{"id":0,"position":"0","n":0,"result":"W","children":[]}]}`
	cases := []struct {
		head, want string
		ok         bool
	}{
		{`{"format":"grundy-tree/1","game":"g","root":0,`, Normal, true},
		{`{"format":"grundy-tree/1","convention":"normal","game":"g","root":0,`, Normal, true},
		{`{"format":"grundy-tree/1","convention":"misere","game":"g","root":0,`, Misere, true},
		{`{"format":"grundy-tree/1","convention":"misère","game":"g","root":0,`, "", false},
		{`{"format":"grundy-tree/1","convention":1,"game":"g","root":0,`, "", false},
		{`{"format":"grundy-tree/1","Convention":"misere","game":"g","root":0,`, "", false},
		{`{"format":"grundy-tree/1","convention":"misere","convention":"misere","game":"g","root":0,`, "", false},
	}
	for _, c := range cases {
		tr, err := ReadTree(strings.NewReader(c.head + node))
		switch {
		case c.ok && err != nil:
			t.Errorf("ReadTree(%s…) = %v", c.head, err)
		case c.ok && tr.Convention != c.want:
			t.Errorf("ReadTree(%s…).Convention = %q, want %q", c.head, tr.Convention, c.want)
		case !c.ok && err == nil:
			t.Errorf("ReadTree(%s…) took it, want an error", c.head)
		}
	}
}

// FuzzReadTreeMisere feeds the reader and the misère checker any bytes around misère trees:
// no panic, and a tree that reads writes and reads back with its convention.
func FuzzReadTreeMisere(f *testing.F) {
	// A valid misère tree: the empty position, a win (no move).
	f.Add(`{"format":"grundy-tree/1","convention":"misere","game":"t","root":0,"nodes":[{"id":0,"position":"","n":0,"result":"W","children":[]}]}`)
	// The same claimed L: under misère play a position with no move is won.
	f.Add(`{"format":"grundy-tree/1","convention":"misere","game":"t","root":0,"nodes":[{"id":0,"position":"","n":0,"result":"L","children":[]}]}`)
	// A heap in a misère tree, a sum node in one, a cycle, an unknown convention.
	f.Add(`{"format":"grundy-tree/1","convention":"misere","game":"t","root":0,"nodes":[{"id":0,"position":"3","n":2,"result":"W","children":[0]}]}`)
	f.Add(`{"format":"grundy-tree/1","convention":"misere","game":"t","root":0,"nodes":[{"id":0,"position":"3 4","n":0,"kind":"sum","result":"L","children":[0]}]}`)
	f.Add(`{"format":"grundy-tree/1","convention":"nimble","game":"t","root":0,"nodes":[{"id":0,"position":"","n":0,"result":"W","children":[]}]}`)
	// A tree by forms: the empty position beside the form {{}} (*), a misère loss; the same
	// with a form whose option is not before it, and with a form past the table.
	f.Add(`{"format":"grundy-tree/1","convention":"misere","game":"t","root":0,"form_budget":4000,"forms":[[],[0]],"nodes":[{"id":0,"position":"","n":1,"result":"L","children":[]}]}`)
	f.Add(`{"format":"grundy-tree/1","convention":"misere","game":"t","root":0,"forms":[[],[1]],"nodes":[{"id":0,"position":"","n":1,"result":"L","children":[]}]}`)
	f.Add(`{"format":"grundy-tree/1","convention":"misere","game":"t","root":0,"forms":[[],[0],[0,1]],"nodes":[{"id":0,"position":"3","n":7,"result":"W","children":[]}]}`)
	g := randomGraph(rand.New(rand.NewPCG(2, 2)), 8, 3)
	f.Fuzz(func(t *testing.T, s string) {
		tree, err := ReadTree(strings.NewReader(s))
		if err != nil {
			return
		}
		_ = Check(context.Background(), tree, g.parse)
		var buf bytes.Buffer
		if err := WriteTree(&buf, tree); err != nil {
			t.Fatal(err)
		}
		back, err := ReadTree(&buf)
		if err != nil {
			t.Fatalf("a tree that read once does not read back: %v", err)
		}
		if back.Convention != tree.Convention {
			t.Fatalf("convention %q read back as %q", tree.Convention, back.Convention)
		}
		if !reflect.DeepEqual(back.Forms, tree.Forms) || back.FormBudget != tree.FormBudget || back.FormHint != tree.FormHint {
			t.Fatalf("forms %v (budget %d, hint %d) read back as %v (%d, %d)", tree.Forms, tree.FormBudget, tree.FormHint,
				back.Forms, back.FormBudget, back.FormHint)
		}
	})
}
