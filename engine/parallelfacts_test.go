package engine

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestWorkers_EveryFactIsTrue checks every fact a team leaves in its cache, not only the
// answer: a wrong "≠" fact may leave the answer right and mislead every later search (and a
// cluster's coordinator, which decides couples from the facts it is sent).
func TestWorkers_EveryFactIsTrue(t *testing.T) {
	ctx := context.Background()
	checked := 0
	for _, algo := range searchAlgos {
		for _, workers := range []int{2, 4} {
			for seed := uint64(1); seed <= seeds(100); seed++ {
				r := rand.New(rand.NewPCG(seed, 29))
				g := randomGraph(r, 28, 4)
				g.sums = seed%2 == 0
				behind := NewMapCache()
				// Half the searches stop at a node limit, as a cluster's units do: what a
				// stopped team keeps must be as true as what a finished one proves.
				limit := int64(0)
				if seed%2 == 1 {
					limit = int64(r.IntN(3000))
				}
				s := NewSolver(WithCache(NewSharedFront(behind, 4)), WithWorkers(workers), WithNodeLimit(limit))
				useAlgo(s, algo)
				for range 4 {
					p := randomPosition(r, g)
					if _, err := s.Nimber(ctx, p); err != nil && limit == 0 {
						t.Fatal(err)
					}
				}
				for key, f := range behind.m {
					checked++
					m := bruteNimber(g, parseInts(t, key))
					for n := range m + 3 {
						if known, win := f.Outcome(n); known && win != (n != m) {
							t.Fatalf("%s, %d workers, seed %d: the fact of %q says (P, %d) is %v; its nimber is %d", algo, workers, seed, key, n, win, m)
						}
					}
				}
			}
		}
	}
	if checked < 500 {
		t.Fatalf("only %d facts checked: the test proves little", checked)
	}
	t.Logf("%d facts checked", checked)
}

func parseInts(t *testing.T, key string) []int {
	var at []int
	for _, f := range strings.FieldsFunc(key, func(r rune) bool { return r == ' ' || r == ',' || r == '+' }) {
		v, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("key %q: %v", key, err)
		}
		at = append(at, v)
	}
	return at
}
