// Package gametest holds what the games' tests share: perft counts of move sequences, on the
// engine's positions and on a test's own naive boards, and the check of a parse that the
// fuzz targets run. Only tests import it.
package gametest

import (
	"errors"
	"strings"
	"testing"

	"grundy/engine"
	"grundy/games/parse"
)

// Perft counts the sequences of depth moves from p.
func Perft(p engine.Position, depth int) int {
	return NaivePerft(p, depth, func(q engine.Position) []engine.Position {
		var out []engine.Position
		for o := range q.Options() {
			out = append(out, o)
		}
		return out
	})
}

// NaivePerft counts the sequences of depth moves from b, with a test's own move generator.
func NaivePerft[B any](b B, depth int, moves func(B) []B) int {
	if depth == 0 {
		return 1
	}
	n := 0
	for _, o := range moves(b) {
		n += NaivePerft(o, depth-1, moves)
	}
	return n
}

// CheckParse is the body of a FuzzParse: parsing s either fails with a *parse.ParseError of
// a known kind, or gives a position whose notation parses back to the same notation and key.
func CheckParse[P engine.Position](t *testing.T, s string, parseFunc func(string) (P, error)) {
	t.Helper()
	p, err := parseFunc(s)
	if err != nil {
		var pe *parse.ParseError
		if !errors.As(err, &pe) || !(errors.Is(err, parse.ErrSyntax) || errors.Is(err, parse.ErrTooLarge)) {
			t.Fatalf("Parse(%q) error = %v, want a *parse.ParseError of a known kind", s, err)
		}
		return
	}
	back, err := parseFunc(p.String())
	if err != nil {
		t.Fatalf("Parse(%q) error: %v, from %q", p.String(), err, s)
	}
	if back.String() != p.String() || back.Key() != p.Key() {
		t.Fatalf("Parse(%q) = %q (key %q), want %q (key %q)", p.String(), back, back.Key(), p, p.Key())
	}
}

// Mex computes nimbers through the engine's interface alone: Split, the XOR of the
// components, each the mex of its options' nimbers, memoised by Key. Tests check it against
// their own naive oracle, then use it where the oracle is too slow. Nimbers must stay under 64.
type Mex map[string]int

// Nimber returns the nimber of p.
func (m Mex) Nimber(p engine.Position) int {
	x := 0
	for _, c := range p.Split() {
		x ^= m.component(c)
	}
	return x
}

func (m Mex) component(p engine.Position) int {
	k := p.Key()
	if v, ok := m[k]; ok {
		return v
	}
	var seen uint64
	for o := range p.Options() {
		seen |= 1 << m.Nimber(o)
	}
	v := 0
	for seen>>v&1 == 1 {
		v++
	}
	m[k] = v
	return v
}

// CheckParseError checks that err, from parsing in for game, is a *parse.ParseError of kind at
// offset whose message ends with msg (any message when msg is "").
func CheckParseError(t *testing.T, game, in string, err, kind error, offset int, msg string) {
	t.Helper()
	var pe *parse.ParseError
	if !errors.As(err, &pe) {
		t.Errorf("Parse(%q) error = %v, want a *parse.ParseError", in, err)
		return
	}
	if !errors.Is(err, kind) || pe.Offset != offset || pe.Game != game || pe.Input != in {
		t.Errorf("Parse(%q) error = %v (offset %d), want kind %q at %d", in, err, pe.Offset, kind, offset)
	}
	if msg != "" && !strings.HasSuffix(err.Error(), msg) {
		t.Errorf("Parse(%q) error = %q, want %q", in, err, msg)
	}
}
