package boxing

import (
	"context"
	"testing"

	"grundy/engine"
)

// BenchmarkNimber solves boards with a fresh solver each time, and reports its nodes: a full
// 4x5 board, and two sparse 6x6 boards (about 24 stones).
func BenchmarkNimber(b *testing.B) {
	for _, pos := range []string{"4x5", "oooo.o/ooo.oo/o.oooo/oooo../.ooooo/oo.ooo", "ooo.oo/oooooo/.oo.oo/oooo.o/oo.ooo/o.oo.o"} {
		p, err := Parse(pos)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(pos, func(b *testing.B) {
			b.ReportAllocs()
			var nodes int64
			for b.Loop() {
				s := engine.NewSolver(engine.WithCache(engine.NewMapCache()))
				if _, err := s.Nimber(context.Background(), p); err != nil {
					b.Fatal(err)
				}
				nodes = s.Stats().Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}

// BenchmarkKey measures the key of a 10x20 option with two groups, and of a 5x5 group.
func BenchmarkKey(b *testing.B) {
	for _, pos := range []string{"5x5", "10x20"} {
		p, _ := Parse(pos)
		var opt *Board
		p.Squares(func(i, j, k int) bool { opt = p.Take(i, j, k); return false })
		b.Run(pos, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = opt.Key()
			}
		})
	}
}
