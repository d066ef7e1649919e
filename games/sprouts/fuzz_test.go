package sprouts

import "testing"

// FuzzParse checks that Parse never panics and that what it reads round-trips: the canonical
// notation parses back to the same position, with the same key whenever the canonical search
// was complete (it stops early on very symmetric lands). Small positions also play every
// move, so that odd but valid inputs reach the move generator.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"0*2",                     // fresh spots
		"0*53",                    // at the limit
		"!",                       // the empty position
		"0.AB|AB",                 // a loop round nothing
		"1a1a",                    // a line between two spots
		"ABCD|ABCD",               // a square
		"1aa.AB|AB",               // a letter next to itself
		"ABC|ABC|A",               // a dead spot, seen three times
		"n(1)n(2)|Z(1)B",          // escapes: SPOTS's n(k), Glop's Z(k), mixed with letters
		"1m(13)1m(13)",            // the 13th lowercase letter, past l
		"0*2.AB.C|0.1aCa|1a2a.AB", // SPOTS: lowercase names local to their boundary, 0*k in a region
		"1a1a.1a1a.AB|AB",         // one lowercase name, two spots
		"A'B'|A'B'",               // primes: refused
		"m(0)", "m(", "n(99999)",  // escapes out of range or unfinished
		"0.0.}]1a1a.}]!", // Glop 1.x
		"0.AB + AB|1a1a", // spaces, two lands
		"1a.1a",          // a lowercase name once in each of two boundaries
		"0A",             // a 0 that is not alone
		"0*",             // a star with no count
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, exact, err := readPosition(s)
		if err != nil {
			return
		}
		checkRoundTrip(t, p.String(), p.Lives(), exact)
		for _, land := range p.Lands() { // each written as on its own
			checkRoundTrip(t, land, landLives(land), exact)
		}
		if p.Lives() > 9 {
			return
		}
		var m mover
		for _, land := range p.Lands() {
			m.children(land, func(child string, lives int) bool {
				checkRoundTrip(t, child, lives, m.ws.exact)
				return true
			})
		}
	})
}

// checkRoundTrip checks that the canonical text s of a position with the given lives parses
// back to the same lives, and to the same key when both canonical searches were complete.
func checkRoundTrip(t *testing.T, s string, lives int, exact bool) {
	t.Helper()
	q, again, err := readPosition(s)
	switch {
	case err != nil:
		t.Fatalf("Parse(%q): %v", s, err)
	case q.Lives() != lives:
		t.Fatalf("Lives(%q) = %d, want %d", s, q.Lives(), lives)
	case exact && again && q.Key() != s:
		t.Fatalf("Parse(%q).Key() = %q, want it unchanged", s, q.Key())
	}
}
