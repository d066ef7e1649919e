package draw

import (
	"reflect"
	"testing"
)

// frameOf returns the style of a node picture's frame: its first rectangle.
func frameOf(p Picture) Style {
	for _, it := range p.Items {
		if it.Op == OpRect {
			return it.Style
		}
	}
	return Style{}
}

func TestNode(t *testing.T) {
	tests := []struct {
		name  string
		c     Couple
		frame Style
		texts []string // must appear, in this order
	}{
		{"losing", Couple{Game: "cram", Position: "3x3", N: 0, Losing: true},
			LosingFrame, []string{"= 0", "L"}},
		{"winning", Couple{Game: "cram", Position: "##./.../...", N: 2},
			WinningFrame, []string{"≠ 2", "W"}},
		{"sum", Couple{Game: "kayles", Position: "1 + 2", N: 1, Sum: true,
			Parts: []Fact{{"1", 1, true}, {"2", 0, false}}},
			WinningFrame, []string{"= 1", "+", "≠ 0", "≠ 1", "W"}},
		{"sum of equal terms", Couple{Game: "kayles", Position: "1 + 1", N: 0, Losing: true, Sum: true,
			Parts: []Fact{{"1", 1, true}, {"1", 1, true}}},
			LosingFrame, []string{"= 1", "+", "= 1", "= 0", "L"}},
		{"cut", Couple{Game: "nim", Position: "3", N: 1, Cut: true},
			WinningFrame, []string{"≠ 1", "W"}},
		{"repeat", Couple{Game: "nim", Position: "3", N: 3, Losing: true, Repeat: true},
			LosingFrame, []string{"= 3", "L", "repeat"}},
	}
	for _, tc := range tests {
		p := Node(tc.c, nil)
		checkSane(t, tc.name, p)
		if got := frameOf(p); got != tc.frame {
			t.Errorf("%s: frame %+v, want %+v", tc.name, got, tc.frame)
		}
		if got := texts(p); !subsequence(got, tc.texts) {
			t.Errorf("%s: texts %q, want %q in order", tc.name, got, tc.texts)
		}
		stubs := 0
		for _, it := range p.Items {
			if it.Op == OpLine && it.Style == EdgeStyle {
				stubs++
			}
		}
		if want := btoi(tc.c.Cut); stubs != want {
			t.Errorf("%s: %d stubs, want %d", tc.name, stubs, want)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// subsequence reports whether want appears in got in order.
func subsequence(got, want []string) bool {
	i := 0
	for _, s := range got {
		if i < len(want) && s == want[i] {
			i++
		}
	}
	return i == len(want)
}

// TestNode_Distinct: the frames of L and W nodes differ in every way print can show.
func TestNode_Distinct(t *testing.T) {
	l, w := LosingFrame, WinningFrame
	if l.Dash != 0 || w.Dash == 0 || l.Fill == w.Fill || l.Stroke == w.Stroke {
		t.Errorf("LosingFrame %+v and WinningFrame %+v are not told apart by dash, fill and stroke", l, w)
	}
}

// TestNode_Measurer: the node grows with the text widths it is given.
func TestNode_Measurer(t *testing.T) {
	c := Couple{Game: "sprouts", Position: "0*2", N: 0, Losing: true}
	small, large := Node(c, scaled(0.5)), Node(c, scaled(2))
	if !(large.W > small.W) {
		t.Errorf("Node widths %g (narrow font) and %g (wide font), want the second larger", small.W, large.W)
	}
}

// scaled is a Measurer k times as wide as Estimate.
type scaled float64

func (k scaled) Measure(s string, f Font, size float64) float64 {
	return float64(k) * Estimate{}.Measure(s, f, size)
}

// TestPicture_Add moves every kind of item but not a circle's radius, and leaves the points
// of the curves it copies where they were.
func TestPicture_Add(t *testing.T) {
	var q Picture
	q.rect(0, 0, 1, 1, Style{})
	q.circle(1, 1, 2, Style{})
	q.line(0, 1, 2, 3, Style{})
	q.Items = append(q.Items, Item{Op: OpCurve, Pts: []Point{{0, 0}, {1, 0}, {2, 1}, {2, 2}}})
	var p Picture
	p.Add(q, 10, 20)
	want := []Item{
		{Op: OpRect, Min: Point{10, 20}, Max: Point{11, 21}},
		{Op: OpCircle, Min: Point{11, 21}, R: 2},
		{Op: OpLine, Min: Point{10, 21}, Max: Point{12, 23}},
		{Op: OpCurve, Min: Point{10, 20}, Max: Point{10, 20}, Pts: []Point{{10, 20}, {11, 20}, {12, 21}, {12, 22}}},
	}
	if !reflect.DeepEqual(p.Items, want) {
		t.Errorf("Add = %+v, want %+v", p.Items, want)
	}
	if q.Items[3].Pts[0] != (Point{}) {
		t.Errorf("Add moved the curve it copied: %v", q.Items[3].Pts)
	}
}
