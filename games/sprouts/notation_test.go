package sprouts

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"grundy/games/parse"
)

func TestParse(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0*2", "0*2"},
		{"0 * 3", "0*3"},
		{"0*1", "0"},
		{"0*0", "!"},
		{"!", "!"},
		{" ! ", "!"},
		{"0.0.0", "0*3"},
		{"0*2.0", "0*3"},
		{"1a1a", "1a1a"},
		{"a1a1", "1a1a"},
		{"0.AB | AB", "0.AB|AB"},
		{"AB|AB + 0", "0+AB|AB"},
		{"AB|AB+AB|AB", "AB|AB+AB|AB"},
		{"0|0", "0+0"},                 // regions with no letter in common are two lands
		{"1", "1"},                     // a loop is left
		{"2", "!"},                     // one life: no move
		{"1A|1A", "1A|1A"},             // two regions of 3 lives
		{"aAa2|A.0", "0.A|22A"},        // 3 lives: spots merged, a then seen once
		{"21a1a.AB|AB", "12a1a.AB|AB"}, // read backwards
		{"n(1)n(2)|Z(1)B", "AB|AB"},    // escapes, mixed with letters
		{"1a1a.1a1a", "1a1a.1a1a"},     // lowercase names are local to their boundary
		{"1a1a.1b1b", "1a1a.1a1a"},     // and every boundary names its own from a
		{"1m(1)1a", "1a1a"},
		{"0.1aCa|1a2a.AB|0*2.AB.C", "0.0.A.BC|0.1aAa|1a2a.BC"}, // SPOTS's 0*2 in a region
		{"0.0.}]!", "0*2"}, // Glop 1.x
		{"0.AB.}AB.}]!", "0.AB|AB"},
		{"0.}]1a1a.}]!", "0+1a1a"},
		{"1a1a.}\n]!", "1a1a"},
	}
	for _, tt := range tests {
		p, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if p.String() != tt.want {
			t.Errorf("Parse(%q) = %q, want %q", tt.in, p, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	long := strings.Repeat("0.", maxLen/2) + "0"
	tests := []struct {
		in     string
		kind   error
		offset int
	}{
		{"", parse.ErrSyntax, 0},
		{"   ", parse.ErrSyntax, 3},
		{"0..0", parse.ErrSyntax, 2},
		{"0|", parse.ErrSyntax, 2},
		{"0+", parse.ErrSyntax, 2},
		{"|0", parse.ErrSyntax, 0},
		{"3", parse.ErrSyntax, 0},
		{"Z", parse.ErrSyntax, 0},
		{"m", parse.ErrSyntax, 0},
		{"1é", parse.ErrSyntax, 1},
		{"1A0", parse.ErrSyntax, 2},   // a 0 alone in its boundary
		{"1a", parse.ErrSyntax, 1},    // lowercase once
		{"1a.1a", parse.ErrSyntax, 1}, // once in each of two boundaries: two spots, each seen once
		{"1a|1a", parse.ErrSyntax, 1},
		{"1a1a.1b", parse.ErrSyntax, 6},
		{"1A.1A", parse.ErrSyntax, 4},
		{"aaa", parse.ErrSyntax, 2},
		{"1aAaBa|AB", parse.ErrSyntax, 5}, // three times in one boundary
		{"A|A|A|A", parse.ErrSyntax, 4},
		{"0.AB|A", parse.ErrSyntax, 3},    // uppercase B seen once: a slip for 0.AB|AB
		{"A", parse.ErrSyntax, 0},         // a lone 1-life spot is written 2
		{"AB|AB.2C", parse.ErrSyntax, 7},  // C once, after the others
		{"ABC|ABC|A", parse.ErrSyntax, 8}, // seen three times
		{"AA1", parse.ErrSyntax, 1},       // twice in one boundary: that is a lowercase letter
		{"0.AB|A+0*2", parse.ErrSyntax, 3},
		{"0*", parse.ErrSyntax, 2},
		{"0*x", parse.ErrSyntax, 2},
		{"0*2A", parse.ErrSyntax, 3},
		{"!0", parse.ErrSyntax, 1},
		{"0!", parse.ErrSyntax, 1},
		{"0+!", parse.ErrSyntax, 2},
		{"0.0.}", parse.ErrSyntax, 5}, // Glop 1.x: no ] nor !
		{"0.0.}]", parse.ErrSyntax, 6},
		{"0.0}]!", parse.ErrSyntax, 3},  // a boundary ends with .
		{"0|0.}]!", parse.ErrSyntax, 1}, // | is not Glop 1.x
		{"]!", parse.ErrSyntax, 0},
		{"0*54", parse.ErrTooLarge, 2},
		{"0*99999999999999999999", parse.ErrTooLarge, 2},
		{"0*53.1", parse.ErrTooLarge, -1},                                    // 161 lives
		{"0*40" + strings.Repeat(".2", 40), parse.ErrTooLarge, -1},           // 160 lives, but a reach of 520
		{strings.Repeat("0*53+", maxLen/106+1) + "0", parse.ErrTooLarge, -1}, // 0*53+ is 106 symbols
		{strings.Repeat("n(1)", maxBytes/4+1), parse.ErrTooLarge, -1},
		{manyLetters(true, 61), parse.ErrTooLarge, strings.Index(manyLetters(true, 61), "n(121)") + 2},
		{strings.Repeat("aa.", 121) + "aa", parse.ErrTooLarge, 360}, // 122 letters: the 121st is one too many
		{"A'B'|A'B'", parse.ErrSyntax, 1},                           // primes were never read by Glop nor SPOTS
		{"m(0)1m(0)", parse.ErrSyntax, 2},
		{"m(", parse.ErrSyntax, 2},
		{"1m()m()", parse.ErrSyntax, 3},
		{"m(1", parse.ErrSyntax, 3},
		{"m(1]", parse.ErrSyntax, 3},
		{"m(x)", parse.ErrSyntax, 2},
		{"m 1", parse.ErrSyntax, 0},
		{"1m(13)", parse.ErrSyntax, 1},
		{"n(99999)|n(99999)", parse.ErrTooLarge, 2},
		{"Z(121)|Z(121)", parse.ErrTooLarge, 2},
		{"m(" + strings.Repeat("9", 100) + ")", parse.ErrTooLarge, 2},
		{long, parse.ErrTooLarge, -1},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		var pe *parse.ParseError
		switch {
		case !errors.Is(err, tt.kind):
			t.Errorf("Parse(%q) = %v, want %v", tt.in, err, tt.kind)
		case !errors.As(err, &pe) || pe.Game != "sprouts" || pe.Input != tt.in:
			t.Errorf("Parse(%q) = %#v, want a *parse.ParseError for sprouts", tt.in, err)
		case pe.Offset != tt.offset:
			t.Errorf("Parse(%q) = %v at %d, want at %d", tt.in, err, pe.Offset, tt.offset)
		}
	}
}

// manyLetters writes a land of k loops in one region, each round its own region: 2k
// uppercase letters, past Y from k = 13 on, written with SPOTS's escapes when upper, with
// Glop's otherwise.
func manyLetters(spots bool, k int) string {
	var pairs []string
	for i := 0; i < 2*k; i += 2 {
		pairs = append(pairs, string(appendGlop(appendGlop(nil, i, spots), i+1, spots)))
	}
	return strings.Join(pairs, ".") + "|" + strings.Join(pairs, "|")
}

// appendGlop appends the escape of uppercase letter idx: SPOTS's n(k) or Glop's Z(k).
func appendGlop(dst []byte, idx int, spots bool) []byte {
	if spots {
		return appendName(dst, true, idx, true)
	}
	return fmt.Appendf(dst, "Z(%d)", idx+1)
}

// TestManyLetters writes lands with more letters than the alphabet: 15 loops in one region
// need 30 uppercase letters; a boundary with 13 loops on its spots needs 13 lowercase ones.
// Every letter of the class is then escaped, and the text reads back to itself.
func TestManyLetters(t *testing.T) {
	var low strings.Builder
	for i := range 13 { // 13 spots of one boundary, each with a loop round nothing
		fmt.Fprintf(&low, "1m(%d)2m(%d)", i+1, i+1)
	}
	tests := []struct {
		in          string
		lives       int
		has, hasNot string
	}{
		{manyLetters(false, 15), 30, "n(29)n(30)", "A"},
		{manyLetters(true, 12), 24, "WX", "n("},
		{low.String(), 13*3 + 13, "m(13)", "a"},
		{low.String() + ".AB|AB", 13*3 + 13 + 2, "m(13)", "n("},
		{low.String() + "+1a1a+AB|AB", 13*3 + 13 + 5 + 2, "1m(1)1m(1)+1m(1)2m(1)", "n("},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.in)
		s := p.String()
		if p.Lives() != tt.lives || !strings.Contains(s, tt.has) || strings.Contains(s, tt.hasNot) {
			t.Errorf("Parse(%q) = %q with %d lives, want %d lives, %q and no %q", tt.in, s, p.Lives(), tt.lives, tt.has, tt.hasNot)
		}
		checkStable(t, p)
	}
}

// checkStable checks that p's text reads back to itself, and so do those of its lands.
func checkStable(t *testing.T, p *Position) {
	t.Helper()
	for _, s := range append(p.Lands(), p.String()) {
		q := mustParse(t, s)
		if q.String() != s || q.Lives() != landsLives(q) {
			t.Errorf("Parse(%q) = %q with %d lives (%d in its lands), want it unchanged", s, q, q.Lives(), landsLives(q))
		}
	}
}

// landsLives adds up the lives of p's lands, as Split counts them from their texts.
func landsLives(p *Position) int {
	n := 0
	for _, q := range p.Split() {
		n += q.(*Position).Lives()
	}
	return n
}

// TestSPOTS reads positions as SPOTS writes them (cizektom/spots): lowercase letters local
// to their boundary, 0*k inside a region, escapes; and writes them back in canonical form.
func TestSPOTS(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0*2.AB.C|0.1aCa|1a2a.AB", "0.0.A.BC|0.1aAa|1a2a.BC"},
		{"1a2a.AB|0*2.AB.C|0.1aCa", "0.0.A.BC|0.1aAa|1a2a.BC"},
		{"1a2a.0", "0.1a2a"},
		{"0.1aCa|1a2a.AB|AB.C", "0.1aAa|1a2a.BC|ABC"}, // 3 lives: one boundary
		{"1a1a.1b1b.AB|AB", "1a1a.1a1a.AB|AB"},
		{"1a1a|AB|AB+2b2b.1a1a", "1a1a+1a1a.2a2a+AB|AB"}, // regions with no letter in common: lands
		{"1m(1)1m(1).n(1)n(2)|n(1)n(2)", "1a1a.AB|AB"},
		{"1a1a.AB|Z(1)Z(2)", "1a1a.AB|AB"},
	}
	for _, tt := range tests {
		p := mustParse(t, tt.in)
		if p.String() != tt.want {
			t.Errorf("Parse(%q) = %q, want %q", tt.in, p, tt.want)
		}
		checkStable(t, p)
	}
}

