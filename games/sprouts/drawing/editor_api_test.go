package drawing

import "testing"

// The curve of an engine move, drawn by hand on the drawing, plays that move.
func TestCurve_DrawsTheOption(t *testing.T) {
	d := New(3)
	for _, option := range []string{"0.0.AB|AB", "0.AB.CD|AB|CD"} {
		c, err := d.Curve(option)
		if err != nil {
			t.Fatalf("Curve(%q) on %s: %v", option, d, err)
		}
		next, err := d.Draw(c)
		if err != nil || next.String() != option {
			t.Fatalf("the curve of %q drawn on %s: %v, %v", option, d, next, err)
		}
		d = next
	}
	if _, err := d.Curve("0*5"); err == nil {
		t.Fatal("Curve of a string that is no option: no error")
	}
}
