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

// checkRun compares a Run of g to n values with the plain mex, value by value, and returns
// the mask the Run ended with.
func checkRun(t *testing.T, g *Game, n int) uint32 {
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
	mask, _ := r.Sparse()
	return mask
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
		if checkRun(t, g, n) != 0 {
			sparse++
		}
	}
	// The method itself must have run, not only its plain fallback: 484 codes at 2000.
	if sparse < 100 {
		t.Errorf("%d codes of up to three digits have a mask at %d values, want 100 or more", sparse, n)
	}
}

// TestRun_Grundy checks Grundy's game, the sparsest of all, against the plain mex.
func TestRun_Grundy(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 12000 // at 3000 heaps no mask leaves few enough rare values yet
	}
	if mask := checkRun(t, Grundy(), n); mask == 0 {
		t.Errorf("grundys-game to %d: no mask, want the rare/common method", n)
	}
}

// TestRun_GrundyRareValues checks two of Czajka's figures for Grundy's game (re-verifying
// Flammenkamp's table to 2^21): 1274 rare values, the last at heap 82860. They are all
// found by 2^17; the third, the largest value 231 at heap 763622, is checked by
// BenchmarkGrundy in bench/.
func TestRun_GrundyRareValues(t *testing.T) {
	if testing.Short() {
		t.Skip("2^17 values of Grundy's game: seconds")
	}
	r, err := Grundy().NewRun()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Grow(context.Background(), 1<<17); err != nil {
		t.Fatal(err)
	}
	s := r.Summary()
	if s.Rare != 1274 || s.LastRare != 82860 || s.Mask != 0xfe {
		t.Errorf("grundys-game to 2^17: %d rare values under mask %#x, the last at %d; want 1274 under 0xfe, the last at 82860", s.Rare, s.Mask, s.LastRare)
	}
}

// TestPlainRun_StaysPlain: the baseline never chooses a mask.
func TestPlainRun_StaysPlain(t *testing.T) {
	r, err := Grundy().PlainRun()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Grow(context.Background(), 3000); err != nil {
		t.Fatal(err)
	}
	want := plainValues(t, Grundy(), 3000)
	for h, w := range want {
		if r.At(h) != int(w) {
			t.Fatalf("PlainRun g(%d) = %d, want %d", h, r.At(h), w)
		}
	}
	if mask, _ := r.Sparse(); mask != 0 {
		t.Errorf("PlainRun mask = %#x, want 0", mask)
	}
}
