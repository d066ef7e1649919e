package octal

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"grundy/engine"
)

// bruteGames are the games and codes the brute-force oracle checks Nimbers against.
var bruteGames = []string{
	"kayles", "dawsons-kayles", "dawsons-chess", "lasker", "grundys-game",
	"octal:0.77", "octal:0.07", "octal:0.137", "octal:4.7", "octal:0.6", "octal:0.51",
	"octal:0.123", "octal:0.04", "octal:4.0", "octal:0.123456701234",
	"subtraction:1,3,4", "subtraction:2,5,7",
}

// mexNimber is the oracle: the nimber of p by memoised mex over p.Options(), a position that
// splits being the nim-sum of its parts. It shares nothing with the sieve behind Nimbers.
func mexNimber(p engine.Position, memo map[string]int) int {
	if v, ok := memo[p.Key()]; ok {
		return v
	}
	v := 0
	if parts := p.Split(); len(parts) != 1 {
		for _, c := range parts {
			v ^= mexNimber(c, memo)
		}
	} else {
		seen := map[int]bool{}
		for o := range p.Options() {
			seen[mexNimber(o, memo)] = true
		}
		for seen[v] {
			v++
		}
	}
	memo[p.Key()] = v
	return v
}

func TestNimbersBruteForce(t *testing.T) {
	const n = 30
	for _, name := range bruteGames {
		g := lookup(t, name)
		values, _, _, err := g.Nimbers(context.Background(), n)
		if err != nil {
			t.Fatalf("%s Nimbers(%d) error = %v", name, n, err)
		}
		memo := map[string]int{}
		for h := 0; h <= n; h++ {
			if want := mexNimber(g.Heap(h), memo); values[h] != want {
				t.Errorf("%s Nimber(%d) = %d, want %d", name, h, values[h], want)
			}
		}
	}
}

// plainNimber is a second oracle for small sums: mex over the options of the whole position,
// never splitting it, memoised on the sorted heap sizes (not on Key).
func plainNimber(p Position, memo map[string]int) int {
	heaps := slices.Sorted(slices.Values(p.Heaps()))
	key := fmt.Sprint(heaps)
	if v, ok := memo[key]; ok {
		return v
	}
	seen := map[int]bool{}
	for o := range p.Options() {
		seen[plainNimber(o.(Position), memo)] = true
	}
	v := 0
	for seen[v] {
		v++
	}
	memo[key] = v
	return v
}

// TestNimberOfSum checks on random sums of heaps that the nimber of a sum is the nim-sum of
// the nimbers of its heaps, and that equal Keys mean equal nimbers.
func TestNimberOfSum(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 1))
	for _, name := range bruteGames {
		g := lookup(t, name)
		values, _, _, err := g.Nimbers(context.Background(), 12)
		if err != nil {
			t.Fatal(err)
		}
		memo, byKey := map[string]int{}, map[string]int{}
		for range 20 {
			p := randomPosition(t, g, rng)
			want := 0
			for _, h := range p.Heaps() {
				want ^= values[h]
			}
			got := plainNimber(p, memo)
			if got != want {
				t.Errorf("%s Nimber(%q) = %d, want %d (the nim-sum); seed %d", name, p, got, want, seed)
			}
			if v, ok := byKey[p.Key()]; ok && v != got {
				t.Errorf("%s Nimber(%q) = %d, but another position of Key %q has %d; seed %d", name, p, got, p.Key(), v, seed)
			}
			byKey[p.Key()] = got
		}
	}
}

// randomPosition returns a sum of up to 4 heaps of g with at most 12 tokens in all.
func randomPosition(t *testing.T, g *Game, rng *rand.Rand) Position {
	var s string
	left := 12
	for range 1 + rng.IntN(4) {
		h := rng.IntN(min(left, 7) + 1)
		left -= h
		s += strconv.Itoa(h) + " "
	}
	p, err := g.Parse(s)
	if err != nil {
		t.Fatalf("%s Parse(%q) error = %v", g.Name(), s, err)
	}
	return p.(Position)
}
