package parse

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestSize(t *testing.T) {
	good := []struct {
		in         string
		rows, cols int
	}{{"3x4", 3, 4}, {"1x64", 1, 64}, {"12x5", 12, 5}, {"99999x2", 1000, 2}}
	for _, tc := range good {
		r, c, err := Size("g", tc.in)
		if err != nil || r != tc.rows || c != tc.cols {
			t.Errorf("Size(%q) = %d, %d, %v; want %d, %d", tc.in, r, c, err, tc.rows, tc.cols)
		}
	}
	bad := []struct {
		in     string
		offset int
	}{{"x4", 0}, {"3", 1}, {"3y4", 1}, {"3x", 2}, {"3x4x", 3}, {"0x4", 0}, {"3x0", 2}, {"", 0}}
	for _, tc := range bad {
		_, _, err := Size("g", tc.in)
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, ErrSyntax) || pe.Offset != tc.offset {
			t.Errorf("Size(%q) error = %v, want ErrSyntax at %d", tc.in, err, tc.offset)
		}
	}
}

func TestInts(t *testing.T) {
	got, err := Ints("g", " 3, 5\t7 ", 10)
	if err != nil || !slices.Equal(got, []int{3, 5, 7}) || JoinInts(got) != "3 5 7" {
		t.Errorf("Ints = %v, %v", got, err)
	}
	if _, err := Ints("g", "3 11", 10); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Ints(3 11, max 10) error = %v, want ErrTooLarge", err)
	}
	if _, err := Ints("g", "3 -1", 10); !errors.Is(err, ErrSyntax) {
		t.Errorf("Ints(3 -1) error = %v, want ErrSyntax", err)
	}
	if _, err := Ints("g", "99999999999999", 10); !errors.Is(err, ErrTooLarge) {
		t.Errorf("Ints(huge) error = %v, want ErrTooLarge", err)
	}
}

func TestQuote(t *testing.T) {
	long := strings.Repeat("0.", 1<<20)
	tests := []struct{ in, want string }{
		{"", `""`},
		{"0.AB|AB", `"0.AB|AB"`},
		{"a\nb\x1b[31m", `"a\nb\x1b[31m"`},
		{strings.Repeat("x", MaxQuoted), `"` + strings.Repeat("x", MaxQuoted) + `"`},
		{strings.Repeat("x", MaxQuoted+1), `"` + strings.Repeat("x", MaxQuoted) + `"… (201 bytes)`},
		{long, `"` + long[:MaxQuoted] + `"… (2097152 bytes)`},
		{strings.Repeat("\x00", 100), `"` + strings.Repeat(`\x00`, MaxQuoted/4) + `"… (100 bytes)`},
		{strings.Repeat("é", 300), `"` + strings.Repeat("é", MaxQuoted/2) + `"… (600 bytes)`},
	}
	for _, tt := range tests {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%.40q) = %.80q, want %.80q", tt.in, got, tt.want)
		}
	}
}

// TestParseError_Long checks that an error about a huge input stays one short line.
func TestParseError_Long(t *testing.T) {
	in := strings.Repeat("7", 2<<20) + "\n"
	_, err := Ints("g", in, 10)
	msg := err.Error()
	if len(msg) > 300 || strings.Contains(msg, "\n") {
		t.Errorf("Ints(2 MB) error has %d bytes (want at most 300, one line): %.100s…", len(msg), msg)
	}
}
