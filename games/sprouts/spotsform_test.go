package sprouts

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"grundy/engine"
)

// spotsCanonical canonizes every land of text (written in any order, as SPOTS may read it)
// the way SPOTS does, and writes the position its way.
func spotsCanonical(text string) string {
	var lands []spotsLand
	for _, lt := range strings.Split(text, "+") {
		l := parseSPOTSLand(lt)
		l.canonize()
		lands = append(lands, l)
	}
	return writeSPOTS(lands)
}

// The texts of testdata/spotsform.txt were printed by SPOTS itself (its Position, simplify
// and to_string, through a pybind11 shim): lands from random play written in shuffled orders,
// lands with letters past l and Y, and sums. Ours must be the same bytes, and for a canonical
// text of ours, SPOTSText must be.
func TestSPOTSText_AsSPOTSPrints(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "spotsform.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines, canonical, differ := 0, 0, 0
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		text, want, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("line %q: want a text, a tab and SPOTS's text", line)
		}
		lines++
		if text != want {
			differ++
		}
		if got := spotsCanonical(text); got != want {
			t.Errorf("SPOTS's canonical form of %s = %s, want %s", text, got, want)
		}
		if p := mustParse(t, text); p.String() == text {
			canonical++
			if got := SPOTSText(p); got != want {
				t.Errorf("SPOTSText(%s) = %s, want %s", text, got, want)
			}
		}
	}
	if lines < 600 || differ < lines/2 || canonical < 150 {
		t.Errorf("%d lines, %d written otherwise by SPOTS, %d canonical texts of ours: the file is not the one made", lines, differ, canonical)
	}
}

// Lands that SPOTS's own databases write otherwise than SPOTSText does: one other text of
// the same land, among SPOTSTexts.
func TestSPOTSTexts_OtherWritings(t *testing.T) {
	for _, tt := range []struct{ ours, text, other string }{
		{"0.AB|12AB", "0.AB|12AB", "0.AB|12BA"},                                                 // 0*8, 0*9 and 0*10 (dfs, pns)
		{"ABC|DBC|AD", "ABC|BCD|AD", "ABC|ABD|CD"},                                              // 0*7 (dfs), 0*8 (pns)
		{"0.A.B|1aBa|2A", "0.A.B|1aBa|2A", "0.A.B|1aAa|2B"},                                     // 0*9, 0*10 (pns)
		{"0.0.A|0.A.B|0.CD|0.ED|CEB", "0*2.A|0.BC|0.CD|0.A.E|BDE", "0*2.A|0.BC|0.BD|0.A.E|CDE"}, // 0*9 (dfs)
		{"ABC|DEF|BC|EF|AG|DG", "ABC|DEF|AG|BC|DG|EF", "ABC|DEF|AB|CG|DG|EF"},                   // 0*6 (dfs)
	} {
		p := mustParse(t, tt.ours)
		if got := SPOTSText(p); got != tt.text {
			t.Errorf("SPOTSText(%s) = %s, want %s", tt.ours, got, tt.text)
		}
		texts := SPOTSTexts(p)
		if !slices.Contains(texts, tt.text) || !slices.Contains(texts, tt.other) || !slices.IsSorted(texts) {
			t.Errorf("SPOTSTexts(%s) = %q, want %s and %s among them, sorted", tt.ours, texts, tt.text, tt.other)
		}
		if k := mustParse(t, tt.other).Key(); k != p.Key() {
			t.Errorf("%s reads as %s, not %s", tt.other, k, p.Key())
		}
	}
	// Most lands have one text.
	for _, s := range []string{"0*7", "0.1abc1cba", "1abcde1edcba", "!"} {
		if got := SPOTSTexts(mustParse(t, s)); !slices.Equal(got, []string{s}) {
			t.Errorf("SPOTSTexts(%s) = %q, want only %s", s, got, s)
		}
	}
}

// Written SPOTS's way, a position reads back as itself: for positions met in random games
// from 0*3 … 0*10, SPOTSText and every one of SPOTSTexts parse to the position's canonical
// text, and SPOTSText is one of SPOTSTexts.
func TestSPOTSText_Faithful(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 13))
	positions, texts, several := 0, 0, 0
	for k := 3; k <= 10; k++ {
		for range 4 {
			for _, p := range randomGame(rng, fmt.Sprintf("0*%d", k)) {
				positions++
				want := p.String()
				text := SPOTSText(p)
				if got := mustParse(t, text).String(); got != want {
					t.Fatalf("SPOTSText(%s) = %s, which reads as %s", want, text, got)
				}
				if len(p.Lands()) != 1 {
					continue
				}
				all := SPOTSTexts(p)
				texts += len(all)
				if len(all) > 1 {
					several++
				}
				if !slices.Contains(all, text) {
					t.Errorf("SPOTSTexts(%s) = %q, without SPOTSText %s", want, all, text)
				}
				for _, s := range all {
					if got := mustParse(t, s).String(); got != want {
						t.Fatalf("SPOTSTexts(%s) has %s, which reads as %s", want, s, got)
					}
				}
			}
		}
	}
	if positions < 300 {
		t.Errorf("only %d positions met", positions)
	}
	t.Logf("%d positions; lands alone: %d texts, %d lands with more than one", positions, texts, several)
}