// TestNames reads back every name appendName writes, plain and escaped.
func TestNames(t *testing.T) {
	for _, upper := range []bool{true, false} {
		for idx := range maxLetter {
			for _, escaped := range []bool{false, true} {
				base := lowerBase
				if upper {
					base = upperBase
				}
				if !escaped && idx >= base {
					continue
				}
				name := string(appendName(nil, upper, idx, escaped))
				u, i, end, ok := letterAt(name+"|", 0)
				if !ok || u != upper || i != idx || end != len(name) {
					t.Errorf("letterAt(%q) = %v, %d, %d, %v, want %v, %d, %d", name, u, i, end, ok, upper, idx, len(name))
				}
			}
		}
	}
}

// TestSymbols checks the measure of the length limit: an escape is one symbol, 0*k the 2k-1
// of 0.0.….0, and a canonical text never has more than what it was read from.
func TestSymbols(t *testing.T) {
	for _, tt := range []struct {
		s string
		n int
	}{
		{"0.0.0", 5}, {"0*3", 5}, {"0 * 3", 6}, {"0*1", 3}, {"0*40", 79},
		{"m(13)m(13)", 2}, {"AB|n(1)Z(2)", 5}, {"0*2.AB.C|0.1aCa", 15},
	} {
		if got := symbols(tt.s); got != tt.n {
			t.Errorf("symbols(%q) = %d, want %d", tt.s, got, tt.n)
		}
	}
	for _, s := range []string{"0*3", "0.0", "0*2.AB.C|0.1aCa|1a2a.AB", manyLetters(true, 20) + "+AB|AB+1a1a", "0.0.}]!"} {
		if out := mustParse(t, s).String(); symbols(out) > symbols(s) {
			t.Errorf("symbols(%q) = %d, more than the %d of %q", out, symbols(out), symbols(s), s)
		}
	}
}

