package cram

import (
	"testing"

	"grundy/engine"
)

// benchBoards are the boards of the benchmarks: empty ones, and one in mid game that splits.
var benchBoards = []struct{ name, board string }{
	{"4x5", "4x5"},
	{"5x6", "5x6"},
	{"5x6-mid", "..#.../..#.../.#..../....##/#....."},
}

// options returns the options of the board named s, as Boards, or with wide as Wides whose
// components are Wides too (see BenchmarkSolve).
func options(b *testing.B, s string, wide bool) []engine.Position {
	var p engine.Position = mustParse(b, s)
	if wide {
		w, err := ParseWide(s)
		if err != nil {
			b.Fatal(err)
		}
		p = w
	}
	var out []engine.Position
	for o := range p.Options() {
		out = append(out, o)
	}
	return out
}

// eachCode runs f on the Board and, as name/wide, on the Wide code alone.
func eachCode(b *testing.B, name string, f func(b *testing.B, wide bool)) {
	b.Run(name, func(b *testing.B) { f(b, false) })
	b.Run(name+"/wide", func(b *testing.B) {
		narrowCells = 0
		defer func() { narrowCells = maxCells }()
		f(b, true)
	})
}

func BenchmarkOptions(b *testing.B) {
	for _, bb := range benchBoards {
		eachCode(b, bb.name, func(b *testing.B, wide bool) {
			var p engine.Position = mustParse(b, bb.board)
			if wide {
				p, _ = ParseWide(bb.board)
			}
			b.ReportAllocs()
			for b.Loop() {
				for range p.Options() {
				}
			}
		})
	}
}

// BenchmarkSplit splits each option of the board in turn, as the search does.
func BenchmarkSplit(b *testing.B) {
	for _, bb := range benchBoards {
		eachCode(b, bb.name, func(b *testing.B, wide bool) {
			opts := options(b, bb.board, wide)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				opts[i%len(opts)].Split()
				i++
			}
		})
	}
}

// BenchmarkKey takes the key of each component of each option of the board in turn, as the
// search does, and of the options themselves (/whole).
func BenchmarkKey(b *testing.B) {
	for _, bb := range benchBoards {
		eachCode(b, bb.name, func(b *testing.B, wide bool) {
			var parts []engine.Position
			for _, o := range options(b, bb.board, wide) {
				parts = append(parts, o.Split()...)
			}
			benchKeys(b, parts)
		})
		eachCode(b, bb.name+"/whole", func(b *testing.B, wide bool) { benchKeys(b, options(b, bb.board, wide)) })
	}
}

func benchKeys(b *testing.B, ps []engine.Position) {
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = ps[i%len(ps)].Key()
		i++
	}
}
