package layout

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

var benchSizes = []int{1000, 10000, 100000}

// BenchmarkTidy lays out random trees of each shape and size. The /order baseline is the
// validation and breadth-first numbering alone, which any layout must do: the rest of
// each figure is the algorithm itself.
func BenchmarkTidy(b *testing.B) {
	opt := Options{SiblingGap: 3, LevelGap: 7}
	for _, n := range benchSizes {
		for _, s := range []shape{bushy, deep, mixed} {
			tr := randomTree(rand.New(rand.NewPCG(1, uint64(n))), n, s)
			b.Run(fmt.Sprintf("%s-%d", s, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Tidy(tr, opt); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
		tr := randomTree(rand.New(rand.NewPCG(1, uint64(n))), n, mixed)
		b.Run(fmt.Sprintf("layered-mixed-%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Tidy(tr, Options{SiblingGap: 3, LevelGap: 7, Layered: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("order-mixed-%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := order(tr); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkIndex builds the index of a 10^5-node layout, and queries it with a viewport
// of about 1000x800 units, reusing dst as a view would from frame to frame.
func BenchmarkIndex(b *testing.B) {
	tr := randomTree(rand.New(rand.NewPCG(1, 1)), 100000, mixed)
	l, err := Tidy(tr, Options{SiblingGap: 3, LevelGap: 7})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("new-100000", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			NewIndex(l)
		}
	})
	ix := NewIndex(l)
	rng := rand.New(rand.NewPCG(1, 2))
	views := make([]Rect, 64)
	for i := range views {
		views[i] = Rect{rng.Float64() * (l.Bounds.W - 1000), rng.Float64() * (l.Bounds.H - 800), 1000, 800}
	}
	b.Run("visible-100000", func(b *testing.B) {
		b.ReportAllocs()
		dst := make([]int, 0, 1024)
		i := 0
		for b.Loop() {
			dst = ix.Visible(views[i%len(views)], dst[:0])
			dst = ix.VisibleLinks(views[i%len(views)], dst[:0])
			i++
		}
	})
}
