package sprouts

import "testing"

// BenchmarkOptions plays every move of a position, with its canonical form: fresh spots, a
// position of the 8-spot game after five moves, and one with many equal loops.
func BenchmarkOptions(b *testing.B) {
	for _, bm := range []struct{ name, pos string }{
		{"0*8", "0*8"},
		{"0*12", "0*12"},
		{"mid", "0.0.1a1abc1cb.AB.CD|AB|CD"},
		{"loops", "0*3.AB.CD.EF|AB|CD|EF"},
	} {
		p := mustParse(b, bm.pos)
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for range p.Options() {
					n++
				}
			}
			b.ReportMetric(float64(n)/float64(b.N), "options/op")
		})
	}
}

// BenchmarkParse reads and writes positions in canonical form.
func BenchmarkParse(b *testing.B) {
	for _, bm := range []struct{ name, pos string }{
		{"worked", "ABCD|DCBA"},
		{"mid", "1bc1cb1a1a.0.0.CD.AB|CD|AB"},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(bm.pos); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
