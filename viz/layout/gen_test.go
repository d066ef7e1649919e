package layout

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// shape is a family of random trees.
type shape int

const (
	bushy shape = iota // about 8 children per inner node, depth ~ log₈ n
	deep               // long paths with short side branches, depth ~ n/2
	mixed              // half chain links, half random attachments
)

func (s shape) String() string {
	return [...]string{"bushy", "deep", "mixed"}[s]
}

// parents returns random parent pointers of shape s: node i > 0 hangs below parents[i] < i.
func parents(rng *rand.Rand, n int, s shape) []int {
	ps := make([]int, n)
	ps[0] = -1
	for i := 1; i < n; i++ {
		switch s {
		case bushy:
			ps[i] = rng.IntN((i + 7) / 8)
		case deep:
			ps[i] = i - 1 - rng.IntN(min(i, 3))
		case mixed:
			ps[i] = i - 1
			if rng.IntN(2) == 0 {
				ps[i] = rng.IntN(i)
			}
		}
	}
	return ps
}

// randomTree returns a random tree of n nodes of shape s with random, non-square boxes. The
// nodes are relabelled at random (the root stays 0) and each children list shuffled, so
// that nothing may rely on parents having smaller indexes than their children.
func randomTree(rng *rand.Rand, n int, s shape) Tree {
	ps := parents(rng, n, s)
	label := append([]int{0}, shuffled(rng, n-1, 1)...)
	t := Tree{Children: make([][]int, n), Sizes: make([]Size, n)}
	for i := 1; i < n; i++ {
		p := label[ps[i]]
		t.Children[p] = append(t.Children[p], label[i])
	}
	for i := range n {
		rng.Shuffle(len(t.Children[i]), func(a, b int) {
			t.Children[i][a], t.Children[i][b] = t.Children[i][b], t.Children[i][a]
		})
		t.Sizes[i] = randomSize(rng)
	}
	return t
}

// shuffled returns from, from+1, …, from+n-1 in random order.
func shuffled(rng *rand.Rand, n, from int) []int {
	xs := make([]int, n)
	for i := range xs {
		xs[i] = from + i
	}
	rng.Shuffle(n, func(a, b int) { xs[a], xs[b] = xs[b], xs[a] })
	return xs
}

// randomSize returns a box like a small game picture: width and height drawn apart, and
// now and then a very wide one, as a long sum of components would give.
func randomSize(rng *rand.Rand) Size {
	s := Size{W: 4 + 56*rng.Float64(), H: 3 + 37*rng.Float64()}
	if rng.IntN(50) == 0 {
		s.W *= 5
	}
	return s
}

// fewSizes gives every box of t one of three sizes, as a tree of positions of one board
// size gives: equal heights make many ties between contour bottoms, which random sizes
// almost never do.
func fewSizes(rng *rand.Rand, t Tree) {
	sizes := []Size{{37, 11}, {11, 37}, {20, 20}}
	for i := range t.Sizes {
		t.Sizes[i] = sizes[rng.IntN(len(sizes))]
	}
}

// mirror returns t with every children list reversed.
func mirror(t Tree) Tree {
	m := Tree{Children: make([][]int, len(t.Children)), Sizes: t.Sizes}
	for i, cs := range t.Children {
		m.Children[i] = slices.Clone(cs)
		slices.Reverse(m.Children[i])
	}
	return m
}

// path returns a path of n nodes, 0 → 1 → … → n-1, with boxes of two alternating sizes.
func path(n int) Tree {
	t := Tree{Children: make([][]int, n), Sizes: make([]Size, n)}
	for i := range n {
		if i+1 < n {
			t.Children[i] = []int{i + 1}
		}
		t.Sizes[i] = Size{37, 11}
		if i%2 == 1 {
			t.Sizes[i] = Size{5, 23}
		}
	}
	return t
}

// graft returns host with k copies of tmpl hung below random host nodes, at random places
// among their children, and the index of each copy's root; a copy's node j is numbered
// root+j.
func graft(rng *rand.Rand, host, tmpl Tree, k int) (Tree, []int) {
	t := Tree{Children: make([][]int, len(host.Sizes)), Sizes: slices.Clone(host.Sizes)}
	for i, cs := range host.Children {
		t.Children[i] = slices.Clone(cs)
	}
	var roots []int
	for range k {
		root := len(t.Sizes)
		roots = append(roots, root)
		t.Sizes = append(t.Sizes, tmpl.Sizes...)
		for j := range tmpl.Sizes {
			var cs []int
			if j < len(tmpl.Children) {
				for _, c := range tmpl.Children[j] {
					cs = append(cs, root+c)
				}
			}
			t.Children = append(t.Children, cs)
		}
		at := rng.IntN(len(host.Sizes)) // a host node: a copy must stay a copy
		pos := rng.IntN(len(t.Children[at]) + 1)
		t.Children[at] = slices.Insert(t.Children[at], pos, root)
	}
	return t, roots
}

// describe names a generated case for failure messages, seed first so that it can be rerun.
func describe(seed uint64, n int, s shape, opt Options) string {
	return fmt.Sprintf("seed %d, %s, %d nodes, gaps %g/%g, layered %v",
		seed, s, n, opt.SiblingGap, opt.LevelGap, opt.Layered)
}
