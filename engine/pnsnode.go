package engine

import "slices"

// The couples of the proof-number search's DAG: how they are made, expanded and computed.

// A pnSum is what a sum node knows of its components (Algorithm 2).
type pnSum struct {
	parts  []part
	heap   int   // the node's heap ⊕ the nimbers found so far
	last   int   // the component played against the heap; -1: none, every nimber is wanted (Nimber)
	tried  []int // per component, the heap of its couple being solved
	nims   []int // per component, its nimber once found
	active []int // the components whose nimber is being found, in order; kids[i] is active[i]'s couple
}

// foldKnown folds into heap the nimbers known of a sum's parts but last, keeping them in
// nims, and returns the heap and the parts still to solve, easiest first: a component solved
// early may make the others' work known (the cache). The proof-number searches share it.
func (s *Solver) foldKnown(parts []part, last int, nims []int, heap int) (int, []int) {
	var active []int
	for i, c := range parts {
		if i == last {
			continue
		}
		if f, ok := s.fact(c); ok {
			if m, known := f.Nimber(); known {
				nims[i] = m
				heap ^= m
				continue
			}
		}
		active = append(active, i)
	}
	slices.SortStableFunc(active, func(a, b int) int { return HintOf(parts[a].pos) - HintOf(parts[b].pos) })
	return heap, active
}

// pnNew registers a new node in the DAG.
func (s *Solver) pnNew(v *pnNode) *pnNode {
	v.toldPN, v.toldDN = v.pn, v.dn
	s.pns.nodes[v.ref] = v
	s.pns.bytes += pnNodeBytes
	return v
}

// pnLink makes kid an option of v.
func (s *Solver) pnLink(v, kid *pnNode) {
	v.kidPN += kid.toldPN
	v.kidDN = min(v.kidDN, kid.toldDN)
	v.kids = append(v.kids, kid)
	kid.parents = append(kid.parents, v)
	s.pns.bytes += 2 * pnLinkBytes
}

// pnCouple returns the node of the couple (c, n), made if new: closed at once when the cache
// or the game's theory knows its outcome, else with the start numbers.
func (s *Solver) pnCouple(c part, n int) *pnNode {
	k := ref{c.key, n, false}
	if v, ok := s.pns.nodes[k]; ok {
		return v
	}
	v := &pnNode{ref: k, pos: c.pos, hint: HintOf(c.pos)}
	if f, ok := s.fact(c); ok {
		if known, win := f.Outcome(n); known {
			v.pn, v.dn = boolPN(win), boolDN(win)
			return s.pnNew(v)
		}
	}
	v.pn, v.dn = s.pns.start(v)
	return s.pnNew(v)
}

// pnOption returns the node of the option o with heap n: a couple, or a sum.
func (s *Solver) pnOption(o *option, n int) *pnNode {
	if len(o.parts) == 1 {
		return s.pnCouple(o.parts[0], n)
	}
	if v, ok := s.pns.nodes[o.ref(n)]; ok {
		return v
	}
	return s.pnSumNode(o.pos, o.parts, n, false)
}

// pnSumNode makes the node of the sum (p, n) of parts (two or more). The components whose
// nimber is known go into the heap at once; of the others the hardest (hardest, as the
// depth-first search chooses it) is left for last, and the rest are solved easiest first.
// With all set, every component's nimber is wanted, none is played against the heap: the
// node is proven once its heap is the nim-sum of all.
func (s *Solver) pnSumNode(p Position, parts []part, n int, all bool) *pnNode {
	k := ref{emptyKey, n, true}
	if !all {
		k.key = sumKey(parts)
	}
	sum := &pnSum{parts: parts, heap: n, last: -1, tried: make([]int, len(parts)), nims: make([]int, len(parts))}
	v := &pnNode{ref: k, pos: p, hint: HintOf(p), sum: sum, expanded: true}
	if !all {
		sum.last = s.hardest(parts)
		s.pns.nodes[k] = v
	}
	s.pns.bytes += pnNodeBytes + int64(len(parts))*3*pnLinkBytes
	sum.heap, sum.active = s.foldKnown(parts, sum.last, sum.nims, sum.heap)
	for _, i := range sum.active {
		sum.tried[i] = s.untried(parts[i], 0)
		s.pnLink(v, s.pnCouple(parts[i], sum.tried[i]))
	}
	s.pnRecompute(v)
	v.toldPN, v.toldDN = v.pn, v.dn
	return v
}

