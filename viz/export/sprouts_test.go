package export

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"grundy/viz/draw"
)

// A Sprouts tree is exported with its positions drawn: the curves of the moves as <path>
// elements in SVG and Bézier pieces in TikZ, one per line drawn; with Text, as strings.
func TestWrite_SproutsDrawn(t *testing.T) {
	tr, err := readTree("testdata/sprouts-0x2.json")
	if err != nil {
		t.Fatal(err)
	}
	// Each node drawn shows one curve a line of its drawing.
	cfg, _ := newConfig(nil)
	fs, err := theFonts()
	if err != nil {
		t.Fatal(err)
	}
	d, err := scene(tr, cfg, fs)
	if err != nil {
		t.Fatal(err)
	}
	sp, lines := draw.SproutsOf(tr), 0
	for _, n := range d.nodes {
		dr, err := sp.Drawing(n.id)
		if err != nil {
			t.Fatalf("node %d: %v", n.id, err)
		}
		got := 0
		for _, it := range d.pic.Items[n.first:n.end] {
			got += btoi(it.Op == draw.OpCurve)
		}
		if got != len(dr.Lines) || got == 0 && tr.Nodes[n.id].Position != "0*2" {
			t.Errorf("node %d (%s): %d curves, want %d", n.id, tr.Nodes[n.id].Position, got, len(dr.Lines))
		}
		lines += got
	}
	for _, c := range []struct {
		format, curve string
	}{{".svg", `<path d="M`}, {".tex", "\n\\path[curve] ("}} {
		var b bytes.Buffer
		if err := Write(&b, c.format, tr); err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(b.String(), c.curve); got != lines {
			t.Errorf("%s: %d curves, want %d", c.format, got, lines)
		}
		b.Reset()
		if err := Write(&b, c.format, tr, Text()); err != nil {
			t.Fatal(err)
		}
		if got := strings.Count(b.String(), c.curve); got != 0 || !strings.Contains(b.String(), "1a1a") {
			t.Errorf("%s with Text: %d curves, want the strings", c.format, got)
		}
	}
	var b bytes.Buffer
	if err := WritePNG(&b, tr, DPI(150)); err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(&b); err != nil {
		t.Fatal(err)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
