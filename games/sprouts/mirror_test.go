package sprouts

import (
	"maps"
	"slices"
	"testing"
)

// The mover plays one move of each turn of a boundary and one sharing of each mirror pair
// (see turns): the positions it reaches must be those every move reaches, and it must make
// fewer moves for it.
func TestMirrors_SameOptions(t *testing.T) {
	starts := []string{"0*9", "0*3.AB|0*2.1aCa|ABC", "0.0.1abcde1edcba.1a1a", "0.0.0.0.1a1a.1abc1cba",
		"0*6.ABCDEF|ABCDEF", "0.0.1a1a.AB|0.0.1a1a.AB", "0.1a2a.1abc1cba", "0.ABC.DEF|ADBECF"}
	limit := 800
	if testing.Short() {
		limit = 300
	}
	seen := map[string]bool{}
	queue := slices.Clone(starts)
	fewer, moves, played := 0, 0, 0
	for len(queue) > 0 && len(seen) < limit {
		s := queue[0]
		queue = queue[1:]
		if seen[s] {
			continue
		}
		seen[s] = true
		p := mustParse(t, s)
		mirrorsOff.Store(true)
		all, n := exactOptions(p)
		mirrorsOff.Store(false)
		some, k := exactOptions(p)
		if !maps.Equal(all, some) {
			t.Fatalf("%s: options with turns and mirrors %v, with every move %v", s, slices.Sorted(maps.Keys(some)), slices.Sorted(maps.Keys(all)))
		}
		moves, played = moves+n, played+k
		if k < n {
			fewer++
		}
		queue = append(queue, slices.Sorted(maps.Keys(all))...)
	}
	t.Logf("%d positions, %d with fewer moves; %d moves played of %d", len(seen), fewer, played, moves)
	if played >= moves*9/10 {
		t.Errorf("%d moves played of %d: turns and mirrors spared less than a tenth", played, moves)
	}
}

// exactOptions returns the canonical texts of p's options and how many moves the mover made.
func exactOptions(p *Position) (map[string]bool, int) {
	set, moves := map[string]bool{}, 0
	lands := p.Lands()
	m := movers.Get().(*mover)
	defer movers.Put(m)
	for i, land := range lands {
		rest := p.lives - landLives(land)
		m.options(land, func() bool {
			moves++
			set[p.option(&m.ws, m.raw, m.dead, lands, i, rest).String()] = true
			return true
		})
	}
	return set, moves
}
