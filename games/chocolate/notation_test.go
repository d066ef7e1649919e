package chocolate

import (
	"strings"
	"testing"

	"grundy/games/gametest"
	"grundy/games/parse"
)

func TestParse(t *testing.T) {
	tests := []struct{ in, str string }{
		{"bw/wb", "bw/wb"},
		{"wwb/bww", "wwb/bww"},
		{"bw/wb w  b ", "bw/wb w b"},
		{"0", "0"},
		{" 0 ", "0"},
		{strings.Repeat("w", 64), strings.Repeat("w", 64)},
		{strings.Repeat("b/", 63) + "w", strings.Repeat("b/", 63) + "w"},
		{strings.Repeat("w ", 64), strings.TrimSpace(strings.Repeat("w ", 64))},
	}
	for _, tt := range tests {
		p, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q) error = %v", tt.in, err)
			continue
		}
		if p.String() != tt.str {
			t.Errorf("Parse(%q) = %q, want %q", tt.in, p, tt.str)
		}
		gametest.CheckParse(t, tt.in, Parse)
	}
}

func TestParse_Errors(t *testing.T) {
	tests := []struct {
		in     string
		kind   error
		offset int
		msg    string
	}{
		{"", parse.ErrSyntax, 0, "empty position, want a bar such as bw/wb (or 0 for none) at 0"},
		{"bx", parse.ErrSyntax, 1, "invalid cell 'x' at 1"},
		{"bw/b", parse.ErrSyntax, 3, "row has 1 cells, want 2 at 3"},
		{"bw//wb", parse.ErrSyntax, 3, "empty row at 3"},
		{"/bw", parse.ErrSyntax, 0, "empty row at 0"},
		{"w 0", parse.ErrSyntax, 2, "invalid cell '0' at 2"},
		{"bw\twb", parse.ErrSyntax, 2, `invalid cell '\t' at 2`},
		{strings.Repeat("w", 65), parse.ErrTooLarge, -1, "65 cells, at most 64"},
		{strings.Repeat("bw ", 40), parse.ErrTooLarge, -1, "80 cells, at most 64"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		gametest.CheckParseError(t, name, tt.in, err, tt.kind, tt.offset, tt.msg)
	}
}

func TestFromGrid_Limits(t *testing.T) {
	for _, g := range [][][]bool{nil, {{}}, {{true, false}, {true}}, make([][]bool, 65)} {
		if _, err := FromGrid(g); err == nil {
			t.Errorf("FromGrid(%d rows) = nil error", len(g))
		}
	}
}
