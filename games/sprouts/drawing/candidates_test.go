package drawing

import (
	"slices"
	"testing"

	"grundy/games/sprouts"
)

// The moves the embedding tells of a drawing are the options of its string.
func TestPlans_Options(t *testing.T) {
	for n := 1; n <= 5; n++ {
		d := New(n)
		got := keys(plans(d, embed(d)))
		if want := options(t, d.String()); !slices.Equal(got, want) {
			t.Errorf("0*%d: plans %q, options %q", n, got, want)
		}
	}
}

func keys(m map[string][]plan) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// options returns the canonical options of position s, sorted, each once.
func options(t testing.TB, s string) []string {
	t.Helper()
	p, err := sprouts.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for o := range p.Options() {
		out = append(out, o.(*sprouts.Position).String())
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Two writings of one position are one position, whatever their canonical texts; positions
// that differ are told apart.
func TestSamePosition(t *testing.T) {
	same := [][2]string{
		{"0.0.AB.CD|CD.EF|AB.GH|EF.IJ|IJ.KL|GH|KL", "0.0.AB.CD|AB.EF|CD.GH|EF.IJ|IJ.KL|GH|KL"},
		{"0*2", "0.0"},
		{"1a2a", "a1a2"},
		{"BA|AB.0", "0.AB|AB"},
	}
	for _, c := range same {
		a, b := canon(t, c[0]), canon(t, c[1])
		if !samePosition(a, b) {
			t.Errorf("samePosition(%s, %s) = false", a, b)
		}
	}
	differ := [][2]string{{"0.AB|AB", "1a1a"}, {"12", "222"}, {"AB|AC|BC", "ABC|ABC"}, {"0.AB.CD|AB|CD", "0.AB|AB.CD|CD"}}
	for _, c := range differ {
		if a, b := canon(t, c[0]), canon(t, c[1]); samePosition(a, b) {
			t.Errorf("samePosition(%s, %s) = true", a, b)
		}
	}
}

func canon(t *testing.T, s string) string {
	t.Helper()
	p, err := sprouts.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return p.String()
}
