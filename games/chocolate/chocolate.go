package chocolate

import (
	"fmt"
	"iter"
	"slices"

	"grundy/engine"
	"grundy/games/parse"
)

// name is the game's name in the registry and in messages.
const name = "breaking-chocolates"

// A Position is a set of bars. It is an immutable value: its moves make new positions. The
// bars keep the order they were written in, the pieces of a broken bar taking its place.
type Position struct {
	bars []Bar
}

var (
	_ engine.Position = Position{}
	_ engine.Hinter   = Position{}
	_ engine.Valuer   = Position{}
)

// A Game is Breaking Chocolates, for the games registry.
type Game struct{}

// Name returns "breaking-chocolates".
func (Game) Name() string { return name }

// Parse reads a position in the notation of Parse.
func (Game) Parse(s string) (engine.Position, error) {
	p, err := Parse(s)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// FromGrid returns the position of one bar whose cell (i, j) is white when white[i][j] is
// true. The rows must all have the same length, and the bar at most MaxCells cells; the error
// wraps parse.ErrSyntax or parse.ErrTooLarge.
func FromGrid(white [][]bool) (Position, error) {
	rows, cols := len(white), 0
	if rows > 0 {
		cols = len(white[0])
	}
	switch {
	case rows < 1 || cols < 1:
		return Position{}, fmt.Errorf("%s: bar %dx%d is empty: %w", name, rows, cols, parse.ErrSyntax)
	case rows > MaxCells || cols > MaxCells || rows*cols > MaxCells:
		return Position{}, fmt.Errorf("%s: bar %dx%d has more than %d cells: %w", name, rows, cols, MaxCells, parse.ErrTooLarge)
	}
	b := Bar{rows: uint8(rows), cols: uint8(cols)}
	for i, row := range white {
		if len(row) != cols {
			return Position{}, fmt.Errorf("%s: row %d has %d cells, want %d: %w", name, i+1, len(row), cols, parse.ErrSyntax)
		}
		for j, w := range row {
			if w {
				b.white |= 1 << (i*cols + j)
			}
		}
	}
	return Position{bars: []Bar{b}}, nil
}

// Bars returns the bars of the position, in order.
func (p Position) Bars() []Bar { return slices.Clone(p.bars) }

// Options yields the position after each move: eating a white bar, or breaking a mixed one
// along each line, rows first. Bars equal to an earlier bar are skipped, as their moves give
// the same positions up to the order of the bars.
func (p Position) Options() iter.Seq[engine.Position] {
	return func(yield func(engine.Position) bool) {
		for i, b := range p.bars {
			if slices.Contains(p.bars[:i], b) || b.allBlack() {
				continue
			}
			if b.allWhite() {
				if !yield(p.replace(i)) {
					return
				}
				continue
			}
			for k := 1; k < int(b.rows); k++ {
				if top, bottom := b.cutRows(k); !yield(p.replace(i, top, bottom)) {
					return
				}
			}
			for k := 1; k < int(b.cols); k++ {
				if left, right := b.cutCols(k); !yield(p.replace(i, left, right)) {
					return
				}
			}
		}
	}
}

// replace returns a copy of p with bar i replaced by the pieces that are not all black.
func (p Position) replace(i int, pieces ...Bar) Position {
	bars := make([]Bar, 0, len(p.bars)+1)
	bars = append(bars, p.bars[:i]...)
	for _, b := range pieces {
		if !b.allBlack() {
			bars = append(bars, b)
		}
	}
	return Position{bars: append(bars, p.bars[i+1:]...)}
}

// Split returns each bar that is not all black as a position of its own: nothing when every
// bar is black, p itself when it is one such bar.
func (p Position) Split() []engine.Position {
	if len(p.bars) == 1 && !p.bars[0].allBlack() {
		return []engine.Position{p}
	}
	var out []engine.Position
	for _, b := range p.bars {
		if !b.allBlack() {
			out = append(out, Position{bars: []Bar{b}})
		}
	}
	return out
}

// Key returns a short binary string, the same for positions equal up to the 8 symmetries of
// each bar, the shape of white bars, black bars and the order of the bars: the canonical bars
// (see canon), sorted and concatenated. The position with no move has the empty key.
func (p Position) Key() string {
	var stack [MaxCells]Bar
	bars := stack[:0]
	for _, b := range p.bars {
		if !b.allBlack() {
			bars = append(bars, b.canon())
		}
	}
	slices.SortFunc(bars, func(a, b Bar) int {
		switch {
		case a.less(b):
			return -1
		case b.less(a):
			return 1
		}
		return 0
	})
	var buf [MaxCells * 3]byte
	key := buf[:0]
	for _, b := range bars {
		key = b.appendKey(key)
	}
	return string(key)
}

// Hint returns the number of cells of the mixed bars, plus one for each white bar.
func (p Position) Hint() int {
	n := 0
	for _, b := range p.bars {
		switch {
		case b.allWhite():
			n++
		case !b.allBlack():
			n += b.cells()
		}
	}
	return n
}

// Value returns the nimber of a position whose bars are all white or all black: 1 for each
// white bar, nim-summed. It knows nothing of mixed bars.
func (p Position) Value() (int, bool) {
	x := 0
	for _, b := range p.bars {
		switch {
		case b.allWhite():
			x ^= 1
		case !b.allBlack():
			return 0, false
		}
	}
	return x, true
}