// A land whose canonicalisation meets no tie has one text: however it is written first,
// SPOTS's canonicalisation gives the same. Lands met in random games from 0*3 … 0*10,
// each written 40 other ways. Ties are common (a boundary AB has two turns of one shape):
// about one land in ten has none.
func TestSPOTSTexts_NoTieOneText(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 14))
	lands, tieFree := map[string]bool{}, 0
	for k := 3; k <= 10; k++ {
		for range 4 {
			for _, p := range randomGame(rng, fmt.Sprintf("0*%d", k)) {
				for _, l := range p.Lands() {
					lands[l] = true
				}
			}
		}
	}
	for text := range lands {
		land := parseSPOTSLand(text)
		first := land.clone()
		if first.canonize() > 0 {
			continue
		}
		tieFree++
		want := writeSPOTS([]spotsLand{first})
		for range 40 {
			l := land.shuffled(rng)
			l.canonize()
			if got := writeSPOTS([]spotsLand{l}); got != want {
				t.Fatalf("%s has no tie but is written %s and %s", text, want, got)
			}
		}
	}
	if tieFree < 10 {
		t.Errorf("%d of %d lands without a tie: want 10 at least", tieFree, len(lands))
	}
	t.Logf("%d of %d lands without a tie", tieFree, len(lands))
}

// randomGame plays random moves from s to the end and returns every position met, canonical.
func randomGame(rng *rand.Rand, s string) []*Position {
	p, err := Parse(s)
	if err != nil {
		panic(err)
	}
	game := []*Position{p}
	for {
		var opts []engine.Position
		for q := range p.Exactly().Options() {
			opts = append(opts, q)
		}
		if len(opts) == 0 {
			return game
		}
		p = opts[rng.IntN(len(opts))].(*Position)
		game = append(game, p)
	}
}

// A canonical text turned and shuffled is still the same land, for canonize and for Parse.
func TestSPOTSShuffled_SameLand(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for _, s := range []string{"0.AB.CD|0.AB|22.CD", "1a2ab2bc2c.AB|AB2", "ABC|DEF|BC|EF|AG|DG", "0*3.AB|0.AB"} {
		want := mustParse(t, s).String()
		land := parseSPOTSLand(want)
		for range 20 {
			text := writeSPOTS([]spotsLand{land.shuffled(rng)})
			if got := mustParse(t, text).String(); got != want {
				t.Errorf("%s shuffled to %s, which reads as %s", want, text, got)
			}
		}
	}
}

func BenchmarkSPOTSTexts(b *testing.B) {
	p, err := Parse("0*2.A|0.BC|0.CD|0.A.E|BDE")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		SPOTSTexts(p)
	}
}

// FuzzSPOTSText checks that whatever Parse reads, SPOTSText writes without panicking and its
// text (and every one of SPOTSTexts, for small lands) reads back as the same position: the
// same canonical text whenever the canonical search was complete.
func FuzzSPOTSText(f *testing.F) {
	for _, s := range []string{
		"0*7", "!", "0.AB|12AB", "ABC|DBC|AD", "0.0.A|0.A.B|0.CD|0.ED|CEB",
		"1a2ab2bc2c.AB|AB2", "0*2.AB.C|0.1aCa|1a2a.AB", "1a1a+0.AB|AB",
		"1m(1)2m(1)m(2)2m(2)m(3)2m(3)m(4)2m(4)m(5)2m(5)m(6)2m(6)m(7)2m(7)m(8)2m(8)m(9)2m(9)m(10)2m(10)m(11)2m(11)m(12)2m(12)m(13)2m(13)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, exact, err := readPosition(s)
		if err != nil {
			return
		}
		texts := []string{SPOTSText(p)}
		if len(p.Lands()) == 1 && p.Lives() <= 40 {
			texts = SPOTSTexts(p)
		}
		for _, text := range texts {
			q, err := Parse(text)
			switch {
			case err != nil:
				t.Fatalf("SPOTS's text %q of %q does not read: %v", text, p.String(), err)
			case q.Lives() != p.Lives():
				t.Fatalf("SPOTS's text %q of %q has %d lives, not %d", text, p.String(), q.Lives(), p.Lives())
			case exact && q.String() != p.String():
				t.Fatalf("SPOTS's text %q of %q reads as %q", text, p.String(), q.String())
			}
		}
	})
}
