package octal

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestSieve_StopsOnALargeHeap: where one heap takes millions of steps (Grundy's game and a
// splitting code near MaxSequence), the sieve looks at the context between heaps, not every
// 256 of them: stopped 20 ms in, it has made far fewer than 256 heaps (a heap takes a
// millisecond or more). Heaps are counted, not milliseconds: a loaded machine took 451 ms
// over the stop.
func TestSieve_StopsOnALargeHeap(t *testing.T) {
	const from = 4_000_000 // heaps of this size take about 2·10^6 steps each
	for _, g := range []*Game{Grundy(), Kayles(), mustOctal("octal:0.6", "0.6")} {
		s := newSieve(g, from+1024)
		s.v = s.v[:from] // values all 0: the work is the same as with the true ones
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		start := time.Now()
		err := s.grow(ctx, from+1024)
		cancel()
		made := len(s.v) - from
		if !errors.Is(err, context.DeadlineExceeded) || made >= 256 {
			t.Errorf("%s: grow past heap %d: %v after %v and %d heaps; want the stop at the first heap past 20 ms", g.Name(), from, err, time.Since(start), made)
		}
		t.Logf("%s: stopped after %v, %d heaps", g.Name(), time.Since(start), made)
	}
}
