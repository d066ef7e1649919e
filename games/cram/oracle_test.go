package cram

import (
	"flag"
	"grundy/engine"
	"grundy/games/gametest"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

var seedFlag = flag.Uint64("seed", 0, "seed of the random boards; 0 takes one from the clock")

// newRand returns a seeded generator and prints the seed if t fails.
func newRand(t testing.TB) *rand.Rand {
	seed := *seedFlag
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("random boards from -seed=%d", seed)
		}
	})
	return rand.New(rand.NewPCG(seed, 0))
}

// randomBoard returns a rows × cols board whose cells are filled with probability fill.
func randomBoard(r *rand.Rand, rows, cols int, fill float64) *Board {
	c := make(cells, rows)
	for i := range c {
		c[i] = make([]bool, cols)
		for j := range c[i] {
			c[i][j] = r.Float64() >= fill
		}
	}
	return c.board()
}

// cells is a board in the plainest form, for the oracle: cells[i][j] reports whether cell
// (i, j) is free. It shares no code with Board but Free and FromGrid.
type cells [][]bool

func cellsOf(b *Board) cells { return cellsOfPos(b) }

func (c cells) board() *Board {
	b, err := FromGrid(c)
	if err != nil {
		panic(err)
	}
	return b
}

// String writes the rows with '.' and '#' joined by '/', always.
func (c cells) String() string {
	var sb strings.Builder
	for i, row := range c {
		if i > 0 {
			sb.WriteByte('/')
		}
		for _, f := range row {
			if f {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('#')
			}
		}
	}
	return sb.String()
}

func (c cells) clone() cells {
	out := make(cells, len(c))
	for i := range c {
		out[i] = append([]bool(nil), c[i]...)
	}
	return out
}

// moves returns every board reached by one domino, in no particular order.
func (c cells) moves() []cells {
	var out []cells
	for i := range c {
		for j := range c[i] {
			for _, d := range [][2]int{{0, 1}, {1, 0}} {
				i2, j2 := i+d[0], j+d[1]
				if i2 < len(c) && j2 < len(c[i]) && c[i][j] && c[i2][j2] {
					next := c.clone()
					next[i][j], next[i2][j2] = false, false
					out = append(out, next)
				}
			}
		}
	}
	return out
}

// transform returns the board seen under symmetry s of the rectangle, 0 ≤ s < 8: bit 0
// reverses the rows, bit 1 reverses the columns, bit 2 transposes.
func (c cells) transform(s int) cells {
	rows, cols := len(c), len(c[0])
	out := c.clone()
	for i := range c {
		for j := range c[i] {
			i2, j2 := i, j
			if s&1 != 0 {
				i2 = rows - 1 - i
			}
			if s&2 != 0 {
				j2 = cols - 1 - j
			}
			out[i2][j2] = c[i][j]
		}
	}
	if s&4 == 0 {
		return out
	}
	t := make(cells, cols)
	for j := range t {
		t[j] = make([]bool, rows)
		for i := range t[j] {
			t[j][i] = out[i][j]
		}
	}
	return t
}

// naive is the oracle: a memoised mex over the moves of cells, with no splitting and no
// symmetry.
type naive map[string]int

func (m naive) nimber(c cells) int {
	k := c.String()
	if v, ok := m[k]; ok {
		return v
	}
	var seen []bool
	for _, o := range c.moves() {
		n := m.nimber(o)
		for len(seen) <= n {
			seen = append(seen, false)
		}
		seen[n] = true
	}
	v := 0
	for v < len(seen) && seen[v] {
		v++
	}
	m[k] = v
	return v
}

// mex computes nimbers through the engine interface (gametest.Mex).
type mex = gametest.Mex

// keyCheck records the oracle's nimber of every key it sees, to prove that no key is shared
// by boards of different nimbers.
type keyCheck map[string]int

func (kc keyCheck) check(t *testing.T, b engine.Position, want int) {
	t.Helper()
	k := b.Key()
	if v, ok := kc[k]; ok && v != want {
		t.Errorf("Key(%q) = %q, shared with a board of nimber %d, want nimber %d", b, k, v, want)
	}
	kc[k] = want
}

// TestNimber_Oracle compares the nimbers through Options/Split/Key with the oracle on every
// board of at most 12 cells, and on random boards of up to 20.
func TestNimber_Oracle(t *testing.T) {
	slow, fast, kc := naive{}, mex{}, keyCheck{}
	check := func(c cells) {
		b := c.board()
		want := slow.nimber(c)
		if got := fast.Nimber(b); got != want {
			t.Errorf("nimber(%q) = %d, want %d", b, got, want)
		}
		kc.check(t, b, want)
	}
	for rows := 1; rows <= 12; rows++ {
		for cols := 1; rows*cols <= 12; cols++ {
			for mask := range 1 << (rows * cols) {
				check(maskCells(rows, cols, uint64(mask)))
			}
		}
	}
	r := newRand(t)
	for _, s := range [][2]int{{4, 4}, {3, 5}, {5, 3}, {2, 8}, {3, 6}, {4, 5}} {
		for range 30 {
			check(cellsOf(randomBoard(r, s[0], s[1], 0.2+0.3*r.Float64())))
		}
	}
}

// maskCells returns the rows × cols board whose free cells are the bits of mask, row-major.
func maskCells(rows, cols int, mask uint64) cells {
	c := make(cells, rows)
	for i := range c {
		c[i] = make([]bool, cols)
		for j := range c[i] {
			c[i][j] = mask>>(i*cols+j)&1 == 1
		}
	}
	return c
}

// TestNimber_Reachable compares with the oracle on every board reachable from 3x3 and 2x4,
// walking Options.
func TestNimber_Reachable(t *testing.T) {
	slow, fast, kc := naive{}, mex{}, keyCheck{}
	for _, start := range []string{"3x3", "2x4"} {
		seen := map[Board]bool{}
		b, _ := Parse(start)
		queue := []*Board{b}
		for len(queue) > 0 {
			b, queue = queue[0], queue[1:]
			want := slow.nimber(cellsOf(b))
			if got := fast.Nimber(b); got != want {
				t.Errorf("nimber(%q) = %d, want %d", b, got, want)
			}
			kc.check(t, b, want)
			for o := range b.Options() {
				if o := o.(*Board); !seen[*o] {
					seen[*o] = true
					queue = append(queue, o)
				}
			}
		}
		t.Logf("%s: %d boards reachable", start, len(seen))
	}
}
