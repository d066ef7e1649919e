package sprouts

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestLandMemo_SameTexts plays random games from 0*4…0*9 and writes the options of every land
// met three times: with the land memo off (the canon writes each), then twice with it on
// (the second time from the memo: the first just filled it). The three lists must be the
// same, texts and lives.
func TestLandMemo_SameTexts(t *testing.T) {
	t.Cleanup(func() { landMemoOff.Store(false) })
	seed := uint64(2027)
	rng := rand.New(rand.NewPCG(seed, 12))
	var m mover
	m.ws.cheap = true
	var children []string
	list := func(land string) []string {
		var out []string
		children = children[:0]
		m.children(land, func(child string, lives int) bool {
			out = append(out, fmt.Sprintf("%s lives %d", child, lives))
			children = append(children, child)
			return true
		})
		return out
	}
	lands := 0
	for p := 4; p <= 9; p++ {
		for range 4 {
			pos := fmt.Sprintf("0*%d", p)
			for pos != empty {
				var next []string
				for _, land := range splitLands(pos) {
					landMemoOff.Store(true)
					want := list(land)
					landMemoOff.Store(false)
					first, second := list(land), list(land)
					if !slices.Equal(first, want) || !slices.Equal(second, want) {
						t.Fatalf("seed %d: options of %s with the memo\n%q\n%q\nwithout\n%q", seed, land, first, second, want)
					}
					lands++
					all := splitLands(pos)
					for _, child := range children {
						next = append(next, replaceLand(all, slices.Index(all, land), child))
					}
				}
				if len(next) == 0 {
					break
				}
				pos = next[rng.IntN(len(next))]
			}
		}
	}
	filled := 0
	for i := range landMemo {
		if landMemo[i].Load() != nil {
			filled++
		}
	}
	if lands < 50 || filled < 100 {
		t.Errorf("%d lands' options written, %d lands in the memo: the test proves nothing", lands, filled)
	}
	t.Logf("%d lands' options written, %d lands in the memo", lands, filled)
}
