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
