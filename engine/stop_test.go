package engine

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"testing"
)

// countdown is a context that is done after its Err has been asked a number of times: it
// stops a search at a chosen point, the same on every run.
type countdown struct {
	context.Context
	left atomic.Int64
}

func (c *countdown) Err() error {
	if c.left.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// TestProve_StopGivesTheTreeOrNone: a recording stopped anywhere, in the search, while the
// tree shrinks or while it is read out, gives either the whole tree, byte for byte, or none
// and the stop's error: never another tree.
func TestProve_StopGivesTheTreeOrNone(t *testing.T) {
	for seed := uint64(1); seed <= seeds(12); seed++ {
		r := rand.New(rand.NewPCG(seed, 29))
		g := randomGraph(r, 24, 4)
		p := randomPosition(r, g)
		whole, err := NewSolver(WithCache(NoCache{})).ProveNimber(context.Background(), "tokens", p)
		if err != nil {
			t.Fatal(err)
		}
		want := treeBytes(t, whole)
		stops, trees := 0, 0
		for n := int64(0); ; n++ {
			ctx := &countdown{Context: context.Background()}
			ctx.left.Store(n)
			got, err := NewSolver(WithCache(NoCache{})).ProveNimber(ctx, "tokens", p)
			if err == nil {
				trees++
				if !bytes.Equal(treeBytes(t, got), want) {
					t.Fatalf("seed %d: stopped after %d looks at the context, a different tree", seed, n)
				}
				break
			}
			if !errors.Is(err, context.Canceled) || got != nil {
				t.Fatalf("seed %d, %d looks: tree %v, err %v: want none and the stop", seed, n, got != nil, err)
			}
			stops++
		}
		if stops == 0 {
			t.Errorf("seed %d: the first look at the context did not stop the recording", seed)
		}
	}
}

func treeBytes(t *testing.T, tr *Tree) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteTree(&b, tr); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The baselines hold every level's options: past the memory a recording would have, they
// stop with ErrWorkTooLarge instead of growing without bound.
func TestBaselines_StopAtTheirMemory(t *testing.T) {
	wide := tokens{g: &graph{succ: [][]int{nil, make([]int, 100_000)}}, at: []int{1}} // 100 000 moves to vertex 0
	for name, run := range map[string]func(*Solver) error{
		"elementary": func(s *Solver) error { _, err := s.Elementary(context.Background(), wide); return err },
		"mex":        func(s *Solver) error { _, err := s.Mex(context.Background(), wide); return err },
	} {
		if err := run(NewSolver(WithCache(NoCache{}), WithTreeBytes(1<<20))); !errors.Is(err, ErrWorkTooLarge) {
			t.Errorf("%s with 1 MB over 100 000 options: %v, want ErrWorkTooLarge", name, err)
		}
		if err := run(NewSolver(WithCache(NoCache{}), WithTreeBytes(1<<30))); err != nil {
			t.Errorf("%s with 1 GB: %v", name, err)
		}
	}
}
