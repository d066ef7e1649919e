package engine

import (
	"fmt"
	"maps"
	"slices"
)

// sum checks a sum node (Algorithm 2): its children are the components' losing couples, then
// the couple left for last with the nim-sum of the others added to the heap. Equal
// components may be left out two by two, P + P being 0 (the mirror strategy, as the search
// cancels them): the same rule holds on the components left, so that one left is the node's
// only child, with the node's heap and result, and none left makes the node L exactly when
// its heap is 0. Older trees, which leave nothing out, pass as before.
func (c *checker) sum(id int, comps []Position) error {
	n, kids := c.t.node(id), c.t.children(id)
	if len(comps) < 2 {
		return c.fail(id, "a sum node whose position does not split")
	}
	if len(kids) > len(comps) {
		return c.fail(id, "%d children for %d components", len(kids), len(comps))
	}
	if err := c.leftAfterPairs(id, comps); err != nil {
		return err
	}
	if len(kids) == 0 {
		if n.Losing() != (n.N == 0) {
			return c.fail(id, "claims %s but its components cancel in pairs: its nimber is 0", n.Result)
		}
		return nil
	}
	x := n.N
	for i, k := range kids {
		kid := c.t.node(int(k))
		if kid.Kind != KindCouple {
			return c.fail(id, "child %d is a sum, want a component", k)
		}
		if i == len(kids)-1 {
			break
		}
		if !kid.Losing() {
			return c.fail(id, "child %d should be the losing couple giving its nimber", k)
		}
		x ^= kid.N
	}
	last := c.t.node(int(kids[len(kids)-1]))
	if last.N != x {
		return c.fail(id, "the last component's heap is %d, want %d", last.N, x)
	}
	if last.Result != n.Result {
		return c.fail(id, "claims %s but the last component's couple is %s", n.Result, last.Result)
	}
	return nil
}

// A tally counts the components of a sum that have one key.
type tally struct {
	pos        Position // one of them, to name them by
	total, out int      // how many there are, and how many no child stands for
}

// leftAfterPairs checks that the children of the sum node id are its components, but for
// equal ones (equal keys) left out two by two.
func (c *checker) leftAfterPairs(id int, comps []Position) error {
	byKey := map[string]*tally{}
	for _, q := range comps {
		t := byKey[q.Key()]
		if t == nil {
			t = &tally{pos: q}
			byKey[q.Key()] = t
		}
		t.total++
		t.out++
	}
	for _, k := range c.t.children(id) {
		key, err := c.key(int(k))
		if err != nil {
			return err
		}
		t := byKey[key]
		switch {
		case t == nil:
			return c.fail(id, "child %d (%s) is not a component of the position", k, Quote(c.t.position(int(k))))
		case t.out == 0:
			return c.fail(id, "child %d (%s) is one more than the position's %d such components", k, Quote(c.t.position(int(k))), t.total)
		}
		t.out--
	}
	for _, key := range slices.Sorted(maps.Keys(byKey)) {
		switch t := byKey[key]; {
		case t.out%2 == 0:
		case t.total == 1:
			return c.fail(id, "component %s is left out, but only equal components cancel (in pairs)", Quote(t.pos.String()))
		default:
			return c.fail(id, "leaves out %d of its %d equal components %s: they cancel two by two only", t.out, t.total, Quote(t.pos.String()))
		}
	}
	return nil
}

// optionKeys enumerates the options of p (a position that does not split), calling yield
// with each option's key until yield returns false. Each option is counted against the
// check's budget, and ctx is looked at every checkPoll options, so that no position, however
// many options it has, holds the check for long.
func (c *checker) optionKeys(p Position, yield func(key string) bool) error {
	for o := range p.Options() {
		if c.work++; c.work > c.budget {
			return fmt.Errorf("%w: more than %d options to derive for %d nodes", ErrCheckTooCostly, c.budget, c.t.Len())
		}
		if c.work%checkPoll == 0 && c.ctx.Err() != nil {
			return c.stopped()
		}
		if !yield(splitKey(o)) {
			return nil
		}
	}
	return nil
}

