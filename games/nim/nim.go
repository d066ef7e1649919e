package nim

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strconv"

	"grundy/engine"
	"grundy/games/parse"
)

// Limits on what Parse and Nimbers accept; larger inputs give parse.ErrTooLarge.
const (
	MaxHeap     = 1 << 20    // tokens in one heap of a position
	MaxHeaps    = 64         // heaps in a typed position
	MaxSequence = 10_000_000 // largest heap of a sequence (grundy seq)
)

// A Game is Nim. It has no state; the zero value is ready to use.
type Game struct{}

// New returns Nim.
func New() Game { return Game{} }

// Name returns "nim".
func (Game) Name() string { return "nim" }

// Heap returns the position of one heap of n tokens. It panics if n is negative or larger
// than MaxHeap.
func (Game) Heap(n int) engine.Position {
	if n < 0 || n > MaxHeap {
		panic("nim: heap size out of range")
	}
	if n == 0 {
		return Position{}
	}
	return Position{heaps: []int32{int32(n)}}
}

// Nimbers returns the nimbers of single heaps of 0..n tokens, which are 0..n. Nim has no
// period, so the period and preperiod are 0.
func (g Game) Nimbers(ctx context.Context, n int) ([]int, int, int, error) {
	if n < 0 {
		return nil, 0, 0, parse.Errorf(parse.ErrSyntax, g.Name(), strconv.Itoa(n), -1, "negative heap size")
	}
	if n > MaxSequence {
		return nil, 0, 0, parse.Errorf(parse.ErrTooLarge, g.Name(), strconv.Itoa(n), -1, "heap %d is larger than %d", n, MaxSequence)
	}
	if err := ctx.Err(); err != nil {
		return nil, 0, 0, fmt.Errorf("nim: nimbers of heaps to %d: %w", n, err)
	}
	values := make([]int, n+1)
	for i := range values {
		values[i] = i
	}
	return values, 0, 0, nil
}

// A Position is a sum of Nim heaps. It is an immutable value: its moves make new positions.
// The heaps keep the order they were typed in.
type Position struct {
	heaps []int32 // no zeros
}

var (
	_ engine.Position = Position{}
	_ engine.Hinter   = Position{}
)

// Heaps returns the sizes of the heaps, in order.
func (p Position) Heaps() []int {
	out := make([]int, len(p.heaps))
	for i, h := range p.heaps {
		out[i] = int(h)
	}
	return out
}

// Options yields the position after each move: each heap lowered to each smaller size, an
// emptied heap being removed. A heap equal to an earlier one is skipped, as its moves give the
// same positions up to the order of the heaps.
func (p Position) Options() iter.Seq[engine.Position] {
	return func(yield func(engine.Position) bool) {
		for i, h := range p.heaps {
			if slices.Contains(p.heaps[:i], h) {
				continue
			}
			for rest := h - 1; rest >= 0; rest-- {
				if !yield(p.replace(i, rest)) {
					return
				}
			}
		}
	}
}

// replace returns a copy of p with heap i of size rest, or without it when rest is 0.
func (p Position) replace(i int, rest int32) Position {
	if rest == 0 {
		return Position{heaps: slices.Delete(slices.Clone(p.heaps), i, i+1)}
	}
	heaps := slices.Clone(p.heaps)
	heaps[i] = rest
	return Position{heaps: heaps}
}

// Split returns each heap as a position of its own; p itself when it is one heap.
func (p Position) Split() []engine.Position {
	if len(p.heaps) == 1 {
		return []engine.Position{p}
	}
	out := make([]engine.Position, len(p.heaps))
	for i, h := range p.heaps {
		out[i] = Position{heaps: []int32{h}}
	}
	return out
}

// Key returns the heap sizes sorted and separated by spaces, or "0" for no heap.
func (p Position) Key() string {
	var stack [16]int32
	sorted := append(stack[:0], p.heaps...)
	slices.Sort(sorted)
	return format(sorted)
}

// String returns the notation of p: the heap sizes separated by spaces, "0" for no heap.
func (p Position) String() string { return format(p.heaps) }

// Hint returns the number of tokens, a rough measure of the work a position takes.
func (p Position) Hint() int {
	n := 0
	for _, h := range p.heaps {
		n += int(h)
	}
	return n
}
