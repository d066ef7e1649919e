package drawing

import (
	"encoding/json"
	"testing"
)

func TestForPath(t *testing.T) {
	d, err := ForPath("0.0", []string{"1a1a", "ABCD|ABCD", "AB|AC|BC"})
	if err != nil {
		t.Fatal(err)
	}
	if got := d.String(); got != "AB|AC|BC" {
		t.Errorf("ForPath: %s, want AB|AC|BC", got)
	}
	if d, err := ForPath("1a1a", []string{"1a2a"}); err != nil || d.String() != "1a2a" {
		t.Errorf("ForPath(1a1a, 1a2a): %v, %v, want 1a2a", d, err)
	}
	if _, err := ForPath("0*3", []string{"1a1a"}); err == nil {
		t.Error("ForPath(0*3, 1a1a) replayed a move that is no option")
	}
	for root, want := range map[string]int{"0": 1, "!": 0, "0*7": 7} {
		d, err := ForPath(root, nil)
		if err != nil || len(d.Spots) != want {
			t.Errorf("ForPath(%s): %v, %v, want %d spots", root, d, err, want)
		}
	}
}

// A drawing saved as JSON reads back with its string, and a damaged one is refused by Check.
func TestDrawing_JSON(t *testing.T) {
	d, err := ForPath("0*3", []string{"0.AB|0.AB"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	var e Drawing
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatal(err)
	}
	if err := e.Check(); err != nil || e.String() != d.String() {
		t.Errorf("read back: %s, %v; want %s", e.String(), err, d)
	}
	e.Lines[0].Path = append(e.Lines[0].Path[:1], Point{1e4, 1e4}, e.Lines[0].Path[len(e.Lines[0].Path)-1])
	e.Lines[1].Path = []Point{e.Spots[e.Lines[1].From], {-1e4, -1e4}, {1e4, -1e4}, {1e4, 1e4 + 1}, {-1e4, 1e4}, e.Spots[e.Lines[1].To]}
	if err := e.Check(); err == nil {
		t.Errorf("crossing lines pass Check: %v", e.Lines[:2])
	}
}
