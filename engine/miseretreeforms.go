package engine

import (
	"context"
	"fmt"
	"slices"
)

// A misère tree by forms proves what the search by forms proved, in its own terms: each node
// is a couple (P, F), the position P beside the misère form F (the paper's couples (P, n),
// with a form where normal play has a heap). Its options are the moves in P's components,
// each option's small components formed and added to F (Tree.FormBudget and FormHint say
// which are small), and the moves in F. An option left with no component is decided by its
// form alone and has no node: a loss when the form is, read off the form. So positions whose
// small components differ but have one form are one node, where a tree of whole positions
// holds each (0*12's passes 2 GB).
//
// Check verifies such a tree from the rules and Conway's theory of misère forms: it derives
// each node's options from the rules, forms their small components with its own table of
// forms, and compares forms by their simplest forms, which are equal exactly when the games
// are (see MisereForms). It trusts the search in nothing.

// formProof is one couple (large, t) proven: a win with the key of its losing option (none
// when that option is decided by its form, or when it has no move), a loss with the keys of
// its options that have components.
type formProof struct {
	pos  Position // the sum of the couple's components
	t    int32
	win  bool
	kids []string
}

// ProveMisereForms finds the misère outcome of p by its components' forms (by proof numbers
// when the solver uses them) and records its solution tree by forms: a couple that is a win
// with one option the same search shows lost (one the tree holds already, else one the search
// proved, else the first in the search's order), a loss with all its options. The root is
// (p, the form with no option), p's components as they are.
func (s *Solver) ProveMisereForms(ctx context.Context, game string, p Position, forms *MisereForms) (*Tree, error) {
	p = Exactly(p)
	s.begin(ctx)
	m, done := s.canonSearch(forms)
	defer done()
	r := &formReader{m: m, proofs: map[string]*formProof{}}
	parts := sortParts(partsOf(p.Split()))
	root := m.f.keyOf(parts, 0)
	r.prove(parts, 0, root)
	if pr, ok := r.proofs[root]; ok {
		pr.pos = p // as written (a position with no component has a notation of its own)
	}
	var t *Tree
	var err error
	if s.err == nil {
		t, err = r.tree(game, root)
	}
	if stopErr := s.end(); stopErr != nil {
		return nil, stopErr
	}
	return t, err
}

// A formReader reads a misère tree by forms out of a search by forms.
type formReader struct {
	m      *misereCanonSearch
	proofs map[string]*formProof
	bytes  int64
}

// prove records the proof of the couple (large, t), whose key is key, and returns its
// outcome (false, with s.err set, when it stops).
func (r *formReader) prove(large []part, t int32, key string) (win bool) {
	if pr, ok := r.proofs[key]; ok {
		return pr.win
	}
	m, s := r.m, r.m.s
	if m.tick(); s.err != nil || s.stopped() {
		return false
	}
	if s.err = proofsOver(len(r.proofs), r.bytes, s.treeBudget()); s.err != nil {
		return false
	}
	moves := m.moves(large, t)
	if s.err != nil {
		return false
	}
	for _, o := range m.f.opts[t] {
		moves = append(moves, formMove{large: large, t: o})
	}
	pr := &formProof{pos: wholePosition(large), t: t}
	if r.m.lostFormed(large, t) {
		seen := map[string]bool{}
		for _, mv := range moves {
			if len(mv.large) == 0 {
				if !m.f.win[mv.t] {
					s.err = disagree("%q lost, yet its option to the form %s is lost", pr.pos, m.f.String(mv.t))
					return false
				}
				continue
			}
			k := r.m.f.keyOf(mv.large, mv.t)
			if seen[k] {
				continue
			}
			seen[k] = true
			if r.prove(mv.large, mv.t, k) && s.err == nil {
				pr.kids = append(pr.kids, k)
				continue
			}
			if s.err == nil {
				s.err = disagree("%q lost, yet its option %q is lost", pr.pos, wholePosition(mv.large))
			}
			return false
		}
	} else {
		mv, ok := r.losingOption(moves)
		switch {
		case s.err != nil:
			return false
		case !ok && len(moves) > 0:
			s.err = disagree("%q won, yet none of its options is lost", pr.pos)
			return false
		case ok && len(mv.large) > 0:
			k := r.m.f.keyOf(mv.large, mv.t)
			if r.prove(mv.large, mv.t, k) {
				if s.err == nil {
					s.err = disagree("%q won by its option %q, yet that option is won", pr.pos, wholePosition(mv.large))
				}
				return false
			}
			if s.err != nil {
				return false
			}
			pr.kids = []string{k}
		}
		pr.win = true
	}
	r.proofs[key] = pr
	r.bytes += proofBytes + recordPosBytes + int64(2*len(key))
	for _, k := range pr.kids {
		r.bytes += kidBytes + int64(len(k))
	}
	return pr.win
}

