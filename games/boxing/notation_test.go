package boxing

import (
	"strings"
	"testing"

	"grundy/games/gametest"
	"grundy/games/parse"
)

func TestParse(t *testing.T) {
	tests := []struct{ in, str string }{
		{"3x4", "3x4"},
		{"10x20", "10x20"},
		{"1x64", "1x64"},
		{"16x16", "16x16"},
		{"oo./ooo", "oo./ooo"},
		{"oo/oo", "2x2"},
		{"...", "..."},
		{"o", "1x1"},
		{strings.Repeat("o", 64), "1x64"},
	}
	for _, tt := range tests {
		b, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q) error = %v", tt.in, err)
			continue
		}
		if b.String() != tt.str {
			t.Errorf("Parse(%q) = %q, want %q", tt.in, b, tt.str)
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
		{"", parse.ErrSyntax, 0, "empty board at 0"},
		{"oo/x", parse.ErrSyntax, 3, "invalid cell 'x' at 3"},
		{"oo/o", parse.ErrSyntax, 3, "row has 1 cells, want 2 at 3"},
		{"oo//oo", parse.ErrSyntax, 3, "empty row at 3"},
		{"oo/", parse.ErrSyntax, 3, "empty row at 3"},
		{"3x", parse.ErrSyntax, 2, ""},
		{"0x3", parse.ErrSyntax, 0, ""},
		{"17x17", parse.ErrTooLarge, -1, "board has 289 cells, at most 256"},
		{"1x65", parse.ErrTooLarge, -1, "board has a side of 65 cells, at most 64"},
		{"99999999x99999999", parse.ErrTooLarge, -1, "board has a side of 1000 or more cells, at most 64"},
		{strings.Repeat("o", 65), parse.ErrTooLarge, -1, "board has a side of 65 cells, at most 64"},
		{strings.Repeat("oooooooooooooooo/", 16) + "oooooooooooooooo", parse.ErrTooLarge, -1, "board has 272 cells, at most 256"},
		{strings.Repeat("o/", 5000) + "o", parse.ErrTooLarge, -1, "board has a side of 1000 or more cells, at most 64"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		gametest.CheckParseError(t, name, tt.in, err, tt.kind, tt.offset, tt.msg)
	}
}

func TestNew_Limits(t *testing.T) {
	for _, sh := range [][2]int{{0, 3}, {65, 1}, {17, 16}, {-1, -1}} {
		if _, err := New(sh[0], sh[1]); err == nil {
			t.Errorf("New(%d, %d) = nil error", sh[0], sh[1])
		}
	}
	if _, err := FromGrid([][]bool{{true, false}, {true}}); err == nil {
		t.Errorf("FromGrid(ragged) = nil error")
	}
}

// TestOptions checks the squares of a board, largest first.
func TestOptions(t *testing.T) {
	b, _ := Parse("ooo/ooo/oo.")
	var got []string
	for o := range b.Options() {
		got = append(got, o.String())
	}
	want := []string{
		"..o/..o/oo.", "o../o../oo.", "ooo/..o/...", // the 2x2 squares
		".oo/ooo/oo.", "o.o/ooo/oo.", "oo./ooo/oo.", "ooo/.oo/oo.", "ooo/o.o/oo.", "ooo/oo./oo.", "ooo/ooo/.o.", "ooo/ooo/o..",
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Options(%q) = %q, want %q", b, got, want)
	}
	for depth := 1; depth <= 4; depth++ {
		want := gametest.NaivePerft(uint32(0b011_111_111), depth, func(s uint32) []uint32 { return naiveMoves(3, 3, s) })
		if got := gametest.Perft(b, depth); got != want {
			t.Errorf("Perft(%q, %d) = %d, want %d", b, depth, got, want)
		}
	}
}
