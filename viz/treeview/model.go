package treeview

import (
	"grundy/engine"
	"grundy/viz/draw"
	"grundy/viz/layout"
)

// Spacing of the drawing, in points at natural size, as viz/export draws it.
const (
	siblingGap = 6.0
	levelGap   = 12.0
)

// StartNodes is how many nodes a tree shows when it is opened: it starts collapsed to the
// deepest level at which no more than this many are on show.
const StartNodes = 60

// A model is the pure state of a tree view: which nodes are expanded, the part of the tree
// on show, its layout and the pictures of its nodes. It imports no fyne, so that its rules
// are tested with plain numbers.
type model struct {
	tree     *engine.Tree
	expanded []bool // by node id
	depth    int    // levels below the root on show after the last expandTo
	measure  draw.Measurer

	pics   map[picKey]draw.Picture // drawn nodes, kept across layouts
	pruned layout.Pruned           // the nodes on show
	shown  []draw.Picture          // their pictures, by pruned index
	lay    *layout.Layout
	index  *layout.Index
	at     map[int]int // node id → pruned index of its full occurrence
	parent []int       // pruned index → its parent's, -1 for the root

	sprouts *draw.SproutsTree // the drawings of a Sprouts tree's nodes, nil for other games
	wanted  []int             // nodes on show whose drawings are not made yet
}

// maxDrawn is the most nodes on show for which Sprouts drawings are made: past it, the nodes
// not drawn yet show their strings (a drawing takes up to about 0.1 s).
const maxDrawn = 1000

// picKey names a node's picture: its id, whether it is drawn cut or as a repeat, and
// whether its Sprouts drawings are all there.
type picKey struct {
	id          int
	cut, repeat bool
	partial     bool
}

// newModel returns the model of t, collapsed to the depth that shows about StartNodes nodes.
func newModel(t *engine.Tree, m draw.Measurer) *model {
	md := &model{tree: t, measure: m, pics: map[picKey]draw.Picture{}, sprouts: draw.SproutsOf(t)}
	md.expanded = make([]bool, len(t.Nodes))
	md.expandTo(startDepth(t, StartNodes))
	return md
}

// children returns node id's children.
func (md *model) children(id int) []int { return md.tree.Nodes[id].Children }

// distances returns each node's least depth below the root, breadth first, or -1.
func distances(t *engine.Tree) []int {
	dist := make([]int, len(t.Nodes))
	for i := range dist {
		dist[i] = -1
	}
	dist[t.Root] = 0
	queue := []int{t.Root}
	for k := 0; k < len(queue); k++ {
		id := queue[k]
		for _, c := range t.Nodes[id].Children {
			if dist[c] < 0 {
				dist[c] = dist[id] + 1
				queue = append(queue, c)
			}
		}
	}
	return dist
}

// startDepth returns the deepest d ≥ 1 at which expanding every node above depth d shows at
// most budget nodes (or 1 when even one level shows more). Prune expands a node only at
// its first occurrence, so the count is one plus the children of the nodes above d.
func startDepth(t *engine.Tree, budget int) int {
	dist := distances(t)
	maxd := 0
	for _, d := range dist {
		maxd = max(maxd, d)
	}
	perLevel := make([]int, maxd+1) // children of the nodes at each depth
	for id, d := range dist {
		if d >= 0 {
			perLevel[d] += len(t.Nodes[id].Children)
		}
	}
	shown, depth := 1, 0
	for d := 0; d <= maxd; d++ {
		if shown+perLevel[d] > budget && depth >= 1 {
			break
		}
		shown += perLevel[d]
		depth = d + 1
	}
	return max(depth, 1)
}

// expandTo expands exactly the nodes above depth d.
func (md *model) expandTo(d int) {
	md.depth = d
	dist := distances(md.tree)
	for id := range md.expanded {
		md.expanded[id] = dist[id] >= 0 && dist[id] < d
	}
	md.relayout()
}

// toggle expands or collapses node id; it reports whether the node has children.
func (md *model) toggle(id int) bool {
	if len(md.children(id)) == 0 {
		return false
	}
	md.expanded[id] = !md.expanded[id]
	md.relayout()
	return true
}