// losingOption is the option of a won couple the tree proves lost: one decided lost by its
// form, else one the tree holds as lost, else one the search proved lost, else the first in
// the search's order that a search then shows lost.
func (r *formReader) losingOption(moves []formMove) (formMove, bool) {
	for _, mv := range moves {
		if len(mv.large) == 0 && !r.m.f.win[mv.t] {
			return mv, true
		}
	}
	for _, mv := range moves {
		if len(mv.large) == 0 {
			continue
		}
		if pr, ok := r.proofs[r.m.f.keyOf(mv.large, mv.t)]; ok && !pr.win || r.m.lost(mv.large, mv.t) {
			return mv, true
		}
	}
	for _, mv := range moves {
		if len(mv.large) == 0 {
			continue
		}
		if r.m.lostFormed(mv.large, mv.t) {
			return mv, true
		}
		if r.m.s.err != nil {
			break
		}
	}
	return formMove{}, false
}

// tree numbers the proofs breadth first from root, and the forms they name by their order
// in the search's table (each after its options), the form with no option first.
func (r *formReader) tree(game, root string) (*Tree, error) {
	var at []Position // the root's position, for its SplitRule
	nodes, stopped, err := readOut(root, func(key string) (Node, []string, error) {
		pr, ok := r.proofs[key]
		if !ok {
			return Node{}, nil, fmt.Errorf("engine: no misère proof recorded for %q", key)
		}
		if at == nil {
			at = []Position{pr.pos}
		}
		return Node{Position: pr.pos.String(), N: int(pr.t), Result: result(pr.win)}, pr.kids, nil
	}, func(i int) bool { return i%1024 == 0 && r.m.s.stopped() })
	if err != nil || stopped {
		return nil, err
	}
	f := r.m.f
	used := make([]int32, len(nodes)) // the forms the nodes name, and below, their options
	for i := range nodes {
		used[i] = int32(nodes[i].N)
	}
	index := map[int32]int32{0: 0}
	var ids []int32
	for len(used) > 0 {
		id := used[len(used)-1]
		used = used[:len(used)-1]
		if _, ok := index[id]; ok {
			continue
		}
		index[id] = -1
		ids = append(ids, id)
		used = append(used, f.opts[id]...)
	}
	slices.Sort(ids) // a form's options come before it in the table
	forms := [][]int32{{}}
	for _, id := range ids {
		index[id] = int32(len(forms))
		opts := make([]int32, len(f.opts[id]))
		for j, o := range f.opts[id] {
			opts[j] = index[o]
		}
		forms = append(forms, opts)
	}
	for i := range nodes {
		nodes[i].N = int(index[int32(nodes[i].N)])
	}
	return &Tree{Format: TreeFormat, Convention: Misere, Game: game, Split: rootRule(at), Nodes: nodes,
		Forms: forms, FormBudget: f.Budget, FormHint: f.MaxHint}, nil
}

// formCheck is what Check keeps of a misère tree by forms: its own table of forms, which
// forms the components of the options as the tree says it did (FormBudget, FormHint), and
// the simplest form of each of the file's forms.
type formCheck struct {
	f   *MisereForms
	ids []int32 // by the file's index
}

// maxFormBudget bounds a file's FormBudget: the game tree of a formed component is searched
// whole by the check.
const maxFormBudget = 1 << 30

// formsOf returns the check's forms, made on first use from the file's.
func (c *checker) formsOf() (*formCheck, error) {
	if c.forms != nil {
		return c.forms, nil
	}
	t := c.t
	if t.FormBudget > maxFormBudget {
		return nil, fmt.Errorf("tree: form_budget %d, want at most %d", t.FormBudget, maxFormBudget)
	}
	fc := &formCheck{f: NewMisereForms(), ids: make([]int32, len(t.Forms))}
	fc.f.Budget, fc.f.MaxHint = t.FormBudget, t.FormHint
	var opts []int32
	for i, file := range t.Forms {
		opts = opts[:0]
		work := len(file)
		for _, o := range file {
			opts = append(opts, fc.ids[o])                // the reader saw o < i
			work += len(file) * len(fc.f.opts[fc.ids[o]]) // Node's look for a reversible option
		}
		if c.work += work; c.work > c.budget {
			return nil, c.tooCostly()
		}
		fc.ids[i] = fc.f.Node(opts)
	}
	c.forms = fc
	return fc, nil
}

