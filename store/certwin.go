package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"grundy/engine"
)

// win proves (q, n) winning.
func (c *certifier) win(q engine.Position, n int) (int, error) {
	comps := q.Split()
	return c.winSplit(q, comps, idOf(comps, n), n)
}

func (c *certifier) winSplit(q engine.Position, comps []engine.Position, id coupleID, n int) (int, error) {
	switch len(comps) {
	case 0:
		return c.memo(id, func() (int, error) {
			if n == 0 {
				return 0, failure(q.String(), 0, "no move is left, so the couple is losing, not winning")
			}
			k, err := c.lose(q, 0)
			if err != nil {
				return 0, err
			}
			return c.node(id, q.String(), n, false, false, "", []int{k}), nil
		})
	case 1:
		return c.win1(comps[0], id, n)
	}
	return c.memo(id, func() (int, error) { return c.winSum(q, comps, id, n) })
}

// winSum proves a sum (q, n) winning: of the components left when equal ones cancel in
// pairs, the nimbers of all but one from the database, then the last against n and their XOR
// (Algorithm 2). With none left, the sum's nimber is 0, and the node needs no child.
func (c *certifier) winSum(q engine.Position, comps []engine.Position, id coupleID, n int) (int, error) {
	comps = engine.CancelPairs(comps)
	if len(comps) == 0 {
		if n == 0 {
			return 0, failure(q.String(), 0, "its components cancel in pairs (P + P = 0), so the couple is losing, not winning")
		}
		return c.node(id, q.String(), n, false, true, "", nil), nil
	}
	order, err := c.lastComponents(q, comps, n)
	if err != nil {
		return 0, err
	}
	var first error
	for _, last := range order {
		k, err := c.winLast(q, comps, id, n, last)
		if err == nil {
			return k, nil
		}
		var ce *CertifyError
		if !errors.As(err, &ce) {
			return 0, err
		}
		if first == nil {
			first = err
		}
	}
	return 0, first
}

// winLast proves the sum (q, n) winning with comps[last] played last: the others' losing
// couples give their nimbers, and the last is shown winning against n and their XOR.
func (c *certifier) winLast(q engine.Position, comps []engine.Position, id coupleID, n, last int) (int, error) {
	kids := make([]int, 0, len(comps))
	x := n
	for i, comp := range comps {
		if i == last {
			continue
		}
		m, _ := c.nimber(comp, comp.Key())
		k, err := c.lose1(comp, coupleID{comp.Key(), m}, m)
		if err != nil {
			return 0, err
		}
		kids, x = append(kids, k), x^m
	}
	lc := comps[last]
	k, err := c.win1(lc, coupleID{lc.Key(), x}, x)
	if err != nil {
		return 0, err
	}
	return c.node(id, q.String(), n, false, true, "", append(kids, k)), nil
}

// lastComponents gives the components of a sum that may be played last, in the order to try
// them: the one the database lacks, alone (there may be one at most); else, since any may be
// played last (Algorithm 2) and the database may show a winning option of one only, every
// component, one whose heap can move to its nimber first.
func (c *certifier) lastComponents(q engine.Position, comps []engine.Position, n int) ([]int, error) {
	missing, total := -1, n
	for i, comp := range comps {
		m, ok := c.nimber(comp, comp.Key())
		switch {
		case !ok && missing >= 0:
			return nil, failure(q.String(), n, "the database has the nimber of neither %s nor %s: the sum needs all its components' but one", engine.Quote(comps[missing].String()), engine.Quote(comp.String()))
		case !ok:
			missing = i
		default:
			total ^= m
		}
	}
	if missing >= 0 {
		return []int{missing}, nil
	}
	if total == 0 {
		return nil, failure(q.String(), n, "its components' nimbers in the database XOR to %d: the couple is losing, not winning", n)
	}
	order := make([]int, 0, len(comps))
	for i, comp := range comps {
		if m, _ := c.nimber(comp, comp.Key()); m < total^m {
			order = append(order, i)
		}
	}
	for i := range comps {
		if !slices.Contains(order, i) {
			order = append(order, i)
		}
	}
	return order, nil
}

// win1 proves (comp, n) winning for a component: by the heap moved to the nimber the database
// gives, when smaller, or else by the first option whose couple the database shows losing.
func (c *certifier) win1(comp engine.Position, id coupleID, n int) (int, error) {
	return c.memo(id, func() (int, error) {
		if m, ok := c.nimber(comp, id.key); ok {
			if m == n {
				return 0, failure(comp.String(), n, "the database gives nimber %d: the couple is losing, not winning", m)
			}
			if m < n {
				k, err := c.lose1(comp, coupleID{id.key, m}, m)
				if err != nil {
					return 0, err
				}
				return c.node(id, comp.String(), n, false, false, id.key, []int{k}), nil
			}
		}
		cands, lacking, err := c.candidates(comp, n)
		if err != nil {
			return 0, err
		}
		var first error
		for _, o := range cands {
			k, err := c.lose(o, n)
			if err == nil {
				return c.node(id, comp.String(), n, false, false, id.key, []int{k}), nil
			}
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return 0, err
			}
			if first == nil {
				first = err
			}
		}
		if first != nil {
			return 0, first
		}
		return 0, &CertifyError{Position: comp.String(), N: n, Why: "no option of it is a losing couple of the database: showing it winning would need a search", Lacking: lacking}
	})
}

