package cram

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"grundy/games/parse"
)

// Parse reads a board: "RxC" for the empty board of R rows and C columns ("3x4"), or the rows
// from top to bottom, joined by '/', with '.' for a free cell and '#' for a filled one
// ("..#/.../..."). The board holds at most 64 cells. Errors are *parse.ParseError values of
// kind parse.ErrSyntax or parse.ErrTooLarge.
func Parse(s string) (*Board, error) {
	w, err := parseBoard(s, maxCells)
	if err != nil {
		return nil, err
	}
	return &Board{free: w.free.lo, rows: w.rows, cols: w.cols}, nil
}

// ParseWide reads a board of up to 128 cells in the notation of Parse, as a Wide whatever
// its size.
func ParseWide(s string) (*Wide, error) { return parseBoard(s, maxWide) }

// parseBoard reads a board of at most limit ≤ 128 cells.
func parseBoard(s string, limit int) (*Wide, error) {
	if s == "" {
		return nil, parse.Errorf(parse.ErrSyntax, "cram", s, 0, "empty board")
	}
	if s[0] >= '0' && s[0] <= '9' {
		return parseSize(s, limit)
	}
	return parseRows(s, limit)
}

// parseSize reads "RxC".
func parseSize(s string, limit int) (*Wide, error) {
	rows, cols, err := parse.Size("cram", s)
	if err != nil {
		return nil, err
	}
	if rows >= 1000 || cols >= 1000 || rows*cols > limit {
		return nil, tooLarge(s, rows, cols, limit)
	}
	return &Wide{free: low128(rows * cols), rows: uint8(rows), cols: uint8(cols)}, nil
}

// unexpected reports what is at s[i], or the end of s, where want was expected.
func unexpected(s string, i int, want string) error { return parse.Unexpected("cram", s, i, want) }

// tooLarge reports a board of more than limit cells.
func tooLarge(s string, rows, cols, limit int) error {
	if rows >= 1000 || cols >= 1000 {
		return parse.Errorf(parse.ErrTooLarge, "cram", s, -1, "board has more than %d cells", limit)
	}
	return parse.Errorf(parse.ErrTooLarge, "cram", s, -1, "board has %d cells, at most %d", rows*cols, limit)
}

// parseRows reads rows of '.' and '#' joined by '/'. It sets bits only while they fit, and
// checks the size at the end.
func parseRows(s string, limit int) (*Wide, error) {
	var free w128
	rows, cols, start := 0, -1, 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != '/' {
			if err := cell(s, i, rows*max(cols, 0)+i-start, &free); err != nil {
				return nil, err
			}
			continue
		}
		if err := endRow(s, start, i, &cols); err != nil {
			return nil, err
		}
		rows, start = rows+1, i+1
	}
	if rows*cols > limit {
		return nil, tooLarge(s, rows, cols, limit)
	}
	return &Wide{free: free, rows: uint8(rows), cols: uint8(cols)}, nil
}

// cell reads the cell s[i], number p of the board, into free.
func cell(s string, i, p int, free *w128) error {
	switch s[i] {
	case '.':
		if p < maxWide {
			*free = free.or(w128{1, 0}.shl(p))
		}
	case '#':
	default:
		r, _ := utf8.DecodeRuneInString(s[i:])
		return parse.Errorf(parse.ErrSyntax, "cram", s, i, "invalid cell %q", r)
	}
	return nil
}

// endRow checks the row s[start:end] against the width of the first row, *cols (-1 before
// the first row ends).
func endRow(s string, start, end int, cols *int) error {
	n := end - start
	switch {
	case n == 0:
		return parse.Errorf(parse.ErrSyntax, "cram", s, start, "empty row")
	case *cols < 0:
		*cols = n
	case n != *cols:
		return parse.Errorf(parse.ErrSyntax, "cram", s, start, "row has %d cells, want %d", n, *cols)
	}
	return nil
}

// String returns b in the notation of Parse: "RxC" when every cell is free, else the rows.
func (b *Board) String() string {
	return newWgrid(int(b.rows), int(b.cols)).notation(w128{b.free, 0})
}

// notation writes the cells x of g in the notation of Parse.
func (g wgrid) notation(x w128) string {
	if x == g.all() {
		return strconv.Itoa(g.r) + "x" + strconv.Itoa(g.c)
	}
	var sb strings.Builder
	sb.Grow(g.r * (g.c + 1))
	for i := range g.r {
		if i > 0 {
			sb.WriteByte('/')
		}
		w := x.shr(i * g.c)
		for range g.c {
			sb.WriteByte(".#"[1-w.lo&1])
			w = w.shr(1)
		}
	}
	return sb.String()
}
