package games_test

import (
	"testing"

	"grundy/games"
)

// FuzzLookupParse feeds game names (with octal codes and subtraction sets) and positions,
// sums included, to the registry: no panic, and a position that parses reads back from its
// notation with the same key.
func FuzzLookupParse(f *testing.F) {
	f.Add("octal:0.77", "12 7")           // Kayles by its code
	f.Add("octal:4.7", "5 + 3")           // a code that splits without taking, as a sum
	f.Add("octal:0.123456701234567", "9") // a long code
	f.Add("subtraction:1,3,4", "10 6")    // a subtraction set
	f.Add("subtraction:0", "3")           // a bad take
	f.Add("cram", "..#/.../... + 2x5")    // a Cram sum
	f.Add("chomp", "3 3 2 1")             // column heights
	f.Add("octal:", "1")                  // an empty code
	f.Add("nim:3", "1")                   // a parameter where none is taken
	f.Add("kayles", "3 + ")               // an empty term after '+'
	f.Add("kayles", "+ 3")                // an empty term before '+'
	f.Add("nim", "3 + + 4")               // an empty term between two
	f.Add("cram", "+")                    // a lone '+'
	f.Add("sprouts", "0*2+1a1a + 0*3")    // a '+' within a term, and one between terms
	f.Fuzz(func(t *testing.T, name, pos string) {
		g, err := games.Lookup(name)
		if err != nil {
			return
		}
		p, err := games.Parse(g, pos)
		if err != nil {
			return
		}
		q, err := games.Parse(g, p.String())
		if err != nil {
			t.Fatalf("%s: %q parses, but its notation %q does not: %v", name, pos, p.String(), err)
		}
		if q.Key() != p.Key() {
			t.Fatalf("%s: %q and its notation %q have keys %q and %q", name, pos, p.String(), p.Key(), q.Key())
		}
	})
}