// losing checks an L couple, of the component comp (nil for the terminal position): every
// option is a child, and each child is winning. Its heap is at most its number of children,
// and it may have no more distinct options than children that are not heap options: so its
// work is bounded by what the file holds.
func (c *checker) losing(id int, comp Position) error {
	n, kids := c.t.node(id), c.t.children(id)
	if n.N > len(kids) {
		return c.fail(id, "claims nimber %d with only %d children: heap options are missing", n.N, len(kids))
	}
	room := len(kids) - n.N
	options := map[string]bool{} // option key → matched
	var order []string           // the option keys in the order the game makes them
	own := emptyKey
	if comp != nil {
		own = comp.Key()
		err := c.optionKeys(comp, func(key string) bool {
			if _, ok := options[key]; !ok {
				options[key] = false
				order = append(order, key)
			}
			return len(options) <= room
		})
		if err != nil {
			return err
		}
		if len(options) > room {
			return c.missing(id, order)
		}
	}
	heaps := make([]bool, n.N) // heap i matched; n.N ≤ len(kids)
	for _, k := range kids {
		kid := c.t.node(int(k))
		key, err := c.key(int(k))
		if err != nil {
			return err
		}
		_, isOption := options[key]
		switch {
		case kid.N == n.N && isOption:
			options[key] = true
		case kid.N < n.N && key == own:
			heaps[kid.N] = true
		default:
			return c.fail(id, "child %d (%s, %d) is not an option of the couple", k, Quote(kid.Position), kid.N)
		}
		if kid.Losing() {
			return c.fail(id, "claims L but child %d (%s, %d) is losing", k, Quote(kid.Position), kid.N)
		}
	}
	for _, o := range order {
		if !options[o] {
			return c.fail(id, "claims L but an option is missing (key %s)", Quote(o))
		}
	}
	for i, ok := range heaps {
		if !ok {
			return c.fail(id, "claims L but the heap option (P, %d) is missing", i)
		}
	}
	return nil
}

// missing fails the L couple id whose position has more options than its children can
// hold: it names the first option, in the game's order, that no child of the couple's heap
// is.
func (c *checker) missing(id int, order []string) error {
	n, kids := c.t.node(id), c.t.children(id)
	children := map[string]bool{}
	for _, k := range kids {
		if c.t.node(int(k)).N != n.N {
			continue
		}
		key, err := c.key(int(k))
		if err != nil {
			return err
		}
		children[key] = true
	}
	for _, o := range order {
		if !children[o] {
			return c.fail(id, "claims L but an option is missing (key %s)", Quote(o))
		}
	}
	return c.fail(id, "claims L with %d children but the position has more options", len(kids))
}

// winning checks a W couple, of the component comp (nil for the terminal position): one
// child, losing, and an option of the couple. Only that child is looked for: a heap option
// (P, k), k < n, by its key alone, and an option (Pʲ, n) among the position's options,
// stopping at the first match.
func (c *checker) winning(id int, comp Position) error {
	n, kids := c.t.node(id), c.t.children(id)
	if len(kids) != 1 {
		return c.fail(id, "claims W with %d children, want the one losing option", len(kids))
	}
	k := int(kids[0])
	kid := c.t.node(k)
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
	own := emptyKey
	if comp != nil {
		own = comp.Key()
	}
	found := kid.N < n.N && key == own
	if kid.N == n.N && comp != nil {
		err := c.optionKeys(comp, func(o string) bool {
			found = o == key
			return !found
		})
		if err != nil {
			return err
		}
	}
	if !found {
		return c.fail(id, "child %d (%s, %d) is not an option of the couple", k, Quote(kid.Position), kid.N)
	}
	return nil
}

// CancelPairs returns the components of a sum left when equal ones (equal keys) cancel two
// by two, P + P being 0 (the mirror strategy), in their order; comps itself when none do.
// A sum node whose children are the couples of what is left passes Check.
func CancelPairs(comps []Position) []Position {
	if len(comps) < 2 {
		return comps
	}
	keys := make([]string, len(comps))
	count := make(map[string]int, len(comps))
	for i, q := range comps {
		keys[i] = q.Key()
		count[keys[i]]++
	}
	if len(count) == len(comps) {
		return comps
	}
	left := make([]Position, 0, len(count))
	for i, q := range comps {
		if count[keys[i]]%2 == 1 {
			left = append(left, q)
			count[keys[i]] = 0 // one stands for them all; the others are dropped
		}
	}
	return left
}
