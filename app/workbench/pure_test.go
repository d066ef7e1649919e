package workbench

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games"
	"grundy/job"
)

// proveNimber returns the solution tree of a position of game.
func proveNimber(t *testing.T, game, pos string) *engine.Tree {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	p, err := games.Parse(g, pos)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := engine.NewSolver().ProveNimber(context.Background(), game, p)
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

func TestWhy(t *testing.T) {
	tree := proveNimber(t, "cram", "2x3")
	seen := map[string]bool{}
	for id := range tree.Nodes {
		n := &tree.Nodes[id]
		why := Why(tree, id)
		switch {
		case n.Kind == engine.KindSum:
			seen["sum"] = true
			if !strings.Contains(why, "independent components") || !strings.Contains(why, "⊕") {
				t.Errorf("Why(sum node %d) = %q", id, why)
			}
		case n.Losing() && len(n.Children) > 0:
			seen["L"] = true
			if !strings.HasPrefix(why, "L: the nimber of "+n.Position) || !strings.Contains(why, "Every option") {
				t.Errorf("Why(L node %d) = %q", id, why)
			}
		case n.Losing():
			seen["terminal"] = true
			if !strings.Contains(why, "no option at all") {
				t.Errorf("Why(terminal node %d) = %q", id, why)
			}
		default:
			seen["W"] = true
			if !strings.HasPrefix(why, "W: the nimber of "+n.Position+" is not") || !strings.Contains(why, "because") {
				t.Errorf("Why(W node %d) = %q", id, why)
			}
		}
		prose := strings.ReplaceAll(why, n.Position, "")
		for _, k := range n.Children {
			prose = strings.ReplaceAll(prose, tree.Nodes[k].Position, "")
		}
		if strings.Contains(prose, "..") {
			t.Errorf("Why(node %d) has a double stop: %q", id, why)
		}
	}
	for _, k := range []string{"L", "W", "terminal", "sum"} {
		if !seen[k] {
			t.Errorf("the tree of cram 2x3 has no %s node to explain", k)
		}
	}
}

func TestReadDocument(t *testing.T) {
	for _, c := range []struct {
		in, err string
		tree    bool
	}{
		{`{"format":"grundy-position/1","game":"cram","position":"3x3"}`, "", false},
		{`{"format":"grundy-tree/1","game":"nim","root":0,"nodes":[{"id":0,"position":"","n":0,"result":"L","children":[]}]}`, "", true},
		{`{"format":"grundy-position/1","position":"3x3"}`, "no game", false},
		{`{"format":"x"}`, `unknown file format "x"`, false},
		{`not json`, "not a workbench file", false},
	} {
		doc, err := ReadDocument(strings.NewReader(c.in))
		switch {
		case c.err != "":
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ReadDocument(%s) error %v, want %q", c.in, err, c.err)
			}
		case err != nil:
			t.Errorf("ReadDocument(%s): %v", c.in, err)
		case (doc.Tree != nil) != c.tree || (doc.Position != nil) == c.tree:
			t.Errorf("ReadDocument(%s) = %+v", c.in, doc)
		}
	}
}

func TestWritePosition_RoundTrip(t *testing.T) {
	var b strings.Builder
	if err := WritePosition(&b, "cram", "#../... + 1x4"); err != nil {
		t.Fatal(err)
	}
	doc, err := ReadDocument(strings.NewReader(b.String()))
	if err != nil || doc.Position.Game != "cram" || doc.Position.Position != "#../... + 1x4" {
		t.Fatalf("round trip of %s: %+v, %v", b.String(), doc.Position, err)
	}
}

func TestPushFront(t *testing.T) {
	got := pushFront([]string{"a", "b", "c"}, "b", 3)
	if !slices.Equal(got, []string{"b", "a", "c"}) {
		t.Errorf("pushFront(a b c, b) = %v", got)
	}
	got = pushFront([]string{"a", "b", "c"}, "d", 3)
	if !slices.Equal(got, []string{"d", "a", "b"}) {
		t.Errorf("pushFront(a b c, d) = %v", got)
	}
}

func TestFallback(t *testing.T) {
	primary := &fakePicker{err: ErrNoDialog}
	secondary := &fakePicker{paths: []string{"/x/y.json"}}
	var got string
	Fallback(primary, secondary).Open("Open", nil, func(p string, err error) { got = p })
	if got != "/x/y.json" || len(secondary.titles) != 1 {
		t.Fatalf("fallback gave %q after ErrNoDialog", got)
	}
	other := errors.New("disk on fire")
	primary.err = other
	var gotErr error
	Fallback(primary, secondary).Save("Save", "a", nil, func(_ string, err error) { gotErr = err })
	if !errors.Is(gotErr, other) || len(secondary.titles) != 1 {
		t.Fatalf("fallback on another error: %v, secondary asked %d times", gotErr, len(secondary.titles))
	}
}

func TestFormat(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{count(0), "0"}, {count(999), "999"}, {count(1000), "1 000"}, {count(1234567), "1 234 567"},
		{memory(512), "512 B"}, {memory(3 << 20), "3.0 MB"},
		{elapsed(1500 * time.Millisecond), "1.5 s"}, {elapsed(125 * time.Second), "2 min 05 s"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if m, v := OptionText(job.Option{Position: "1 1", Nimber: 0, Known: true}); m == "" || v != "= 0" {
		t.Errorf("OptionText(winning) = %q, %q", m, v)
	}
	if m, v := OptionText(job.Option{Position: "2"}); m != "" || v != "?" {
		t.Errorf("OptionText(unknown) = %q, %q", m, v)
	}
	if m, v := OptionText(job.Option{Position: "5x5", Verdict: job.Winning}); m != "" || v != "≠ 0" {
		t.Errorf("OptionText(proven ≠ 0) = %q, %q", m, v)
	}
}
