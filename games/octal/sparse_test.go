package octal

import (
	"context"
	"fmt"
	"testing"
)

// threeDigitCodes returns every octal code with a first digit 0 or 4 and up to three digits
// after the point, trailing zeros stripped, each once.
func threeDigitCodes() []string {
	var codes []string
	for _, first := range []int{0, 4} {
		for d := range 8 * 8 * 8 {
			d1, d2, d3 := d/64, d/8%8, d%8
			code := fmt.Sprintf("%d.%d%d%d", first, d1, d2, d3)
			switch {
			case d3 == 0 && d2 == 0 && d1 == 0:
				code = fmt.Sprintf("%d.0", first)
			case d3 == 0 && d2 == 0:
				code = fmt.Sprintf("%d.%d", first, d1)
			case d3 == 0:
				code = fmt.Sprintf("%d.%d%d", first, d1, d2)
			}
			codes = append(codes, code)
		}
	}
	return codes
}

// plainValues returns the nimbers of heaps 0..n-1 of g by the plain mex of the sieve.
func plainValues(t testing.TB, g *Game, n int) []int32 {
	s := newSieve(g, n)
	if err := s.grow(context.Background(), n); err != nil {
		t.Fatal(err)
	}
	return s.v
}

// checkRun compares a Run of g to n values with the plain mex, value by value.
func checkRun(t *testing.T, g *Game, n int) {
	t.Helper()
	want := plainValues(t, g, n)
	r, err := g.NewRun()
	if err != nil {
		t.Fatal(err)
	}
	r.check = 1 << 62 // no period: every value comes from the rare/common method
	if err := r.Grow(context.Background(), n); err != nil {
		t.Fatal(err)
	}
	for h, w := range want {
		if got := r.At(h); got != int(w) {
			mask, rare := r.Sparse()
			t.Fatalf("%s: rare/common g(%d) = %d, want %d (plain mex; mask %#x, %d rare)", g.Name(), h, got, w, mask, rare)
		}
	}
}

// TestRun_EveryThreeDigitCode checks the rare/common method against the plain mex on every
// code of up to three digits, 2000 values each.
func TestRun_EveryThreeDigitCode(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 300
	}
	sparse := 0
	for _, code := range threeDigitCodes() {
		g, err := New(code)
		if err != nil {
			t.Fatal(err)
		}
		checkRun(t, g, n)
		if t.Failed() {
			return
		}
	}
	_ = sparse
}

// TestRun_Grundy checks Grundy's game, the sparsest of all, against the plain mex.
func TestRun_Grundy(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 3000
	}
	checkRun(t, Grundy(), n)
}
