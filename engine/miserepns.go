package engine

import (
	"container/heap"
)

// Proof-number search of misère outcomes by forms: the positions of MisereOutcomeByForms (the
// large components, and the small ones carried as one form) as the nodes of a DAG, the next
// one expanded the most-proving of the whole DAG instead of the next in a depth-first order.
// A misère loss must refute every move, and a depth-first search spends itself on the first
// move it cannot refute quickly; proof numbers go to the move cheapest to settle wherever
// it is. Positions proven are kept in the search's memo (seen) and in the solver's cache, as
// the depth-first search keeps them.
//
// The player to move wins a position when one of its moves leads to a loss: its proof number
// (to show it won) is the least disproof number of its moves, its disproof number the sum of
// their proof numbers.

// A mpnNode is one position of the DAG.
type mpnNode struct {
	large    []part
	t        int32 // the form of the small components
	key      string
	hint     int // the large components' hints: the update order (children first)
	pn, dn   int64
	told     [2]int64 // the pn and dn its parents' numbers were last computed with
	expanded bool
	queued   bool
	stale    bool  // pn, dn computed from the moves again when taken from the queue (see tell)
	cut      int32 // the last cut (fit) that kept it
	kids     []*mpnNode
	parents  []*mpnNode
}

func (v *mpnNode) proven() bool { return v.pn == 0 || v.dn == 0 }

// miserePN is one proof-number search: its nodes by key and those to compute again.
type miserePN struct {
	m      *misereCanonSearch
	root   *mpnNode
	nodes  map[mpnID]*mpnNode
	ids    keyIDs // of idOf
	dirty  mpnQueue
	bytes  int64
	proved int   // positions proven so far: a cut with none since the last one goes round in circles
	cuts   int32 // cuts so far (fit)
}

// mpnNodeBytes is about what a node costs beyond its keys and lists.
const mpnNodeBytes = 184

// errMisereTooLarge stops a search whose DAG does not fit its budget.
var errMisereTooLarge = workTooLarge("the misère proof-number search passed its memory budget (--cache-mb) without proving anything new: give it more")

// proofNumbers decides the position (large, t) by proof numbers, the DAG kept within half
// the solver's tree budget (the options memo has the other half): past it, the DAG is cut
// down to the positions nearest the root (fit), what it proved kept in seen and the cache.
// It stops with an error when even the root's moves leave no room.
func (m *misereCanonSearch) proofNumbers(large []part, t int32) bool {
	if len(large) == 0 {
		return m.f.win[t]
	}
	g := &miserePN{m: m, nodes: map[mpnID]*mpnNode{}, ids: newKeyIDs()}
	root := g.node(large, t)
	g.root = root
	m.s.mpn = g
	defer func() {
		m.s.mpn = nil
		m.s.c.proof.Store(g.progress()) // the last report says how it ended: proven, or where it stopped
	}()
	budget := m.s.treeBudget() / 2
	lastFit, share := -1, 1
	for !root.proven() {
		s := m.s
		if s.stopped() {
			return false
		}
		if g.bytes > budget {
			// A cut after which nothing was proven leaves more room the next time: the
			// positions nearest the root in half the budget, then a quarter, … until the
			// root's moves alone do not fit.
			if share++; g.proved != lastFit {
				share = 1
			}
			if !g.fit(root, budget>>share) {
				s.err = errMisereTooLarge
				return false
			}
			lastFit = g.proved
		}
		v := root
		depth := 0
		for v.expanded {
			v = v.mostProvingKid()
			depth++
		}
		s.pnDepth(depth)
		g.expand(v)
		if s.err != nil {
			return false
		}
		g.update(v)
		if mpnUpdated != nil {
			mpnUpdated(g)
		}
	}
	return root.pn == 0
}

// mpnUpdated, when set (by a test), sees the DAG after each update.
var mpnUpdated func(*miserePN)

