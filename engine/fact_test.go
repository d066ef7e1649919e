package engine

import "testing"

// TestFact follows a fact through the values proven different, past 64, then the nimber.
func TestFact(t *testing.T) {
	var f Fact
	if _, ok := f.Nimber(); ok || f.Excludes(0) || !f.empty() {
		t.Fatal("the zero Fact knows something")
	}
	for _, n := range []int{0, 3, 63, 64, 200} {
		g := f.Without(n)
		if !g.Excludes(n) || f.Excludes(n) {
			t.Fatalf("Without(%d): Excludes = %v, and the receiver %v", n, g.Excludes(n), f.Excludes(n))
		}
		f = g
	}
	if f.Excluded() != 5 || f.Excludes(1) || f.Excludes(65) || f.Excludes(1000) {
		t.Fatalf("Excluded = %d; Excludes(1, 65, 1000) = %v %v %v", f.Excluded(), f.Excludes(1), f.Excludes(65), f.Excludes(1000))
	}
	m := Fact{}.Without(70).Merge(f)
	if !m.Excludes(70) || !m.Excludes(200) || !m.Excludes(3) {
		t.Fatal("Merge lost a value")
	}
	n := f.WithNimber(7)
	if v, ok := n.Nimber(); !ok || v != 7 || !n.Excludes(3) || n.Excludes(7) {
		t.Fatalf("WithNimber(7): %d %v", v, ok)
	}
	if known, win := n.Outcome(7); !known || win {
		t.Fatal("Outcome(7) of nimber 7 is not a known loss")
	}
	if known, win := f.Outcome(200); !known || !win {
		t.Fatal("Outcome(200) of a fact excluding 200 is not a known win")
	}
	if known, _ := f.Outcome(5); known {
		t.Fatal("Outcome(5) known from nothing")
	}
}

func TestFactDescribe(t *testing.T) {
	var many Fact
	for _, n := range []int{0, 2, 3, 70} {
		many = many.Without(n)
	}
	for _, c := range []struct {
		f    Fact
		most int
		want string
	}{
		{Fact{}, 8, ""},
		{Fact{}.WithNimber(5), 8, "= 5"},
		{many, 8, "≠ 0, 2, 3, 70"},
		{many, 2, "≠ 0, 2, …"},
	} {
		if got := c.f.Describe(c.most); got != c.want {
			t.Errorf("Describe(%d) = %q, want %q", c.most, got, c.want)
		}
	}
}
