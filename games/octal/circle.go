package octal

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"grundy/engine"
	"grundy/games/parse"
)

// Circles: a position of an octal game may hold circles of tokens beside its rows, as in
// Richard Penn's question of seed 004 (dots on a circle, crossing out a dot and its
// neighbours). A circle has no ends, so a move takes a contiguous run of k tokens from it
// (k ≥ 1, the digit d_k allowing it):
//
//   - the whole circle, when it has exactly k tokens and d_k has the bit 1;
//   - a run with tokens on both sides, leaving one row of N−k tokens, when N > k and d_k has
//     the bit 4 (in a row, a run taken from the middle; on a circle both sides join into one
//     row).
//
// The bit 2 (take k from the end of a row) gives no move on a circle. For Dawson's chess,
// 0.137, a circle of N ≥ 4 has the single option row N−3, and circles of 1, 2 and 3 tokens
// the single option of nothing (a lone dot; two dots that are each other's neighbours; a dot
// and its two neighbours); for Kayles, 0.77, a circle of N has the rows N−1 and N−2.
//
// Codes whose first digit is 4 (splitting a heap without taking) and the heap games that are
// not rows (nim, lasker, grundys-game, subtraction:S) have no circles: what taking nothing
// from a circle, or a heap bent round, would mean is not defined, and Parse refuses "oN".

// circlesDefined returns why g has no circles, or "" when it has.
func (g *Game) circlesDefined() string {
	switch {
	case g.kind != kindOctal || strings.HasPrefix(g.name, "subtraction:"):
		return "circles are not defined for " + g.name + ", a game of heaps: only octal codes play on rows and circles"
	case g.digits[0] != 0:
		return "circles are not defined for " + g.name + ", whose code splits a heap without taking"
	}
	return ""
}

// circleOptions calls yield(r) for each option of a circle of n tokens: the row of r tokens
// it leaves, 0 for nothing. Each option comes once, the longest row first. It stops when
// yield returns false and reports whether it went through every option.
func (g *Game) circleOptions(n int, yield func(row int) bool) bool {
	for _, m := range g.moves {
		switch {
		case m.k > n:
			return true
		case m.k == n && m.d&1 != 0:
			if !yield(0) {
				return false
			}
		case m.k < n && m.d&4 != 0:
			if !yield(n - m.k) {
				return false
			}
		}
	}
	return true
}

// isLiveCircle reports whether a circle of n tokens has a move.
func (g *Game) isLiveCircle(n int) bool {
	return g.kind == kindOctal && !g.circleOptions(n, func(int) bool { return false })
}

// Circles returns the sizes of the circles, in order.
func (p Position) Circles() []int {
	out := make([]int, len(p.circles))
	for i, c := range p.circles {
		out[i] = int(c)
	}
	return out
}

// Circle returns the position of one circle of n tokens, or an error when g has no circles
// or n is out of range.
func (g *Game) Circle(n int) (Position, error) {
	if why := g.circlesDefined(); why != "" {
		return Position{}, errors.New("octal: " + why)
	}
	if n < 0 || n > g.MaxHeap() {
		return Position{}, errors.New("octal: circle of " + strconv.Itoa(n) + " tokens is out of range")
	}
	if n == 0 {
		return Position{g: g}, nil
	}
	return Position{g: g, circles: []int32{int32(n)}}, nil
}

// circleMoves yields the options of p's circles: each circle, once per size, replaced by the
// row it leaves. It reports whether yield never returned false.
func (p Position) circleMoves(yield func(engine.Position) bool) bool {
	for i, c := range p.circles {
		if slices.Contains(p.circles[:i], c) {
			continue
		}
		ok := p.g.circleOptions(int(c), func(row int) bool {
			return yield(p.openCircle(i, row))
		})
		if !ok {
			return false
		}
	}
	return true
}

// openCircle returns a copy of p with circle i gone and a row of row tokens (0: none) put
// after the rows.
func (p Position) openCircle(i, row int) Position {
	circles := slices.Delete(slices.Clone(p.circles), i, i+1)
	heaps := p.heaps
	if row > 0 {
		heaps = append(slices.Clip(heaps), int32(row))
	}
	return Position{g: p.g, heaps: heaps, circles: circles}
}

