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

// options returns the options of the board named s.
func options(b *testing.B, s string) []engine.Position {
	var out []engine.Position
	for o := range mustParse(b, s).Options() {
		out = append(out, o)
	}
	return out
}

func BenchmarkOptions(b *testing.B) {
	for _, bb := range benchBoards {
		b.Run(bb.name, func(b *testing.B) {
			p := mustParse(b, bb.board)
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
		b.Run(bb.name, func(b *testing.B) {
			opts := options(b, bb.board)
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
		var parts []engine.Position
		for _, o := range options(b, bb.board) {
			parts = append(parts, o.Split()...)
		}
		b.Run(bb.name, func(b *testing.B) { benchKeys(b, parts) })
		b.Run(bb.name+"/whole", func(b *testing.B) { benchKeys(b, options(b, bb.board)) })
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
