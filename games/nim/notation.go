package nim

import (
	"strconv"

	"grundy/engine"
	"grundy/games/parse"
)

// Parse reads a position: heap sizes separated by spaces or commas, "3 5 7". The empty string
// and "0" are the empty position; heaps of 0 are dropped. More than MaxHeaps heaps, or a heap
// above MaxHeap, give parse.ErrTooLarge.
func (g Game) Parse(s string) (engine.Position, error) {
	if n := countNumbers(s); n > MaxHeaps {
		return nil, parse.Errorf(parse.ErrTooLarge, g.Name(), s, -1, "%d heaps, more than %d", n, MaxHeaps)
	}
	ns, err := parse.Ints(g.Name(), s, MaxHeap)
	if err != nil {
		return nil, err
	}
	var heaps []int32
	for _, n := range ns {
		if n > 0 {
			heaps = append(heaps, int32(n))
		}
	}
	return Position{heaps: heaps}, nil
}

// countNumbers returns the number of runs of decimal digits in s, so that Parse can refuse
// too many heaps before it allocates them.
func countNumbers(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if isDigit(s[i]) && (i == 0 || !isDigit(s[i-1])) {
			n++
		}
	}
	return n
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

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
