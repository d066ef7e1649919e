package chocolate

import "math/bits"

// MaxCells is the most cells a position holds, in all its bars.
const MaxCells = 64

// A Bar is one bar of chocolate: rows × cols cells, at most 64, cell (i, j) at bit i*cols+j
// of white, set when the cell is white.
type Bar struct {
	white      uint64
	rows, cols uint8
}

// low returns the n lowest bits, 0 ≤ n ≤ 64.
func low(n int) uint64 { return 1<<n - 1 }

// Rows returns the number of rows of the bar.
func (b Bar) Rows() int { return int(b.rows) }

// Cols returns the number of columns of the bar.
func (b Bar) Cols() int { return int(b.cols) }

// White reports whether cell (i, j), counted from 0 at the top left, is on the bar and white.
func (b Bar) White(i, j int) bool {
	if i < 0 || j < 0 || i >= int(b.rows) || j >= int(b.cols) {
		return false
	}
	return b.white>>(i*int(b.cols)+j)&1 == 1
}

func (b Bar) cells() int { return int(b.rows) * int(b.cols) }

// allWhite reports whether every cell is white: the bar may be eaten.
func (b Bar) allWhite() bool { return b.white == low(b.cells()) }

// allBlack reports whether every cell is black: the bar is discarded.
func (b Bar) allBlack() bool { return b.white == 0 }

// row returns the cells of row i, as the low bits.
func (b Bar) row(i int) uint64 { return b.white >> (i * int(b.cols)) & low(int(b.cols)) }

// cutRows returns the bars above and below the line under row k−1, 0 < k < rows.
func (b Bar) cutRows(k int) (Bar, Bar) {
	n := k * int(b.cols)
	return Bar{white: b.white & low(n), rows: uint8(k), cols: b.cols},
		Bar{white: b.white >> n, rows: b.rows - uint8(k), cols: b.cols}
}

// cutCols returns the bars left and right of the line after column k−1, 0 < k < cols.
func (b Bar) cutCols(k int) (Bar, Bar) {
	c := int(b.cols)
	left, right := Bar{rows: b.rows, cols: uint8(k)}, Bar{rows: b.rows, cols: uint8(c - k)}
	for i := range int(b.rows) {
		r := b.row(i)
		left.white |= (r & low(k)) << (i * k)
		right.white |= (r >> k) << (i * (c - k))
	}
	return left, right
}

// transpose returns the bar with cell (i, j) moved to (j, i).
func (b Bar) transpose() Bar {
	out := Bar{rows: b.cols, cols: b.rows}
	for x := b.white; x != 0; x &= x - 1 {
		p := bits.TrailingZeros64(x)
		i, j := p/int(b.cols), p%int(b.cols)
		out.white |= 1 << (j*int(b.rows) + i)
	}
	return out
}

// flip returns the bar upside down.
func (b Bar) flip() Bar {
	out := Bar{rows: b.rows, cols: b.cols}
	for i := range int(b.rows) {
		out.white |= b.row(i) << ((int(b.rows) - 1 - i) * int(b.cols))
	}
	return out
}

// rot180 turns the bar half a turn: cell p goes to cells−1−p.
func (b Bar) rot180() Bar {
	return Bar{white: bits.Reverse64(b.white) >> (64 - b.cells()), rows: b.rows, cols: b.cols}
}

// canon returns the representative of b's class under the 8 symmetries of the rectangle:
// the orientation with no more rows than columns, and in it the least bits; every all-white
// bar is the white 1x1 bar.
func (b Bar) canon() Bar {
	if b.allWhite() {
		return Bar{white: 1, rows: 1, cols: 1}
	}
	if b.rows > b.cols {
		b = b.transpose()
	}
	best := b.least()
	if b.rows == b.cols {
		if t := b.transpose().least(); t.white < best.white {
			best = t
		}
	}
	return best
}

// least returns the least of b, its flip and their half turns.
func (b Bar) least() Bar {
	f := b.flip()
	best := b
	for _, x := range [3]Bar{f, b.rot180(), f.rot180()} {
		if x.white < best.white {
			best = x
		}
	}
	return best
}

// less orders bars by shape, then by cells.
func (b Bar) less(o Bar) bool {
	if b.rows != o.rows {
		return b.rows < o.rows
	}
	if b.cols != o.cols {
		return b.cols < o.cols
	}
	return b.white < o.white
}

// appendKey appends the encoding of b: rows, columns, then the bytes of its cells, little end
// first. The shape fixes the length, so encodings can be concatenated.
func (b Bar) appendKey(dst []byte) []byte {
	dst = append(dst, b.rows, b.cols)
	for n, x := (b.cells()+7)/8, b.white; n > 0; n, x = n-1, x>>8 {
		dst = append(dst, byte(x))
	}
	return dst
}