// formNode checks node id of a misère tree by forms: a couple (P, F) with F the file's form
// of index N. A W has one child, a losing option, or none when an option without components
// has a lost form, or when the couple has no move; an L has a move, each option with
// components a child, each W, and each option without one a won form.
func (c *checker) formNode(id int) error {
	n := c.t.node(id)
	if n.Kind != KindCouple {
		return c.fail(id, "a %s node in a misère tree: its nodes are couples of a position and a form", Quote(n.Kind))
	}
	fc, err := c.formsOf()
	if err != nil {
		return err
	}
	if n.N >= len(fc.ids) {
		return c.fail(id, "form %d, but the tree has %d forms", n.N, len(fc.ids))
	}
	p, err := c.position(id)
	if err != nil {
		return err
	}
	options := map[string]bool{} // the options with components, by key → matched by a child
	var order []string
	formWin, formLoss := false, false // an option without components, won or lost
	err = c.formOptions(fc, sortParts(partsOf(p.Split())), fc.ids[n.N], func(key string, t int32) {
		switch {
		case key != "":
			if _, ok := options[key]; !ok {
				options[key] = false
				order = append(order, key)
			}
		case fc.f.win[t]:
			formWin = true
		default:
			formLoss = true
		}
	})
	if err != nil {
		return err
	}
	kids := c.t.children(id)
	if !n.Losing() {
		switch {
		case len(kids) == 0 && (formLoss || len(options) == 0 && !formWin):
			return nil
		case len(kids) == 0:
			return c.fail(id, "claims W with no child, but no option is a form alone that is lost, and the couple has a move")
		case len(kids) > 1:
			return c.fail(id, "claims W with %d children, want the one losing option", len(kids))
		}
		k := int(kids[0])
		kid := c.t.node(k)
		if !kid.Losing() {
			return c.fail(id, "claims W but its child %d is not losing", k)
		}
		key, err := c.formKey(fc, k)
		if err != nil {
			return err
		}
		if _, ok := options[key]; !ok {
			return c.fail(id, "child %d (%s) is not an option of the couple", k, Quote(kid.Position))
		}
		return nil
	}
	switch {
	case formLoss:
		return c.fail(id, "claims L but an option is a form alone that is lost")
	case len(options) == 0 && !formWin:
		return c.fail(id, "claims L but the couple has no move: under misère play the player to move wins")
	}
	return c.everyOption(id, options, order, func(k int) (string, error) { return c.formKey(fc, k) }, "couple")
}

// formOptions derives the options of the couple (parts, t) from the rules: each move in a
// component, its small components formed into t, and each move in t. yield gets each one's
// key, or "" and its form when it has no component left.
func (c *checker) formOptions(fc *formCheck, parts []part, t int32, yield func(key string, t int32)) error {
	stop := func() bool { return c.ctx.Err() != nil }
	give := func(large []part, t int32) {
		if len(large) == 0 {
			yield("", t)
			return
		}
		yield(fc.f.keyOf(large, t), t)
	}
	for i, comp := range parts {
		if i > 0 && comp.key == parts[i-1].key {
			continue // the same options as the one before
		}
		rest := slices.Delete(slices.Clone(parts), i, i+1)
		for o := range comp.pos.Options() {
			if c.work++; c.work > c.budget {
				return c.tooCostly()
			}
			if c.work%checkPoll == 0 && stop() {
				return c.stopped()
			}
			large, ot, ok := fc.f.absorb(rest, partsOf(o.Split()), t, stop)
			if !ok {
				return c.stopped()
			}
			give(large, ot)
		}
	}
	for _, o := range fc.f.opts[t] {
		give(parts, o)
	}
	return nil
}

// formKey is the key of node id's couple: its components' and its form's.
func (c *checker) formKey(fc *formCheck, id int) (string, error) {
	if k, ok := c.keys.get(id); ok {
		return k, nil
	}
	n := c.t.node(id)
	if n.N >= len(fc.ids) {
		return "", c.fail(id, "form %d, but the tree has %d forms", n.N, len(fc.ids))
	}
	p, err := c.position(id)
	if err != nil {
		return "", err
	}
	k := fc.f.keyOf(sortParts(partsOf(p.Split())), fc.ids[n.N])
	c.keys.set(id, k)
	return k, nil
}
