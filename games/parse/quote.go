package parse

import (
	"strconv"
	"unicode/utf8"
)

// MaxQuoted is the most characters of an input that a message quotes.
const MaxQuoted = 200

// Quote returns s quoted as %q does, cut so that the quoted text holds at most MaxQuoted
// characters between its quotes. A cut input is followed by "…" and its length in bytes, so
// that an error about a 2 MB line stays one short line.
func Quote(s string) string {
	body := make([]byte, 0, min(len(s)+2, MaxQuoted+2))
	body = append(body, '"')
	i := 0
	for i < len(s) {
		_, size := utf8.DecodeRuneInString(s[i:])
		q := strconv.Quote(s[i : i+size])
		if len(body)-1+len(q)-2 > MaxQuoted {
			break
		}
		body = append(body, q[1:len(q)-1]...)
		i += size
	}
	body = append(body, '"')
	if i < len(s) {
		return string(body) + "… (" + strconv.Itoa(len(s)) + " bytes)"
	}
	return string(body)
}
