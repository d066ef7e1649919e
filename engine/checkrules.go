package engine

import "slices"

// sum checks a sum node: children are the components' losing couples, then the couple left
// for last with the nim-sum of the others added to the heap (Algorithm 2).
func (c *checker) sum(id int, comps []Position) error {
	n := &c.t.Nodes[id]
	if len(comps) < 2 {
		return c.fail(id, "a sum node whose position does not split")
	}
	if len(n.Children) != len(comps) {
		return c.fail(id, "%d children for %d components", len(n.Children), len(comps))
	}
	want := make([]string, len(comps))
	for i, q := range comps {
		want[i] = q.Key()
	}
	got := make([]string, len(n.Children))
	x := n.N
	for i, k := range n.Children {
		kid := &c.t.Nodes[k]
		if kid.Kind != KindCouple {
			return c.fail(id, "child %d is a sum, want a component", k)
		}
		var err error
		if got[i], err = c.key(k); err != nil {
			return err
		}
		if i == len(n.Children)-1 {
			break
		}
		if !kid.Losing() {
			return c.fail(id, "child %d should be the losing couple giving its nimber", k)
		}
		x ^= kid.N
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(want, got) {
		return c.fail(id, "the children are not the components of the position")
	}
	last := &c.t.Nodes[n.Children[len(n.Children)-1]]
	if last.N != x {
		return c.fail(id, "the last component's heap is %d, want %d", last.N, x)
	}
	if last.Result != n.Result {
		return c.fail(id, "claims %s but the last component's couple is %s", n.Result, last.Result)
	}
	return nil
}

// expected lists what a couple's children may be: each option of the position with the
// same heap, by key, and the position with each smaller heap.
type expected struct {
	options map[string]bool // option key → matched
	key     string
	heaps   []bool // heap i matched
}

func (c *checker) expect(p Position, terminal bool, n int) expected {
	e := expected{options: map[string]bool{}, key: emptyKey, heaps: make([]bool, n)}
	if !terminal {
		e.key = p.Split()[0].Key()
		for o := range p.Split()[0].Options() {
			e.options[splitKey(o)] = false
		}
	}
	return e
}

// match marks the child couple (key, m) as an expected option and reports whether it is one.
func (e *expected) match(key string, m, n int) bool {
	if m == n {
		if _, ok := e.options[key]; ok {
			e.options[key] = true
			return true
		}
	}
	if key == e.key && m < n {
		e.heaps[m] = true
		return true
	}
	return false
}

// losing checks an L couple: every option is a child, and each child is winning.
func (c *checker) losing(id int, p Position, terminal bool) error {
	n := &c.t.Nodes[id]
	if n.N > len(n.Children) {
		return c.fail(id, "claims nimber %d with only %d children: heap options are missing", n.N, len(n.Children))
	}
	e := c.expect(p, terminal, n.N)
	for _, k := range n.Children {
		kid := &c.t.Nodes[k]
		key, err := c.key(k)
		if err != nil {
			return err
		}
		if !e.match(key, kid.N, n.N) {
			return c.fail(id, "child %d (%s, %d) is not an option of the couple", k, kid.Position, kid.N)
		}
		if kid.Losing() {
			return c.fail(id, "claims L but child %d (%s, %d) is losing", k, kid.Position, kid.N)
		}
	}
	for o, ok := range e.options {
		if !ok {
			return c.fail(id, "claims L but an option is missing (key %q)", o)
		}
	}
	for i, ok := range e.heaps {
		if !ok {
			return c.fail(id, "claims L but the heap option (P, %d) is missing", i)
		}
	}
	return nil
}

// winning checks a W couple: one child, losing, and an option of the couple.
func (c *checker) winning(id int, p Position, terminal bool) error {
	n := &c.t.Nodes[id]
	if len(n.Children) != 1 {
		return c.fail(id, "claims W with %d children, want the one losing option", len(n.Children))
	}
	k := n.Children[0]
	kid := &c.t.Nodes[k]
	key, err := c.key(k)
	if err != nil {
		return err
	}
	if !kid.Losing() {
		return c.fail(id, "claims W but its child %d is not losing", k)
	}
	if kid.N > n.N {
		return c.fail(id, "child %d has heap %d, more than %d", k, kid.N, n.N)
	}
	e := c.expect(p, terminal, n.N)
	if !e.match(key, kid.N, n.N) {
		return c.fail(id, "child %d (%s, %d) is not an option of the couple", k, kid.Position, kid.N)
	}
	return nil
}
