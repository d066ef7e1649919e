package engine

import (
	"context"
	"fmt"
)

// TreeFormat is the format tag of a saved solution tree.
const TreeFormat = "grundy-tree/1"

// A Tree is a solution tree (paper §2.5, Figures 6, 9–11): a proof of its root couple that
// `grundy check` can verify from the game's rules alone. Nodes are shared where the search met
// the same couple twice, so it is a DAG in general; Nodes[i].ID == i.
type Tree struct {
	Format     string `json:"format"`
	Convention string `json:"convention,omitempty"` // Normal (""), or Misere: its nodes are whole positions, each with heap 0
	Game       string `json:"game"`
	Root       int    `json:"root"`
	Nodes      []Node `json:"nodes"`
}

// A Node is one proven couple (P, n).
type Node struct {
	ID       int    `json:"id"`
	Position string `json:"position"`
	N        int    `json:"n"`
	Result   string `json:"result"` // "L": nimber(P) = n, shown "= n"; "W": nimber(P) ≠ n
	Kind     string `json:"kind,omitempty"`
	Children []int  `json:"children"`
}

// The kinds of node. A couple node's position does not split; a sum node's does, and its
// children are its components' losing couples followed by the couple left for last (§5.3).
const (
	KindCouple = ""
	KindSum    = "sum"
)

// Losing reports whether the node is a losing couple.
func (n *Node) Losing() bool { return n.Result == "L" }

// LosingCouples counts the distinct losing couples of components, the measure of the paper's
// Figure 12.
func (t *Tree) LosingCouples() int {
	c := 0
	for i := range t.Nodes {
		if t.Nodes[i].Losing() && t.Nodes[i].Kind == KindCouple {
			c++
		}
	}
	return c
}

// ProveOutcome finds the outcome of p, recording the solution tree of the couple (p, 0).
func (s *Solver) ProveOutcome(ctx context.Context, game string, p Position) (*Tree, error) {
	return s.prove(ctx, game, p, func(Position) int { return 0 })
}

// ProveNimber finds the nimber of p, recording the solution tree of the losing couple
// (p, nimber): the proof that p's nimber is exactly that (Figure 11).
func (s *Solver) ProveNimber(ctx context.Context, game string, p Position) (*Tree, error) {
	return s.prove(ctx, game, p, s.searchNimber)
}

// prove records while heap(p) picks the root's heap and outcome proves the root couple.
func (s *Solver) prove(ctx context.Context, game string, p Position, heap func(Position) int) (*Tree, error) {
	// Nodes are merged by key and written with String: the search that records works on
	// exact keys (see Exact), so that each node is one position whatever moves reached it,
	// and the facts and the shrinking's choices do not depend on what the cache held.
	p = Exactly(p)
	s.rec = newRecorder()
	defer func() { s.rec = nil }()
	// The memo's hits choose the representatives the tree shows: start with none, so that
	// what an earlier search left there changes nothing.
	s.memo.reset()
	s.begin(ctx)
	n := heap(p)
	if s.err == nil {
		s.searchOutcome(p, n)
	}
	// Shrinking and reading out the tree can take as long as the search (every winning
	// couple's options are made again): they are part of the recording, stop with its
	// context and count in its time. A tree half shrunk would still be a proof, but not the
	// same on every run: a stop there gives none.
	var t *Tree
	var err error
	if s.err == nil {
		s.rec.stop = s.stopped
		root := rootRef(p, n)
		s.rec.shrink(root)
		if !s.rec.halted() {
			t, err = s.rec.tree(game, root)
		}
		if s.rec.halted() {
			t, err = nil, nil // s.err says why
		}
	}
	if stopErr := s.end(); stopErr != nil {
		return nil, stopErr
	}
	return t, err
}

// rootRef names the couple (p, n) as the search recorded it.
func rootRef(p Position, n int) ref {
	comps := p.Split()
	switch len(comps) {
	case 0:
		return ref{emptyKey, n, false}
	case 1:
		return ref{comps[0].Key(), n, false}
	}
	parts := make([]part, len(comps))
	for i, c := range comps {
		parts[i] = part{c, c.Key()}
	}
	return ref{sumKey(parts), n, true}
}

// tree reads the proof of root out of the recorder, numbering nodes breadth first.
func (r *recorder) tree(game string, root ref) (*Tree, error) {
	t := &Tree{Format: TreeFormat, Game: game}
	ids := map[ref]int{}
	var queue []ref
	number := func(k ref) (int, error) {
		if id, ok := ids[k]; ok {
			return id, nil
		}
		pr, ok := r.find(k)
		if !ok {
			return 0, fmt.Errorf("engine: no proof recorded for couple %q, %d", k.key, k.n)
		}
		id := len(t.Nodes)
		ids[k] = id
		t.Nodes = append(t.Nodes, Node{ID: id, Position: pr.pos.String(), N: pr.n, Result: result(pr.win), Kind: kind(pr.sum)})
		queue = append(queue, k)
		return id, nil
	}
	if _, err := number(root); err != nil {
		return nil, err
	}
	for i := 0; i < len(queue) && !r.halted(); i++ {
		pr, _ := r.find(queue[i])
		id := ids[queue[i]]
		kids := make([]int, 0, len(pr.kids))
		for _, k := range pr.kids {
			c, err := number(k)
			if err != nil {
				return nil, err
			}
			kids = append(kids, c)
		}
		t.Nodes[id].Children = kids
	}
	return t, nil
}

func result(win bool) string {
	if win {
		return "W"
	}
	return "L"
}

func kind(sum bool) string {
	if sum {
		return KindSum
	}
	return KindCouple
}