// candidates returns the options o of comp whose couple (o, n) the database claims losing,
// those whose proof costs the fewest couples not proven yet first (then in the game's order),
// so that the proof, and the database it uses, stay small; and the components whose lack
// alone keeps another option from being one.
func (c *certifier) candidates(comp engine.Position, n int) ([]engine.Position, []string, error) {
	var cands []engine.Position
	var costs []int
	var lacking []string
	for o := range comp.Options() {
		if err := c.tick(); err != nil {
			return nil, nil, err
		}
		if !c.losingByDatabase(o, n) {
			lacking = c.lacking(lacking, o)
			continue
		}
		cands, costs = append(cands, o), append(costs, c.newCouples(o))
	}
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return costs[a] - costs[b] })
	sorted := make([]engine.Position, len(cands))
	for i, j := range order {
		sorted[i] = cands[j]
	}
	return sorted, lacking, nil
}

// newCouples counts the losing couples of o's components (left after pairs cancel) not
// proven yet.
func (c *certifier) newCouples(o engine.Position) int {
	k := 0
	for _, comp := range engine.CancelPairs(o.Split()) {
		m, _ := c.nimber(comp, comp.Key())
		if _, ok := c.ids[coupleID{comp.Key(), m}]; !ok {
			k++
		}
	}
	return k
}

// maxLacking is how many missing components a message names.
const maxLacking = 4

// lacking adds to list the component of o the database lacks, when it lacks only one: the
// one couple that would have made o a losing option (a removed or forgotten line, often).
func (c *certifier) lacking(list []string, o engine.Position) []string {
	missing := ""
	for _, comp := range engine.CancelPairs(o.Split()) {
		if _, ok := c.nimber(comp, comp.Key()); !ok {
			if missing != "" {
				return list
			}
			missing = comp.String()
		}
	}
	if missing != "" && !slices.Contains(list, missing) {
		list = append(list, missing)
	}
	return list
}

// lackingNote names the components the database lacks that keep an option from being shown
// losing, one of which it may have been meant to hold.
func lackingNote(list []string) string {
	if len(list) == 0 {
		return ""
	}
	quoted := make([]string, 0, maxLacking+1)
	for i, s := range list {
		if i == maxLacking {
			quoted = append(quoted, fmt.Sprintf("%d more", len(list)-i))
			break
		}
		quoted = append(quoted, engine.Quote(s))
	}
	return " (an option would be losing but for the nimber of " + strings.Join(quoted, " or ") + ", which the database lacks)"
}

// losingByDatabase reports whether the database claims (o, n) losing.
func (c *certifier) losingByDatabase(o engine.Position, n int) bool {
	x, ok := componentsXOR(o, func(comp engine.Position) (int, bool) { return c.nimber(comp, comp.Key()) })
	return ok && x == n
}

// componentsXOR gives the XOR of the nimbers of o's components left after pairs cancel, as
// nimber gives them, or false when it lacks one. Certify and Smallest's model each look
// nimbers up in their own places.
func componentsXOR(o engine.Position, nimber func(comp engine.Position) (int, bool)) (int, bool) {
	x := 0
	for _, comp := range engine.CancelPairs(o.Split()) {
		n, ok := nimber(comp)
		if !ok {
			return 0, false
		}
		x ^= n
	}
	return x, true
}

// readOut returns the tree of the couples reachable from root, numbered breadth first from
// it (couples proven by attempts that failed further up are left out), the losing couples
// of components among them, and how many of those the theory gave.
func (c *certifier) readOut(root int) (t *engine.Tree, used []Record, theory int) {
	t = &engine.Tree{Format: engine.TreeFormat, Game: c.game}
	newID := map[int]int{root: 0}
	order := []int{root}
	for i := 0; i < len(order); i++ {
		for _, k := range c.nodes[order[i]].Children {
			if _, ok := newID[k]; !ok {
				newID[k] = len(order)
				order = append(order, k)
			}
		}
	}
	for i, old := range order {
		nd := c.nodes[old]
		nd.ID = i
		nd.Children = make([]int, len(c.nodes[old].Children))
		for j, k := range c.nodes[old].Children {
			nd.Children[j] = newID[k]
		}
		t.Nodes = append(t.Nodes, nd)
		if nd.Losing() && nd.Kind == engine.KindCouple && c.keys[old] != "" {
			used = append(used, Record{Game: c.game, Key: c.keys[old], Position: nd.Position, Fact: engine.Fact{}.WithNimber(nd.N)})
			if c.fromTheory(c.keys[old]) {
				theory++
			}
		}
	}
	slices.SortFunc(used, func(a, b Record) int { return strings.Compare(a.Key, b.Key) })
	return t, used, theory
}
