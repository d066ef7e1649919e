package boxing

import "math/bits"

// canon returns the key of b's class under the 8 symmetries of the rectangle: the encoding
// (see appendKey) of the orientation with no more rows than columns, least among its flips
// and mirrors; a square board compares all 8.
func (b *Board) canon() string {
	x := b
	if len(b.rows) > b.cols {
		x = b.transpose()
	}
	var best, buf []byte
	try := func(c *Board) {
		buf = c.appendKey(buf[:0])
		if best == nil || string(buf) < string(best) {
			best = append(best[:0], buf...)
		}
	}
	for _, y := range x.orientations() {
		try(y)
	}
	if len(x.rows) == x.cols {
		for _, y := range x.transpose().orientations() {
			try(y)
		}
	}
	return string(best)
}

// orientations returns b, its rows upside down, its rows mirrored, and both: the symmetries
// that keep its shape.
func (b *Board) orientations() [4]*Board {
	flip, mirror, both := b.clone(), b.clone(), b.clone()
	n := len(b.rows)
	for i, r := range b.rows {
		m := bits.Reverse64(r) >> (64 - b.cols)
		flip.rows[n-1-i], mirror.rows[i], both.rows[n-1-i] = r, m, m
	}
	return [4]*Board{b, flip, mirror, both}
}

func (b *Board) clone() *Board { return &Board{rows: append([]uint64(nil), b.rows...), cols: b.cols} }

// transpose returns b with cell (i, j) moved to (j, i).
func (b *Board) transpose() *Board {
	out := &Board{rows: make([]uint64, b.cols), cols: len(b.rows)}
	for i, r := range b.rows {
		for ; r != 0; r &= r - 1 {
			out.rows[bits.TrailingZeros64(r)] |= 1 << i
		}
	}
	return out
}

// appendKey appends the encoding of b: rows, columns, then each row in (cols+7)/8 bytes,
// little end first. The shape fixes the length, so encodings can be concatenated.
func (b *Board) appendKey(dst []byte) []byte {
	dst = append(dst, byte(len(b.rows)), byte(b.cols))
	for _, r := range b.rows {
		for n := 0; n < b.cols; n += 8 {
			dst = append(dst, byte(r>>n))
		}
	}
	return dst
}
