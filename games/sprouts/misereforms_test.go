package sprouts_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games/sprouts"
)

// bruteMisere is the misère outcome by plain recursion on whole positions, memoised by their
// notation: it never splits a position and knows nothing of forms.
func bruteMisere(p engine.Position, memo map[string]bool) bool {
	s := p.String()
	if w, ok := memo[s]; ok {
		return w
	}
	win := true // no move: a misère win
	for o := range p.Options() {
		win = false
		if !bruteMisere(o, memo) {
			win = true
			break
		}
	}
	memo[s] = win
	return win
}

// randomPlay is the position after up to moves random moves from 0*spots.
func randomPlay(t testing.TB, r *rand.Rand, spots, moves int) engine.Position {
	p, err := sprouts.Parse(fmt.Sprintf("0*%d", spots))
	if err != nil {
		t.Fatal(err)
	}
	var at engine.Position = p
	for range moves {
		var opts []engine.Position
		for o := range at.Options() {
			opts = append(opts, o)
		}
		if len(opts) == 0 {
			break
		}
		at = opts[r.IntN(len(opts))]
	}
	return at
}

// formsSettings are the tables of forms the search is tried with: every component formed,
// none (the whole search), and Sprouts' setting (lands of few lives formed).
func formsSettings() map[string]func() *engine.MisereForms {
	return map[string]func() *engine.MisereForms{
		"all":  engine.NewMisereForms,
		"none": func() *engine.MisereForms { f := engine.NewMisereForms(); f.Budget = 0; return f },
		"lives": func() *engine.MisereForms {
			f := engine.NewMisereForms()
			f.MaxHint = 6
			return f
		},
	}
}

// TestMisereByForms_RandomPositions: on random positions of 2 to 5 spots played a few moves,
// and sums of two of them, the search by forms agrees with the misère search of whole
// positions and with the brute force.
func TestMisereByForms_RandomPositions(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(34, 20))
	memo := map[string]bool{}
	n := 60
	if testing.Short() {
		n = 15
	}
	for i := range n {
		p := randomPlay(t, r, 2+r.IntN(3), 1+r.IntN(4))
		if i%2 == 1 {
			q := randomPlay(t, r, 2+r.IntN(2), 2+r.IntN(3))
			sum, err := sprouts.Parse(p.String() + "+" + q.String())
			if err != nil {
				t.Fatal(err)
			}
			p = sum
		}
		want := bruteMisere(p, memo)
		old, err := engine.NewSolver().MisereOutcome(ctx, p, nil)
		if err != nil || old != want {
			t.Fatalf("MisereOutcome(%s) = %v, %v, want %v", p, old, err, want)
		}
		for name, forms := range formsSettings() {
			win, err := engine.NewSolver().MisereOutcomeByForms(ctx, p, forms())
			if err != nil || win != want {
				t.Fatalf("%s: MisereOutcomeByForms(%s) = %v, %v, want %v", name, p, win, err, want)
			}
		}
	}
}

// misereSpots is the misère outcome of 0*p for p = 1 … 20 (OEIS A164950).
const misereSpots = "WLLLWWLLLWWWLLLWWWLL"

// TestMisereByForms_Spots: 0*1 … 0*7 (0*9 with GRUNDY_SOAK set) by forms, one table kept
// from one p to the next, as OEIS A164950 says.
func TestMisereByForms_Spots(t *testing.T) {
	last := 7
	if testing.Short() {
		last = 6
	}
	if os.Getenv("GRUNDY_SOAK") != "" {
		last = 9
	}
	for name, forms := range formsSettings() {
		if name == "all" {
			continue // every land of 0*6 formed: seconds
		}
		f := forms()
		for spots := 1; spots <= last; spots++ {
			p, err := sprouts.Parse(fmt.Sprintf("0*%d", spots))
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			win, err := engine.NewSolver().MisereOutcomeByForms(context.Background(), p, f)
			got := "L"
			if win {
				got = "W"
			}
			if err != nil || got != misereSpots[spots-1:spots] {
				t.Errorf("%s: misère 0*%d = %s, %v, want %s", name, spots, got, err, misereSpots[spots-1:spots])
			}
			t.Logf("%s: misère 0*%d = %s in %v, %d forms", name, spots, got, time.Since(start), f.Len())
		}
	}
}
