package drawing

import (
	"errors"
	"testing"

	"grundy/games/parse"
)

// Typed positions that are not fresh spots are drawn, and read back as typed: the worked
// game's positions of shared/SPROUTS.md, written as there or another way, sums, and
// positions with spots of every number of lives.
func TestFromString(t *testing.T) {
	for _, c := range []struct{ typed, want string }{
		{"0.AB|AB", "0.AB|AB"},
		{"BA|AB.0", "0.AB|AB"},
		{"a1a2", "1a2a"},
		{"1aa.AB|AB", "12.AB|AB"},
		{"ABCD|ABCD", "ABCD|ABCD"},
		{"0.0.0.0", "0*4"},
		{"0+0.2", "0+0.2"},
		{"0.A|1aAa", "0.A|1aAa"},
		{"0.0.0.0.0.AB|0.0.AB", "0.0.0.0.0.AB|0.0.AB"},
	} {
		d, err := FromString(c.typed)
		if err != nil {
			t.Errorf("FromString(%q): %v", c.typed, err)
			continue
		}
		if err := d.Check(); err != nil {
			t.Errorf("FromString(%q): %v", c.typed, err)
		}
		if got := d.String(); !samePosition(got, c.want) {
			t.Errorf("FromString(%q) reads %s, want %s", c.typed, got, c.want)
		}
	}
	if _, err := FromString("0.AB"); !errors.Is(err, parse.ErrSyntax) {
		t.Errorf("FromString(0.AB): %v, want a syntax error", err)
	}
}
