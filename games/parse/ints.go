package parse

import (
	"strconv"
	"strings"
)

// Ints parses a list of non-negative integers separated by spaces or commas, as in "3 5 7",
// for game. Each value must be at most max. An empty list is allowed.
func Ints(game, s string, max int) ([]int, error) {
	var out []int
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == ',' || c == '\t':
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			if j-i > 9 {
				return nil, Errorf(ErrTooLarge, game, s, i, "number of %d digits is larger than %d", j-i, max)
			}
			n, _ := strconv.Atoi(s[i:j])
			if n > max {
				return nil, Errorf(ErrTooLarge, game, s, i, "number %d is larger than %d", n, max)
			}
			out = append(out, n)
			i = j
		default:
			return nil, Errorf(ErrSyntax, game, s, i, "unexpected %q, want a number", rune(c))
		}
	}
	return out, nil
}

// JoinInts writes ns separated by single spaces, the inverse of Ints.
func JoinInts(ns []int) string {
	var b strings.Builder
	for i, n := range ns {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}
