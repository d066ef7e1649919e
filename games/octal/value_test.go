package octal

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"grundy/engine"
)

// valueGames are the games whose Value the search checks: every family of heap games.
var valueGames = append([]string{"nim"}, bruteGames...)

// TestValueAgainstSearch checks Value against the couples search without theory on small
// fixed positions and on random sums of heaps, seeded.
func TestValueAgainstSearch(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 3))
	ctx := context.Background()
	for _, name := range valueGames {
		s := engine.NewSolver(engine.WithoutTheory())
		positions := []string{"0", "1", "2", "3", "7", "12", "20", "5 5", "9 4", "3 6 10"}
		for range 20 {
			positions = append(positions, randomHeaps(rng, 1+rng.IntN(4), 24))
		}
		for _, pos := range positions {
			p := parsePos(t, name, pos)
			want, err := s.Nimber(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			if got, ok := p.(Position).Value(); got != want || !ok {
				t.Errorf("%s Value(%q) = %d, %t; the search says %d (seed %d)", name, pos, got, ok, want, seed)
			}
		}
	}
}

// randomHeaps writes k heap sizes, each up to max.
func randomHeaps(rng *rand.Rand, k, max int) string {
	heaps := make([]string, k)
	for i := range heaps {
		heaps[i] = strconv.Itoa(rng.IntN(max + 1))
	}
	return strings.Join(heaps, " ")
}

// TestValueNimbers checks Value heap by heap against Nimbers, past the periods and through
// the sieve's stages, asking the largest heap first so that one call grows the table far.
func TestValueNimbers(t *testing.T) {
	const n = 3000
	for _, name := range valueGames {
		g := lookup(t, name)
		want, _, _, err := lookup(t, name).Nimbers(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		for h := n; h >= 0; h-- {
			if got, ok := (Position{g: g, heaps: []int32{int32(h)}}).Value(); got != want[h] || !ok {
				t.Errorf("%s Value(%d) = %d, %t, want %d", name, h, got, ok, want[h])
				break
			}
		}
	}
}

// TestValueConcurrent asks one game for values from several goroutines at once (run it with
// -race), and checks them against a game of its own.
func TestValueConcurrent(t *testing.T) {
	for _, name := range []string{"grundys-game", "octal:0.6", "kayles"} {
		shared := lookup(t, name)
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Go(func() {
				own := lookup(t, name)
				for h := int32(w); h < 4000; h += 97 {
					heaps := []int32{h, 4000 - h}
					got, ok1 := Position{g: shared, heaps: heaps}.Value()
					want, ok2 := Position{g: own, heaps: heaps}.Value()
					if got != want || !ok1 || !ok2 {
						t.Errorf("%s Value(%d %d) = %d, %t, want %d, %t", name, h, 4000-h, got, ok1, want, ok2)
					}
				}
			})
		}
		wg.Wait()
	}
}

// TestValueBeyondLimit: past the heaps the sieve reaches, Value of a game without a proven
// period knows nothing, and the search is left to find out.
func TestValueBeyondLimit(t *testing.T) {
	g := Grundy()
	if _, ok := (Position{g: g, heaps: []int32{int32(g.MaxHeap() + 1)}}).Value(); ok {
		t.Errorf("grundys-game Value(%d) known, want unknown", g.MaxHeap()+1)
	}
}
