package cram

import (
	"context"
	"testing"

	"grundy/engine"
)

// misere is the oracle of misère play: a memoised search over the moves of cells, with no
// splitting and no symmetry; the player who cannot move wins.
type misere map[string]bool

func (m misere) win(c cells) bool {
	k := c.String()
	if w, ok := m[k]; ok {
		return w
	}
	moves := c.moves()
	w := len(moves) == 0
	for _, o := range moves {
		if !m.win(o) {
			w = true
			break
		}
	}
	m[k] = w
	return w
}

// TestReduced_Misere: the reductions of Split play the same game, so the misère outcome
// through Split's components (the engine's misère search) is the oracle's, on every board of
// up to 10 cells and on random larger ones.
func TestReduced_Misere(t *testing.T) {
	oracle := misere{}
	s := engine.NewSolver()
	ctx := context.Background()
	check := func(c cells) {
		b := c.board()
		win, err := s.MisereOutcome(ctx, b, nil)
		if err != nil {
			t.Fatal(err)
		}
		if want := oracle.win(c); win != want {
			t.Errorf("MisereOutcome(%q) = %v, want %v", b, win, want)
		}
	}
	for rows := 1; rows <= 10; rows++ {
		for cols := 1; rows*cols <= 10; cols++ {
			for mask := range 1 << (rows * cols) {
				check(maskCells(rows, cols, uint64(mask)))
			}
		}
	}
	r := newRand(t)
	for _, sz := range [][2]int{{4, 4}, {3, 5}, {2, 7}, {3, 6}} {
		for range 20 {
			check(cellsOf(randomBoard(r, sz[0], sz[1], 0.2+0.3*r.Float64())))
		}
	}
}
