package boxing

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"grundy/games/parse"
)

// Parse reads a board: "RxC" for the full board of R rows and C columns ("10x20"), or the
// rows from top to bottom, joined by '/', with 'o' for a stone and '.' for an empty cell
// ("oo./ooo"). The shape is checked against the limits before the board is allocated.
// Errors are *parse.ParseError values of kind parse.ErrSyntax or parse.ErrTooLarge.
func Parse(s string) (*Board, error) {
	if s == "" {
		return nil, parse.Errorf(parse.ErrSyntax, name, s, 0, "empty board")
	}
	if s[0] >= '0' && s[0] <= '9' {
		rows, cols, err := parse.Size(name, s)
		if err != nil {
			return nil, err
		}
		if err := sizeError(s, rows, cols); err != nil {
			return nil, err
		}
		return New(rows, cols)
	}
	rows, cols, err := shape(s)
	if err != nil {
		return nil, err
	}
	if err := sizeError(s, rows, cols); err != nil {
		return nil, err
	}
	return readRows(s, rows, cols)
}

// sizeError reports a board past the limits, as parse.Size measures it (1000: 1000 or more).
func sizeError(s string, rows, cols int) error {
	switch {
	case rows > MaxSide || cols > MaxSide:
		side := strconv.Itoa(max(rows, cols))
		if max(rows, cols) >= 1000 {
			side = "1000 or more"
		}
		return parse.Errorf(parse.ErrTooLarge, name, s, -1, "board has a side of %s cells, at most %d", side, MaxSide)
	case rows*cols > MaxCells:
		return parse.Errorf(parse.ErrTooLarge, name, s, -1, "board has %d cells, at most %d", rows*cols, MaxCells)
	}
	return nil
}

// shape scans rows of cells joined by '/' and returns their number and length (saturated at
// 1000), checking the cells and that every row has the length of the first, with no
// allocation.
func shape(s string) (rows, cols int, err error) {
	cols = -1
	start := 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '/' {
			if s[i] != 'o' && s[i] != '.' {
				r, _ := utf8.DecodeRuneInString(s[i:])
				return 0, 0, parse.Errorf(parse.ErrSyntax, name, s, i, "invalid cell %q", r)
			}
			continue
		}
		n := i - start
		switch {
		case n == 0:
			return 0, 0, parse.Errorf(parse.ErrSyntax, name, s, start, "empty row")
		case cols < 0:
			cols = n
		case n != cols:
			return 0, 0, parse.Errorf(parse.ErrSyntax, name, s, start, "row has %d cells, want %d", n, cols)
		}
		rows, start = min(rows+1, 1000), i+1
	}
	return rows, min(cols, 1000), nil
}

// readRows reads the stones of rows × cols cells that shape has checked.
func readRows(s string, rows, cols int) (*Board, error) {
	b := &Board{rows: make([]uint64, rows), cols: cols}
	for i := range rows {
		row := s[i*(cols+1) : i*(cols+1)+cols]
		for j := range cols {
			if row[j] == 'o' {
				b.rows[i] |= 1 << j
			}
		}
	}
	return b, nil
}

// String returns b in the notation of Parse: "RxC" when every cell holds a stone, else the
// rows.
func (b *Board) String() string {
	if b.Stones() == len(b.rows)*b.cols {
		return strconv.Itoa(len(b.rows)) + "x" + strconv.Itoa(b.cols)
	}
	var sb strings.Builder
	sb.Grow(len(b.rows) * (b.cols + 1))
	for i, r := range b.rows {
		if i > 0 {
			sb.WriteByte('/')
		}
		for j := range b.cols {
			sb.WriteByte(".o"[r>>j&1])
		}
	}
	return sb.String()
}
