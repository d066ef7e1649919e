package octal

import (
	"strconv"
	"strings"

	"grundy/games/parse"
)

// MaxCodeDigits is the longest octal code accepted, in digits after the point.
const MaxCodeDigits = 32

// A move is one nonzero digit of an octal code: take k tokens, with the outcomes allowed by the
// bits of d (1: leave no heap, 2: leave one heap, 4: leave two heaps).
type move struct {
	k int
	d uint8
}

// parseCode reads an octal code such as "0.77", "4.7" or ".137" (Winning Ways writes the leading
// 0 or leaves it out) and returns its digits d_0, d_1, ..., d_t with trailing zeros stripped.
func parseCode(code string) ([]uint8, error) {
	s := code
	if strings.HasPrefix(s, ".") {
		s = "0" + s
	}
	fail := func(err error, off int, format string, args ...any) ([]uint8, error) {
		if len(s) > len(code) && off > 0 { // an implicit "0" was added in front
			off--
		}
		return nil, parse.Errorf(err, "octal", code, off, format, args...)
	}
	switch {
	case s == "":
		return fail(parse.ErrSyntax, -1, "empty code, want e.g. 0.77")
	case s[0] != '0' && s[0] != '4':
		return fail(parse.ErrSyntax, 0, "first digit %q must be 0 or 4", s[0])
	case len(s) < 2 || s[1] != '.':
		return fail(parse.ErrSyntax, 1, "missing '.' after the first digit")
	case len(s) == 2:
		return fail(parse.ErrSyntax, 2, "no digits after the point")
	case len(s)-2 > MaxCodeDigits:
		return fail(parse.ErrTooLarge, -1, "%d digits after the point, more than %d", len(s)-2, MaxCodeDigits)
	}
	digits := make([]uint8, len(s)-1)
	digits[0] = s[0] - '0'
	for i := 2; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '7' {
			return fail(parse.ErrSyntax, i, "%q is not an octal digit", c)
		}
		digits[i-1] = c - '0'
	}
	for len(digits) > 1 && digits[len(digits)-1] == 0 {
		digits = digits[:len(digits)-1]
	}
	return digits, nil
}

// formatCode writes digits as a canonical octal code: "0.77", "4.0".
func formatCode(digits []uint8) string {
	var b strings.Builder
	b.WriteByte('0' + digits[0])
	b.WriteByte('.')
	if len(digits) == 1 {
		b.WriteByte('0')
	}
	for _, d := range digits[1:] {
		b.WriteByte('0' + d)
	}
	return b.String()
}

// parseTakes reads the subtraction set of a subtraction game, "1,3,4": positive numbers
// separated by single commas, nothing else. It returns them sorted without repeats.
func parseTakes(set string) ([]int, error) {
	if n := countNumbers(set); n > MaxTake {
		return nil, parse.Errorf(parse.ErrTooLarge, "subtraction", set, -1, "%d takes, more than %d", n, MaxTake)
	}
	if set == "" {
		return nil, parse.Errorf(parse.ErrSyntax, "subtraction", set, -1, "empty subtraction set, want e.g. 1,3,4")
	}
	var takes []int
	for off := 0; off <= len(set); {
		end := off
		for end < len(set) && isDigit(set[end]) {
			end++
		}
		if err := checkTake(set, off, end); err != nil {
			return nil, err
		}
		k, _ := strconv.Atoi(set[off:end])
		takes = append(takes, k)
		off = end + 1 // past the comma, or past the end
	}
	return sortedUnique(takes), nil
}

// checkTake checks the take set[off:end], a run of digits, and what follows it: a comma
// before another take, or the end.
func checkTake(set string, off, end int) error {
	switch {
	case end == off && off < len(set) && set[off] == ',':
		return parse.Errorf(parse.ErrSyntax, "subtraction", set, off, "empty take before ',', want e.g. 1,3,4")
	case end == off:
		return parse.Unexpected("subtraction", set, off, "a take (a number)")
	case end < len(set) && set[end] != ',':
		return parse.Unexpected("subtraction", set, end, "',' or the end")
	case end == len(set)-1:
		return parse.Errorf(parse.ErrSyntax, "subtraction", set, end, "',' at the end, want a take after it")
	case end-off > 9:
		return parse.Errorf(parse.ErrTooLarge, "subtraction", set, off, "take of %d digits is larger than %d", end-off, MaxTake)
	}
	if k, _ := strconv.Atoi(set[off:end]); k == 0 {
		return parse.Errorf(parse.ErrSyntax, "subtraction", set, off, "take 0 is not a move")
	} else if k > MaxTake {
		return parse.Errorf(parse.ErrTooLarge, "subtraction", set, off, "take %d is larger than %d", k, MaxTake)
	}
	return nil
}

// takesCode returns the octal digits of the subtraction game with the given takes: 3 (leave
// one heap or none) at each take.
func takesCode(takes []int) []uint8 {
	digits := make([]uint8, takes[len(takes)-1]+1)
	for _, k := range takes {
		digits[k] = 3
	}
	return digits
}

// joinTakes writes takes as "1,3,4".
func joinTakes(takes []int) string {
	parts := make([]string, len(takes))
	for i, k := range takes {
		parts[i] = strconv.Itoa(k)
	}
	return strings.Join(parts, ",")
}
