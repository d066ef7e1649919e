package chomp

import (
	"strconv"
	"strings"

	"grundy/games/parse"
)

// Parse reads a board: "RxC" for the full board of R rows and C columns ("4x5"), or the
// heights of the columns from left to right, separated by spaces or commas, which must not
// increase ("3 3 2 1"). A board has at most 64 rows and 64 columns. Errors are
// *parse.ParseError values of kind parse.ErrSyntax or parse.ErrTooLarge.
func Parse(s string) (*Board, error) {
	if strings.Contains(s, "x") {
		return parseSize(s)
	}
	return parseHeights(s)
}

// parseSize reads "RxC".
func parseSize(s string) (*Board, error) {
	rows, cols, err := parse.Size("chomp", s)
	if err != nil {
		return nil, err
	}
	if rows > maxSide {
		return nil, tooMany(s, 0, rows, "rows")
	}
	if cols > maxSide {
		return nil, tooMany(s, strings.IndexByte(s, 'x')+1, cols, "columns")
	}
	return Rect(rows, cols)
}

// tooMany reports a board of n rows or columns, more than 64.
func tooMany(s string, at, n int, what string) error {
	if n >= 1000 {
		return parse.Errorf(parse.ErrTooLarge, "chomp", s, at, "board has more than %d %s", maxSide, what)
	}
	return parse.Errorf(parse.ErrTooLarge, "chomp", s, at, "board has %d %s, at most %d", n, what, maxSide)
}

// unexpected reports what is at s[i], or the end of s, where want was expected.
func unexpected(s string, i int, want string) error { return parse.Unexpected("chomp", s, i, want) }

// parseHeights reads column heights.
func parseHeights(s string) (*Board, error) {
	var buf [maxSide]byte
	n := 0
	for i := 0; i < len(s); {
		if c := s[i]; c == ' ' || c == ',' || c == '\t' {
			i++
			continue
		}
		h, w := parse.Number(s[i:])
		if err := checkHeight(s, i, w, h, n, buf[:n]); err != nil {
			return nil, err
		}
		buf[n] = byte(h)
		n, i = n+1, i+w
	}
	if n == 0 {
		return nil, parse.Errorf(parse.ErrSyntax, "chomp", s, len(s), "no columns")
	}
	return &Board{h: trim(buf[:n])}, nil
}

// checkHeight checks height h, written at s[i:i+w], as column n+1 after the columns prev.
func checkHeight(s string, i, w, h, n int, prev []byte) error {
	switch {
	case w == 0:
		return unexpected(s, i, "a height")
	case h > maxSide:
		return parse.Errorf(parse.ErrTooLarge, "chomp", s, i, "column %d has height %s, at most %d", n+1, s[i:i+w], maxSide)
	case n == maxSide:
		return parse.Errorf(parse.ErrTooLarge, "chomp", s, i, "board has more than %d columns", maxSide)
	case n == 0 && h == 0:
		return parse.Errorf(parse.ErrSyntax, "chomp", s, i, "column 1 is empty, but the poisoned square remains")
	case n > 0 && h > int(prev[n-1]):
		return parse.Errorf(parse.ErrSyntax, "chomp", s, i, "column %d is higher than column %d", n+1, n)
	}
	return nil
}

// String returns b in the notation of Parse: "RxC" for a full rectangle, else the heights.
func (b *Board) String() string {
	if b.h[len(b.h)-1] == b.h[0] {
		return strconv.Itoa(int(b.h[0])) + "x" + strconv.Itoa(len(b.h))
	}
	var sb strings.Builder
	for i := range len(b.h) {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(int(b.h[i])))
	}
	return sb.String()
}
