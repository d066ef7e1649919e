package drawing

import "testing"

func TestNew_String(t *testing.T) {
	for n, want := range map[int]string{0: "!", 1: "0", 2: "0*2", 5: "0*5"} {
		if got := New(n).String(); got != want {
			t.Errorf("New(%d).String() = %q, want %q", n, got, want)
		}
	}
}

func TestDraw_TwoSpots(t *testing.T) {
	d := New(2) // spots at (0,100) and (0,-100)
	e, err := d.Draw([]Point{{0, 100}, {0, -100}})
	if err != nil {
		t.Fatal(err)
	}
	if got := e.String(); got != "1a1a" {
		t.Errorf("line between the two spots: %q, want 1a1a", got)
	}
	e, err = d.Draw([]Point{{0, 100}, {30, 130}, {-30, 130}, {0, 100}})
	if err != nil {
		t.Fatal(err)
	}
	if got := e.String(); got != "0.AB|AB" {
		t.Errorf("loop: %q, want 0.AB|AB", got)
	}
}
