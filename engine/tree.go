package engine

import (
	"context"
	"fmt"
	"slices"
	"strconv"
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
	Split      string `json:"split,omitempty"` // the game's way of splitting positions it was written with (SplitRuler)
	Root       int    `json:"root"`
	Nodes      []Node `json:"nodes"`
	// A misère tree by forms (miseretreeforms.go) adds a misère form to each couple: Forms
	// lists them, each by its options' indexes in Forms (all smaller than its own; Forms[0]
	// is the game with no option), and a node's N is its form's index. FormBudget and
	// FormHint say which components its options form: those whose Hint is at most FormHint
	// (when not 0) and whose game tree holds at most FormBudget components.
	Forms      [][]int32 `json:"forms,omitempty"`
	FormBudget int       `json:"form_budget,omitempty"`
	FormHint   int       `json:"form_hint,omitempty"`
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
// Equal components may cancel in pairs (P + P has nimber 0, the mirror strategy: see Check):
// only the components left have children, none when every one cancels.
const (
	KindCouple = ""
	KindSum    = "sum"
)

// FormName names form k of a misère tree by forms, as drawings and the window write it
// beside a position: "F5".
func FormName(k int) string { return "F" + strconv.Itoa(k) }

// Couple writes node id's couple as the paper does, "(P, n)"; in a misère tree, which has
// no heaps, "(P)", or "(P + F5)" beside form 5 of a tree by forms.
func (t *Tree) Couple(id int) string {
	n := &t.Nodes[id]
	switch {
	case t.Convention != Misere:
		return fmt.Sprintf("(%s, %d)", n.Position, n.N)
	case n.N == 0 || len(t.Forms) == 0:
		return "(" + n.Position + ")"
	}
	return "(" + n.Position + " + " + FormName(n.N) + ")"
}

// Losing reports whether the node is a losing couple.
func (n *Node) Losing() bool { return n.Result == "L" }

// LosingCouples counts the distinct losing couples of components, the measure of the paper's
// Figure 12 and of Glop's check databases: the terminal position's (P, 0), which has no
// option and needs no proof, is not counted. In a misère tree by forms every L counts: one
// with no child is proven by the forms its options leave.
func (t *Tree) LosingCouples() int {
	c := 0
	for i := range t.Nodes {
		if t.Nodes[i].Losing() && t.Nodes[i].Kind == KindCouple && (len(t.Nodes[i].Children) > 0 || len(t.Forms) > 0) {
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
// Each node is written as its parent's move reaches it (asReached).
func (r *recorder) tree(game string, root ref) (*Tree, error) {
	var places []place
	var at []Position
	nodes, _, err := readOut(root, func(k ref) (Node, []ref, error) {
		pr, ok := r.find(k)
		if !ok {
			return Node{}, nil, fmt.Errorf("engine: no proof recorded for couple %q, %d", k.key, k.n)
		}
		places, at = append(places, placeOf(k)), append(at, pr.pos)
		return Node{N: pr.n, Result: result(pr.win), Kind: kind(pr.sum)}, pr.kids, nil
	}, func(int) bool { return r.halted() })
	if err != nil {
		return nil, err
	}
	if asReached(nodes, places, at, optionPlace, partPlace, func(int) bool { return r.halted() }) {
		return nil, nil // the caller's error says why
	}
	return &Tree{Format: TreeFormat, Game: game, Split: rootRule(at), Nodes: nodes}, nil
}

// readOut numbers the nodes of a recorded proof breadth first from root, as a tree file lists
// them: node gives a key's node (readOut sets its ID) and its children's keys, or an error
// when no proof was recorded for it. halted(i) is asked before node i's children are
// numbered; when it says so, readOut ends there, saying it stopped.
func readOut[K comparable](root K, node func(K) (Node, []K, error), halted func(i int) bool) (nodes []Node, stopped bool, err error) {
	ids := map[K]int{}
	var kids [][]K
	number := func(k K) (int, error) {
		if id, ok := ids[k]; ok {
			return id, nil
		}
		n, ks, err := node(k)
		if err != nil {
			return 0, err
		}
		n.ID = len(nodes)
		ids[k] = n.ID
		nodes = append(nodes, n)
		kids = append(kids, ks)
		return n.ID, nil
	}
	if _, err := number(root); err != nil {
		return nil, false, err
	}
	for i := 0; i < len(nodes); i++ {
		if halted(i) {
			return nodes, true, nil
		}
		children := make([]int, 0, len(kids[i]))
		for _, k := range kids[i] {
			c, err := number(k)
			if err != nil {
				return nil, false, err
			}
			children = append(children, c)
		}
		nodes[i].Children = children
	}
	return nodes, false, nil
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

// asReached writes each node of a proof read out by readOut as the position its parent's move
// reaches. Nodes are shared by key (one couple, one proof), and the position a proof holds
// is the writing the search met first, which may be another position of the same key (a
// symmetry of a Cram board; in Breaking Chocolates, an all-white bar of any size). A node is
// written where the tree first lists it, breadth first (the window draws it there, and a
// repeat elsewhere refers to it): as the option of its parent's writing that has its key, the
// component of a sum that has it, or the parent's own writing (the same key: a move of the
// heap); its own children then follow from that writing. A child no option matches keeps the
// proof's writing. keys and at are each node's key (without its heap) and the position its
// proof holds, by id; optionKey and partKey give an option's and a sum's component's key;
// halted(i) is asked before node i's children are written.
func asReached[K comparable](nodes []Node, keys []K, at []Position, optionKey, partKey func(Position) K, halted func(i int) bool) (stopped bool) {
	shown := make([]Position, len(nodes))
	show := func(c int, q Position) {
		shown[c] = q
		nodes[c].Position = q.String()
	}
	show(0, at[0])
	var wanted []int // children first listed by the node at hand, to find among its moves
	for i := range nodes {
		if halted(i) {
			return true
		}
		p := shown[i]
		if p == nil { // not reached from the root
			continue
		}
		wanted = wanted[:0]
		for _, c := range nodes[i].Children {
			switch {
			case shown[c] != nil || slices.Contains(wanted, c):
			case keys[c] == keys[i]:
				shown[c], nodes[c].Position = p, nodes[i].Position
			default:
				wanted = append(wanted, c)
			}
		}
		left := len(wanted)
		match := func(q Position, key K) {
			for j, c := range wanted {
				if c >= 0 && keys[c] == key {
					show(c, q)
					wanted[j] = -1
					left--
					return
				}
			}
		}
		if left > 0 && nodes[i].Kind == KindSum {
			for _, q := range p.Split() {
				match(q, partKey(q))
			}
		} else if left > 0 {
			for o := range p.Options() {
				if match(o, optionKey(o)); left == 0 {
					break
				}
			}
		}
		for _, c := range wanted {
			if c >= 0 {
				show(c, at[c])
			}
		}
	}
	return false
}

// A place is a couple's ref without its heap: where a node's position is, for asReached.
type place struct {
	key string
	sum bool
}

func placeOf(k ref) place { return place{k.key, k.sum} }

// optionPlace is the place of an option; partPlace of a component.
func optionPlace(o Position) place { return place{splitKey(o), len(o.Split()) > 1} }
func partPlace(q Position) place   { return place{q.Key(), false} }
