package boxing

import (
	"fmt"
	"iter"
	"math/bits"

	"grundy/engine"
	"grundy/games/parse"
)

// Limits of a board; larger ones give parse.ErrTooLarge.
const (
	MaxSide  = 64  // rows, and columns: a row is one uint64
	MaxCells = 256 // cells of a board
)

// name is the game's name in the registry and in messages.
const name = "boxing-match"

// A Board is a Boxing Match position: a grid of at most MaxCells cells, each with or without
// a stone. Boards are values that never change once made; make them with New, FromGrid, With
// or Parse (the zero Board is not a valid position).
type Board struct {
	rows []uint64 // bit j of rows[i]: cell (i, j) holds a stone; shared, never written
	cols int
	key  string // the Key when Split made the board and knows it; "" when not known
}

var (
	_ engine.Position = (*Board)(nil)
	_ engine.Hinter   = (*Board)(nil)
	_ engine.Valuer   = (*Board)(nil)
)

// A Game is Boxing Match, for the games registry.
type Game struct{}

// Name returns "boxing-match".
func (Game) Name() string { return name }

// Parse reads a board in the notation of Parse.
func (Game) Parse(s string) (engine.Position, error) {
	b, err := Parse(s)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// checkSize returns an error when a rows × cols board is empty or larger than the limits.
func checkSize(rows, cols int) error {
	switch {
	case rows < 1 || cols < 1:
		return fmt.Errorf("%s: board %dx%d is empty: %w", name, rows, cols, parse.ErrSyntax)
	case rows > MaxSide || cols > MaxSide:
		return fmt.Errorf("%s: board %dx%d has a side over %d: %w", name, rows, cols, MaxSide, parse.ErrTooLarge)
	case rows*cols > MaxCells:
		return fmt.Errorf("%s: board %dx%d has %d cells, at most %d: %w", name, rows, cols, rows*cols, MaxCells, parse.ErrTooLarge)
	}
	return nil
}

// New returns the full board of rows × cols cells, a stone on each. The error wraps
// parse.ErrTooLarge past the limits or, for a side less than 1, parse.ErrSyntax.
func New(rows, cols int) (*Board, error) {
	if err := checkSize(rows, cols); err != nil {
		return nil, err
	}
	b := &Board{rows: make([]uint64, rows), cols: cols}
	for i := range b.rows {
		b.rows[i] = low(cols)
	}
	return b, nil
}

// FromGrid returns the board whose cell (i, j) holds a stone when stone[i][j] is true. The
// rows must all have the same length; errors are as for New.
func FromGrid(stone [][]bool) (*Board, error) {
	cols := 0
	if len(stone) > 0 {
		cols = len(stone[0])
	}
	if err := checkSize(len(stone), cols); err != nil {
		return nil, err
	}
	b := &Board{rows: make([]uint64, len(stone)), cols: cols}
	for i, row := range stone {
		if len(row) != cols {
			return nil, fmt.Errorf("%s: row %d has %d cells, want %d: %w", name, i+1, len(row), cols, parse.ErrSyntax)
		}
		for j, s := range row {
			if s {
				b.rows[i] |= 1 << j
			}
		}
	}
	return b, nil
}

// low returns the n lowest bits, 0 ≤ n ≤ 64.
func low(n int) uint64 { return 1<<n - 1 }

// Rows returns the number of rows of the board.
func (b *Board) Rows() int { return len(b.rows) }

// Cols returns the number of columns of the board.
func (b *Board) Cols() int { return b.cols }

// Stone reports whether cell (i, j), row i and column j counted from 0 at the top left, is on
// the board and holds a stone.
func (b *Board) Stone(i, j int) bool {
	if i < 0 || j < 0 || i >= len(b.rows) || j >= b.cols {
		return false
	}
	return b.rows[i]>>j&1 == 1
}

// With returns a copy of b with or without a stone on cell (i, j). It panics when the cell is
// off the board.
func (b *Board) With(i, j int, stone bool) *Board {
	if i < 0 || j < 0 || i >= len(b.rows) || j >= b.cols {
		panic(fmt.Sprintf("%s: cell (%d, %d) is off the %dx%d board", name, i, j, len(b.rows), b.cols))
	}
	rows := append([]uint64(nil), b.rows...)
	if stone {
		rows[i] |= 1 << j
	} else {
		rows[i] &^= 1 << j
	}
	return &Board{rows: rows, cols: b.cols}
}

// Stones returns the number of stones on the board.
func (b *Board) Stones() int {
	n := 0
	for _, r := range b.rows {
		n += bits.OnesCount64(r)
	}
	return n
}

// Squares calls yield(i, j, k) for each full square of b, k×k cells with its top left cell at
// (i, j), the largest first, each size in row-major order; it stops when yield returns false.
func (b *Board) Squares(yield func(i, j, k int) bool) {
	for k := b.largestSquare(); k >= 1; k-- {
		for i := 0; i+k <= len(b.rows); i++ {
			all := ^uint64(0) // the cells full in rows i..i+k-1
			for _, r := range b.rows[i : i+k] {
				all &= r
			}
			// Columns j..j+k-1 all full: k consecutive bits of all from bit j.
			run := all
			for step := 1; step < k; step++ {
				run &= all >> step
			}
			for ; run != 0; run &= run - 1 {
				if !yield(i, bits.TrailingZeros64(run), k) {
					return
				}
			}
		}
	}
}

// largestSquare returns the side of b's largest full square, 0 when b has no stone.
func (b *Board) largestSquare() int {
	k := 0
	for k < len(b.rows) && k < b.cols && b.hasSquare(k+1) {
		k++
	}
	return k
}

// hasSquare reports whether b has a full k×k square.
func (b *Board) hasSquare(k int) bool {
	for i := 0; i+k <= len(b.rows); i++ {
		run := ^uint64(0)
		for _, r := range b.rows[i : i+k] {
			run &= r
		}
		for step := 1; step < k && run != 0; step++ {
			run &= run >> 1
		}
		if run != 0 {
			return true
		}
	}
	return false
}

// Take returns b without the stones of the k×k square whose top left cell is (i, j).
func (b *Board) Take(i, j, k int) *Board {
	rows := append([]uint64(nil), b.rows...)
	for r := i; r < i+k; r++ {
		rows[r] &^= low(k) << j
	}
	return &Board{rows: rows, cols: b.cols}
}

// Options yields the boards reached by removing one full square, the largest squares first.
// The options keep b's shape.
func (b *Board) Options() iter.Seq[engine.Position] {
	return func(yield func(engine.Position) bool) {
		b.Squares(func(i, j, k int) bool { return yield(b.Take(i, j, k)) })
	}
}

// Split returns the 4-connected groups of stones, each cut to its bounding box as a board of
// its own (see the package doc): nothing for a board with no stone, b itself when its one
// group fills b's edges.
func (b *Board) Split() []engine.Position {
	comps := b.components(true)
	if len(comps) == 1 && comps[0].sameAs(b) {
		return []engine.Position{b}
	}
	out := make([]engine.Position, len(comps))
	for i := range comps {
		out[i] = comps[i].board
	}
	return out
}

// Key returns a short binary string, the same for boards equal up to the 8 symmetries of each
// group of stones and the order of the groups: their canonical forms, sorted and
// concatenated. A board with no stone has the empty key.
func (b *Board) Key() string {
	if b.key != "" {
		return b.key
	}
	comps := b.components(false)
	if len(comps) == 1 {
		return comps[0].key
	}
	sortComponents(comps)
	n := 0
	for _, c := range comps {
		n += len(c.key)
	}
	key := make([]byte, 0, n)
	for _, c := range comps {
		key = append(key, c.key...)
	}
	return string(key)
}

// Hint returns the number of stones: the more, the harder.
func (b *Board) Hint() int { return b.Stones() }

// Value returns the nimber of a board with no full 2x2 square: its number of stones mod 2,
// for every move takes one stone and no move can make a 2x2 square. It knows nothing of other
// boards.
func (b *Board) Value() (int, bool) {
	if b.hasSquare(2) {
		return 0, false
	}
	return b.Stones() % 2, true
}
