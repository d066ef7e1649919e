package nim

import "testing"

// FuzzParse parses a Nim position: no panic, and what parses must round-trip through String
// to the same Key.
func FuzzParse(f *testing.F) {
	seeds := []string{
		"3 5 7",       // the usual case
		"",            // the empty position
		"0",           // the empty position, written out
		"7,5,  0 3",   // commas, spaces and an empty heap
		"1048576",     // the largest heap
		"1048577",     // a heap too large
		"99999999999", // a heap far too large
		"3 x",         // a bad character
		"-3",          // a sign
		"3 + 5",       // a sum, which the registry splits first
	}
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := New().Parse(s)
		if err != nil {
			return
		}
		q, err := New().Parse(p.String())
		if err != nil {
			t.Fatalf("Parse(%q) error = %v", p.String(), err)
		}
		if q.Key() != p.Key() || q.String() != p.String() {
			t.Fatalf("Parse(%q) = %q (key %q), want %q (key %q)", p.String(), q, q.Key(), p, p.Key())
		}
	})
}
