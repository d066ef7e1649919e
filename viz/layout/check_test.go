package layout

import (
	"fmt"
	"math"
)

// This file holds the properties a layout must have, each as a function returning the first
// violation found; property_test.go runs them on random trees.

// checker is one property of a layout of t with options opt.
type checker func(t Tree, opt Options, l *Layout) error

// checkers are all the properties of a single layout.
var checkers = []struct {
	name  string
	check checker
}{
	{"shape", checkShape},
	{"bounds", checkBounds},
	{"below", checkBelow},
	{"centred", checkCentred},
	{"order", checkOrder},
	{"overlap", checkNoOverlap},
}

// checkAll runs every checker and returns the first failure.
func checkAll(t Tree, opt Options, l *Layout) error {
	for _, c := range checkers {
		if err := c.check(t, opt, l); err != nil {
			return fmt.Errorf("%s: %w", c.name, err)
		}
	}
	return nil
}

// tol is the rounding allowance for comparing coordinates of l: relative to its extent,
// since the algorithm sums many offsets.
func tol(l *Layout) float64 {
	return 1e-9 * (l.Bounds.W + l.Bounds.H + 1)
}

// checkShape checks that l has one box per node, of the node's size, and t's parents.
func checkShape(t Tree, _ Options, l *Layout) error {
	if len(l.Boxes) != len(t.Sizes) || len(l.Parent) != len(t.Sizes) {
		return fmt.Errorf("%d boxes and %d parents for %d nodes", len(l.Boxes), len(l.Parent), len(t.Sizes))
	}
	for i, b := range l.Boxes {
		if (Size{b.W, b.H}) != t.Sizes[i] {
			return fmt.Errorf("box %d is %gx%g, want %gx%g", i, b.W, b.H, t.Sizes[i].W, t.Sizes[i].H)
		}
	}
	if l.Parent[0] != -1 {
		return fmt.Errorf("root has parent %d", l.Parent[0])
	}
	for p, cs := range t.Children {
		for _, c := range cs {
			if l.Parent[c] != p {
				return fmt.Errorf("Parent[%d] = %d, want %d", c, l.Parent[c], p)
			}
		}
	}
	return nil
}

// checkBounds checks that Bounds encloses the boxes tightly and starts at the origin.
func checkBounds(_ Tree, _ Options, l *Layout) error {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, b := range l.Boxes {
		minX, minY = min(minX, b.X), min(minY, b.Y)
		maxX, maxY = max(maxX, b.X+b.W), max(maxY, b.Y+b.H)
	}
	want := Rect{0, 0, maxX, maxY}
	e := tol(l)
	if math.Abs(minX) > e || math.Abs(minY) > e || !near(l.Bounds, want, e) {
		return fmt.Errorf("Bounds = %v, boxes span (%g, %g)-(%g, %g)", l.Bounds, minX, minY, maxX, maxY)
	}
	return nil
}

// near reports whether r and s differ by at most e in every coordinate.
func near(r, s Rect, e float64) bool {
	return math.Abs(r.X-s.X) <= e && math.Abs(r.Y-s.Y) <= e &&
		math.Abs(r.W-s.W) <= e && math.Abs(r.H-s.H) <= e
}

// checkBelow checks that each child's top is LevelGap below its parent's bottom: exactly in
// the non-layered drawing, at least in the layered one, where each depth shares one top.
func checkBelow(t Tree, opt Options, l *Layout) error {
	e := tol(l)
	for c, p := range l.Parent {
		if p < 0 {
			continue
		}
		cb, pb := l.Boxes[c], l.Boxes[p]
		want := pb.Y + pb.H + opt.LevelGap
		if cb.Y < want-e || !opt.Layered && cb.Y > want+e {
			return fmt.Errorf("node %d has top %g, below parent %d at %g", c, cb.Y, p, want)
		}
	}
	if opt.Layered {
		return checkRows(t, l, e)
	}
	return nil
}