// expandSubtree expands node id and everything under it, down to levels more levels (all
// when levels < 0).
func (md *model) expandSubtree(id, levels int) {
	queue, depth := []int{id}, map[int]int{id: 0}
	for k := 0; k < len(queue); k++ {
		v := queue[k]
		if levels >= 0 && depth[v] >= levels {
			continue
		}
		md.expanded[v] = true
		for _, c := range md.children(v) {
			if _, seen := depth[c]; !seen {
				depth[c] = depth[v] + 1
				queue = append(queue, c)
			}
		}
	}
	md.relayout()
}

// relayout prunes the tree to what is expanded, draws the nodes on show and lays them out.
// It keeps only the pictures of the nodes on show: after a collapse, the memory of the
// nodes hidden is returned (a tree of 10^5 nodes expanded holds hundreds of megabytes).
func (md *model) relayout() {
	t := md.tree
	expanded := func(id int) bool { return md.expanded[id] }
	md.pruned = layout.Prune(t.Root, md.children, expanded, func(int) layout.Size { return layout.Size{} })
	old := md.pics
	md.pics = make(map[picKey]draw.Picture, len(md.pruned.IDs))
	md.shown = make([]draw.Picture, 0, len(md.pruned.IDs))
	md.at = make(map[int]int, len(md.pruned.IDs))
	md.parent = make([]int, len(md.pruned.IDs))
	md.parent[0] = -1
	md.wanted = md.wanted[:0]
	for k, kids := range md.pruned.Children {
		for _, c := range kids {
			md.parent[c] = k
		}
	}
	for k, id := range md.pruned.IDs {
		repeat := md.pruned.Ref[k] >= 0
		pic := md.picture(old, id, !md.expanded[id] && !repeat, repeat)
		md.shown = append(md.shown, pic)
		md.pruned.Sizes[k] = layout.Size{W: pic.W, H: pic.H}
		if !repeat {
			md.at[id] = k
		}
	}
	lay, err := layout.Tidy(md.pruned.Tree, layout.Options{SiblingGap: siblingGap, LevelGap: levelGap})
	if err != nil {
		panic("treeview: layout of a pruned tree failed: " + err.Error())
	}
	md.lay, md.index = lay, layout.NewIndex(lay)
}

// picture returns the drawing of node id, cut (its children hidden) or a repeat, from
// md.pics or old (the pictures of the last layout) when it was drawn already.
func (md *model) picture(old map[picKey]draw.Picture, id int, cut, repeat bool) draw.Picture {
	has := len(md.children(id)) > 0
	c := md.couple(id, cut && has, repeat && has)
	k := picKey{id, c.Cut, c.Repeat, false}
	if md.sprouts != nil && !md.sprouts.Fill(&c, id, false) {
		k.partial = true
		if len(md.pruned.IDs) <= maxDrawn {
			md.wanted = append(md.wanted, id)
		}
	}
	if p, ok := md.pics[k]; ok {
		return p
	}
	if p, ok := old[k]; ok {
		md.pics[k] = p
		return p
	}
	p := draw.Node(c, md.measure)
	md.pics[k] = p
	return p
}

// couple describes node id for draw.Node, as viz/export does.
func (md *model) couple(id int, cut, repeat bool) draw.Couple {
	t := md.tree
	n := &t.Nodes[id]
	c := draw.Couple{Game: t.Game, Position: n.Position, N: n.N, Losing: n.Losing(),
		Sum: n.Kind == engine.KindSum, Cut: cut, Repeat: repeat}
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

// hit returns the pruned index of the node whose box holds the point (x, y) of the drawing,
// or -1.
func (md *model) hit(x, y float64, scratch []int) int {
	for _, k := range md.index.Visible(layout.Rect{X: x, Y: y}, scratch[:0]) {
		b := md.lay.Boxes[k]
		if x >= b.X && x <= b.X+b.W && y >= b.Y && y <= b.Y+b.H {
			return k
		}
	}
	return -1
}

// box returns the box of node id's full occurrence; ok is false when it is not on show.
func (md *model) box(id int) (layout.Rect, bool) {
	k, ok := md.at[id]
	if !ok {
		return layout.Rect{}, false
	}
	return md.lay.Boxes[k], true
}