// liveCircles returns the circles of p that have a move, each as a position of its own.
func (p Position) liveCircles() []Position {
	var out []Position
	for _, c := range p.circles {
		if p.g.isLiveCircle(int(c)) {
			out = append(out, Position{g: p.g, circles: []int32{c}})
		}
	}
	return out
}

// circleKey returns the key of p's circles that have a move, "o19 o20", sorted; "" when there
// are none. Rows and circles of one size differ, so the 'o' stays in the key.
func (p Position) circleKey() string {
	var live []int32
	for _, c := range p.circles {
		if p.g.isLiveCircle(int(c)) {
			live = append(live, c)
		}
	}
	slices.Sort(live)
	return formatCircles(live)
}

// formatCircles writes circles as "o19 o20", "" when there are none.
func formatCircles(circles []int32) string {
	var b []byte
	for i, c := range circles {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, 'o')
		b = strconv.AppendInt(b, int64(c), 10)
	}
	return string(b)
}

// withCircles joins the notation or key of the rows, rows ("0" for none), to that of the
// circles: circles first, as Penn's question is written ("o20 7").
func withCircles(circles, rows string) string {
	switch {
	case circles == "":
		return rows
	case rows == "0":
		return circles
	}
	return circles + " " + rows
}

// circleValue returns the nimber of a circle of n tokens from the rows' nimbers, the mex of
// its options; t.mu is held. It knows nothing when a row it leaves is unknown.
func (t *table) circleValue(g *Game, n int) (int, bool) {
	var seen uint64 // a circle has at most one option per digit of the code: under 64
	known := true
	g.circleOptions(n, func(row int) bool {
		v, ok := t.value(row)
		if known = ok; ok && v < 64 {
			seen |= 1 << v
		}
		return ok
	})
	if !known {
		return 0, false
	}
	v := 0
	for seen>>v&1 == 1 {
		v++
	}
	return v, true
}

// parseCircles reads a position with circles, "o20 7": each 'o' that starts a number marks
// a circle. The rows and the circles are read apart, by parseHeaps, from two copies of s in
// which the other kind is blanked out, so that offsets and limits stay those of the rows.
func (g *Game) parseCircles(s string) (heaps, circles []int32, err error) {
	rowText, circleText := []byte(s), []byte(s)
	for i := 0; i < len(s); i++ {
		if s[i] != 'o' {
			continue
		}
		if why := g.circlesDefined(); why != "" {
			return nil, nil, parse.Errorf(parse.ErrSyntax, g.name, s, i, "%s", why)
		}
		if i > 0 && !isSeparator(s[i-1]) || i+1 == len(s) || !isDigit(s[i+1]) {
			return nil, nil, parse.Unexpected(g.name, s, i, "a circle as oN, such as o19")
		}
		circleText[i], rowText[i] = ' ', ' '
		for i++; i < len(s) && isDigit(s[i]); i++ {
			rowText[i] = ' '
		}
		i--
	}
	for i := range circleText {
		if rowText[i] != ' ' || s[i] == ' ' {
			circleText[i] = ' '
		}
	}
	if n := countNumbers(s); n > MaxHeaps {
		return nil, nil, parse.Errorf(parse.ErrTooLarge, g.name, s, -1, "%d heaps and circles, more than %d", n, MaxHeaps)
	}
	if heaps, err = g.parseHeaps(string(rowText)); err != nil {
		return nil, nil, withInput(err, s)
	}
	if circles, err = g.parseHeaps(string(circleText)); err != nil {
		return nil, nil, withInput(err, s)
	}
	return heaps, circles, nil
}

// withInput puts the text the user typed back into a parse error about one of its copies.
func withInput(err error, s string) error {
	var pe *parse.ParseError
	if errors.As(err, &pe) {
		pe.Input = s
	}
	return err
}

func isSeparator(c byte) bool { return c == ' ' || c == ',' || c == '\t' }
