package boxing

import (
	"bytes"
	"math/bits"
)

// keyBuf holds the encoding of a board (see encode): its shape, then at most MaxCells
// cells in whole bytes per row.
type keyBuf [2 + MaxSide*8]byte

// canon returns the key of the board of rows (cols wide) under the 8 symmetries of the
// rectangle: the encoding of the orientation with no more rows than columns, least among its
// flips and mirrors; a square board compares all 8.
func canon(rows []uint64, cols int) string {
	var t rowBuf
	if len(rows) > cols {
		rows, cols = transpose(rows, cols, &t), len(rows)
	}
	var best, cur keyBuf
	key := best[:0]
	try := func(rows []uint64, cols int, flip, mirror bool) {
		c := encode(cur[:0], rows, cols, flip, mirror)
		if len(key) == 0 || bytes.Compare(c, key) < 0 {
			key = append(best[:0], c...)
		}
	}
	for k := range 4 {
		try(rows, cols, k&1 == 1, k&2 == 2)
	}
	if len(rows) == cols {
		var u rowBuf
		tr := transpose(rows, cols, &u)
		for k := range 4 {
			try(tr, cols, k&1 == 1, k&2 == 2)
		}
	}
	return string(key)
}

// encode appends the encoding of rows, upside down when flip is set and mirrored when mirror
// is: rows, columns, then each row in (cols+7)/8 bytes, little end first. The shape fixes the
// length, so encodings can be concatenated.
func encode(dst []byte, rows []uint64, cols int, flip, mirror bool) []byte {
	n := len(rows)
	dst = append(dst, byte(n), byte(cols))
	for i := range n {
		r := rows[i]
		if flip {
			r = rows[n-1-i]
		}
		if mirror {
			r = bits.Reverse64(r) >> (64 - cols)
		}
		for k := 0; k < cols; k += 8 {
			dst = append(dst, byte(r>>k))
		}
	}
	return dst
}

// transpose writes into dst the rows of the board of rows (cols wide) with cell (i, j)
// moved to (j, i), and returns them.
func transpose(rows []uint64, cols int, dst *rowBuf) []uint64 {
	out := dst[:cols]
	clear(out)
	for i, r := range rows {
		for ; r != 0; r &= r - 1 {
			out[bits.TrailingZeros64(r)] |= 1 << i
		}
	}
	return out
}

// orientations returns b, its rows upside down, its rows mirrored, and both: the symmetries
// that keep its shape (for the tests).
func (b *Board) orientations() [4]*Board {
	var out [4]*Board
	for k := range out {
		out[k] = &Board{rows: make([]uint64, len(b.rows)), cols: b.cols}
		for i := range b.rows {
			r := b.rows[i]
			if k&1 == 1 {
				r = b.rows[len(b.rows)-1-i]
			}
			if k&2 == 2 {
				r = bits.Reverse64(r) >> (64 - b.cols)
			}
			out[k].rows[i] = r
		}
	}
	return out
}

// transpose returns b with cell (i, j) moved to (j, i).
func (b *Board) transpose() *Board {
	var t rowBuf
	return &Board{rows: append([]uint64(nil), transpose(b.rows, b.cols, &t)...), cols: len(b.rows)}
}
