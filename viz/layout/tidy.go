package layout

import (
	"fmt"
	"math"
)

// Options tunes Tidy. The zero value packs boxes edge to edge.
type Options struct {
	// SiblingGap is the least horizontal space between two boxes that are side by side,
	// whether siblings or cousins.
	SiblingGap float64
	// LevelGap is the vertical space between the bottom of a parent's box and the tops of
	// its children's boxes.
	LevelGap float64
	// Layered puts all the nodes of one depth on one row, as tall as the row's tallest box,
	// with each box at the top of its row: the classic layered drawing, at the price of
	// height when box heights vary. By default each child hangs LevelGap below its own parent.
	Layered bool
}

// check reports a gap that is negative, infinite or NaN.
func (o Options) check() error {
	if !nonNegative(o.SiblingGap) || !nonNegative(o.LevelGap) {
		return fmt.Errorf("layout: invalid gaps %g (sibling), %g (level)", o.SiblingGap, o.LevelGap)
	}
	return nil
}

// A Layout is where Tidy put each node, by the node's index in the Tree.
type Layout struct {
	// Boxes[i] is node i's box. The drawing is translated so that its bounding box starts
	// at (0, 0): the root's top is at Y = 0 and the leftmost box touches X = 0.
	Boxes []Rect
	// Parent[i] is node i's parent, or -1 for the root.
	Parent []int
	// Bounds is the bounding box of all the boxes; Bounds.X and Bounds.Y are 0.
	Bounds Rect
}

// Link returns the segment from the bottom centre of node i's parent to the top centre of
// node i, where the tree's edge is drawn; ok is false for the root.
func (l *Layout) Link(i int) (from, to Point, ok bool) {
	p := l.Parent[i]
	if p < 0 {
		return Point{}, Point{}, false
	}
	pb, cb := l.Boxes[p], l.Boxes[i]
	return Point{pb.X + pb.W/2, pb.Y + pb.H}, Point{cb.X + cb.W/2, cb.Y}, true
}

// Tidy lays out t with van der Ploeg's non-layered tidy tree algorithm (see the package
// documentation) in time and memory linear in the number of nodes. It fails if t is not a
// tree spanning all of its nodes, or if a size or gap is negative or not finite.
func Tidy(t Tree, opt Options) (*Layout, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	ns, err := order(t)
	if err != nil {
		return nil, err
	}
	if len(ns) == 0 {
		return &Layout{}, nil
	}
	lt := tidier{nodes: ns}
	lt.pad(t.Sizes, opt)
	lt.firstWalks()
	lt.secondWalk()
	return lt.result(t.Sizes, opt.SiblingGap), nil
}

// pad gives every node its padded box and its y. The algorithm packs boxes edge to edge;
// widening each by SiblingGap (half on either side) and lengthening it by LevelGap below
// turns that packing into the wanted gaps, and centres are unchanged, so the parent stays
// centred over its children.
func (lt *tidier) pad(sizes []Size, opt Options) {
	rows := lt.rowHeights(sizes, opt.Layered)
	for k := range lt.nodes {
		nd := &lt.nodes[k]
		s := sizes[nd.orig]
		nd.w = s.W + opt.SiblingGap
		nd.h = s.H + opt.LevelGap
		if rows != nil {
			nd.h = rows[k] + opt.LevelGap
		}
		if nd.parent >= 0 {
			p := &lt.nodes[nd.parent]
			nd.y = p.y + p.h
		}
	}
}

// rowHeights returns, in Layered mode, the height of each node's row (the tallest box of its
// depth), indexed like lt.nodes; otherwise nil.
func (lt *tidier) rowHeights(sizes []Size, layered bool) []float64 {
	if !layered {
		return nil
	}
	depth := make([]int, len(lt.nodes))
	var tallest []float64
	for k, nd := range lt.nodes {
		if nd.parent >= 0 {
			depth[k] = depth[nd.parent] + 1
		}
		if depth[k] == len(tallest) {
			tallest = append(tallest, 0)
		}
		tallest[depth[k]] = max(tallest[depth[k]], sizes[nd.orig].H)
	}
	rows := make([]float64, len(lt.nodes))
	for k, d := range depth {
		rows[k] = tallest[d]
	}
	return rows
}

// result converts the padded boxes back to the caller's boxes, by the caller's indexes, and
// moves the drawing so that its bounding box starts at the origin.
func (lt *tidier) result(sizes []Size, gap float64) *Layout {
	n := len(lt.nodes)
	l := &Layout{Boxes: make([]Rect, n), Parent: make([]int, n)}
	minX, maxX, maxY := math.Inf(1), math.Inf(-1), 0.0
	for _, nd := range lt.nodes {
		s := sizes[nd.orig]
		x := nd.x + gap/2
		minX, maxX, maxY = min(minX, x), max(maxX, x+s.W), max(maxY, nd.y+s.H)
		l.Boxes[nd.orig] = Rect{x, nd.y, s.W, s.H}
		l.Parent[nd.orig] = -1
		if nd.parent >= 0 {
			l.Parent[nd.orig] = lt.nodes[nd.parent].orig
		}
	}
	for i := range l.Boxes {
		l.Boxes[i].X -= minX
	}
	l.Bounds = Rect{0, 0, maxX - minX, maxY}
	return l
}
