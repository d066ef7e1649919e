package engine

import (
	"context"
	"errors"
	"testing"
)

// ladder is the graph whose vertex k moves to every vertex below it: vertex k has nimber k.
func ladder(n int) *graph {
	g := &graph{succ: make([][]int, n+1)}
	for k := range g.succ {
		for j := range k {
			g.succ[k] = append(g.succ[k], j)
		}
	}
	return g
}

// Nimbers of 64 and more are past the sets of values BR asks for: it hands them to the
// couples search, alone and in sums whose other terms are that large.
func TestBR_LargeNimbers(t *testing.T) {
	g := ladder(70)
	for _, tc := range []struct {
		at   []int
		want int
	}{
		{[]int{70}, 70},
		{[]int{63}, 63},
		{[]int{70, 66}, 70 ^ 66},
		{[]int{70, 66, 3}, 70 ^ 66 ^ 3},
	} {
		p := tokens{g: g, at: tc.at}
		got, err := NewSolver(WithCache(NewMapCache())).BR(context.Background(), p)
		if err != nil || got != tc.want {
			t.Errorf("BR(%v) = %d, %v; want %d", tc.at, got, err, tc.want)
		}
	}
	// An option that is a sum of a large term and a small one, below a root of 2 options.
	g.succ = append(g.succ, []int{70, 66}) // vertex 71: options 70 (70) and 66 (66): nimber 0
	p := tokens{g: g, at: []int{71, 70}}
	if got, err := NewSolver(WithCache(NewMapCache())).BR(context.Background(), p); err != nil || got != 70 {
		t.Errorf("BR(71 + 70) = %d, %v; want 70", got, err)
	}
}

// A stopped BR search says so, and keeps what it proved in the cache.
func TestBR_Stops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := NewSolver(WithCache(NewMapCache())).BR(ctx, tokens{g: ladder(30), at: []int{30}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("BR with its context done: %v, want context.Canceled", err)
	}
}
