package chocolate

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games/gametest"
)

// A grid is the oracle's own bar: its cells as rows of booleans (true: white).
type grid [][]bool

// naiveNimber is the oracle: the rules read literally on a grid, memoised on its text. A bar
// all black is worth 0, all white 1; a mixed one the mex, over every horizontal and vertical
// line, of the nim-sum of the two pieces. It shares nothing with Bar.
func naiveNimber(g grid, memo map[string]int) int {
	key := ""
	white, black := 0, 0
	for _, row := range g {
		for _, w := range row {
			if w {
				key += "w"
				white++
			} else {
				key += "b"
				black++
			}
		}
		key += "/"
	}
	if v, ok := memo[key]; ok {
		return v
	}
	v := 0
	switch {
	case white == 0:
		v = 0
	case black == 0:
		v = 1
	default:
		var seen uint64
		for k := 1; k < len(g); k++ {
			seen |= 1 << (naiveNimber(g[:k], memo) ^ naiveNimber(g[k:], memo))
		}
		for k := 1; k < len(g[0]); k++ {
			left, right := make(grid, len(g)), make(grid, len(g))
			for i, row := range g {
				left[i], right[i] = row[:k], row[k:]
			}
			seen |= 1 << (naiveNimber(left, memo) ^ naiveNimber(right, memo))
		}
		v = bits.TrailingZeros64(^seen)
	}
	memo[key] = v
	return v
}

// gridOf returns the grid of a colouring: cell (i, j) white when bit i*cols+j is set.
func gridOf(rows, cols int, white uint64) grid {
	g := make(grid, rows)
	for i := range g {
		g[i] = make([]bool, cols)
		for j := range g[i] {
			g[i][j] = white>>(i*cols+j)&1 == 1
		}
	}
	return g
}

func positionOf(t testing.TB, g grid) Position {
	p, err := FromGrid(g)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRules checks values that follow from the rules by hand.
func TestRules(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"b", 0}, {"bb/bb", 0}, // discarded: no move
		{"w", 1}, {"ww/ww", 1}, // eaten in one move
		{"bw", 0},      // one break: b + w, worth 1
		{"wbw", 0},     // both breaks leave w + bw, worth 1
		{"bwb", 1},     // both breaks leave b + wb, worth 0
		{"bw w", 1},    // 0 ^ 1
		{"w w", 0},     // 1 ^ 1
		{"wb/bw", 1},   // every break leaves two bw bars: 0 ^ 0
		{"0", 0},       // no bar
		{"bw/wb b", 1}, // a black bar adds nothing
	}
	mex := gametest.Mex{}
	for _, tt := range tests {
		p, err := Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := mex.Nimber(p); got != tt.want {
			t.Errorf("Nimber(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// TestBruteForce_AllBarsTo3x3 checks every colouring of every bar up to 3x3, 682 bars: the
// nimber through Split, Key and Options, and by the engine's
// search, against the oracle.
func TestBruteForce_AllBarsTo3x3(t *testing.T) {
	memo, mex := map[string]int{}, gametest.Mex{}
	checked := 0
	for rows := 1; rows <= 3; rows++ {
		for cols := 1; cols <= 3; cols++ {
			for w := range uint64(1) << (rows * cols) {
				g := gridOf(rows, cols, w)
				p := positionOf(t, g)
				want := naiveNimber(g, memo)
				if got := mex.Nimber(p); got != want {
					t.Fatalf("Nimber(%q) = %d, want %d", p, got, want)
				}
				n, err := engine.NewSolver(engine.WithoutTheory()).Nimber(context.Background(), p)
				if err != nil || n != want {
					t.Fatalf("solver Nimber(%q) = %d, %v, want %d", p, n, err, want)
				}
				checked++
			}
		}
	}
	if checked != 682 {
		t.Errorf("checked %d bars, want 682", checked)
	}
}

// TestBruteForce_Random4x4 checks random 4x4 bars, and sums of random small bars, with the
// engine's search against the oracle.
func TestBruteForce_Random4x4(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 6))
	memo := map[string]int{}
	for range 200 {
		g := gridOf(4, 4, rng.Uint64N(1<<16))
		p := positionOf(t, g)
		want := naiveNimber(g, memo)
		for _, opts := range [][]engine.SolverOption{nil, {engine.WithoutTheory(), engine.WithCache(engine.NewMapCache())}} {
			n, err := engine.NewSolver(opts...).Nimber(context.Background(), p)
			if err != nil || n != want {
				t.Fatalf("solver Nimber(%q) = %d, %v, want %d; seed %d", p, n, err, want, seed)
			}
		}
	}
	for range 100 {
		var sum Position
		want := 0
		for range 1 + rng.IntN(3) {
			rows, cols := 1+rng.IntN(3), 1+rng.IntN(3)
			g := gridOf(rows, cols, rng.Uint64N(1<<(rows*cols)))
			sum.bars = append(sum.bars, positionOf(t, g).bars...)
			want ^= naiveNimber(g, memo)
		}
		n, err := engine.NewSolver().Nimber(context.Background(), sum)
		if err != nil || n != want {
			t.Fatalf("solver Nimber(%q) = %d, %v, want %d; seed %d", sum, n, err, want, seed)
		}
	}
}

// TestSymmetries checks that the 8 images of random bars have one Key and one nimber, and
// that Options leaves its receiver unchanged.
func TestSymmetries(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 7))
	mex := gametest.Mex{}
	for range 300 {
		rows, cols := 1+rng.IntN(4), 1+rng.IntN(4)
		b := Bar{white: rng.Uint64N(1 << (rows * cols)), rows: uint8(rows), cols: uint8(cols)}
		p := Position{bars: []Bar{b}}
		want := mex.Nimber(p)
		t1 := b.transpose()
		for _, img := range []Bar{b.flip(), b.rot180(), b.flip().rot180(), t1, t1.flip(), t1.rot180(), t1.flip().rot180()} {
			q := Position{bars: []Bar{img}}
			if q.Key() != p.Key() || mex.Nimber(q) != want {
				t.Fatalf("image %q of %q: key %q nimber %d, want key %q nimber %d; seed %d", q, p, q.Key(), mex.Nimber(q), p.Key(), want, seed)
			}
		}
		before := p.String()
		for range p.Options() {
		}
		if p.String() != before {
			t.Fatalf("Options changed %q to %q", before, p)
		}
	}
}

// TestOptions checks the options of a few positions, in order.
func TestOptions(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"w", []string{"0"}},
		{"b", nil},
		{"wb/bw", []string{"wb bw", "w/b b/w"}},
		{"bwb/www", []string{"bwb www", "b/w wb/ww", "bw/ww b/w"}},
		{"ww bw ww", []string{"bw ww", "ww w ww"}}, // the second ww is the first's equal
		{"bbw", []string{"bw", "w"}},               // black pieces are discarded
	}
	for _, tt := range tests {
		p, err := Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for o := range p.Options() {
			got = append(got, o.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Options(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
