package chomp

import (
	"fmt"
	"iter"

	"grundy/engine"
	"grundy/games/parse"
)

// maxSide is the most rows and the most columns a board may have.
const maxSide = 64

// A Board is a Chomp position: a Young diagram of squares, given by the heights of its
// columns from left to right, which never increase. Square (0, 0), at the bottom left, is
// poisoned and always remains. Boards are values that never change once made; make them with
// New, Rect or Parse (the zero Board is not a valid position).
type Board struct {
	h string // the column heights, one byte each, all at least 1
}

var (
	_ engine.Position = (*Board)(nil)
	_ engine.Hinter   = (*Board)(nil)
)

// A Game is the game of Chomp, for the games registry.
type Game struct{}

// Name returns "chomp".
func (Game) Name() string { return "chomp" }

// Parse reads a board in the notation of Parse.
func (Game) Parse(s string) (engine.Position, error) {
	b, err := Parse(s)
	if err != nil {
		return nil, err
	}
	return b, nil
}

// New returns the board with the given column heights, from left to right. The heights must
// not increase, the first must be at least 1 (the poisoned square), and there may be at most
// 64 columns of at most 64 squares; columns of height 0 at the right are dropped. The error
// wraps parse.ErrSyntax or parse.ErrTooLarge.
func New(heights []int) (*Board, error) {
	if len(heights) == 0 {
		return nil, fmt.Errorf("chomp: no columns: %w", parse.ErrSyntax)
	}
	if len(heights) > maxSide {
		return nil, fmt.Errorf("chomp: %d columns, at most %d: %w", len(heights), maxSide, parse.ErrTooLarge)
	}
	var buf [maxSide]byte
	for i, h := range heights {
		switch {
		case h > maxSide:
			return nil, fmt.Errorf("chomp: column %d has height %d, at most %d: %w", i+1, h, maxSide, parse.ErrTooLarge)
		case i == 0 && h < 1:
			return nil, fmt.Errorf("chomp: the first column is empty: %w", parse.ErrSyntax)
		case i > 0 && h > heights[i-1]:
			return nil, fmt.Errorf("chomp: column %d is higher than column %d: %w", i+1, i, parse.ErrSyntax)
		case h < 0:
			return nil, fmt.Errorf("chomp: column %d has height %d: %w", i+1, h, parse.ErrSyntax)
		case h > 0:
			buf[i] = byte(h)
		}
	}
	return &Board{h: trim(buf[:len(heights)])}, nil
}

// trim returns the heights up to the first 0.
func trim(h []byte) string {
	for i, x := range h {
		if x == 0 {
			return string(h[:i])
		}
	}
	return string(h)
}

// Rect returns the full board of rows × cols squares.
func Rect(rows, cols int) (*Board, error) {
	if cols < 1 {
		return nil, fmt.Errorf("chomp: board %dx%d is empty: %w", rows, cols, parse.ErrSyntax)
	}
	if cols > maxSide {
		return nil, fmt.Errorf("chomp: board %dx%d has more than %d columns: %w", rows, cols, maxSide, parse.ErrTooLarge)
	}
	heights := make([]int, cols)
	for i := range heights {
		heights[i] = rows
	}
	return New(heights)
}

// Rows returns the height of the first column, the board's number of rows.
func (b *Board) Rows() int { return int(b.h[0]) }

// Cols returns the number of columns.
func (b *Board) Cols() int { return len(b.h) }

// Height returns the height of column col, counted from 0 at the left; 0 off the board.
func (b *Board) Height(col int) int {
	if col < 0 || col >= len(b.h) {
		return 0
	}
	return int(b.h[col])
}

// Heights returns the column heights from left to right.
func (b *Board) Heights() []int {
	out := make([]int, len(b.h))
	for i := range out {
		out[i] = int(b.h[i])
	}
	return out
}

// Has reports whether square (row, col), counted from 0 at the bottom left, remains.
func (b *Board) Has(row, col int) bool { return row >= 0 && row < b.Height(col) }

// Options yields the boards reached by taking one square other than the poisoned one, with
// every square above and to the right of it: column by column from the left, each from the
// bottom.
func (b *Board) Options() iter.Seq[engine.Position] {
	return func(yield func(engine.Position) bool) {
		opts := make([]Board, b.Hint()-1) // one allocation for all the boards
		k := 0
		for col := range len(b.h) {
			for row := range int(b.h[col]) {
				if col == 0 && row == 0 {
					continue
				}
				opts[k] = b.bite(row, col)
				if !yield(&opts[k]) {
					return
				}
				k++
			}
		}
	}
}

// bite returns b without square (row, col) and the squares above it and to its right.
func (b *Board) bite(row, col int) Board {
	if row == 0 {
		return Board{h: b.h[:col]}
	}
	var buf [maxSide]byte
	h := buf[:copy(buf[:], b.h)]
	for i := col; i < len(h) && h[i] > byte(row); i++ {
		h[i] = byte(row)
	}
	return Board{h: string(h)}
}

// Split returns b alone: Chomp positions never split. The board of the poisoned square alone
// has no move and returns nothing.
func (b *Board) Split() []engine.Position {
	if b.h == "\x01" {
		return nil
	}
	return []engine.Position{b}
}

// Key returns a short binary string that is the same for a board and its transpose (the
// conjugate diagram, the same game seen from the other side): the lesser of the two strings
// of heights. The board with no move has the empty key.
func (b *Board) Key() string {
	if b.h == "\x01" {
		return ""
	}
	var buf [maxSide]byte
	if c := conjugate(b.h, &buf); string(c) < b.h {
		return string(c)
	}
	return b.h
}

// conjugate returns the heights of the transpose of the board of heights h: its row lengths,
// from the bottom.
func conjugate(h string, buf *[maxSide]byte) []byte {
	out := buf[:h[0]]
	col := len(h)
	for row := range out {
		for col > 0 && h[col-1] <= byte(row) {
			col--
		}
		out[row] = byte(col)
	}
	return out
}

// Hint returns the number of squares.
func (b *Board) Hint() int {
	n := 0
	for i := range len(b.h) {
		n += int(b.h[i])
	}
	return n
}
