package sprouts

import (
	"slices"
	"strconv"
	"strings"

	"grundy/games/parse"
)

// Letters past the alphabet are written with escapes (SPROUTS.md): m(k) is the k-th
// lowercase letter, n(k) the k-th uppercase one as SPOTS writes it, Z(k) the same as Glop 2.x
// writes it. A position whose text needs one letter of a class past l or Y writes every letter
// of that class with the escape, in all its lands, as SPOTS and Glop do; both also read them
// mixed, and so does Parse.

// isEscape reports whether c begins an escape when '(' follows it.
func isEscape(c byte) bool { return c == 'm' || c == 'n' || c == 'Z' }

// escape reads the escape m(k), n(k) or Z(k) at the reader and returns k, from 1 to maxLetter.
func (r *reader) escape() (int, error) {
	name := r.i
	r.i += 2
	at, k := r.i, 0
	for !r.eof() && r.peek() >= '0' && r.peek() <= '9' {
		k = min(10*k+int(r.peek()-'0'), maxLetter+1) // capped: no overflow on long numbers
		r.i++
	}
	switch {
	case r.i == at:
		return 0, r.syntax(at, "want a letter number after %s", r.s[name:at])
	case r.eof() || r.peek() != ')':
		return 0, r.syntax(r.i, "want ) to end %s", r.s[name:r.i])
	case k == 0:
		return 0, r.syntax(at, "%s) names letter 0, want 1 or more", r.s[name:r.i])
	case k > maxLetter:
		return 0, parse.Errorf(parse.ErrTooLarge, "sprouts", r.s, at, "%s) names a letter past the %dth, more than a land holds", r.s[name:r.i], maxLetter)
	}
	r.i++
	return k, nil
}

// appendName appends the name of letter number idx (from 0) of the given case, with the
// escape when escaped.
func appendName(dst []byte, upper bool, idx int, escaped bool) []byte {
	switch {
	case escaped && upper:
		return append(strconv.AppendInt(append(dst, "n("...), int64(idx+1), 10), ')')
	case escaped:
		return append(strconv.AppendInt(append(dst, "m("...), int64(idx+1), 10), ')')
	case upper:
		return append(dst, 'A'+byte(idx))
	}
	return append(dst, 'a'+byte(idx))
}

// letterAt reads the letter that begins at s[i] in a canonical text: its case, its name index
// (from 0) and where it ends; ok is false when no letter begins there.
func letterAt(s string, i int) (upper bool, idx, end int, ok bool) {
	switch c := s[i]; {
	case c >= 'A' && c <= 'Y':
		return true, int(c - 'A'), i + 1, true
	case c >= 'a' && c <= 'l':
		return false, int(c - 'a'), i + 1, true
	case isEscape(c) && i+1 < len(s) && s[i+1] == '(':
		k, j := 0, i+2
		for ; j < len(s) && s[j] >= '0' && s[j] <= '9'; j++ {
			k = 10*k + int(s[j]-'0')
		}
		return c != 'm', k - 1, j + 1, true
	}
	return false, 0, i, false
}

// symbols counts the symbols of s as a canonical text would write them, the measure of
// maxLen: an escape such as m(13) is one, 0*k is the 2k-1 of 0.0.….0, every other byte one.
// Parse never writes more symbols than it reads, so its texts always read back.
func symbols(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(': // the letter before it is counted
			for i < len(s) && s[i] != ')' {
				i++
			}
		case '*': // the 0 before it is counted
			j := i + 1
			for j < len(s) && isSpace(s[j]) {
				j++
			}
			k := 0
			for ; j < len(s) && s[j] >= '0' && s[j] <= '9'; j++ {
				k = min(10*k+int(s[j]-'0'), maxStar+1) // past it the reader refuses the star
			}
			n += max(2*k-2, j-i)
			i = j - 1
		default:
			n++
		}
	}
	return n
}

// escapes reports which classes of letters a land needs escapes for on its own: lowercase
// when one is past l, uppercase when one is past Y.
func escapes(land string) (lower, upper bool) {
	for i := 0; i < len(land); i++ {
		up, idx, end, ok := letterAt(land, i)
		if !ok {
			continue
		}
		lower = lower || !up && idx >= lowerBase
		upper = upper || up && idx >= upperBase
		i = end - 1
	}
	return lower, upper
}

// rename appends land with every lowercase letter escaped when lower, every uppercase one
// when upper, and the others plain.
func rename(dst []byte, land string, lower, upper bool) []byte {
	for i := 0; i < len(land); {
		up, idx, end, ok := letterAt(land, i)
		if !ok {
			dst = append(dst, land[i])
			i++
			continue
		}
		dst = appendName(dst, up, idx, up && upper || !up && lower)
		i = end
	}
	return dst
}

// joinLands returns the text of the position made of lands (each written as on its own, in
// canonical form), sorted: joined with '+', a class of letters escaped in every land when
// one land needs it; "!" when there is none. It sorts lands in place.
func joinLands(lands []string) string {
	switch len(lands) {
	case 0:
		return empty
	case 1:
		return lands[0]
	}
	slices.Sort(lands)
	lower, upper := false, false
	for _, l := range lands {
		if strings.IndexByte(l, '(') >= 0 {
			lo, up := escapes(l)
			lower, upper = lower || lo, upper || up
		}
	}
	if !lower && !upper {
		return strings.Join(lands, "+")
	}
	var b []byte
	for i, l := range lands {
		if i > 0 {
			b = append(b, '+')
		}
		b = rename(b, l, lower, upper)
	}
	return string(b)
}

// splitLands returns the lands of a position's text, each written as on its own (see
// joinLands); none for the empty position.
func splitLands(s string) []string {
	if s == empty || s == "" {
		return nil
	}
	lands := strings.Split(s, "+")
	if len(lands) == 1 || strings.IndexByte(s, '(') < 0 {
		return lands
	}
	for i, l := range lands {
		if strings.IndexByte(l, '(') < 0 {
			continue
		}
		if lower, upper := escapes(l); !lower || !upper {
			lands[i] = string(rename(nil, l, lower, upper))
		}
	}
	return lands
}

// times writes a count of occurrences: "three times", "4 times".
func times(n int) string {
	if n == 3 {
		return "three times"
	}
	return strconv.Itoa(n) + " times"
}