// checkRows checks that all the nodes of one depth have the same top.
func checkRows(t Tree, l *Layout, e float64) error {
	depth := make([]int, len(t.Sizes))
	rowTop := []float64{0}
	queue := []int{0}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if math.Abs(rowTop[depth[p]]-l.Boxes[p].Y) > e {
			return fmt.Errorf("node %d at depth %d has top %g, row top %g", p, depth[p], l.Boxes[p].Y, rowTop[depth[p]])
		}
		if p >= len(t.Children) {
			continue
		}
		for _, c := range t.Children[p] {
			depth[c] = depth[p] + 1
			if depth[c] == len(rowTop) {
				rowTop = append(rowTop, l.Boxes[c].Y)
			}
			queue = append(queue, c)
		}
	}
	return nil
}

// checkCentred checks that each parent's centre is midway between the centres of its first
// and last child.
func checkCentred(t Tree, _ Options, l *Layout) error {
	e := tol(l)
	for p, cs := range t.Children {
		if len(cs) == 0 {
			continue
		}
		first, last := l.Boxes[cs[0]].Center().X, l.Boxes[cs[len(cs)-1]].Center().X
		if got, want := l.Boxes[p].Center().X, (first+last)/2; math.Abs(got-want) > e {
			return fmt.Errorf("node %d has centre %g, want %g", p, got, want)
		}
	}
	return nil
}

// checkOrder checks that siblings stand left to right in their order, SiblingGap apart.
func checkOrder(t Tree, opt Options, l *Layout) error {
	e := tol(l)
	for p, cs := range t.Children {
		for k := 1; k < len(cs); k++ {
			a, b := l.Boxes[cs[k-1]], l.Boxes[cs[k]]
			if b.X < a.X+a.W+opt.SiblingGap-e || math.Abs(a.Y-b.Y) > e {
				return fmt.Errorf("children %d and %d of %d are out of order: %v, %v", cs[k-1], cs[k], p, a, b)
			}
		}
	}
	return nil
}

// checkNoOverlap checks every pair of boxes: they must be SiblingGap apart side by side or
// LevelGap apart one above the other. It grows each box by half the gaps, so boxes that are
// too close overlap, and looks for overlaps within the cells of a grid, which is linear.
func checkNoOverlap(_ Tree, opt Options, l *Layout) error {
	g, v, e := opt.SiblingGap, opt.LevelGap, tol(l)
	var sw, sh float64
	for _, b := range l.Boxes {
		sw, sh = sw+b.W+g, sh+b.H+v
	}
	cw, ch := 2*sw/float64(len(l.Boxes)), 2*sh/float64(len(l.Boxes))
	cw, ch = max(cw, 1), max(ch, 1) // boxes and gaps of no width would make cells of none
	cells := map[[2]int][]int{}
	for i, b := range l.Boxes {
		x0, x1 := int((b.X-g/2)/cw), int((b.X+b.W+g/2)/cw)
		y0, y1 := int((b.Y-v/2)/ch), int((b.Y+b.H+v/2)/ch)
		for x := x0; x <= x1; x++ {
			for y := y0; y <= y1; y++ {
				cells[[2]int{x, y}] = append(cells[[2]int{x, y}], i)
			}
		}
	}
	for _, ids := range cells {
		for a := range ids {
			for _, j := range ids[a+1:] {
				if clash(l.Boxes[ids[a]], l.Boxes[j], g, v, e) {
					return fmt.Errorf("boxes %d %v and %d %v are too close", ids[a], l.Boxes[ids[a]], j, l.Boxes[j])
				}
			}
		}
	}
	return nil
}

// clash reports whether a and b are closer than g horizontally and v vertically at once.
func clash(a, b Rect, g, v, e float64) bool {
	sepX := max(b.X-(a.X+a.W), a.X-(b.X+b.W))
	sepY := max(b.Y-(a.Y+a.H), a.Y-(b.Y+b.H))
	return sepX < g-e && sepY < v-e
}

