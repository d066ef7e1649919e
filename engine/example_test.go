package engine_test

import (
	"context"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"grundy/engine"
)

// heaps is a position of the subtraction game {1, 2}: take one or two tokens from a heap.
type heaps []int

func (h heaps) Options() iter.Seq[engine.Position] {
	return func(yield func(engine.Position) bool) {
		for i, n := range h {
			for _, take := range []int{1, 2} {
				if take <= n {
					next := append(heaps(nil), h...)
					next[i] -= take
					if !yield(next) {
						return
					}
				}
			}
		}
	}
}

func (h heaps) Split() []engine.Position {
	var out []engine.Position
	for _, n := range h {
		if n > 0 {
			out = append(out, heaps{n})
		}
	}
	return out
}

func (h heaps) Key() string { return h.String() }

func (h heaps) String() string {
	s := make([]string, len(h))
	for i, n := range h {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, " ")
}

func parseHeaps(s string) (engine.Position, error) {
	var h heaps
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, err
		}
		h = append(h, n)
	}
	return h, nil
}

// The nimber of a sum, its outcome, and a checked proof.
func Example() {
	ctx := context.Background()
	s := engine.NewSolver()
	n, _ := s.Nimber(ctx, heaps{4, 5})
	win, _ := s.Outcome(ctx, heaps{4, 5}, 0)
	fmt.Println("nimber", n, "winning", win) // 4 mod 3 = 1, 5 mod 3 = 2, 1 ⊕ 2 = 3

	t, _ := engine.NewSolver().ProveNimber(ctx, "subtraction:1,2", heaps{4, 5})
	fmt.Println("root", t.Nodes[t.Root].Position, t.Nodes[t.Root].N, t.Nodes[t.Root].Result)
	fmt.Println("check", engine.Check(ctx, t, parseHeaps))
	// Output:
	// nimber 3 winning true
	// root 4 5 3 L
	// check <nil>
}
