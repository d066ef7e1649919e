package octal

import (
	"errors"
	"strings"

	"grundy/engine"
	"grundy/games/parse"
)

// Parse reads a position: heap sizes separated by spaces or commas, "12 7". The empty string
// and "0" are the empty position; heaps of 0 are dropped. More than MaxHeaps heaps, or a heap
// above the game's MaxHeap, give parse.ErrTooLarge. "oN" is a circle of N tokens (circle.go),
// refused by the games that have none.
func (g *Game) Parse(s string) (engine.Position, error) {
	if strings.IndexByte(s, 'o') >= 0 {
		heaps, circles, err := g.parseCircles(s)
		if err != nil {
			return nil, err
		}
		return Position{g: g, heaps: heaps, circles: circles}, nil
	}
	heaps, err := g.parseHeaps(s)
	if err != nil {
		return nil, err
	}
	return Position{g: g, heaps: heaps}, nil
}

// IsNotationKey reports whether s is the key and the notation of one heap that has a move:
// decimal digits without a leading zero, a heap no larger than the sieve surely reaches, so
// that Parse(s) is that heap, whose Key and String are s. Any other s (circles, sums, a heap
// that needs MaxHeap's look for a period) is left to Parse.
func (g *Game) IsNotationKey(s string) bool {
	if s == "" || len(s) > 9 || s[0] == '0' {
		return false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n <= g.sure() && g.isLive(n)
}

// DigitKeys returns lo and hi such that IsNotationKey holds for every heap of lo to hi
// tokens (hi < lo if none): the heaps past the last without a move, up to what the sieve
// surely reaches.
func (g *Game) DigitKeys() (lo, hi int) {
	hi = min(g.sure(), 999_999_999)
	if !g.liveLarge { // the heaps before the first without a move, if any
		for n := 1; n < len(g.live); n++ {
			if !g.live[n] {
				return 1, min(n-1, hi)
			}
		}
		return 1, min(len(g.live)-1, hi)
	}
	lo = len(g.live)
	for lo > 1 && g.live[lo-1] {
		lo--
	}
	return lo, hi
}

// parseHeaps reads a list of heap sizes, checking the limits before it allocates, and drops
// the empty heaps. Only a heap above what the sieve surely reaches asks g.MaxHeap, which may
// have to look for a period first.
func (g *Game) parseHeaps(s string) ([]int32, error) {
	if n := countNumbers(s); n > MaxHeaps {
		return nil, parse.Errorf(parse.ErrTooLarge, g.name, s, -1, "%d heaps, more than %d", n, MaxHeaps)
	}
	ns, err := parse.Ints(g.name, s, MaxHeap)
	var pe *parse.ParseError
	if errors.Is(err, parse.ErrTooLarge) && errors.As(err, &pe) && pe.Offset >= 0 {
		return nil, g.heapTooLarge(s, pe.Offset)
	}
	if err != nil {
		return nil, err
	}
	var heaps []int32
	for i, n := range ns {
		if n > g.sure() && n > g.MaxHeap() {
			return nil, g.heapTooLarge(s, numberAt(s, i))
		}
		if n > 0 {
			heaps = append(heaps, int32(n))
		}
	}
	return heaps, nil
}

// heapTooLarge returns the error for the heap written at offset off of s, larger than the
// game's MaxHeap: "kayles: parsing "2000000": heap 2000000 is larger than 1048576 at 0".
func (g *Game) heapTooLarge(s string, off int) error {
	end := off
	for end < len(s) && isDigit(s[end]) {
		end++
	}
	return parse.Errorf(parse.ErrTooLarge, g.name, s, off, "heap %s is larger than %d", s[off:end], g.MaxHeap())
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

// numberAt returns the offset in s of its run of decimal digits number i, counting from 0.
func numberAt(s string, i int) int {
	for off := 0; off < len(s); off++ {
		if isDigit(s[off]) && (off == 0 || !isDigit(s[off-1])) {
			if i == 0 {
				return off
			}
			i--
		}
	}
	return -1
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