// checkMirror checks that m, the layout of the mirrored tree, is l reflected left to right.
// Both start at X = 0, so the reflection is x ↦ Bounds.W − x.
func checkMirror(l, m *Layout) error {
	e := tol(l)
	for i, b := range l.Boxes {
		want := Rect{l.Bounds.W - b.X - b.W, b.Y, b.W, b.H}
		if !near(m.Boxes[i], want, e) {
			return fmt.Errorf("mirrored box %d is %v, want %v", i, m.Boxes[i], want)
		}
	}
	return nil
}

// checkCopies checks that the copies of an m-node subtree rooted at roots are drawn alike:
// each node sits at the same offset from its copy's root in every copy. In a layered
// drawing a copy's row heights depend on its depth, so only the horizontal offsets agree.
func checkCopies(l *Layout, roots []int, m int, layered bool) error {
	e := tol(l)
	r0 := l.Boxes[roots[0]]
	for _, r := range roots[1:] {
		rb := l.Boxes[r]
		for j := range m {
			a, b := l.Boxes[roots[0]+j], l.Boxes[r+j]
			dx0, dy0, dx, dy := a.X-r0.X, a.Y-r0.Y, b.X-rb.X, b.Y-rb.Y
			if math.Abs(dx-dx0) > e || !layered && math.Abs(dy-dy0) > e {
				return fmt.Errorf("node %d of the copy at %d is at offset (%g, %g), want (%g, %g)",
					j, r, dx, dy, dx0, dy0)
			}
		}
	}
	return nil
}

// checkCompact checks that the drawing is as narrow as the rules allow: below each node with
// two or more children, the last child's subtree comes within exactly SiblingGap of the
// subtrees of its left siblings, at some height where boxes of both are side by side. (The
// middle children may stand further apart: the space is spread among them.) It compares
// every pair of boxes across the two sides, so it suits trees of a few thousand nodes.
func checkCompact(t Tree, opt Options, l *Layout) error {
	pre, pos, end := preorder(t)
	e := tol(l)
	for p, cs := range t.Children {
		if len(cs) < 2 {
			continue
		}
		last := cs[len(cs)-1]
		// In preorder the left siblings' subtrees come just before the last child's.
		left, right := pre[pos[cs[0]]:pos[last]], pre[pos[last]:end[last]]
		if d := closest(l, opt.LevelGap, e, left, right); math.Abs(d-opt.SiblingGap) > e {
			return fmt.Errorf("the last child %d of node %d is %g from its left siblings, want %g",
				last, p, d, opt.SiblingGap)
		}
	}
	return nil
}

// preorder returns t's nodes in preorder, and for each node v the span pre[pos[v]:end[v]]
// of its subtree.
func preorder(t Tree) (pre, pos, end []int) {
	n := len(t.Sizes)
	pos, end = make([]int, n), make([]int, n)
	stack := []int{0}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pos[v] = len(pre)
		pre = append(pre, v)
		if v < len(t.Children) {
			for k := len(t.Children[v]) - 1; k >= 0; k-- {
				stack = append(stack, t.Children[v][k])
			}
		}
	}
	for k := n - 1; k >= 0; k-- { // a subtree ends where its last child's ends
		v := pre[k]
		end[v] = k + 1
		if v < len(t.Children) && len(t.Children[v]) > 0 {
			end[v] = end[t.Children[v][len(t.Children[v])-1]]
		}
	}
	return pre, pos, end
}

// closest returns the least horizontal space from a box of left to a box of right to its
// right, among pairs side by side: boxes whose vertical extents, each lengthened by the
// level gap v below, overlap by more than the rounding allowance e.
func closest(l *Layout, v, e float64, left, right []int) float64 {
	d := math.Inf(1)
	for _, u := range left {
		a := l.Boxes[u]
		for _, w := range right {
			if b := l.Boxes[w]; a.Y < b.Y+b.H+v-e && b.Y < a.Y+a.H+v-e {
				d = min(d, b.X-(a.X+a.W))
			}
		}
	}
	return d
}
