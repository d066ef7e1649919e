package octal

import (
	"testing"
)

// FuzzParse reads a game name and a position of that game. Neither may panic, and what parses
// must round-trip: the game through its Name, the position through its String.
func FuzzParse(f *testing.F) {
	seeds := []struct{ game, pos string }{
		{"kayles", "12 7"},              // the usual case
		{"kayles", ""},                  // the empty position
		{"kayles", "0 0,3"},             // empty heaps, commas
		{"dawsons-kayles", "1 1 5"},     // heaps without a move
		{"octal:0.137", "20"},           // a code
		{"octal:.770", "4 4"},           // an unusual spelling of a code
		{"octal:4.7", "3"},              // splitting without taking
		{"octal:0.78", "1"},             // a bad code
		{"octal:0.", "1"},               // a code without digits
		{"subtraction:4,3,1,3", "9 8"},  // a subtraction set to sort
		{"subtraction:0", "1"},          // take 0
		{"lasker", "1048577"},           // a heap too large
		{"grundys-game", "7 x"},         // a bad heap
		{"grundys-game", "99999999999"}, // a heap far too large
		{"nim", "3 5 7"},                // not a heap game of this package
	}
	for _, s := range seeds {
		f.Add(s.game, s.pos)
	}
	f.Fuzz(func(t *testing.T, name, pos string) {
		g, err := Lookup(name)
		if err != nil {
			return
		}
		if again, err := Lookup(g.Name()); err != nil || again.Name() != g.Name() {
			t.Fatalf("Lookup(%q) = %v, %v, want %q", g.Name(), again, err, g.Name())
		}
		p, err := g.Parse(pos)
		if err != nil {
			return
		}
		q, err := g.Parse(p.String())
		if err != nil {
			t.Fatalf("%s Parse(%q) error = %v", g.Name(), p.String(), err)
		}
		if q.Key() != p.Key() || q.String() != p.String() {
			t.Fatalf("%s Parse(%q) = %q (key %q), want %q (key %q)", g.Name(), p.String(), q, q.Key(), p, p.Key())
		}
	})
}
