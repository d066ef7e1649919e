package octal

import (
	"context"
	"testing"
)

// TestProvePeriodWindow checks that the period of Kayles is proven exactly when the theorem's
// window is computed: g(m+12) = g(m) seen for 71 ≤ m < 2·71+12+2 = 156, so heaps up to 167.
func TestProvePeriodWindow(t *testing.T) {
	g := Kayles()
	s := newSieve(g, 200)
	if err := s.grow(context.Background(), 200); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		heaps  int // values of heaps 0..heaps-1 are known
		p, e   int
		proven bool
	}{
		{100, 0, 0, false},
		{167, 0, 0, false},
		{168, 12, 71, true},
		{200, 12, 71, true},
	}
	for _, tt := range tests {
		p, e, ok := provePeriod(s.v[:tt.heaps], 2, true)
		if p != tt.p || e != tt.e || ok != tt.proven {
			t.Errorf("provePeriod(kayles to %d) = %d, %d, %t, want %d, %d, %t", tt.heaps-1, p, e, ok, tt.p, tt.e, tt.proven)
		}
	}
}

// TestProvePeriodNoSplit checks the shorter window of games that never split a heap: for
// subtraction:1,3,4 (period 7 from 0, window 1 ≤ m < 1+4) heaps up to 1+4-1+7 = 11 suffice.
func TestProvePeriodNoSplit(t *testing.T) {
	v := []int32{0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2}
	if p, e, ok := provePeriod(v[:11], 4, false); ok {
		t.Errorf("provePeriod(to 10) = %d, %d, proven, want not proven", p, e)
	}
	if p, e, ok := provePeriod(v[:12], 4, false); p != 7 || e != 0 || !ok {
		t.Errorf("provePeriod(to 11) = %d, %d, %t, want 7, 0, true", p, e, ok)
	}
}

// TestProvePeriod_MultiplesRuledOut compares provePeriod with a search that tries every
// period, on sequences periodic after a long preperiod whose window fits or not.
func TestProvePeriod_MultiplesRuledOut(t *testing.T) {
	slow := func(v []uint8, t int) (int, int, bool) {
		for p := 1; windowEnd(1, p, t, true)-1+p <= len(v)-1; p++ {
			if e := preperiod(v, p); windowEnd(max(e, 1), p, t, true)-1+p <= len(v)-1 {
				return p, e, true
			}
		}
		return 0, 0, false
	}
	for _, n := range []int{1500, 2017, 2018, 5000} {
		v := make([]uint8, n)
		for m := range v {
			v[m] = uint8(m % 7 * 3 % 5) // period 7
		}
		v[1000] = 9 // the last exception: preperiod 1001, window to 2·1001+2·7+2-1 = 2017
		v[500] = 9
		p, e, ok := provePeriod(v, 2, true)
		if n >= 2018 && (p != 7 || e != 1001) {
			t.Errorf("provePeriod(%d values) = %d, %d, want 7, 1001", n, p, e)
		}
		wp, we, wok := slow(v, 2)
		if p != wp || e != we || ok != wok {
			t.Errorf("provePeriod(%d values) = %d, %d, %t, want %d, %d, %t", n, p, e, ok, wp, we, wok)
		}
	}
}
