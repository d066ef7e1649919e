// Package numfmt writes numbers for people, one way for the window and the messages of job.
package numfmt

import "strconv"

// Grouped writes n with groups of three digits set apart by spaces: 1 234 567.
func Grouped(n int64) string {
	if n < 0 {
		return "-" + Grouped(-n)
	}
	s := strconv.FormatInt(n, 10)
	out := make([]byte, 0, len(s)+len(s)/3)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ' ')
		}
		out = append(out, s[i])
	}
	return string(out)
}
