package drawing

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// The 2-spot game worked in shared/SPROUTS.md: each position with its options, canonical.
var workedGame = []struct {
	pos     string
	path    []string // the moves that reach it from 0*2
	options []string
}{
	{"0*2", nil, []string{"0.AB|AB", "1a1a"}},
	{"0.AB|AB", []string{"0.AB|AB"}, []string{"0", "0.2", "1a2a", "AB.CD|AB|CD"}},
	{"1a1a", []string{"1a1a"}, []string{"1AB|AB", "1a2a", "ABCD|ABCD"}},
	{"1a2a", []string{"1a1a", "1a2a"}, []string{"12", "222", "2AB|AB", "ABC|ABC"}},
	{"0", []string{"0.AB|AB", "0"}, []string{"AB|AB"}},
	{"AB|AB", []string{"0.AB|AB", "0", "AB|AB"}, []string{"!"}},
	{"ABCD|ABCD", []string{"1a1a", "ABCD|ABCD"}, []string{"2AB|AB", "AB|AC|BC"}},
}

// Every position of the worked game is drawn by replaying its moves from two spots, and each
// of its options is drawn from it, reading as the table says.
func TestReplay_WorkedGame(t *testing.T) {
	for _, w := range workedGame {
		d := New(2)
		for _, m := range w.path {
			next, err := d.Replay(m)
			if err != nil {
				t.Fatalf("%s: %v", w.pos, err)
			}
			d = next
		}
		if got := d.String(); got != w.pos {
			t.Errorf("drawn by %q: %s, want %s", w.path, got, w.pos)
		}
		var got []string
		for _, o := range w.options {
			next, err := d.Replay(o)
			if err != nil {
				t.Errorf("%s → %s: %v", w.pos, o, err)
				continue
			}
			got = append(got, next.String())
		}
		if !slices.Equal(got, w.options) {
			t.Errorf("%s: options drawn read %q, want %q", w.pos, got, w.options)
		}
	}
}

// A game of two spots drawn by hand, curve by curve, with the string after each, and the
// curves refused on the way.
func TestDraw_WorkedGameByHand(t *testing.T) {
	d := New(2) // spot 0 at (0, 100), spot 1 at (0, -100)
	steps := []struct {
		curve []Point
		want  string
	}{
		{[]Point{{0, 100}, {0, -100}}, "1a1a"},                           // spot 2 at (0, 0)
		{[]Point{{0, 100}, {60, 60}, {60, -60}, {0, -100}}, "ABCD|ABCD"}, // spot 3 at (60, 0)
		{[]Point{{0, 0}, {60, 0}}, "AB|AC|BC"},                           // spot 4 at (30, 0)
	}
	for i, s := range steps {
		next, err := d.Draw(s.curve)
		if err != nil {
			t.Fatalf("move %d: %v", i+1, err)
		}
		if got := next.String(); got != s.want {
			t.Errorf("move %d: %s, want %s", i+1, got, s.want)
		}
		d = next
	}
	refused := []struct {
		name  string
		curve []Point
		why   string
	}{
		{"crossing", []Point{{30, 0}, {-50, -20}, {0, 100}}, "crosses the line"},
		{"through a spot", []Point{{30, 0}, {90, 0}, {90, 50}, {0, 100}}, "passes through spot 3"},
		{"from a dead spot", []Point{{0, 0}, {20, 40}, {0, 100}}, "spot 2 is dead"},
		{"loop on one life", []Point{{30, 0}, {40, 20}, {20, 20}, {30, 0}}, "needs 2 lives"},
		{"not from a spot", []Point{{5, 5}, {0, 100}}, "does not start at a spot"},
		{"crossing itself", []Point{{30, 0}, {40, 30}, {20, 40}, {35, 10}, {50, 50}, {0, 100}}, "crosses itself"},
	}
	for _, r := range refused {
		_, err := d.Draw(r.curve)
		if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), r.why) {
			t.Errorf("%s: %v, want a refusal saying %q", r.name, err, r.why)
		}
	}
}

// At the end of a game every spot is dead but the last one drawn, which has one life and no
// partner: no move is left, and curves from dead spots are refused.
func TestReplay_DeadSpotsRefused(t *testing.T) {
	d := New(1)
	for _, m := range []string{"AB|AB", "!"} {
		next, err := d.Replay(m)
		if err != nil {
			t.Fatal(err)
		}
		d = next
	}
	last := len(d.Spots) - 1
	for s := range d.Spots {
		if want := btoi(s == last); d.Lives(s) != want {
			t.Errorf("spot %d has %d lives at the end, want %d", s, d.Lives(s), want)
		}
	}
	if _, err := d.Replay("0"); err == nil {
		t.Error("a move replayed on a finished game")
	}
	c := []Point{d.Spots[0], {500, 500}, d.Spots[last]}
	if _, err := d.Draw(c); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "spot 0 is dead") {
		t.Errorf("a curve from a dead spot: %v, want refused as dead", err)
	}
}

// In 0.A|0.B|2AB the region 2AB has 3 lives and the canonical form merged its spots: drawn,
// it is AaBa, a spot met twice between A and B, so the engine's move joining A and B with the
// 2 on one side (to 0+0+22) has no drawn move of its string. It is drawn as a move to an equal
// game: the same lands of more than 3 lives (none), small lands of one nim-sum.
func TestReplay_MergedRegion(t *testing.T) {
	d, err := ForPath("0*4", []string{"0.0.AB|0.AB", "0.AB|0.CD|AB.CD", "0.A|0.B|2AB"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(options(t, d.String()), "0+0+22") {
		t.Fatalf("0+0+22 is no option of %s", d)
	}
	if ps := plans(d, embed(d)); len(ps["0+0+22"]) != 0 {
		t.Fatalf("a drawn move reads 0+0+22: the region was not merged")
	}
	next, err := d.Replay("0+0+22")
	if err != nil {
		t.Fatal(err)
	}
	got := next.String()
	t.Logf("0+0+22 drawn as %s", got)
	if got == "0+0+22" || gameKey(got) != gameKey("0+0+22") {
		t.Errorf("drawn as %s (key %s), want another text of key %s", got, gameKey(got), gameKey("0+0+22"))
	}
}
