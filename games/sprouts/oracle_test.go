package sprouts

import (
	"testing"

	"grundy/engine"
)

// An oracle computes nimbers by brute force: the mex of the options' nimbers for a land, the
// XOR of the lands' nimbers for a sum, memoised by key. It trusts nothing but Options and Split.
type oracle map[string]int

func (o oracle) nimber(p engine.Position) int {
	if v, ok := o[p.Key()]; ok {
		return v
	}
	parts := p.Split()
	v := 0
	if len(parts) == 1 && parts[0].Key() == p.Key() {
		v = o.mex(p)
	} else {
		for _, q := range parts {
			v ^= o.nimber(q)
		}
	}
	o[p.Key()] = v
	return v
}

func (o oracle) mex(p engine.Position) int {
	var seen [64]bool
	for q := range p.Options() {
		if v := o.nimber(q); v < len(seen) {
			seen[v] = true
		}
	}
	v := 0
	for seen[v] {
		v++
	}
	return v
}

// mustParse parses s or fails the test.
func mustParse(t testing.TB, s string) *Position {
	t.Helper()
	p, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return p
}