// pnNimberRoot makes the node whose heap becomes p's nimber: a sum of p's components, each
// solved by Algorithm 3.
func (s *Solver) pnNimberRoot(p Position) *pnNode {
	comps := p.Split()
	parts := make([]part, len(comps))
	for i, c := range comps {
		parts[i] = part{c, c.Key()}
	}
	return s.pnSumNode(p, parts, 0, true)
}

// untried returns the least heap from m on that c is not known to differ from.
func (s *Solver) untried(c part, m int) int {
	f, ok := s.fact(c)
	for ok && f.Excludes(m) {
		if _, known := f.Nimber(); known {
			m, _ = f.Nimber()
			return m
		}
		m++
	}
	return m
}

// pnExpand expands the couple v: its options become its kids, unless the cache knows its
// outcome now or one option is known to be losing.
func (s *Solver) pnExpand(v *pnNode) {
	if known, win := s.knownOutcome(v); known {
		v.pn, v.dn = boolPN(win), boolDN(win)
		return
	}
	s.tick()
	if s.err != nil {
		return
	}
	opts := s.options(part{v.pos, v.key}, v.n)
	if s.err != nil {
		return
	}
	s.pnLinkOptions(v, opts)
}

// knownOutcome is what the cache knows of the couple v.
func (s *Solver) knownOutcome(v *pnNode) (known, win bool) {
	if f, ok := s.fact(part{v.pos, v.key}); ok {
		return f.Outcome(v.n)
	}
	return false, false
}

// pnLinkOptions makes the options opts of the couple v its kids, unless one of them is known
// to be losing (v is proven then).
func (s *Solver) pnLinkOptions(v *pnNode, opts []option) {
	c := part{v.pos, v.key}
	v.expanded = true
	v.made = int32(len(opts) + v.n)
	v.kidPN, v.kidDN = 0, pnInf
	if s.rec != nil {
		v.opts = slices.Clone(opts)
		s.pns.bytes += int64(len(opts)) * optionBytes
	}
	for i := range opts {
		o := &opts[i]
		switch {
		case s.rec != nil && len(o.parts) == 0:
			// The proof names the terminal couple: record it as the depth-first search does.
			if !s.terminal(o.pos, v.n) {
				s.pnWon(v, o.ref(v.n))
				return
			}
			continue
		case s.rec == nil && o.class == knownLosing:
			s.pnWon(v, o.ref(v.n))
			return
		case s.rec == nil && o.class == knownWinning:
			continue // it cannot prove v, and v's proof is not recorded
		}
		kid := s.pnOption(o, v.n)
		if kid.proven() && !kid.won() {
			s.pnWon(v, kid.ref)
			return
		}
		if !kid.proven() {
			s.pnLink(v, kid)
		}
	}
	for i := 0; i < v.n; i++ {
		kid := s.pnCouple(c, i)
		if kid.proven() && !kid.won() {
			s.pnWon(v, kid.ref)
			return
		}
		if !kid.proven() {
			s.pnLink(v, kid)
		}
	}
	s.pnRecompute(v)
}

// pnRecompute sets the numbers of an expanded node from its kids', and proves it when they
// decide it.
func (s *Solver) pnRecompute(v *pnNode) {
	if v.sum != nil {
		s.pnRecomputeSum(v)
		return
	}
	if !v.expanded {
		return
	}
	if v.stale {
		v.rescan()
	}
	switch {
	case v.kidDN == 0: // a kid is lost
		for _, k := range v.kids {
			if k.toldDN == 0 {
				s.pnWon(v, k.ref)
				return
			}
		}
	case v.kidPN == 0: // every kid is won
		s.pnLost(v)
		return
	}
	v.pn, v.dn = v.kidDN, min(v.kidPN, pnInf)
}

