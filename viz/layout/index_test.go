package layout

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// bruteVisible returns, in increasing order, the indexes of the rects meeting r, skipping
// those with a negative width: the answer an Index must give, found the slow way.
func bruteVisible(rects []Rect, r Rect) []int {
	var got []int
	for i, b := range rects {
		if b.W >= 0 && b.Intersects(r) {
			got = append(got, i)
		}
	}
	return got
}

// bruteFans returns each node's fan, the bounding box of its links, from the definition.
func bruteFans(l *Layout) []Rect {
	n := len(l.Boxes)
	x0, x1, y0, y1 := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for p := range n {
		x0[p], x1[p] = math.Inf(1), math.Inf(-1)
	}
	for c, p := range l.Parent {
		if p >= 0 {
			from, to, _ := l.Link(c)
			x0[p], x1[p] = min(x0[p], from.X, to.X), max(x1[p], from.X, to.X)
			y0[p], y1[p] = from.Y, to.Y
		}
	}
	fs := make([]Rect, n)
	for p := range n {
		fs[p] = Rect{x0[p], y0[p], x1[p] - x0[p], y1[p] - y0[p]} // a leaf's W is -Inf
	}
	return fs
}

// sameIndexes reports the first difference between got and want, briefly: lists of
// thousands of indexes make unreadable failures.
func sameIndexes(got, want []int) error {
	if slices.Equal(got, want) {
		return nil
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	return fmt.Errorf("got %d indexes, want %d; first difference at position %d: got %v, want %v",
		len(got), len(want), i, got[i:min(i+5, len(got))], want[i:min(i+5, len(want))])
}

// randomQuery returns a viewport-like rectangle around the bounds: tiny to larger than the
// whole drawing, partly or wholly outside it, sometimes a single point, and sometimes with
// an edge exactly on a box's edge, where the closed test matters.
func randomQuery(rng *rand.Rand, l *Layout) Rect {
	b := l.Bounds
	switch rng.IntN(5) {
	case 0: // a point
		return Rect{X: b.W * (1.2*rng.Float64() - 0.1), Y: b.H * (1.2*rng.Float64() - 0.1)}
	case 1: // an edge on a box's right edge or bottom
		box := l.Boxes[rng.IntN(len(l.Boxes))]
		return Rect{box.X + box.W, box.Y + box.H, 50 * rng.Float64(), 50 * rng.Float64()}
	}
	w, h := b.W*rng.Float64()*rng.Float64()*1.5, b.H*rng.Float64()*rng.Float64()*1.5
	return Rect{b.W*(1.4*rng.Float64()-0.2) - w/2, b.H*(1.4*rng.Float64()-0.2) - h/2, w, h}
}

func TestIndex_MatchesBruteForce(t *testing.T) {
	tests := []struct {
		n int
		s shape
	}{
		{1, bushy}, {2, deep}, {10, mixed}, {1000, bushy}, {1000, deep}, {3000, mixed},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s-%d", tt.s, tt.n), func(t *testing.T) {
			for _, seed := range seeds(1, 2) {
				rng := rand.New(rand.NewPCG(seed, 99))
				l, err := Tidy(randomTree(rng, tt.n, tt.s), Options{SiblingGap: 3, LevelGap: 7})
				if err != nil {
					t.Fatal(err)
				}
				ix, fans := NewIndex(l), bruteFans(l)
				for range 300 {
					r := randomQuery(rng, l)
					if err := sameIndexes(ix.Visible(r, nil), bruteVisible(l.Boxes, r)); err != nil {
						t.Fatalf("seed %d: Visible(%v): %v", seed, r, err)
					}
					if err := sameIndexes(ix.VisibleLinks(r, nil), bruteVisible(fans, r)); err != nil {
						t.Fatalf("seed %d: VisibleLinks(%v): %v", seed, r, err)
					}
				}
			}
		})
	}
}

// TestIndex_Degenerate covers drawings a grid handles badly: empty, a zero-size box, a path
// 10^5 long and one box wide, and a star 10^4 wide and two boxes high.
func TestIndex_Degenerate(t *testing.T) {
	star := Tree{Children: [][]int{make([]int, 10000)}, Sizes: make([]Size, 10001)}
	for i := range star.Sizes {
		star.Sizes[i] = Size{37, 11}
		if i > 0 {
			star.Children[0][i-1] = i
		}
	}
	tests := []struct {
		name string
		tree Tree
	}{
		{"empty", Tree{}},
		{"zero box", Tree{Sizes: []Size{{}}}},
		{"path", path(100000)},
		{"star", star},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, err := Tidy(tt.tree, Options{SiblingGap: 2, LevelGap: 3})
			if err != nil {
				t.Fatal(err)
			}
			ix := NewIndex(l)
			if cells := len(ix.boxes.start) - 1; cells > 2*len(l.Boxes)+64 {
				t.Errorf("%d cells for %d boxes", cells, len(l.Boxes))
			}
			rng := rand.New(rand.NewPCG(1, 1))
			fans := bruteFans(l)
			for range 50 {
				r := Rect{-10, -10, 100, 100}
				if len(l.Boxes) > 0 {
					r = randomQuery(rng, l)
				}
				if err := sameIndexes(ix.Visible(r, nil), bruteVisible(l.Boxes, r)); err != nil {
					t.Fatalf("Visible(%v): %v", r, err)
				}
				if err := sameIndexes(ix.VisibleLinks(r, nil), bruteVisible(fans, r)); err != nil {
					t.Fatalf("VisibleLinks(%v): %v", r, err)
				}
			}
		})
	}
}

// TestIndex_Appends checks that a query appends to dst and leaves what was there.
func TestIndex_Appends(t *testing.T) {
	l, err := Tidy(path(10), Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := NewIndex(l).Visible(Rect{0, 0, 37, 11}, []int{-7})
	if want := []int{-7, 0, 1}; !slices.Equal(got, want) { // box 1 touches the root's bottom
		t.Errorf("Visible = %v, want %v", got, want)
	}
}

func ExampleIndex_Visible() {
	// A root with three children; the viewport shows the left half of the children's row.
	tr := Tree{Children: [][]int{{1, 2, 3}}, Sizes: []Size{{40, 20}, {30, 20}, {30, 20}, {30, 20}}}
	l, err := Tidy(tr, Options{SiblingGap: 10, LevelGap: 20})
	if err != nil {
		panic(err)
	}
	ix := NewIndex(l)
	viewport := Rect{X: 0, Y: 30, W: 50, H: 30}
	fmt.Println("nodes:", ix.Visible(viewport, nil))
	fmt.Println("links from:", ix.VisibleLinks(viewport, nil))
	// Output:
	// nodes: [1 2]
	// links from: [0]
}
