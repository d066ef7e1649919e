package sprouts

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestCheapKeyFaithful plays random games from 0*5…0*10 and, at every step, writes each
// option of each land both ways from the same move: the cheap text (the Key of the search)
// and the canonical one (found by the full search, from the move's raw codes, never from the
// cheap text). Two options with one cheap key must have one canonical text, or the cache
// would give one position's answer to another. It also counts how often one position gets
// more than one cheap key, which costs the search nodes but never a wrong answer.
func TestCheapKeyFaithful(t *testing.T) {
	seed := uint64(2026)
	rng := rand.New(rand.NewPCG(seed, 12))
	incomplete := 0
	exactOf := map[string]string{}          // cheap key → canonical text
	cheapOf := map[string]map[string]bool{} // canonical text → its cheap keys
	var m mover
	for p := 5; p <= 10; p++ {
		for range 6 {
			pos := fmt.Sprintf("0*%d", p)
			for pos != empty {
				var cheap, exact []string
				var complete []bool // the full search saw every way: the text is the only one
				var next []string
				for _, land := range splitLands(pos) {
					m.ws.cheap = true
					m.children(land, func(child string, _ int) bool { cheap = append(cheap, child); return true })
					m.ws.cheap = false
					m.children(land, func(child string, _ int) bool {
						exact, complete = append(exact, child), append(complete, m.ws.exact)
						return true
					})
					lands := splitLands(pos)
					for len(next) < len(cheap) {
						i := slicesIndex(lands, land)
						next = append(next, replaceLand(lands, i, cheap[len(next)]))
					}
				}
				if len(cheap) != len(exact) {
					t.Fatalf("%s: %d cheap options, %d canonical ones, from the same moves", pos, len(cheap), len(exact))
				}
				for i, k := range cheap {
					if !complete[i] {
						incomplete++
						continue // its canonical text may depend on the writing too
					}
					if e, ok := exactOf[k]; ok && e != exact[i] {
						t.Fatalf("seed %d: cheap key %q is both %q and %q", seed, k, e, exact[i])
					}
					exactOf[k] = exact[i]
					if cheapOf[exact[i]] == nil {
						cheapOf[exact[i]] = map[string]bool{}
					}
					cheapOf[exact[i]][k] = true
					q, again, err := readPosition(k)
					if err != nil {
						t.Fatalf("cheap key %q does not parse: %v", k, err)
					}
					if again && q.String() != exact[i] {
						t.Fatalf("Parse(%q) = %q, want the canonical %q", k, q, exact[i])
					}
				}
				if len(next) == 0 {
					break
				}
				pos = next[rng.IntN(len(next))] // play on from the cheap text, as the search does
			}
		}
	}
	split := 0
	for _, ks := range cheapOf {
		if len(ks) > 1 {
			split++
		}
	}
	if len(exactOf) < 1000 {
		t.Errorf("only %d options met: the test proves little", len(exactOf))
	}
	t.Logf("%d options whose full search stopped at maxRenders, left out", incomplete)
	t.Logf("%d cheap keys for %d positions; %d positions (%.1f %%) have more than one", len(exactOf), len(cheapOf), split, 100*float64(split)/float64(len(cheapOf)))
}

func slicesIndex(s []string, x string) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}
