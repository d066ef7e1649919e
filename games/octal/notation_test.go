package octal

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"grundy/engine"
	"grundy/games/parse"
)

var parseTests = []struct {
	game string
	in   string
	str  string // canonical String
	key  string
}{
	{"kayles", "", "0", "0"},
	{"kayles", "0", "0", "0"},
	{"kayles", "0 0", "0", "0"},
	{"kayles", "12 7", "12 7", "7 12"},
	{"kayles", "7,12", "7 12", "7 12"},
	{"kayles", " 3,  0, 5 ", "3 5", "3 5"},
	{"kayles", "1 1", "1 1", "1 1"},
	{"dawsons-kayles", "12 1 7", "12 1 7", "7 12"},
	{"dawsons-kayles", "1 1", "1 1", "0"},
	{"dawsons-chess", "1 2", "1 2", "1 2"},
	{"grundys-game", "1 2 3 4", "1 2 3 4", "3 4"},
	{"lasker", "1", "1", "1"},
	{"subtraction:2,5", "1 2 6", "1 2 6", "2 6"},
	{"octal:0.1", "1 2 3", "1 2 3", "1"}, // only a lone token may be taken
	{"kayles", "1048576", "1048576", "1048576"},
	{"kayles", strings.Repeat("1 ", MaxHeaps), strings.TrimSpace(strings.Repeat("1 ", MaxHeaps)), strings.TrimSpace(strings.Repeat("1 ", MaxHeaps))},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		g := lookup(t, tt.game)
		p, err := g.Parse(tt.in)
		if err != nil {
			t.Errorf("%s Parse(%q) error = %v", tt.game, tt.in, err)
			continue
		}
		if p.String() != tt.str || p.Key() != tt.key {
			t.Errorf("%s Parse(%q) = %q (key %q), want %q (key %q)", tt.game, tt.in, p.String(), p.Key(), tt.str, tt.key)
		}
		checkRoundTrip(t, g, p)
	}
}

var parseErrorTests = []struct {
	in  string
	err error
}{
	{"a", parse.ErrSyntax},
	{"3 x", parse.ErrSyntax},
	{"3+4", parse.ErrSyntax},
	{"-3", parse.ErrSyntax},
	{"3.5", parse.ErrSyntax},
	{"3;5", parse.ErrSyntax},
	{"1048577", parse.ErrTooLarge},
	{"99999999999999999999", parse.ErrTooLarge},
	{strings.Repeat("1 ", MaxHeaps+1), parse.ErrTooLarge},
	{strings.Repeat("0,", 1_000_000), parse.ErrTooLarge},
}

func TestParseErrors(t *testing.T) {
	g := Kayles()
	for _, tt := range parseErrorTests {
		p, err := g.Parse(tt.in)
		if !errors.Is(err, tt.err) {
			t.Errorf("Parse(%.20q) = %v, %v, want error %v", tt.in, p, err, tt.err)
		}
		var pe *parse.ParseError
		if errors.As(err, &pe) && pe.Game != "kayles" {
			t.Errorf("Parse(%.20q) error game = %q, want %q", tt.in, pe.Game, "kayles")
		}
	}
}

func TestHeap(t *testing.T) {
	g := Kayles()
	for _, n := range []int{0, 1, 12, MaxHeap} {
		p := g.Heap(n)
		q, err := g.Parse(p.String())
		if err != nil || q.Key() != p.Key() {
			t.Errorf("Heap(%d) = %q, which parses to %v, %v", n, p, q, err)
		}
	}
}

// lookup returns the game named name, "nim" included (games/nim's, not Lookup's), or stops
// the test.
func lookup(t testing.TB, name string) *Game {
	t.Helper()
	if name == "nim" {
		return Nim()
	}
	g, err := Lookup(name)
	if err != nil {
		t.Fatalf("Lookup(%q) error = %v", name, err)
	}
	return g
}

// checkRoundTrip checks that the String of p parses back to p's Key.
func checkRoundTrip(t testing.TB, g *Game, p engine.Position) {
	t.Helper()
	q, err := g.Parse(p.String())
	if err != nil {
		t.Errorf("%s Parse(%q) error = %v", g.Name(), p.String(), err)
		return
	}
	if q.Key() != p.Key() {
		t.Errorf("%s Parse(%q).Key() = %q, want %q", g.Name(), p.String(), q.Key(), p.Key())
	}
}

// TestIsNotationKey checks IsNotationKey against Parse: a string it takes parses as one
// component whose Key and String are the string, and every small heap that has a move is
// taken.
func TestIsNotationKey(t *testing.T) {
	for _, name := range []string{"nim", "kayles", "dawsons-kayles", "grundys-game", "lasker", "octal:0.1", "subtraction:2,5", "octal:4.7"} {
		g := lookup(t, name)
		ins := []string{"", "0", "00", "01", "1 2", "1,", " 1", "1 ", "o5", "+1", "-1", "1e3", "１", "1048576", "1048577", "999999999", "1000000000"}
		for n := 1; n <= 40; n++ {
			ins = append(ins, strconv.Itoa(n))
		}
		for _, in := range ins {
			got := g.IsNotationKey(in)
			p, err := g.Parse(in)
			var want bool
			if err == nil {
				comps := p.Split()
				want = len(comps) == 1 && comps[0].Key() == in && comps[0].String() == in
			}
			// false may also mean "ask Parse": only a small heap must be taken.
			small := len(in) <= 2 && in != "" && in[0] != '0' && strings.Trim(in, "0123456789") == ""
			if got && !want || !got && want && small {
				t.Errorf("%s: IsNotationKey(%q) = %v, want %v (from Parse)", name, in, got, want)
			}
		}
		// Every heap from lo to hi is a notation key; the one before lo is not, nor the one
		// after hi when the sieve reaches past it.
		lo, hi := g.DigitKeys()
		for n := lo; n <= min(hi, 5000); n++ {
			if !g.IsNotationKey(strconv.Itoa(n)) {
				t.Fatalf("%s: DigitKeys = %d, %d, but IsNotationKey(%d) is false", name, lo, hi, n)
			}
		}
		if lo > 1 && g.IsNotationKey(strconv.Itoa(lo-1)) || hi < 1000 && g.sure() > hi && g.IsNotationKey(strconv.Itoa(hi+1)) {
			t.Errorf("%s: DigitKeys = %d, %d: a heap next to them is a notation key", name, lo, hi)
		}
		if name == "dawsons-kayles" && (lo != 2 || hi < 1000) {
			t.Errorf("%s: DigitKeys = %d, %d, want 2 and a large bound", name, lo, hi)
		}
	}
}
