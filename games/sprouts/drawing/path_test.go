package drawing

import "testing"

func TestForPath(t *testing.T) {
	d, err := ForPath("0.0", []string{"1a1a", "ABCD|ABCD", "AB|AC|BC"})
	if err != nil {
		t.Fatal(err)
	}
	if got := d.String(); got != "AB|AC|BC" {
		t.Errorf("ForPath: %s, want AB|AC|BC", got)
	}
	if _, err := ForPath("1a1a", nil); err == nil {
		t.Error("ForPath(1a1a) drew a typed string")
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
