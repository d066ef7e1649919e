package engine

import "fmt"

// misereNode checks node id of a misère tree, given what its children claim. Every node is a
// whole position with heap 0, a sum or not (misère play has no nimbers to split it by): a W
// with one losing option, or with none when the position has no move at all (under misère
// play, the player who cannot move wins); an L with every option a child, each W.
func (c *checker) misereNode(id int) error {
	if len(c.t.Forms) > 0 {
		return c.formNode(id)
	}
	n := c.t.node(id)
	switch {
	case n.N != 0:
		return c.fail(id, "heap %d in a misère tree: misère play has no nimbers, every node's heap is 0", n.N)
	case n.Kind != KindCouple:
		return c.fail(id, "a %s node in a misère tree: its nodes are whole positions", Quote(n.Kind))
	}
	p, err := c.position(id)
	if err != nil {
		return err
	}
	if n.Losing() {
		return c.misereLosing(id, p)
	}
	return c.misereWinning(id, p)
}

// misereKeyOf returns the misère key of node id's position (in c.keys: a misère tree's nodes
// have no other key).
func (c *checker) misereKeyOf(id int) (string, error) {
	if k, ok := c.keys.get(id); ok {
		return k, nil
	}
	p, err := c.position(id)
	if err != nil {
		return "", err
	}
	k := MisereKey(p)
	c.keys.set(id, k)
	return k, nil
}

// misereOptionKeys enumerates the options of the whole position p, calling yield with each
// one's misère key until yield returns false, within the check's budget and looking at ctx,
// as optionKeys does.
func (c *checker) misereOptionKeys(p Position, yield func(key string) bool) error {
	for o := range p.Options() {
		if c.work++; c.work > c.budget {
			return c.tooCostly()
		}
		if c.work%checkPoll == 0 && c.ctx.Err() != nil {
			return c.stopped()
		}
		if !yield(MisereKey(o)) {
			return nil
		}
	}
	return nil
}

func (c *checker) tooCostly() error {
	return fmt.Errorf("%w: more than %d options to derive for %d nodes", ErrCheckTooCostly, c.budget, c.t.Len())
}

// misereWinning checks a misère W: no child and no move, or one losing child that is an
// option.
func (c *checker) misereWinning(id int, p Position) error {
	kids := c.t.children(id)
	if len(kids) == 0 {
		moves := false
		if err := c.misereOptionKeys(p, func(string) bool { moves = true; return false }); err != nil {
			return err
		}
		if moves {
			return c.fail(id, "claims W with no child, but the position has a move: only a position with no move is won without one under misère play")
		}
		return nil
	}
	if len(kids) != 1 {
		return c.fail(id, "claims W with %d children, want the one losing option", len(kids))
	}
	k := int(kids[0])
	kid := c.t.node(k)
	if !kid.Losing() {
		return c.fail(id, "claims W but its child %d is not losing", k)
	}
	key, err := c.misereKeyOf(k)
	if err != nil {
		return err
	}
	found := false
	if err := c.misereOptionKeys(p, func(o string) bool { found = o == key; return !found }); err != nil {
		return err
	}
	if !found {
		return c.fail(id, "child %d (%s) is not an option of the position", k, Quote(kid.Position))
	}
	return nil
}

// misereLosing checks a misère L: the position has a move, every option is a child and
// every child is a winning option. It derives no more distinct options than the node has
// children, so its work is bounded by what the file holds.
func (c *checker) misereLosing(id int, p Position) error {
	kids := c.t.children(id)
	options := map[string]bool{} // option key → matched
	var order []string
	err := c.misereOptionKeys(p, func(key string) bool {
		if _, ok := options[key]; !ok {
			options[key] = false
			order = append(order, key)
		}
		return len(options) <= len(kids)
	})
	if err != nil {
		return err
	}
	if len(options) == 0 {
		return c.fail(id, "claims L but the position has no move: under misère play the player to move wins")
	}
	if len(options) > len(kids) {
		return c.fail(id, "claims L with %d children but the position has more options", len(kids))
	}
	return c.everyOption(id, options, order, c.misereKeyOf, "position")
}

// everyOption checks the children of the misère L node id: each one an option of its what
// (options, by key; keyOf gives a node's), each W, and every option in order a child.
func (c *checker) everyOption(id int, options map[string]bool, order []string, keyOf func(int) (string, error), what string) error {
	for _, k := range c.t.children(id) {
		kid := c.t.node(int(k))
		key, err := keyOf(int(k))
		if err != nil {
			return err
		}
		if _, ok := options[key]; !ok {
			return c.fail(id, "child %d (%s) is not an option of the %s", k, Quote(kid.Position), what)
		}
		if kid.Losing() {
			return c.fail(id, "claims L but child %d (%s) is losing", k, Quote(kid.Position))
		}
		options[key] = true
	}
	for _, o := range order {
		if !options[o] {
			return c.fail(id, "claims L but an option is missing (key %s)", Quote(o))
		}
	}
	return nil
}
