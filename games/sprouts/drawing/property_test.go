package drawing

import (
	"math/rand/v2"
	"testing"
)

// Every option of every position met in random games from 0*2 … 0*8 is drawn on the
// position's drawing, and the drawing after it reads as the option: the same canonical
// string, or (for a land so symmetric that its canonical text depends on the writing it
// started from) a string of the same position; a move in a region the canonical form merges
// may be drawn as a move to an equal game (see equiv.go), counted apart.
func TestReplay_RandomGames(t *testing.T) {
	games := 3
	if testing.Short() {
		games = 1
	}
	rng := rand.New(rand.NewPCG(30, 1))
	moves, failed, equal := 0, 0, 0
	for n := 2; n <= 8; n++ {
		for g := range games {
			d := New(n)
			for ply := 0; ; ply++ {
				opts := options(t, d.String())
				if len(opts) == 0 {
					break
				}
				var nexts []*Drawing
				for _, o := range opts {
					next, err := d.play(o)
					moves++
					if err != nil {
						failed++
						t.Errorf("0*%d game %d ply %d: %v", n, g, ply, err)
						continue
					}
					if got := next.String(); !samePosition(got, o) {
						equal++
						if gameKey(got) != gameKey(o) {
							t.Errorf("0*%d game %d ply %d: %s drawn reads %s", n, g, ply, o, got)
						}
					}
					if err := next.Check(); err != nil {
						t.Errorf("0*%d game %d ply %d: %s drawn: %v", n, g, ply, o, err)
					}
					nexts = append(nexts, next)
				}
				if len(nexts) == 0 {
					break
				}
				pick := nexts[rng.IntN(len(nexts))]
				d = pick.Relax()
				if err := d.Check(); err != nil {
					t.Fatalf("0*%d game %d ply %d: relaxed %s: %v", n, g, ply, pick, err)
				}
				if d.String() != pick.String() {
					t.Fatalf("0*%d game %d ply %d: relaxing %s made %s", n, g, ply, pick, d)
				}
			}
		}
	}
	t.Logf("%d moves drawn, %d as an equal game in a merged region; %d not drawn", moves, equal, failed)
	if moves < 1000 && !testing.Short() {
		t.Errorf("only %d moves drawn, want thousands", moves)
	}
}
