package engine

import (
	"context"
	"errors"
	"fmt"
)

// A CheckError says which node of a tree does not hold, and why.
type CheckError struct {
	Node     int
	Position string
	N        int
	Why      string
}

// Error names the node with its position quoted and cut (Quote), so that a file cannot
// write raw lines or escape codes into the message.
func (e *CheckError) Error() string {
	return fmt.Sprintf("node %d (%s, %d): %s", e.Node, Quote(e.Position), e.N, e.Why)
}

// ErrCheckTooCostly is the error of a tree whose check would derive far more options than the
// file holds nodes and children: see checkBudget.
var ErrCheckTooCostly = errors.New("tree: too costly to check")

// checkBudget is how many options Check may derive for t: 1<<20 (under a second), plus 4 for
// each node and child of the file, and for each form and option of a form. An L couple
// derives at most as many distinct options as it has children; a W couple looks for its one
// child among the options, and a game may give a short position very many options (nim
// "1048576"): without a budget, a file of such W couples costs the square of its size.
func checkBudget(t *CheckTree) int {
	b := 1<<20 + 4*(t.nodes.n+len(t.kids))
	for _, opts := range t.Forms {
		b += 4 * (1 + len(opts))
	}
	return b
}

// Check verifies that t proves its root couple without trusting the search that made it:
// parse reads each node's position, and every option is derived again from the game's
// rules. Each node reachable from the root must hold given its children's claims, and the
// claims must be well founded (no cycle); then, by induction, every claim is true.
// A misère tree (Convention Misere) is checked under misère play: see misereNode.
func Check(ctx context.Context, t *Tree, parse func(string) (Position, error)) error {
	return CheckWithProgress(ctx, t, parse, nil)
}

type checker struct {
	ctx          context.Context
	t            *CheckTree
	parse        func(string) (Position, error)
	keys         keyStore // the key of each node's position, once parsed
	pos          map[int]Position
	work, budget int        // options derived, and how many may be
	forms        *formCheck // a misère tree's forms, made on first use
}

// checkPoll is how many options are derived between two looks at ctx.
const checkPoll = 1024

func (c *checker) stopped() error { return fmt.Errorf("check stopped: %w", c.ctx.Err()) }

// reachable lists the nodes reachable from the root and fails on a cycle (Kahn's algorithm,
// without recursion: a tree may be deep).
func (c *checker) reachable() ([]int32, error) {
	kids := func(id int32) []int32 { return c.t.children(int(id)) }
	seen := make([]bool, c.t.Len())
	seen[c.t.root] = true
	order := []int32{int32(c.t.root)}
	for i := 0; i < len(order); i++ {
		for _, k := range kids(order[i]) {
			if !seen[k] {
				seen[k] = true
				order = append(order, k)
			}
		}
	}
	seen = nil
	indeg := make([]int32, c.t.Len())
	for _, id := range order {
		for _, k := range kids(id) {
			indeg[k]++
		}
	}
	queue := []int32{}
	for _, id := range order {
		if indeg[id] == 0 {
			queue = append(queue, id)
		}
	}
	done := 0
	for ; len(queue) > 0; done++ {
		id := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, k := range kids(id) {
			if indeg[k]--; indeg[k] == 0 {
				queue = append(queue, k)
			}
		}
	}
	if done != len(order) {
		return nil, fmt.Errorf("tree: the proof goes round in a cycle")
	}
	return order, nil
}

func (c *checker) fail(id int, format string, args ...any) error {
	n := c.t.node(id)
	return &CheckError{Node: id, Position: n.Position, N: n.N, Why: fmt.Sprintf(format, args...)}
}

// position parses node id's position.
func (c *checker) position(id int) (Position, error) {
	if p, ok := c.pos[id]; ok {
		return p, nil
	}
	p, err := c.parse(c.t.node(id).Position)
	if err != nil {
		return nil, c.fail(id, "%s", cut(err.Error()))
	}
	// Children are matched to options by key, and the options are made anew, differently
	// from how the search that wrote the tree made them: only exact keys can match.
	p = Exactly(p)
	if c.pos == nil {
		c.pos = map[int]Position{}
	}
	c.pos[id] = p
	return p, nil
}

// key returns the key of node id's position: its components' keys, as the search names sums.
func (c *checker) key(id int) (string, error) {
	if k, ok := c.keys.get(id); ok {
		return k, nil
	}
	p, err := c.position(id)
	if err != nil {
		return "", err
	}
	k := splitKey(p)
	c.keys.set(id, k)
	return k, nil
}

// splitKey names a position by its components, whatever way it is written.
func splitKey(p Position) string {
	comps := p.Split()
	switch len(comps) {
	case 0:
		return emptyKey
	case 1:
		return comps[0].Key()
	}
	parts := make([]part, len(comps))
	for i, q := range comps {
		parts[i] = part{q, q.Key()}
	}
	return sumKey(parts)
}

// node checks that node id holds, given what its children claim.
func (c *checker) node(id int) error {
	if c.t.Convention == Misere {
		return c.misereNode(id)
	}
	p, err := c.position(id)
	if err != nil {
		return err
	}
	comps := p.Split()
	if c.t.node(id).Kind == KindSum {
		return c.sum(id, comps)
	}
	if len(comps) > 1 {
		return c.fail(id, "the position splits into %d components: it must be a sum node", len(comps))
	}
	var comp Position // the couple's one component; nil for the terminal position
	if len(comps) == 1 {
		comp = comps[0]
	}
	if n := c.t.node(id); n.Losing() {
		return c.losing(id, comp)
	}
	return c.winning(id, comp)
}

// cut shortens a message quoting a whole input (a parse error of a long position).
func cut(s string) string {
	if len(s) <= 2*maxQuoted {
		return s
	}
	return Quote(s)
}
