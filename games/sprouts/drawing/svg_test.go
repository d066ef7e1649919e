package drawing

import (
	"encoding/xml"
	"math/rand/v2"
	"strings"
	"testing"
)

// The picture of 1a2a after the worked game's moves is well-formed XML with one path per
// line and one disc per spot, the dead ones hollow, and scales to the width asked.
func TestSVG_WorkedPosition(t *testing.T) {
	d := New(2)
	for _, m := range []string{"1a1a", "1a2a"} {
		next, err := d.Replay(m)
		if err != nil {
			t.Fatal(err)
		}
		d = next
	}
	s := d.SVG(SVGOptions{Width: 96})
	if err := xml.Unmarshal([]byte(s), new(struct{})); err != nil {
		t.Fatalf("not XML: %v\n%s", err, s)
	}
	if !strings.Contains(s, `width="96"`) {
		t.Errorf("width not 96:\n%s", s)
	}
	if got := strings.Count(s, "<path "); got != len(d.Lines) {
		t.Errorf("%d paths, want %d", got, len(d.Lines))
	}
	dead := 0
	for i := range d.Spots {
		dead += btoi(d.Lives(i) == 0)
	}
	if got := strings.Count(s, `fill="white"`); got != dead || dead == 0 {
		t.Errorf("%d hollow spots, want %d (> 0)", got, dead)
	}
	if got := strings.Count(s, "<circle "); got != len(d.Spots) {
		t.Errorf("%d discs, want %d", got, len(d.Spots))
	}
}

// After 20 moves replayed from 0*8 the relaxed drawing keeps its spots apart: no two nearer
// than 1% of its size (measured: 3.2% with this seed), so that it stays readable.
func TestReplay_Readable(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 20))
	d := New(8)
	for ply := range 20 {
		opts := options(t, d.String())
		if len(opts) == 0 {
			break
		}
		next, err := d.Replay(opts[rng.IntN(len(opts))])
		if err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
		d = next
	}
	if g := d.minGap(); g < 0.01 {
		t.Errorf("%s: spots %.4f of the size apart, want 0.01 at least", d, g)
	}
	t.Logf("%s: %d spots, least gap %.4f of the size", d, len(d.Spots), d.minGap())
}
