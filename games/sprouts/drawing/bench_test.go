package drawing

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkReplay replays a 16-move game from 0*8, relaxing after each move.
func BenchmarkReplay(b *testing.B) {
	rng := rand.New(rand.NewPCG(8, 16))
	var moves []string
	d := New(8)
	for range 16 {
		opts := options(b, d.String())
		if len(opts) == 0 {
			break
		}
		m := opts[rng.IntN(len(opts))]
		next, err := d.Replay(m)
		if err != nil {
			b.Fatal(err)
		}
		d, moves = next, append(moves, m)
	}
	for b.Loop() {
		if _, err := ForPath("0*8", moves); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(moves)), "moves")
}
