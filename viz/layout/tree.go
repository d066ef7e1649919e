package layout

import (
	"fmt"
	"math"
)

// A Tree is a rooted ordered tree given by node index; node 0 is the root. It holds only the
// nodes to draw: the caller leaves out the subtrees of collapsed nodes (see Prune).
type Tree struct {
	// Children[i] lists node i's children from left to right. It may be shorter than Sizes:
	// the nodes past its end are leaves.
	Children [][]int
	// Sizes[i] is the size of node i's box; len(Sizes) is the number of nodes.
	Sizes []Size
}

// node is the working record of one node during Tidy. Nodes are stored in breadth-first
// order, so a node's children are contiguous (first .. first+count-1) and every node comes
// after its parent: the two walks are plain loops over the slice, with no recursion to
// overflow on a deep tree.
type node struct {
	orig                 int // the caller's index of this node
	parent, first, count int // breadth-first indexes; parent is -1 for the root

	w, h, y float64 // the padded box: its width and height include the gaps (see Tidy)

	// The fields of van der Ploeg's algorithm, positions relative to the parent's
	// frame until the second walk makes them absolute in x.
	prelim, mod   float64 // preliminary x, and the shift applied to the whole subtree
	shift, change float64 // pending spacing of smaller subtrees between two siblings
	tl, tr        int     // threads: the next node on the left or right contour, or -1
	el, er        int     // the lowest node of the left and right contours
	msel, mser    float64 // sum of the modifiers from this node down to el and er
	x             float64 // final x of the padded box
}

// order checks t and returns its nodes in breadth-first order, with their parent and child
// ranges filled in (none for an empty tree). It fails if t is not a tree spanning all of its
// nodes.
func order(t Tree) ([]node, error) {
	n := len(t.Sizes)
	if len(t.Children) > n {
		return nil, fmt.Errorf("layout: %d children lists for %d nodes", len(t.Children), n)
	}
	if err := checkSizes(t.Sizes); err != nil || n == 0 {
		return nil, err
	}
	ns := make([]node, n)
	seen := make([]bool, n)
	ns[0] = node{orig: 0, parent: -1}
	seen[0] = true
	next := 1
	for k := 0; k < next; k++ {
		v := ns[k].orig
		ns[k].first = next
		if v < len(t.Children) {
			for _, c := range t.Children[v] {
				if c < 0 || c >= n {
					return nil, fmt.Errorf("layout: node %d has child %d, out of range [0, %d)", v, c, n)
				}
				if seen[c] {
					return nil, fmt.Errorf("layout: node %d is listed twice, again as a child of %d", c, v)
				}
				seen[c] = true
				ns[next] = node{orig: c, parent: k}
				next++
			}
		}
		ns[k].count = next - ns[k].first
	}
	if next < n {
		for i, ok := range seen {
			if !ok {
				return nil, fmt.Errorf("layout: node %d is not reachable from the root", i)
			}
		}
	}
	return ns, nil
}

// checkSizes reports the first box whose size is negative, infinite or NaN.
func checkSizes(sizes []Size) error {
	for i, s := range sizes {
		if !nonNegative(s.W) || !nonNegative(s.H) {
			return fmt.Errorf("layout: node %d has invalid size %gx%g", i, s.W, s.H)
		}
	}
	return nil
}

// nonNegative reports whether f is a finite number ≥ 0 (NaN fails every comparison).
func nonNegative(f float64) bool {
	return f >= 0 && !math.IsInf(f, 1)
}