// TestEscapesInSums plays every move of a sum whose first land needs escapes for lowercase
// letters: an option keeps them in every land while one land needs them, and drops them when
// none does; each option reads back to itself, and so do its lands.
func TestEscapesInSums(t *testing.T) {
	var low strings.Builder
	for i := range 13 {
		fmt.Fprintf(&low, "2m(%d)2m(%d)", i+1, i+1) // 13 loops round nothing on one boundary
	}
	p := mustParse(t, low.String()+"+1a1a")
	escaped, plain := 0, 0
	for q := range p.Options() {
		s := q.String()
		lower, _ := escapes(s)
		switch {
		case lower && strings.Contains(s, "a"):
			t.Errorf("option %q needs m(k) but writes a plain lowercase letter", s)
		case lower:
			escaped++
		case strings.Contains(s, "m("):
			t.Errorf("option %q writes m(k) where no letter is past l", s)
		default:
			plain++
		}
		checkStable(t, q.(*Position).Exactly().(*Position)) // its canonical lands
	}
	if escaped == 0 || plain == 0 {
		t.Errorf("options of %q: %d with escapes, %d without, want some of each", p, escaped, plain)
	}
}

// TestReach: the largest lands the rule reads (0*53; 120 letters) are read, one more spot is
// refused, and a move never raises the reach, 3 × lives + spots of one life, of what it plays
// in: the sum over the lands it leaves is at most the reach of the land it was made in, on
// random games from 0*5 … 0*12 and from a land that starts with many spots of one life. So no
// land after one that is read names more than maxLetter letters of a case.
func TestReach(t *testing.T) {
	for _, s := range []string{"0*53", manyLetters(true, 60)} { // reach 477 and 480
		if _, err := Parse(s); err != nil {
			t.Errorf("at the limit: %v", err)
		}
	}
	if _, err := Parse(manyLetters(true, 60) + ".0"); !errors.Is(err, parse.ErrTooLarge) {
		t.Errorf("120 letters and a spot of 3 lives (reach 489): %v, want too large", err)
	}
	reach := func(land string) int {
		lands, err := read(land)
		if err != nil {
			t.Fatalf("%s: %v", land, err)
		}
		n := 0
		for _, l := range lands {
			n += 3*l.lives + l.ones
		}
		return n
	}
	rng := rand.New(rand.NewPCG(2026, 53))
	var m mover
	moves := 0
	starts := []string{"1a1a.2.2.2.2.2.2.2.2.2.2.2.2.0.0"}
	for p := 5; p <= 12; p++ {
		starts = append(starts, fmt.Sprintf("0*%d", p))
	}
	for _, start := range starts {
		for range 4 {
			pos := start
			for pos != empty {
				lands := splitLands(pos)
				i := rng.IntN(len(lands))
				before := reach(lands[i])
				var children []string
				m.children(lands[i], func(child string, _ int) bool { children = append(children, child); return true })
				if len(children) == 0 {
					break
				}
				for _, c := range children {
					if c == empty {
						continue
					}
					if after := reach(c); after > before {
						t.Fatalf("%s → %s: reach %d → %d", lands[i], c, before, after)
					}
					moves++
				}
				pos = replaceLand(lands, i, children[rng.IntN(len(children))])
			}
		}
	}
	if moves < 1000 {
		t.Fatalf("%d moves checked, too few", moves)
	}
	t.Logf("%d moves checked", moves)
}
