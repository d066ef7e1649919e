package export

import (
	"fmt"

	"grundy/engine"
	"grundy/viz/draw"
	"grundy/viz/layout"
)

// Spacing of the drawing, in points at natural size.
const (
	siblingGap = 6.0  // between boxes side by side
	levelGap   = 12.0 // between a parent's box and its children's
	margin     = 2.0  // around the drawing, so that strokes are not cut
	maxNodes   = 20000
	// maxDrawn is the most nodes of a Sprouts tree drawn as spots and curves: a drawing
	// takes up to about 0.1 s a node, and a larger export shows the strings.
	maxDrawn = 300
)

// A drawing is a whole tree as one picture, in points at natural size: the edges, then the
// nodes. Nodes says which items draw which node, so that the SVG and TikZ writers can group
// and name them.
type drawing struct {
	pic    draw.Picture
	nodes  []nodeItems
	levels int // the depth of the deepest node drawn below the root
}

// nodeItems are the items pic.Items[first:end] that draw one node of the tree.
type nodeItems struct {
	id         int // the node's id in the tree
	first, end int
}

// scene lays out the part of t that c selects and returns its drawing.
func scene(t *engine.Tree, c config, m draw.Measurer) (drawing, error) {
	root, err := rootOf(t, c)
	if err != nil {
		return drawing{}, err
	}
	dist := distances(t, root)
	expanded := func(id int) bool {
		return (c.depth < 0 || dist[id] < c.depth) && (c.shown == nil || c.shown(id))
	}
	children := func(id int) []int { return t.Nodes[id].Children }
	p := layout.Prune(root, children, expanded, func(int) layout.Size { return layout.Size{} })
	if len(p.IDs) > maxNodes {
		return drawing{}, fmt.Errorf("export: %d nodes to draw, more than %d: cut the tree with a depth", len(p.IDs), maxNodes)
	}
	pics := make([]draw.Picture, len(p.IDs))
	var sp *draw.SproutsTree
	if len(p.IDs) <= maxDrawn && !c.text {
		sp = draw.SproutsOf(t)
	}
	for k, id := range p.IDs {
		cp := couple(t, id, !expanded(id), p.Ref[k] >= 0)
		if sp != nil {
			sp.Fill(&cp, id, true)
		}
		pics[k] = draw.Node(cp, m)
		p.Sizes[k] = layout.Size{W: pics[k].W, H: pics[k].H}
	}
	lay, err := layout.Tidy(p.Tree, layout.Options{SiblingGap: siblingGap, LevelGap: levelGap, Layered: true})
	if err != nil {
		return drawing{}, fmt.Errorf("export: %w", err)
	}
	d := compose(lay, pics, p.IDs)
	switch {
	case len(t.Forms) > 0:
		d = captioned(d, FormsCaption, m)
	case t.Convention == engine.Misere:
		d = captioned(d, MisereCaption, m)
	}
	return d, nil
}

// MisereCaption heads the drawing of a misère tree: its labels read as normal play would
// contradict the nimbers a reader knows ("3x4 = 0" of a position of nimber 1).
const MisereCaption = "Misère play: = 0 the player to move loses, ≠ 0 wins"

// FormsCaption heads the drawing of a misère tree by forms.
const FormsCaption = MisereCaption + "; + Fk: beside form k of the file's table"

// captionSize is the font size of a caption, in points at natural size.
const captionSize = 7.0

// captioned puts a line of text over d, centred, the drawing below it.
func captioned(d drawing, text string, m draw.Measurer) drawing {
	h := captionSize * 1.8
	w := m.Measure(text, draw.Serif, captionSize) + 2*margin
	pic := draw.Picture{W: max(d.pic.W, w), H: d.pic.H + h}
	pic.Items = append(pic.Items, draw.Item{Op: draw.OpText, Min: draw.Point{X: 0, Y: margin}, Max: draw.Point{X: pic.W, Y: h},
		Style: draw.Style{Fill: draw.Ink}, Text: text, Size: captionSize, Font: draw.Serif})
	pic.Add(d.pic, (pic.W-d.pic.W)/2, h)
	for i := range d.nodes { // the caption comes first, with the edges
		d.nodes[i].first++
		d.nodes[i].end++
	}
	d.pic = pic
	return d
}

