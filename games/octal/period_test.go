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
