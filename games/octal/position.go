package octal

import (
	"iter"
	"slices"
	"strconv"

	"grundy/engine"
)

// A Position is a sum of heaps of one Game. It is an immutable value: its moves make new
// positions. The heaps keep the order they were typed in, and the parts of a split heap take
// its place, so String stays close to what the user wrote.
type Position struct {
	g       *Game
	heaps   []int32 // no zeros
	circles []int32 // no zeros; see circle.go
}

var (
	_ engine.Position = Position{}
	_ engine.Hinter   = Position{}
	_ engine.Valuer   = Position{}
)

// Heaps returns the sizes of the heaps, in order.
func (p Position) Heaps() []int {
	out := make([]int, len(p.heaps))
	for i, h := range p.heaps {
		out[i] = int(h)
	}
	return out
}

// Options yields the position after each move in each heap. Heaps equal to an earlier heap
// are skipped, as their moves give the same positions up to the order of the heaps.
func (p Position) Options() iter.Seq[engine.Position] {
	return func(yield func(engine.Position) bool) {
		for i, h := range p.heaps {
			if slices.Contains(p.heaps[:i], h) {
				continue
			}
			if !p.g.heapOptions(int(h), func(a, b int) bool { return yield(p.replace(i, a, b)) }) {
				return
			}
		}
		p.circleMoves(yield)
	}
}

// replace returns a copy of p with heap i replaced by the heaps a and b (0: none).
func (p Position) replace(i, a, b int) Position {
	n := len(p.heaps) - 1
	for _, x := range [2]int{a, b} {
		if x > 0 {
			n++
		}
	}
	heaps := make([]int32, 0, n)
	heaps = append(heaps, p.heaps[:i]...)
	for _, x := range [2]int{a, b} {
		if x > 0 {
			heaps = append(heaps, int32(x))
		}
	}
	return Position{g: p.g, heaps: append(heaps, p.heaps[i+1:]...), circles: p.circles}
}

// Split returns each heap and circle that has a move as a position of its own: nothing when
// none has a move, and p itself when it is one heap or one circle.
func (p Position) Split() []engine.Position {
	if len(p.heaps)+len(p.circles) == 1 && (len(p.heaps) == 1 && p.g.isLive(int(p.heaps[0])) ||
		len(p.circles) == 1 && p.g.isLiveCircle(int(p.circles[0]))) {
		return []engine.Position{p}
	}
	var out []engine.Position
	for _, h := range p.heaps {
		if p.g.isLive(int(h)) {
			out = append(out, Position{g: p.g, heaps: []int32{h}})
		}
	}
	for _, c := range p.liveCircles() {
		out = append(out, c)
	}
	return out
}

// Key returns the sizes of the heaps that have a move, sorted and separated by spaces, or "0"
// when there are none: the heaps without a move add nothing to the nimber. The circles that
// have a move come first, "o19 7 12" (see circle.go).
func (p Position) Key() string {
	var stack [16]int32
	live := stack[:0]
	for _, h := range p.heaps {
		if p.g.isLive(int(h)) {
			live = append(live, h)
		}
	}
	slices.Sort(live)
	if len(p.circles) > 0 {
		return withCircles(p.circleKey(), format(live))
	}
	return format(live)
}

// String returns the notation of p: the heap sizes separated by spaces, "0" for no heap,
// after the circles, "o20 7".
func (p Position) String() string { return withCircles(formatCircles(p.circles), format(p.heaps)) }

// Hint returns the number of tokens in the heaps that have a move, a rough measure of the
// work a position takes.
func (p Position) Hint() int {
	n := 0
	for _, h := range p.heaps {
		if p.g.isLive(int(h)) {
			n += int(h)
		}
	}
	for _, c := range p.circles {
		if p.g.isLiveCircle(int(c)) {
			n += int(c)
		}
	}
	return n
}

// format writes heaps separated by spaces, or "0" when there are none.
func format(heaps []int32) string {
	if len(heaps) == 0 {
		return "0"
	}
	var stack [64]byte
	b := stack[:0]
	for i, h := range heaps {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(h), 10)
	}
	return string(b)
}
