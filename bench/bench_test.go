package bench

import (
	"context"
	"os"
	"testing"

	"grundy/engine"
	"grundy/games"
	"grundy/job"
)

// solveFunc runs one algorithm on p with a fresh solver and returns its answer.
type solveFunc func(s *engine.Solver, p engine.Position) (int, error)

var algos = map[string]solveFunc{
	"couples": func(s *engine.Solver, p engine.Position) (int, error) {
		return s.Nimber(context.Background(), p)
	},
	"br": func(s *engine.Solver, p engine.Position) (int, error) {
		return s.BR(context.Background(), p)
	},
	"couples-outcome": func(s *engine.Solver, p engine.Position) (int, error) {
		win, err := s.Outcome(context.Background(), p, 0)
		return b2i(win), err
	},
	"elementary": func(s *engine.Solver, p engine.Position) (int, error) {
		win, err := s.Elementary(context.Background(), p)
		return b2i(win), err
	},
	"misere": func(s *engine.Solver, p engine.Position) (int, error) {
		win, err := s.MisereOutcome(context.Background(), p, nil)
		return b2i(win), err
	},
	"misere-forms": func(s *engine.Solver, p engine.Position) (int, error) {
		return misereByForms(s, p, false)
	},
	"misere-pns": func(s *engine.Solver, p engine.Position) (int, error) {
		return misereByForms(s, p, true)
	},
	"plain-mex": func(s *engine.Solver, p engine.Position) (int, error) {
		return s.Mex(context.Background(), p)
	},
}

// misereByForms is the misère outcome as grundy solve --misere finds it: by the forms of the
// small lands, depth first or by proof numbers.
func misereByForms(s *engine.Solver, p engine.Position, pns bool) (int, error) {
	g, _ := games.Lookup("sprouts")
	s.UseProofNumbers(pns)
	win, err := s.MisereOutcomeByForms(context.Background(), p, job.MisereForms(g))
	return b2i(win), err
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// cacheMB is the cache of every benchmark run: the same for all algorithms.
const cacheMB = 768

// run benchmarks algo on the position pos of game, each iteration with a fresh cache,
// reports the nodes visited and the cache's hit rate, and returns what algo found.
func run(b *testing.B, game, pos, algo string, opts ...engine.SolverOption) (found int) {
	g, err := games.Lookup(game)
	if err != nil {
		b.Fatal(err)
	}
	p, err := games.Parse(g, pos)
	if err != nil {
		b.Fatal(err)
	}
	var st engine.Stats
	for b.Loop() {
		b.StopTimer()
		c, err := engine.NewRistretto(cacheMB)
		if err != nil {
			b.Fatal(err)
		}
		s := engine.NewSolver(append([]engine.SolverOption{engine.WithCache(engine.NewFront(c, engine.FrontBits(int64(cacheMB)<<20/8)))}, opts...)...)
		b.StartTimer()
		if found, err = algos[algo](s, p); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		st = s.Stats()
		c.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(st.Nodes), "nodes/op")
	b.ReportMetric(100*st.HitRate(), "hit%")
	b.ReportMetric(float64(st.Cache.Entries), "entries")
	return found
}

func quick() bool { return os.Getenv("GRUNDY_BENCH_QUICK") != "" }

// BenchmarkCram solves empty Cram boards: the couples search against plain mex (the
// baseline) and against the search of Beling and Rogalski, on the boards of the paper's
// Figures 13 and 14.
func BenchmarkCram(b *testing.B) {
	boards := []struct {
		pos  string
		mex  bool // plain mex finishes in reasonable time
		slow bool
	}{
		{"3x6", true, false}, {"3x7", true, false}, {"3x8", true, false}, {"3x9", true, false},
		{"3x10", true, false}, {"3x11", false, false}, {"3x12", false, true}, {"3x13", false, true},
		{"3x14", false, true}, {"4x5", true, false}, {"4x6", true, false}, {"4x7", false, true},
		{"5x5", true, false}, {"5x6", false, true},
	}
	for _, bd := range boards {
		if bd.slow && quick() {
			continue
		}
		b.Run(bd.pos+"/couples", func(b *testing.B) { run(b, "cram", bd.pos, "couples") })
		b.Run(bd.pos+"/br", func(b *testing.B) { run(b, "cram", bd.pos, "br") })
		if bd.mex {
			b.Run(bd.pos+"/plain-mex", func(b *testing.B) { run(b, "cram", bd.pos, "plain-mex") })
		}
	}
}

// BenchmarkSum compares the couples search with the elementary search of §4.1 on sums of
// independent positions (Theorem 3; Figure 10 against Figure 9). Every search runs without
// the games' theories: Cram's endgame table and the heap games' sequences would answer
// every component here with no node searched.
func BenchmarkSum(b *testing.B) {
	sums := []struct{ game, pos string }{
		{"cram", "2x3 + 2x3"},
		{"cram", "3x3 + 2x5"},
		{"cram", "3x4 + 2x5"},
		{"cram", "3x4 + 3x4 + 2x2"},
		{"kayles", "9 7 5"},
		{"dawsons-kayles", "14 11 9"},
	}
	for _, s := range sums {
		name := s.game + "/" + s.pos
		for _, algo := range []string{"couples-outcome", "elementary", "plain-mex"} {
			b.Run(name+"/"+algo, func(b *testing.B) { run(b, s.game, s.pos, algo, engine.WithoutTheory()) })
		}
	}
}

// BenchmarkSeq computes heap-game sequences to 10^5 (the sieve of games/octal).
func BenchmarkSeq(b *testing.B) {
	for _, game := range []string{"kayles", "grundys-game", "dawsons-chess"} {
		b.Run(game+"/1e5", func(b *testing.B) {
			g, _ := games.Lookup(game)
			for b.Loop() {
				if _, err := g.(games.HeapGame).Sequence(context.Background(), 100_000); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