// fit keeps the positions nearest the root, breadth first, as many as limit bytes hold: a
// position whose moves do not fit is made a leaf again, with the numbers its parents last
// learned. It reports whether the root's moves fit. The positions kept are marked with the
// cut's number as they are met (no map of them is looked up), and the map of the DAG is made
// again once, of its size.
func (g *miserePN) fit(root *mpnNode, limit int64) bool {
	g.cuts++
	cut := g.cuts
	root.cut = cut
	order := make([]*mpnNode, 1, len(g.nodes)/2+1)
	order[0] = root
	bytes := root.bytes()
	for i := 0; i < len(order); i++ {
		v := order[i]
		v.parents = nil // made again below, of kept positions only: a dropped one is let go
		if !v.expanded {
			continue
		}
		var more int64
		for _, k := range v.kids {
			if k.cut != cut {
				more += k.bytes()
			}
		}
		if bytes+more > limit {
			if v == root {
				return false
			}
			v.kids, v.expanded = nil, false
			continue
		}
		for _, k := range v.kids {
			if k.cut != cut {
				k.cut = cut
				order = append(order, k)
			}
		}
		bytes += more
	}
	keep := make(map[mpnID]*mpnNode, len(order))
	for _, v := range order {
		keep[g.idOf(v.large, v.t)] = v
		for _, k := range v.kids {
			if !k.proven() {
				k.parents = append(k.parents, v)
			}
		}
	}
	g.nodes, g.bytes = keep, bytes
	for _, v := range order {
		g.bytes += int64(8 * len(v.parents))
	}
	return true
}

// bytes is about what v costs in the DAG, its parents left out.
func (v *mpnNode) bytes() int64 {
	return mpnNodeBytes + int64(len(v.key)+32*len(v.large)+16*len(v.kids))
}

// mostProvingKid is the move whose disproof number is the least: the one that sets the
// proof number.
func (v *mpnNode) mostProvingKid() *mpnNode {
	var best *mpnNode
	for _, k := range v.kids {
		if best == nil || k.dn < best.dn {
			best = k
		}
	}
	return best
}

// An mpnID names a position of the DAG within one search: its form, and a hash of its large
// components' keys, 128 bits, the same in whatever order they come (the sum of each key's
// hash). A position's key (keyOf: the components' keys sorted and joined, the form's name)
// is made only for a position new to the DAG; looking a position up by it was a sixth of a
// search (0*15: making the key 7 %, the map's hash and compare of it 10 %).
type mpnID struct {
	h [2]uint64
	t int32
}

// idOf is the id of the position (large, t). Two positions share one only when their keys
// do, or by a collision of two 128-bit hashes, out of reach of any search (as forms' names).
func (g *miserePN) idOf(large []part, t int32) mpnID {
	id := mpnID{t: t}
	for _, p := range large {
		h := g.ids.of(p.key)
		id.h[0] += h[0]
		id.h[1] += h[1]
	}
	return id
}

// node returns the position (large, t) of the DAG, made when new: proven at once when it
// has no large component (its form's outcome) or when the search or the cache knows it.
func (g *miserePN) node(large []part, t int32) *mpnNode {
	id := g.idOf(large, t)
	if v, ok := g.nodes[id]; ok {
		return v
	}
	v := &mpnNode{large: large, t: t, key: g.m.f.keyOf(large, t)}
	for _, p := range large {
		v.hint += HintOf(p.pos)
	}
	if known, win := g.known(v); known {
		v.pn, v.dn = boolPN(win), boolDN(win)
	} else {
		v.pn, v.dn = 1, 1+int64(v.hint)/2
	}
	v.told = [2]int64{v.pn, v.dn}
	g.nodes[id] = v
	g.bytes += v.bytes()
	return v
}

// known is what is known of v's outcome without search.
func (g *miserePN) known(v *mpnNode) (known, win bool) {
	if len(v.large) == 0 {
		return true, g.m.f.win[v.t]
	}
	return g.m.known(v.key)
}

// expand makes v's moves: those in its large components, then those in its form.
func (g *miserePN) expand(v *mpnNode) {
	m, s := g.m, g.m.s
	s.c.lookups.Add(1)
	if s.tick(); s.err != nil {
		return
	}
moves:
	for i, c := range v.large {
		if i > 0 && c.key == v.large[i-1].key {
			continue // the same moves as the one before
		}
		opts := m.componentOptions(c)
		if s.err != nil {
			return
		}
		rest := make([]part, 0, len(v.large)-1)
		rest = append(append(rest, v.large[:i]...), v.large[i+1:]...)
		for _, o := range opts {
			if s.stopped() {
				return
			}
			nl, nt := m.absorb(rest, o.parts, v.t)
			if s.err != nil {
				return
			}
			if g.link(v, g.node(nl, nt)) {
				break moves // a move to a loss: v is won, the others need not be made
			}
		}
	}
	for _, o := range m.f.opts[v.t] {
		if g.link(v, g.node(v.large, o)) {
			break
		}
	}
	v.expanded = true
	g.bytes += int64(16 * len(v.kids))
	g.recompute(v)
}

// link makes k a move of v, once, and reports whether k is known lost.
func (g *miserePN) link(v, k *mpnNode) bool {
	if k.dn == 0 {
		v.kids = append(v.kids[:0], k)
		return true
	}
	for _, o := range v.kids {
		if o == k {
			return false
		}
	}
	v.kids = append(v.kids, k)
	if !k.proven() {
		k.parents = append(k.parents, v)
		g.bytes += 8
	}
	return false
}

