package store

import (
	"math/rand/v2"
	"strings"
	"testing"

	"grundy/engine"
)

// rewrite writes the Sprouts key another way that sproutsShape must not tell apart: each
// boundary turned round to another start and perhaps read backwards, boundaries, regions and
// lands in another order, and the letters renamed (the lowercase ones of each boundary among
// a…l, the uppercase ones of each land among A…Y).
func rewrite(key string, r *rand.Rand) string {
	var lands []string
	for _, land := range strings.Split(key, "+") {
		upper := rename('A', 'Y', r)
		var regions []string
		for _, region := range strings.Split(land, "|") {
			var boundaries []string
			for _, b := range strings.Split(region, ".") {
				boundaries = append(boundaries, rewriteBoundary(b, upper, r))
			}
			r.Shuffle(len(boundaries), func(i, j int) { boundaries[i], boundaries[j] = boundaries[j], boundaries[i] })
			regions = append(regions, strings.Join(boundaries, "."))
		}
		r.Shuffle(len(regions), func(i, j int) { regions[i], regions[j] = regions[j], regions[i] })
		lands = append(lands, strings.Join(regions, "|"))
	}
	r.Shuffle(len(lands), func(i, j int) { lands[i], lands[j] = lands[j], lands[i] })
	return strings.Join(lands, "+")
}

// rewriteBoundary turns, perhaps reverses and renames one boundary; "0*k" (k boundaries of
// one spot each) stays as it is.
func rewriteBoundary(b string, upper map[byte]byte, r *rand.Rand) string {
	if strings.HasPrefix(b, "0*") {
		return b
	}
	lower := rename('a', 'l', r)
	s := []byte(b)
	for i, c := range s {
		switch {
		case c >= 'a' && c <= 'l':
			s[i] = lower[c]
		case c >= 'A' && c <= 'Y':
			s[i] = upper[c]
		}
	}
	k := r.IntN(max(len(s), 1))
	s = append(s[k:], s[:k]...)
	if r.IntN(2) == 0 {
		for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
			s[i], s[j] = s[j], s[i]
		}
	}
	return string(s)
}

// rename is a random renaming of the letters from..to.
func rename(from, to byte, r *rand.Rand) map[byte]byte {
	n := int(to-from) + 1
	m := map[byte]byte{}
	for i, j := range r.Perm(n) {
		m[from+byte(i)] = from + byte(j)
	}
	return m
}

// The shape of a key is the shape of every other writing of its position, and it tells
// apart most of the positions a search meets: those it does not, a read pays the exact key for.
func TestSproutsShape_EveryWritingAlike(t *testing.T) {
	log := newKeyLog(engine.NewMapCache())
	sproutsNimber(t, "0*9", log)
	r := rand.New(rand.NewPCG(1, 2))
	form := formOf("sprouts")
	shapes, positions, rewritten, lettered := map[uint64]bool{}, map[string]bool{}, 0, 0
	for key := range log.puts {
		if strings.Contains(key, "(") {
			continue // letters by number: not renamed here
		}
		exact, err := form.exact(key)
		if err != nil {
			t.Fatal(err)
		}
		positions[exact] = true
		shapes[sproutsShape(key)] = true
		if strings.ContainsAny(key, "abcdefghijkl") {
			lettered++
		}
		for range 3 {
			other := rewrite(key, r)
			if other != key {
				rewritten++
			}
			if sproutsShape(other) != sproutsShape(key) {
				t.Fatalf("shape of %q ≠ shape of %q", other, key)
			}
		}
	}
	if rewritten < len(log.puts) || lettered < len(log.puts)/4 {
		t.Fatalf("%d rewritings of %d keys, %d with lowercase letters: the test proves little", rewritten, len(log.puts), lettered)
	}
	if len(shapes) < len(positions)*4/5 {
		t.Errorf("%d shapes for %d positions", len(shapes), len(positions))
	}
	t.Logf("%d keys of %d positions (%d keys with lowercase letters), %d shapes, %d rewritings",
		len(log.puts), len(positions), lettered, len(shapes), rewritten)
}

// The shape reads the lowercase letters' distances round their boundary and the regions each
// uppercase letter joins: positions of the same symbols that differ there differ in shape.
func TestSproutsShape_DistancesAndJoins(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"1a1a1b1b", "1a1b1b1a", true},            // turned round
		{"1a1b1a1b", "1a1a1b1b", false},           // distances 2 and 2, against 1 and 1
		{"1ab2a1b", "1a1bb2a", false},             // 3 and 3, against 2 and 1
		{"1AB|1AB.0", "1AB.0|1AB", true},          // boundaries of another region
		{"AB|AC|BD1|CD1", "AB|CD|AC1|BD1", false}, // the same regions, joined otherwise
	} {
		if got := sproutsShape(c.a) == sproutsShape(c.b); got != c.same {
			t.Errorf("shape of %q = shape of %q: %v, want %v", c.a, c.b, got, c.same)
		}
	}
}
