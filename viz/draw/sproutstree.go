package draw

import (
	"sync"

	"grundy/engine"
	"grundy/games/sprouts/drawing"
)

// A SproutsTree draws the nodes of a Sprouts solution tree as spots and curves, as people
// play the game: the root from its string (fresh spots, or drawing.FromString for any other
// position), each other node from the node it is first reached from, breadth first, by
// replaying its position (drawing.Replay), so that a child looks like its parent with one
// more curve. A couple of the same position with another heap shares its parent's drawing;
// the components of a sum, which are no moves, are drawn from their strings. Drawings are
// made on demand (a move takes up to about 0.1 s) and kept. A node whose move cannot be
// replayed is shown as its string, and Reason says why. Safe for concurrent use; drawings
// are made one at a time.
type SproutsTree struct {
	t      *engine.Tree
	parent []int // the node each node is first reached from, breadth first; -1 for the root

	making sync.Mutex // held while drawings are made
	mu     sync.RWMutex
	done   map[int]sproutsNode
}

// A sproutsNode is what was made for a node: its drawing and picture, or why there is none.
type sproutsNode struct {
	d   *drawing.Drawing
	pic *Picture
	err error
}

// NewSproutsTree returns the drawings of t's nodes, none made yet, or nil when t is not a
// tree of Sprouts.
func NewSproutsTree(t *engine.Tree) *SproutsTree {
	if t == nil || t.Game != "sprouts" || t.Root < 0 || t.Root >= len(t.Nodes) {
		return nil
	}
	parent := make([]int, len(t.Nodes))
	for i := range parent {
		parent[i] = -2
	}
	parent[t.Root] = -1
	queue := []int{t.Root}
	for k := 0; k < len(queue); k++ {
		id := queue[k]
		for _, c := range t.Nodes[id].Children {
			if c >= 0 && c < len(parent) && parent[c] == -2 {
				parent[c] = id
				queue = append(queue, c)
			}
		}
	}
	return &SproutsTree{t: t, parent: parent, done: map[int]sproutsNode{}}
}

// Ready returns the picture of node id's position when it was made, without making it.
func (s *SproutsTree) Ready(id int) (*Picture, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	n, ok := s.done[id]
	return n.pic, ok && n.pic != nil
}

// Made reports whether node id's drawing was made or failed.
func (s *SproutsTree) Made(id int) bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	_, ok := s.done[id]
	return ok
}

// Reason returns why node id is shown as its string: nil when it is drawn or not tried yet.
func (s *SproutsTree) Reason(id int) error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.done[id].err
}

// Picture makes, when it is not made yet, and returns the picture of node id's position, or
// nil and the reason there is none.
func (s *SproutsTree) Picture(id int) (*Picture, error) {
	if id < 0 || id >= len(s.parent) {
		return nil, nil
	}
	s.making.Lock()
	defer s.making.Unlock()
	n := s.make(id)
	return n.pic, n.err
}

// Drawing makes, when it is not made yet, and returns node id's drawing.
func (s *SproutsTree) Drawing(id int) (*drawing.Drawing, error) {
	if _, err := s.Picture(id); err != nil {
		return nil, err
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.done[id].d, nil
}

// make returns what was made for node id, making it and the nodes above it first; the
// caller holds s.making.
func (s *SproutsTree) make(id int) sproutsNode {
	s.mu.RLock()
	n, ok := s.done[id]
	s.mu.RUnlock()
	if ok {
		return n
	}
	pos := s.t.Nodes[id].Position
	var d *drawing.Drawing
	var err error
	switch p := s.parent[id]; {
	case p < 0: // the root, or a node the root does not reach
		d, err = drawing.FromString(pos)
	case s.t.Nodes[p].Position == pos: // the same position, another heap
		up := s.make(p)
		d, err = up.d, up.err
	case s.t.Nodes[p].Kind == engine.KindSum: // a component: no move
		d, err = drawing.FromString(pos)
	default:
		up := s.make(p)
		if up.d == nil {
			d, err = drawing.FromString(pos)
		} else {
			d, err = up.d.Replay(pos)
		}
	}
	n = sproutsNode{d: d, err: err}
	if d != nil {
		pic := Sprouts(d)
		n.pic = &pic
	}
	s.mu.Lock()
	s.done[id] = n
	s.mu.Unlock()
	return n
}

// Fill gives c, the couple of node id, the pictures made for it: its position's, or for a
// sum its components' (its children's). With wait it makes those not made yet; without, it
// reports whether some are missing.
func (s *SproutsTree) Fill(c *Couple, id int, wait bool) (complete bool) {
	get := func(k int) *Picture {
		if wait {
			p, _ := s.Picture(k)
			return p
		}
		p, _ := s.Ready(k)
		if !s.Made(k) {
			complete = false
		}
		return p
	}
	complete = true
	if kids := s.t.Nodes[id].Children; c.Sum && len(kids) >= 2 && len(kids) <= maxTerms {
		c.PartDrawings = c.PartDrawings[:0]
		for _, k := range kids {
			c.PartDrawings = append(c.PartDrawings, get(k))
		}
		return complete
	}
	c.Drawing = get(id)
	return complete
}

// The drawings of the last few trees asked for, most recent last, so that the tree view
// and the exports of one tree make each drawing once.
var shared struct {
	sync.Mutex
	trees []*SproutsTree
}

// sharedTrees is how many trees' drawings SproutsOf keeps.
const sharedTrees = 4

// SproutsOf returns the drawings of t's nodes kept for t, made the first time, or nil when
// t is not a tree of Sprouts. It keeps those of the last few trees asked for, so that what
// the tree view drew is not drawn again for an export. A tree must not change once shown.
func SproutsOf(t *engine.Tree) *SproutsTree {
	shared.Lock()
	defer shared.Unlock()
	for i, s := range shared.trees {
		if s.t == t {
			shared.trees = append(append(shared.trees[:i:i], shared.trees[i+1:]...), s)
			return s
		}
	}
	s := NewSproutsTree(t)
	if s == nil {
		return nil
	}
	if len(shared.trees) == sharedTrees {
		shared.trees = shared.trees[1:]
	}
	shared.trees = append(shared.trees, s)
	return s
}
