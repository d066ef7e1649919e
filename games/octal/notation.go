package octal

import (
	"grundy/engine"
	"grundy/games/parse"
)

// Parse reads a position: heap sizes separated by spaces or commas, "12 7". The empty string
// and "0" are the empty position; heaps of 0 are dropped. More than MaxHeaps heaps, or a heap
// above MaxHeap, give parse.ErrTooLarge.
func (g *Game) Parse(s string) (engine.Position, error) {
	heaps, err := parseHeaps(g.name, s)
	if err != nil {
		return nil, err
	}
	return Position{g: g, heaps: heaps}, nil
}

// parseHeaps reads a list of heap sizes for game, checking the limits before it allocates, and
// drops the empty heaps.
func parseHeaps(game, s string) ([]int32, error) {
	if n := countNumbers(s); n > MaxHeaps {
		return nil, parse.Errorf(parse.ErrTooLarge, game, s, -1, "%d heaps, more than %d", n, MaxHeaps)
	}
	ns, err := parse.Ints(game, s, MaxHeap)
	if err != nil {
		return nil, err
	}
	var heaps []int32
	for _, n := range ns {
		if n > 0 {
			heaps = append(heaps, int32(n))
		}
	}
	return heaps, nil
}

// countNumbers returns the number of runs of decimal digits in s.
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
