package engine

import (
	"context"
	"fmt"
)

// A CheckError says which node of a tree does not hold, and why.
type CheckError struct {
	Node     int
	Position string
	N        int
	Why      string
}

func (e *CheckError) Error() string {
	return fmt.Sprintf("node %d (%s, %d): %s", e.Node, e.Position, e.N, e.Why)
}

// Check verifies that t proves its root couple without trusting the search that made it:
// parse reads each node's position, and every option is derived again from the game's
// rules. Each node reachable from the root must hold given its children's claims, and the
// claims must be well founded (no cycle); then, by induction, every claim is true.
func Check(ctx context.Context, t *Tree, parse func(string) (Position, error)) error {
	return CheckWithProgress(ctx, t, parse, nil)
}

type checker struct {
	t     *Tree
	parse func(string) (Position, error)
	keys  []*string // the key of each node's position, once parsed
	pos   map[int]Position
}

// reachable lists the nodes reachable from the root and fails on a cycle (Kahn's algorithm,
// without recursion: a tree may be deep).
func (c *checker) reachable() ([]int, error) {
	seen := map[int]bool{c.t.Root: true}
	order := []int{c.t.Root}
	for i := 0; i < len(order); i++ {
		for _, k := range c.t.Nodes[order[i]].Children {
			if !seen[k] {
				seen[k] = true
				order = append(order, k)
			}
		}
	}
	indeg := map[int]int{}
	for _, id := range order {
		for _, k := range c.t.Nodes[id].Children {
			indeg[k]++
		}
	}
	queue := []int{}
	for _, id := range order {
		if indeg[id] == 0 {
			queue = append(queue, id)
		}
	}
	done := 0
	for ; len(queue) > 0; done++ {
		id := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, k := range c.t.Nodes[id].Children {
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
	n := &c.t.Nodes[id]
	return &CheckError{Node: id, Position: n.Position, N: n.N, Why: fmt.Sprintf(format, args...)}
}

// position parses node id's position.
func (c *checker) position(id int) (Position, error) {
	if p, ok := c.pos[id]; ok {
		return p, nil
	}
	p, err := c.parse(c.t.Nodes[id].Position)
	if err != nil {
		return nil, c.fail(id, "%v", err)
	}
	if c.pos == nil {
		c.pos = map[int]Position{}
	}
	c.pos[id] = p
	return p, nil
}

// key returns the key of node id's position: its components' keys, as the search names sums.
func (c *checker) key(id int) (string, error) {
	if k := c.keys[id]; k != nil {
		return *k, nil
	}
	p, err := c.position(id)
	if err != nil {
		return "", err
	}
	k := splitKey(p)
	c.keys[id] = &k
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
	p, err := c.position(id)
	if err != nil {
		return err
	}
	comps := p.Split()
	if c.t.Nodes[id].Kind == KindSum {
		return c.sum(id, comps)
	}
	if len(comps) > 1 {
		return c.fail(id, "the position splits into %d components: it must be a sum node", len(comps))
	}
	if c.t.Nodes[id].Losing() {
		return c.losing(id, p, len(comps) == 0)
	}
	return c.winning(id, p, len(comps) == 0)
}
