package parse

import "unicode/utf8"

// Number scans the decimal number at the start of s, saturating at 1000 (enough to say that
// a board is too large), and returns it with the number of bytes it spans.
func Number(s string) (n, width int) {
	for width < len(s) && s[width] >= '0' && s[width] <= '9' {
		n = min(n*10+int(s[width]-'0'), 1000)
		width++
	}
	return n, width
}

// Size reads a board size "RxC" for game: rows, 'x', columns, nothing else. A zero side is
// ErrSyntax; how large a board may be is the caller's to check (a side of 1000 means "1000
// or more").
func Size(game, s string) (rows, cols int, err error) {
	rows, i := Number(s)
	if i == 0 {
		return 0, 0, Unexpected(game, s, 0, "a number of rows")
	}
	if i == len(s) || s[i] != 'x' {
		return 0, 0, Unexpected(game, s, i, "'x'")
	}
	cols, w := Number(s[i+1:])
	if w == 0 || i+1+w < len(s) {
		return 0, 0, Unexpected(game, s, i+1+w, "a number of columns")
	}
	if rows == 0 {
		return 0, 0, Errorf(ErrSyntax, game, s, 0, "board has no rows")
	}
	if cols == 0 {
		return 0, 0, Errorf(ErrSyntax, game, s, i+1, "board has no columns")
	}
	return rows, cols, nil
}

// Unexpected reports what stands at s[i], or the end of s, where want was expected.
func Unexpected(game, s string, i int, want string) error {
	if i >= len(s) {
		return Errorf(ErrSyntax, game, s, len(s), "missing %s", want)
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return Errorf(ErrSyntax, game, s, i, "unexpected %q, want %s", r, want)
}
