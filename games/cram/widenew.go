package cram

import (
	"fmt"

	"grundy/games/parse"
)

// NewWide returns the empty board of rows × cols cells, all free, as a Wide. The board may
// hold at most 128 cells; errors are as for New.
func NewWide(rows, cols int) (*Wide, error) { return newWide(rows, cols, maxWide) }

// newWide returns the empty board of rows × cols cells, at most limit ≤ 128.
func newWide(rows, cols, limit int) (*Wide, error) {
	switch {
	case rows < 1 || cols < 1:
		return nil, fmt.Errorf("cram: board %dx%d is empty: %w", rows, cols, parse.ErrSyntax)
	case rows > limit || cols > limit || rows*cols > limit:
		return nil, fmt.Errorf("cram: board %dx%d has more than %d cells: %w", rows, cols, limit, parse.ErrTooLarge)
	}
	return &Wide{free: low128(rows * cols), rows: uint8(rows), cols: uint8(cols)}, nil
}

// WideFromGrid returns the board of up to 128 cells whose cell (i, j) is free when
// free[i][j] is true, as a Wide. The rows must all have the same length; errors are as for
// New.
func WideFromGrid(free [][]bool) (*Wide, error) { return wideFromGrid(free, maxWide) }

// wideFromGrid returns the board of the grid free, of at most limit ≤ 128 cells.
func wideFromGrid(free [][]bool, limit int) (*Wide, error) {
	cols := 0
	if len(free) > 0 {
		cols = len(free[0])
	}
	b, err := newWide(len(free), cols, limit)
	if err != nil {
		return nil, err
	}
	for i, row := range free {
		if len(row) != cols {
			return nil, fmt.Errorf("cram: row %d has %d cells, want %d: %w", i+1, len(row), cols, parse.ErrSyntax)
		}
		for j, f := range row {
			if !f {
				b.free = b.free.andNot(w128{}.with(i*cols + j))
			}
		}
	}
	return b, nil
}

// With returns a copy of b with cell (i, j) free or filled. It panics when the cell is off
// the board.
func (b *Wide) With(i, j int, free bool) *Wide {
	if i < 0 || j < 0 || i >= int(b.rows) || j >= int(b.cols) {
		panic(fmt.Sprintf("cram: cell (%d, %d) is off the %dx%d board", i, j, b.rows, b.cols))
	}
	bit := w128{}.with(i*int(b.cols) + j)
	out := *b
	if free {
		out.free = out.free.or(bit)
	} else {
		out.free = out.free.andNot(bit)
	}
	return &out
}