// rescan finds the least disproof number of the couple v's kids again, the sum of their
// proof numbers too, and lets go of the kids known won, all as the kids last told them.
func (v *pnNode) rescan() {
	v.kidPN, v.kidDN, v.stale = 0, pnInf, false
	open := v.kids[:0]
	for _, k := range v.kids {
		if k.toldPN != 0 { // not won
			open = append(open, k)
			v.kidPN += k.toldPN
			v.kidDN = min(v.kidDN, k.toldDN)
		}
	}
	clear(v.kids[len(open):])
	v.kids = open
}

// tell gives the couple v the change of its kid k's numbers since k last told them: the
// sum at once, and the least disproof number at once unless k held it and it grew.
func (v *pnNode) tell(k *pnNode) {
	v.kidPN += k.pn - k.toldPN
	switch {
	case k.dn < v.kidDN:
		v.kidDN = k.dn
	case k.toldDN == v.kidDN && k.dn > k.toldDN:
		v.stale = true
	}
}

// pnRecomputeSum moves a sum on past the components its kids decided, then sets its numbers:
// those of the last couple when it is alone, else the sum of the least numbers of the
// components left (each counts as much to prove the sum as to disprove it).
func (s *Solver) pnRecomputeSum(v *pnNode) {
	sum := v.sum
	for j := 0; j < len(sum.active); {
		i, k := sum.active[j], v.kids[j]
		switch {
		case !k.proven():
			j++
		case k.won(): // nimber ≠ tried: try the next heap
			sum.tried[i] = s.untried(sum.parts[i], sum.tried[i]+1)
			next := s.pnCouple(sum.parts[i], sum.tried[i])
			v.kids[j] = next
			next.parents = append(next.parents, v)
			s.pns.bytes += pnLinkBytes
		default: // nimber = tried
			sum.nims[i] = sum.tried[i]
			sum.heap ^= sum.nims[i]
			sum.active = slices.Delete(sum.active, j, j+1)
			v.kids = slices.Delete(v.kids, j, j+1)
		}
	}
	if len(sum.active) > 0 {
		total := int64(1) // the last component, not started
		if sum.last < 0 {
			total = 0
		}
		for _, k := range v.kids {
			total = addPN(total, min(k.pn, k.dn))
		}
		v.pn, v.dn = total, total
		return
	}
	if sum.last < 0 {
		v.pn, v.dn = boolPN(sum.heap != 0), boolDN(sum.heap != 0)
		return
	}
	if len(v.kids) == 0 {
		s.pnLink(v, s.pnCouple(sum.parts[sum.last], sum.heap))
	}
	last := v.kids[0]
	v.pn, v.dn = last.pn, last.dn
	if last.proven() {
		s.pnSumProven(v, last.won())
	}
}

// pnWon proves the couple v winning by its losing option k.
func (s *Solver) pnWon(v *pnNode, k ref) {
	s.pns.proved++
	v.pn, v.dn = 0, pnInf
	if s.rec != nil {
		s.rec.won(part{v.pos, v.key}, v.n, k)
	}
	s.learn(v.key, v.n, true)
	s.pnRelease(v)
}

// pnLost proves the couple v losing: every option is winning.
func (s *Solver) pnLost(v *pnNode) {
	s.pns.proved++
	v.pn, v.dn = pnInf, 0
	if s.rec != nil {
		s.rec.lost(part{v.pos, v.key}, v.n, v.opts)
	}
	s.learn(v.key, v.n, false)
	s.pnRelease(v)
}

// pnSumProven proves the sum v by its last couple's outcome.
func (s *Solver) pnSumProven(v *pnNode, win bool) {
	s.pns.proved++
	sum := v.sum
	v.pn, v.dn = boolPN(win), boolDN(win)
	if s.rec != nil {
		s.rec.sum(v.pos, sum.parts, v.n, sum.last, sum.nims, sum.heap, win)
	}
	s.pnRelease(v)
}

// pnRelease lets a proven node's kids and options go: only its outcome is asked from now on.
func (s *Solver) pnRelease(v *pnNode) {
	s.pns.bytes -= int64(len(v.kids))*pnLinkBytes + int64(len(v.opts))*optionBytes
	v.kids, v.opts = nil, nil
}