// rootOf returns the index of the node to draw from, checking the tree's shape on the way:
// ReadTree checks files, but a tree built in memory may still be broken, and a drawing must
// not panic on it.
func rootOf(t *engine.Tree, c config) (int, error) {
	if t == nil || len(t.Nodes) == 0 {
		return 0, fmt.Errorf("export: empty tree")
	}
	for i, n := range t.Nodes {
		for _, k := range n.Children {
			if k < 0 || k >= len(t.Nodes) {
				return 0, fmt.Errorf("export: node %d has child %d, out of range", i, k)
			}
		}
	}
	root := t.Root
	if c.root >= 0 {
		root = c.root
	}
	if root < 0 || root >= len(t.Nodes) {
		return 0, fmt.Errorf("export: no node with id %d", root)
	}
	return root, nil
}

// distances returns each node's least depth below root, breadth first, or -1 when it cannot
// be reached. Prune keeps a node where it first meets it breadth first, at that depth.
func distances(t *engine.Tree, root int) []int {
	dist := make([]int, len(t.Nodes))
	for i := range dist {
		dist[i] = -1
	}
	dist[root] = 0
	queue := []int{root}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		for _, k := range t.Nodes[id].Children {
			if dist[k] < 0 {
				dist[k] = dist[id] + 1
				queue = append(queue, k)
			}
		}
	}
	return dist
}

// couple describes node id for draw.Node. cut says its children are not drawn because of the
// depth, repeat that it is a transposition drawn in full elsewhere; either is marked only
// when the node has children.
func couple(t *engine.Tree, id int, cut, repeat bool) draw.Couple {
	n := &t.Nodes[id]
	c := draw.Couple{
		Game: t.Game, Position: n.Position, N: n.N, Losing: n.Losing(),
		Sum:    n.Kind == engine.KindSum,
		Repeat: repeat && len(n.Children) > 0,
		Cut:    cut && !repeat && len(n.Children) > 0,
	}
	if len(t.Forms) > 0 { // n is the index of a form, and the label says the outcome
		c.Form, c.N = n.N, 0
	}
	if c.Sum {
		for _, k := range n.Children {
			ch := &t.Nodes[k]
			c.Parts = append(c.Parts, draw.Fact{Position: ch.Position, N: ch.N, Losing: ch.Losing()})
		}
	}
	return c
}

// compose puts the laid-out nodes and their edges into one picture, with a margin; ids are
// the nodes' ids in the tree.
func compose(lay *layout.Layout, pics []draw.Picture, ids []int) drawing {
	all := draw.Picture{W: lay.Bounds.W + 2*margin, H: lay.Bounds.H + 2*margin}
	nodes := make([]nodeItems, len(pics))
	level, levels := make([]int, len(pics)), 0
	for k, p := range lay.Parent { // breadth-first: a parent comes before its children
		if p >= 0 {
			level[k] = level[p] + 1
			levels = max(levels, level[k])
		}
	}
	for k := range pics {
		from, to, ok := lay.Link(k)
		if !ok {
			continue
		}
		all.Items = append(all.Items, draw.Item{Op: draw.OpLine,
			Min: draw.Point{X: from.X + margin, Y: from.Y + margin},
			Max: draw.Point{X: to.X + margin, Y: to.Y + margin}, Style: draw.EdgeStyle})
	}
	for k, pic := range pics {
		b := lay.Boxes[k]
		first := len(all.Items)
		all.Add(pic, b.X+margin, b.Y+margin)
		nodes[k] = nodeItems{id: ids[k], first: first, end: len(all.Items)}
	}
	return drawing{pic: all, nodes: nodes, levels: levels}
}