// recompute sets v's numbers from the numbers its moves last told (those of a move still to
// be taken from the queue are told when it is), and keeps what a proof settles.
func (g *miserePN) recompute(v *mpnNode) {
	pn, dn := pnInf, int64(0)
	if len(v.kids) == 0 {
		pn, dn = 0, pnInf // no move: under misère play, a win
	}
	for _, k := range v.kids {
		pn = min(pn, k.told[1])
		dn = addPN(dn, k.told[0])
	}
	v.pn, v.dn, v.stale = pn, dn, false
	g.settle(v)
}

// settle keeps what a proof of v settles: its outcome, in the memo and the cache.
func (g *miserePN) settle(v *mpnNode) {
	if v.proven() {
		g.proved++
		g.m.remember(v.key, v.pn == 0)
		v.kids = nil // a proven position is not walked again
	}
}

// update computes again the numbers of v's ancestors that v's change reaches, children
// first: a parent is taken after every position of smaller hint that may change it. A
// position's numbers follow each change of one of its moves as it is told (tell), without
// a pass over all its moves, unless the change may have raised its least disproof number
// or touches infinite ones: a pass over its moves was a sixth of a misère search.
func (g *miserePN) update(v *mpnNode) {
	g.push(v)
	for len(g.dirty) > 0 {
		u := g.pop()
		u.queued = false
		// A position is proven only by a move whose numbers turn infinite, which makes it
		// stale (tell): recompute settles it. v was settled by its expansion.
		if u.stale {
			g.recompute(u)
		}
		if u.pn == u.told[0] && u.dn == u.told[1] {
			continue
		}
		open := u.parents[:0]
		for _, p := range u.parents {
			if !p.proven() {
				open = append(open, p)
				p.tell(u.told, u.pn, u.dn)
				g.push(p)
			}
		}
		clear(u.parents[len(open):])
		u.parents = open
		u.told = [2]int64{u.pn, u.dn}
	}
}

// tell moves v's numbers from a move's old numbers (told) to its new ones: the sum of the
// moves' proof numbers by their difference, the least disproof number when the move's is
// less. The change is left to a pass over the moves (stale) when it may have raised the
// least, or when infinite or saturated numbers make the difference meaningless.
func (v *mpnNode) tell(told [2]int64, pn, dn int64) {
	if v.stale {
		return
	}
	oldPN, oldDN := told[0], told[1]
	switch {
	case oldPN >= pnInf || pn >= pnInf || v.dn >= pnInf || dn >= pnInf || oldDN >= pnInf:
		v.stale = true
		return
	case dn < v.pn:
		v.pn = dn
	case oldDN == v.pn && dn > oldDN:
		v.stale = true
		return
	}
	v.dn = addPN(v.dn-oldPN, pn)
}

func (g *miserePN) push(v *mpnNode) {
	if !v.queued {
		v.queued = true
		heap.Push(&g.dirty, v)
	}
}

func (g *miserePN) pop() *mpnNode { return heap.Pop(&g.dirty).(*mpnNode) }

// mpnQueue orders positions children first, by hint (container/heap: the update is not
// where a misère search spends its time, making options is).
type mpnQueue []*mpnNode

func (q mpnQueue) Len() int           { return len(q) }
func (q mpnQueue) Less(i, j int) bool { return q[i].hint < q[j].hint }
func (q mpnQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *mpnQueue) Push(x any)        { *q = append(*q, x.(*mpnNode)) }
func (q *mpnQueue) Pop() any {
	old := *q
	v := old[len(old)-1]
	old[len(old)-1] = nil
	*q = old[:len(old)-1]
	return v
}

// progress is the snapshot of the search for a report: the root's numbers and its options
// refuted, how far the option nearest to a win is, the DAG's size.
func (g *miserePN) progress() *ProofProgress {
	root := g.root
	p := &ProofProgress{Root: stepText(wholePosition(root.large), 0, 0), Misere: true,
		PN: root.pn, DN: root.dn, Couples: len(g.nodes), Bytes: g.bytes, RootOptions: len(root.kids), Cuts: int(g.cuts)}
	for _, k := range root.kids {
		if k.pn == 0 {
			p.RootRefuted++
		}
	}
	if best := root.mostProvingKid(); best != nil && best.expanded && !best.proven() {
		p.Replies = len(best.kids)
		for _, r := range best.kids {
			if r.pn == 0 {
				p.Answered++
			}
		}
	}
	return p
}
