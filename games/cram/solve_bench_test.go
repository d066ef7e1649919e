package cram

import (
	"context"
	"iter"
	"testing"

	"grundy/engine"
)

// solveBoards are the boards BenchmarkSolve solves, with their nimbers (testdata/published.txt).
var solveBoards = []struct {
	board  string
	nimber int
}{
	{"3x10", 2},
	{"4x7", 3},
}

// BenchmarkSolve solves each board with a fresh solver and a map cache: /board with the
// 64-cell Board, /wide with the two-word Wide alone (its components too), the code of boards
// of more than 64 cells. The nodes are the same; the time tells what the second word costs.
// 2x33 is a board of more than 64 cells, as the game reads it: a Wide whose components of 64
// cells or less are Boards.
func BenchmarkSolve(b *testing.B) {
	b.Run("2x33", func(b *testing.B) {
		p, err := Game{}.Parse("2x33")
		if err != nil {
			b.Fatal(err)
		}
		benchSolve(b, p, 1)
	})
	for _, sb := range solveBoards {
		b.Run(sb.board+"/board", func(b *testing.B) { benchSolve(b, mustParse(b, sb.board), sb.nimber) })
		b.Run(sb.board+"/wide", func(b *testing.B) {
			narrowCells = 0
			defer func() { narrowCells = maxCells }()
			w, err := ParseWide(sb.board)
			if err != nil {
				b.Fatal(err)
			}
			benchSolve(b, w, sb.nimber)
		})
	}
}

func benchSolve(b *testing.B, p engine.Position, want int) {
	var st engine.Stats
	for b.Loop() {
		s := engine.NewSolver()
		got, err := s.Nimber(context.Background(), p)
		if err != nil || got != want {
			b.Fatalf("nimber(%s) = %d, %v; want %d", p, got, err, want)
		}
		st = s.Stats()
	}
	b.ReportMetric(float64(st.Nodes), "nodes/op")
}

// BenchmarkGuess solves boards with Guess (/guess) and without (/none), to measure what the
// move ordering by the moves a domino kills saves.
func BenchmarkGuess(b *testing.B) {
	for _, sb := range []struct {
		board  string
		nimber int
	}{{"2x33", 1}, {"3x10", 2}, {"3x12", 1}, {"4x7", 3}, {"5x6", 2}} {
		p, err := Game{}.Parse(sb.board)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(sb.board+"/guess", func(b *testing.B) { benchSolve(b, p, sb.nimber) })
		b.Run(sb.board+"/none", func(b *testing.B) { benchSolve(b, unguessed{p}, sb.nimber) })
	}
}

// unguessed is a position with no Guess: its options and components are unguessed too.
type unguessed struct{ p engine.Position }

func (u unguessed) Options() iter.Seq[engine.Position] {
	return func(yield func(engine.Position) bool) {
		for o := range u.p.Options() {
			if !yield(unguessed{o}) {
				return
			}
		}
	}
}

func (u unguessed) Split() []engine.Position {
	out := u.p.Split()
	for i, c := range out {
		out[i] = unguessed{c}
	}
	return out
}

func (u unguessed) Key() string        { return u.p.Key() }
func (u unguessed) String() string     { return u.p.String() }
func (u unguessed) Hint() int          { return engine.HintOf(u.p) }
func (u unguessed) Value() (int, bool) { return u.p.(engine.Valuer).Value() }

// BenchmarkEndgame solves boards with the endgame table (/table) and without (/none), to
// measure what answering the regions of at most 12 cells from it saves.
func BenchmarkEndgame(b *testing.B) {
	for _, sb := range []struct {
		board  string
		nimber int
	}{{"3x10", 2}, {"3x12", 1}, {"4x7", 3}, {"5x6", 2}} {
		p := mustParse(b, sb.board)
		b.Run(sb.board+"/table", func(b *testing.B) { benchSolve(b, p, sb.nimber) })
		b.Run(sb.board+"/none", func(b *testing.B) {
			endgameCells = 0
			defer func() { endgameCells = endgameMax }()
			benchSolve(b, p, sb.nimber)
		})
	}
}

// BenchmarkReduce solves boards with the reductions of Split (/reduced) and without (/plain),
// to measure what dropping leaves and cells between centres, and cutting at squares, saves.
func BenchmarkReduce(b *testing.B) {
	for _, sb := range []struct {
		board  string
		nimber int
	}{{"3x12", 1}, {"4x7", 3}, {"5x6", 2}, {"3x13", 2}, {"4x9", 1}, {"5x7", 1}} {
		p := mustParse(b, sb.board)
		b.Run(sb.board+"/reduced", func(b *testing.B) { benchSolve(b, p, sb.nimber) })
		b.Run(sb.board+"/plain", func(b *testing.B) {
			plain, err := Game{}.ParseRule("", sb.board) // split as before the reductions
			if err != nil {
				b.Fatal(err)
			}
			benchSolve(b, plain, sb.nimber)
		})
	}
}
