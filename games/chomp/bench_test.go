package chomp

import (
	"testing"

	"grundy/engine"
)

var benchBoards = []struct{ name, board string }{
	{"4x5", "4x5"},
	{"5x6", "5x6"},
	{"8x8-mid", "8 8 7 5 5 3 2 1"},
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

// BenchmarkKey takes the key of each option of the board in turn, as the search does.
func BenchmarkKey(b *testing.B) {
	for _, bb := range benchBoards {
		b.Run(bb.name, func(b *testing.B) {
			var opts []engine.Position
			for o := range mustParse(b, bb.board).Options() {
				opts = append(opts, o)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				_ = opts[i%len(opts)].Key()
				i++
			}
		})
	}
}
