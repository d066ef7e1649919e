package store

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// exhaustive is a Solver for programs of a few variables: the first of the smallest sets,
// in the order of combinations, independent of CBC.
type exhaustive struct{ t *testing.T }

func (s exhaustive) Relax(context.Context, *Program) (map[int]float64, float64, error) {
	s.t.Fatal("exhaustive has no relaxation")
	return nil, 0, nil
}

func (s exhaustive) Solve(_ context.Context, prog *Program) ([]int, error) {
	vars := prog.used()
	if len(vars) > 16 {
		s.t.Fatalf("a program of %d variables, too many for the exhaustive solver", len(vars))
	}
	limit := len(vars)
	if prog.Below > 0 {
		limit = min(limit, prog.Below-1)
	}
	for k := 0; k <= limit; k++ {
		var set []int
		var pick func(from int) []int
		pick = func(from int) []int {
			if len(set) == k {
				if prog.holds(set) {
					return slices.Clone(set)
				}
				return nil
			}
			for i := from; i < len(vars); i++ {
				set = append(set, vars[i])
				if found := pick(i + 1); found != nil {
					return found
				}
				set = set[:len(set)-1]
			}
			return nil
		}
		if found := pick(0); found != nil {
			return found, nil
		}
	}
	return nil, ErrNoSmaller
}

// A proof that takes the long way to the root's need, through a (which needs c, d and e),
// is made smaller by the part below a, where b needs c alone.
func TestImproveByParts_ReplacesAPart(t *testing.T) {
	const a, b, c, d, e = 0, 1, 2, 3, 4
	prog := &Program{Vars: 5, Fixed: map[int]bool{}, Needs: []Need{
		{Owner: -1, Alternatives: [][]int{{a}, {b}}},
		{Owner: a, Alternatives: [][]int{{c, d, e}}},
		{Owner: b, Alternatives: [][]int{{c}}},
	}}
	got := improveByParts(context.Background(), prog, []int{a, c, d, e}, 2, exhaustive{t}, time.Now().Add(time.Minute), 1)
	if !slices.Equal(got, []int{b, c}) {
		t.Fatalf("improved to %v, want [%d %d]", got, b, c)
	}
}

// On random programs, the parts give a set that meets every need, no larger than the start,
// and the same set for the same seed.
func TestImproveByParts_RandomPrograms(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 200 {
		prog, start := randomProgram(rng, 12)
		seed := rng.Uint64()
		got := improveByParts(context.Background(), prog, start, 2, exhaustive{t}, time.Now().Add(time.Minute), seed)
		if !prog.holds(got) || len(got) > len(start) {
			t.Fatalf("from %v: %v (meets the needs: %v)\n%+v", start, got, prog.holds(got), prog.Needs)
		}
		if again := improveByParts(context.Background(), prog, start, 2, exhaustive{t}, time.Now().Add(time.Minute), seed); !slices.Equal(again, got) {
			t.Fatalf("seed %d gave %v, then %v", seed, got, again)
		}
		if best := fewest(prog); len(got) < best {
			t.Fatalf("%v is smaller than the fewest, %d", got, best)
		}
	}
}

// randomProgram is a program of n couples whose needs go from lower numbers to higher (as
// positions to their options), with a set that meets them: the root's first alternative
// and, below each couple taken, its needs' first.
func randomProgram(rng *rand.Rand, n int) (*Program, []int) {
	prog := &Program{Vars: n, Fixed: map[int]bool{}}
	alts := func(above int) [][]int {
		var out [][]int
		for range 1 + rng.IntN(3) {
			var a []int
			for range 1 + rng.IntN(3) {
				if above+1 < n {
					a = append(a, above+1+rng.IntN(n-above-1))
				}
			}
			if a != nil {
				out = append(out, sortedSet(a))
			}
		}
		return out
	}
	prog.Needs = append(prog.Needs, Need{Owner: -1, Alternatives: alts(-1)})
	for v := range n {
		for range rng.IntN(3) {
			if a := alts(v); a != nil {
				prog.Needs = append(prog.Needs, Need{Owner: v, Alternatives: a})
			}
		}
	}
	taken := map[int]bool{}
	queue := []int{-1}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, need := range prog.Needs {
			if need.Owner != v {
				continue
			}
			for _, u := range need.Alternatives[0] {
				if !taken[u] {
					taken[u] = true
					queue = append(queue, u)
				}
			}
		}
	}
	var start []int
	for v := range taken {
		start = append(start, v)
	}
	return prog, sortedSet(start)
}
