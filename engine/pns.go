package engine

import (
	"slices"
)

// Proof-number search (Allis) over the DAG of couples, the best-first order the paper's §5.5
// leaves open and SPOTS (cizektom/spots) uses for Sprouts: the same couples, Algorithms 1–3
// and facts as the depth-first search, but the next couple expanded is the most-proving one
// of the whole DAG, not the next one of a fixed order.
//
// A node is a couple, one per (key, n) for the whole search (transpositions are shared):
//
//   - a couple of a component that does not split, (L, n): its options are (Lⁱ, n) and
//     (L, i) for i < n (Proposition 3). It is winning as soon as one option is losing, so its
//     proof number is the least disproof number of its options, its disproof number the sum
//     of their proof numbers.
//   - a sum (P₁+…+P_k, n), Algorithm 2: its components are solved one after the other as
//     couples (Pᵢ, m), m rising while (Pᵢ, m) is won; once (Pᵢ, m) is lost, m goes into the
//     heap; the hardest component is left for last and played against the heap. While
//     several components remain, both numbers are the sum of their least numbers (as SPOTS
//     counts them); with the last one alone, they are its couple's.
//
// Proven couples are learned at once (learn): the cache, later searches and a recorded tree
// reuse them. What the cache (or the game's theory) knows closes a node when it is made.

// pnInf is the proof number of a couple that cannot be proven: its opposite is.
const pnInf = int64(1) << 50

// A pnNode is one couple of the DAG.
type pnNode struct {
	ref             // the couple: a component's key or a sum's, and the heap
	pos    Position // the component, or the sum
	hint   int      // the position's hint: the update order (children first)
	pn, dn int64    // proof numbers: to prove the couple winning, and losing
	// What the node's parents last learned of its numbers (tell), and for a couple what it
	// learned of its kids': the sum of their proof numbers (exact: at most pnInf each) and
	// the least of their disproof numbers, which stale says to find again.
	toldPN, toldDN int64
	kidPN, kidDN   int64
	stale          bool
	expanded       bool
	queued         bool
	busy           bool      // a worker of a team sharing the DAG is making its options (pnshare.go)
	made           int32     // a couple's options and heap options when it was expanded, for the reports
	kids           []*pnNode // the options not known won when last looked at (couple), or the components' couples (sum)
	parents        []*pnNode
	opts           []option // a couple's options, kept while recording: a losing couple's proof lists them all
	sum            *pnSum   // set for a sum
}

// proven reports whether the couple's outcome is known.
func (v *pnNode) proven() bool { return v.pn == 0 || v.dn == 0 }

// won reports whether a proven couple is winning.
func (v *pnNode) won() bool { return v.pn == 0 }

// A pnSearch is the DAG of one proof-number search: its nodes by couple, and the nodes whose
// numbers must be computed again, children first.
type pnSearch struct {
	nodes     map[ref]*pnNode
	dirty     pnQueue
	bytes     int64   // estimated memory of the DAG
	start     pnStart // set by begin: hintStart, or proofStart while recording
	collected int     // how many times the DAG was cut down to the nodes below its root
	pruned    int     // how many of those cut it further, to the couples nearest its root (prune)
	proved    int     // the couples proven in the DAG so far, and when it was last pruned:
	lastPrune int     // without a proof between two prunings, the search goes round in circles
	root      *pnNode // the node pnSolve proves: progress reports walk from it
	largest   pnSize  // the largest DAG of the solver's call so far, for progress reports

	// Set by a team (parallelpns.go): shared while other workers learn into the cache as
	// this one searches (see pnLookBack); the couple the team decides now and the last
	// one, for progress reports.
	shared   bool
	team     *pnTeamWork // the couple the team decides now
	teamLast *pnTeamWork // the last couple the team decided in the call
}

// pnStart sets the numbers of a couple not expanded yet.
type pnStart func(v *pnNode) (pn, dn int64)

// hintStart gives a new couple (L, n), h the hint of L, a proof number of 1 and a disproof
// number of 1 + 4h + 4n + h·n/2. Proving a couple losing takes all its options, more work the
// more the position has left to play, and so the search goes deep into the options easiest
// to refute before it widens, where expansions are cheap (a small position has few options
// to make). It takes more with a larger heap: (L, n) losing is nimber(L) = n, so each
// (L, i), i < n, must be proven winning too, by an option of nimber i; and a couple (L, n)
// asked whether L ≠ n is proven most cheaply by its heap option (L, nimber(L)) when that
// nimber is smaller, which its start must not make look dearer than the options (Lⁱ, n),
// each a proof that a position's nimber is n.
//
// Measured on Sprouts, nodes (and CPU seconds of `grundy solve … --workers 1 --no-db`, one
// run each, load 3): 0*3.AB|0*2.1aCa|ABC's nimber (the slowest of games/sprouts's SPOTS
// test), the 59 other positions of that test, 0*12, 0*13 and 0*14 outcomes. With 1 + 4h
// (before) 82 200, 129 908, 13 538, 24 319, 86 288; with 1 + 4h + 4n + h·n/2 45 040 (2.0 s),
// 94 517, 14 700 (1.2 s), 20 654 (1.9 s), 100 052 (9.4 s). A proof number of 1 + h/4 took
// fewer nodes (46 805, 90 672, 7 929, 13 440, 71 038) but more CPU (2.4 s, 1.1 s, 1.9 s,
// 15.8 s): the search widened, expanding large positions (their options are dear) and
// updating more of the DAG; 1 + h/8: 48 042 nodes, 2.2 s on the first. Other heap terms:
// h·n/4 and no 4n, 1 + 4h + 4n + h·n/4 with the proof number 1 + h/4 50 674, 91 103,
// 10 523, 13 696; h·n 51 478, 94 370, 10 110, 11 273. On Cram the heap terms cost nodes
// (pns 4x7 20 841 to 30 268, 3x11 21 937 to 32 137), where the couples search is the
// default. Before them (CPU seconds, one run each): with 1 + 4·hint, 0*8…0*11 1.2 in all,
// 0*12 3.4, 0*13 9.0, 0*14 22; with 1 + 2·hint 1.7, 5.3, 7.0, 29; with 1 + hint/2 2.7, 11,
// 9.4, 70; with 1 + 8·hint 2.5, 9.9, 17. Allis's 1 and 1 expanded 12 881 nodes on
// 0*8…0*11 (1 + hint/2: 8 582) and SPOTS's depth estimate, 1 + hint + n for both, 10 770.
func hintStart(v *pnNode) (int64, int64) {
	h, n := int64(max(v.hint, 0)), int64(v.n)
	return 1, 1 + 4*h + 4*n + h*n/2
}

// proofStart is the start of a recording: 1 and 1 + hint/2, a wider search that finds
// smaller proofs. Sprouts trees in losing couples, p = 8, 11, 12, 13: 160, 125, 394, 432
// with it, 204, 154, 552 and more with hintStart (Figure 12: 205, 140, 475, 577).
func proofStart(v *pnNode) (int64, int64) { return 1, 1 + int64(max(v.hint, 0)/2) }

// WithProofNumbers makes the solver's Outcome, Nimber and recorded proofs use proof-number
// search over the DAG of couples instead of the depth-first Algorithms 1–3. Its DAG is kept
// within the solver's tree budget (WithTreeBytes).
func WithProofNumbers() SolverOption {
	return func(s *Solver) { s.pns = &pnSearch{} }
}

// UseProofNumbers switches the solver, between two searches, to proof-number search (on) or
// back to the depth-first Algorithms 1–3: a runner answers each request with the algorithm it
// asks for, on one cache.
func (s *Solver) UseProofNumbers(on bool) {
	switch {
	case on && s.pns == nil:
		s.pns = &pnSearch{}
	case !on:
		s.pns = nil
	}
}

// ErrDAGTooLarge stops a proof-number search whose DAG passed the solver's tree budget. It
// Is ErrWorkTooLarge: what was proven is kept, as after any stop.
var ErrDAGTooLarge error = workTooLarge("the proof-number search's DAG passed its memory budget")

// A workTooLarge is an error that Is ErrWorkTooLarge, with words of its own.
type workTooLarge string

func (e workTooLarge) Error() string        { return string(e) }
func (e workTooLarge) Is(target error) bool { return target == ErrWorkTooLarge }

// Estimated memory of a DAG: a node (its struct and map entry) and each kid and parent
// pointer. A node's key is the string the game made, shared with the options memo.
const (
	pnNodeBytes = 272
	pnLinkBytes = 16
)

// searchOutcome is the outcome of (p, n) by the solver's search.
func (s *Solver) searchOutcome(p Position, n int) bool {
	if s.dfpn != nil {
		return s.dfOutcome(p, n)
	}
	if s.pns == nil {
		return s.outcome(p, n)
	}
	if s.pns.begin(s) == nil {
		return false
	}
	v := s.pnRoot(p, n)
	return s.pnSolve(v) && v.won()
}

// searchNimber is the nimber of p (the nim-sum of its components' nimbers) by the solver's
// search.
func (s *Solver) searchNimber(p Position) int {
	if s.dfpn != nil {
		return s.dfNimber(p)
	}
	if s.pns == nil {
		x := 0
		for _, c := range p.Split() {
			x ^= s.nimber(part{c, c.Key()})
			if s.err != nil {
				break
			}
		}
		return x
	}
	if s.pns.begin(s) == nil {
		return 0
	}
	v := s.pnNimberRoot(p)
	s.pnSolve(v)
	return v.sum.heap
}

// begin starts a search with an empty DAG; it returns nil when the solver was stopped.
func (g *pnSearch) begin(s *Solver) *pnSearch {
	g.noteSize()
	g.nodes = make(map[ref]*pnNode)
	g.dirty = g.dirty[:0]
	g.start = hintStart
	if s.rec != nil {
		g.start = proofStart
	}
	g.bytes = 0
	s.level = 0
	if s.err != nil {
		return nil
	}
	return g
}

// pnRoot returns the node of (p, n), p split as the depth-first search splits it.
func (s *Solver) pnRoot(p Position, n int) *pnNode {
	comps := p.Split()
	parts := make([]part, len(comps))
	for i, c := range comps {
		parts[i] = part{c, c.Key()}
	}
	switch len(parts) {
	case 0:
		win := s.terminal(p, n)
		return &pnNode{ref: ref{emptyKey, n, false}, pos: p, pn: boolPN(win), dn: boolDN(win)}
	case 1:
		return s.pnCouple(parts[0], n)
	}
	return s.pnSumNode(p, parts, n, false)
}

// pnSolve expands the most-proving couple below root until root is proven or the search
// stops; it reports whether root was proven.
func (s *Solver) pnSolve(root *pnNode) bool {
	s.pns.root = root
	if s.par.share {
		return s.pnShareSolve(root)
	}
	return s.pnSolveAlone(root)
}

// pnSolveAlone is pnSolve by the solver's own expansions.
func (s *Solver) pnSolveAlone(root *pnNode) bool {
	for !root.proven() {
		if s.stopped() {
			return false
		}
		if s.pns.shared && s.pnLookBack(root) {
			continue
		}
		v, depth := s.mostProving(root)
		u := s.pnBeside(root, v)
		s.pnDepth(depth)
		if !s.pnStep(v) {
			return false
		}
		if u != nil && !u.expanded && !u.proven() && !root.proven() {
			// The reports show the most-proving path, which v's expansion changed.
			_, depth = s.mostProving(root)
			s.pnDepth(depth)
			if !s.pnStep(u) {
				return false
			}
		}
		if err := s.pnMemory(root); err != nil {
			s.err = err
			return false
		}
	}
	return true
}

// pnBeside is the couple one worker expands after the most-proving couple v: the one a second
// worker of a team would take beside it (freeMostProving's walk, v taken to be losing as the
// path to it hopes), nil when there is none. Two workers had expanded fewer couples than one
// (Sprouts 0*21: 755 933 against 1 626 291): one worker expanding such pairs has that too.
// Outcomes from an empty store, one worker, nodes alone then by pairs: 0*14 150 318 and
// 67 608, 0*15 250 080 and 136 063, 0*18 222 285 and 110 129, 0*19 192 231 and 102 978, 0*21
// 1 605 573 and 755 293 (351 s and 267 s side by side: the couples of pairs find fewer options
// in the memo). A couple that v's expansion proved or expanded is not expanded again.
func (s *Solver) pnBeside(root, v *pnNode) *pnNode {
	v.busy = true
	u, _, _ := freeWalk(root, 0) // v, the most-proving couple, is busy: the walk past it
	v.busy = false
	return u
}

// pnStep expands v and updates the numbers its expansion changes; false when the search
// stops.
func (s *Solver) pnStep(v *pnNode) bool {
	s.pnExpand(v)
	if s.err != nil {
		return false
	}
	s.pnUpdate(v)
	return true
}

// mostProving walks from root to the couple whose expansion proves or disproves it soonest,
// and says how deep it is: at a couple, the option with the least disproof number (the first
// in the options' order at a tie); at a sum, the couple of the component being solved.
func (s *Solver) mostProving(root *pnNode) (v *pnNode, depth int) {
	v = root
	for v.expanded {
		v = mostProvingKid(v)
		depth++
	}
	return v, depth
}

// pnLookBack looks along the most-proving path from root for a couple whose outcome the
// cache knows now, which another worker of the team proved while this one searched: a couple
// expanded is not asked of the cache again, so without it a worker went on proving, in its
// own DAG, what the other had just proven. The first such couple is closed, and the numbers
// above it computed again; it reports whether it found one. Sprouts 0*13, two workers, 18
// runs each: 17 000 to 68 000 nodes without, median 33 000; 18 000 to 52 000 with, median
// 21 500 (one worker: 20 654). The team's root couple has two large options, 0*11.1a1a and
// 0*12.AB|AB, of which the second costs 40 to 1 800 nodes once the first is proven and
// 13 000 to 39 000 while it is being proven; 0*11.1a1a itself costs one worker 22 415
// nodes alone and the team 8 000 to 45 000, by when the other worker's facts come.
func (s *Solver) pnLookBack(root *pnNode) bool {
	for v := root; v != nil && v.expanded; v = mostProvingKid(v) {
		if v.sum != nil {
			continue
		}
		if known, win := s.knownOutcome(v); known {
			v.pn, v.dn = boolPN(win), boolDN(win)
			s.pnRelease(v)
			s.pnUpdate(v)
			return true
		}
	}
	return false
}

// mostProvingKid is the kid of v that the most-proving path goes through, or nil when v has
// no open kid.
func mostProvingKid(v *pnNode) *pnNode {
	if !v.expanded || len(v.kids) == 0 {
		return nil
	}
	best := v.kids[0]
	if v.sum != nil {
		return best
	}
	for _, k := range v.kids[1:] {
		if k.dn < best.dn {
			best = k
		}
	}
	return best
}

// pnDepth shows the length of the most-proving path as the search's depth.
func (s *Solver) pnDepth(d int) {
	s.c.depth.Store(int32(d))
	if int32(d) > s.c.maxDepth.Load() {
		s.c.maxDepth.Store(int32(d))
	}
}

// pnMemory keeps the DAG (and the proofs, while recording) within the tree budget: past it,
// the nodes no longer below root are let go (collect); if that is not enough, it returns the
// error that stops the search.
func (s *Solver) pnMemory(root *pnNode) error {
	budget := s.treeBudget()
	used := func() int64 {
		if s.rec != nil {
			return s.pns.bytes + s.rec.bytes
		}
		return s.pns.bytes
	}
	if used() <= budget {
		return nil
	}
	s.pns.collect(root)
	switch {
	case used() <= budget*3/4:
		return nil
	case s.rec != nil:
		return &TreeTooLargeError{Budget: budget}
	case s.pns.prune(root, budget/2):
		return nil
	}
	return ErrDAGTooLarge
}

// prune cuts the DAG below root down to at most target bytes when what is below root passes
// the budget: it keeps the couples nearest root expanded, as deep as fits, and makes the
// couples below that depth leaves again, their numbers kept as their parents last learned
// them; what they held below is let go (collect). What was proven is in the cache, so a
// couple expanded again finds its proven options closed at once: the search goes on within
// its budget, at the price of expanding again the open couples it comes back to, where
// without it the search stopped (Sprouts 0*25 at the default budget, after 9 minutes). It reports
// false when even root's options do not fit, or when nothing was proven since the last
// pruning: the budget is too small for the search to get anywhere.
func (g *pnSearch) prune(root *pnNode, target int64) bool {
	if g.pruned > 0 && g.proved == g.lastPrune {
		return false
	}
	// Each node's least depth below root, and the bytes of the DAG kept to each depth: its
	// nodes above it whole, and its own as leaves.
	depth := map[*pnNode]int{root: 0}
	order := []*pnNode{root}
	var whole, leaf []int64
	for i := 0; i < len(order); i++ {
		v := order[i]
		d := depth[v]
		if d == len(whole) {
			whole, leaf = append(whole, 0), append(leaf, 0)
		}
		whole[d] += pnNodeBytes + int64(len(v.kids)+len(v.parents))*pnLinkBytes + int64(len(v.opts))*optionBytes
		leaf[d] += pnNodeBytes + int64(len(v.parents))*pnLinkBytes
		for _, k := range v.kids {
			if _, seen := depth[k]; !seen {
				depth[k] = d + 1
				order = append(order, k)
			}
		}
	}
	// keep: the depth from which couples become leaves (at least 1: root stays expanded).
	keep, above := 0, int64(0)
	for d := 1; d < len(whole); d++ {
		above += whole[d-1]
		if above+leaf[d] > target {
			break
		}
		keep = d
	}
	if keep == 0 {
		return false
	}
	for _, v := range order {
		if depth[v] >= keep && v.sum == nil && v.expanded && !v.proven() && !v.busy {
			v.unexpand()
		}
	}
	g.collect(root)
	g.pruned++
	g.lastPrune = g.proved
	return true
}

// unexpand makes the open couple v a leaf again: its kids forget it as a parent, and its
// numbers stay as its parents last learned them.
func (v *pnNode) unexpand() {
	for _, k := range v.kids {
		k.parents = slices.DeleteFunc(k.parents, func(p *pnNode) bool { return p == v })
	}
	v.kids, v.opts = nil, nil
	v.expanded, v.stale = false, false
	v.kidPN, v.kidDN = 0, pnInf
}

// collect keeps only the nodes below root. A proven node let go costs nothing to learn
// again while the cache keeps its fact (and is searched again if it dropped it); an open one
// no longer below root is not asked for.
func (g *pnSearch) collect(root *pnNode) {
	kept := map[*pnNode]bool{}
	stack := []*pnNode{root}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !kept[v] {
			kept[v] = true
			stack = append(stack, v.kids...)
		}
	}
	g.nodes = make(map[ref]*pnNode, len(kept))
	g.bytes = 0
	g.collected++
	for v := range kept {
		if v.sum == nil || v.sum.last >= 0 { // a Nimber's root has no couple of its own
			g.nodes[v.ref] = v
		}
		v.parents = slices.DeleteFunc(v.parents, func(p *pnNode) bool { return !kept[p] })
		g.bytes += pnNodeBytes + int64(len(v.kids)+len(v.parents))*pnLinkBytes + int64(len(v.opts))*optionBytes
	}
}

// pnUpdate computes again the numbers of v and of every ancestor they change, children
// before parents (by hint, then heap), so that each is computed from its children's last.
func (s *Solver) pnUpdate(v *pnNode) {
	g := s.pns
	g.push(v)
	for len(g.dirty) > 0 {
		u := g.dirty.pop()
		u.queued = false
		if !u.proven() {
			s.pnRecompute(u)
		}
		if u.pn == u.toldPN && u.dn == u.toldDN {
			continue
		}
		// A proven parent never changes again: drop it, so that a couple many positions
		// reach (a small one) does not walk them all at each change.
		open := u.parents[:0]
		for _, p := range u.parents {
			if !p.proven() {
				if p.sum == nil {
					p.tell(u)
				}
				open = append(open, p)
				g.push(p)
			}
		}
		clear(u.parents[len(open):])
		u.parents = open
		u.toldPN, u.toldDN = u.pn, u.dn
	}
}

func (g *pnSearch) push(v *pnNode) {
	if !v.queued {
		v.queued = true
		g.dirty.push(v)
	}
}

// pnQueue orders nodes children first: a smaller hint, then a smaller heap. A parent taken
// too early is only computed again when its child changes. It is a binary heap of its own,
// in container/heap's order: its calls through an interface cost the update (Sprouts 0*13,
// one worker, six runs: 0.13 s of Less alone in 0.83 s of update).
type pnQueue []*pnNode

// before reports whether a is taken before b.
func before(a, b *pnNode) bool {
	if a.hint != b.hint {
		return a.hint < b.hint
	}
	return a.n < b.n
}

// push adds v.
func (q *pnQueue) push(v *pnNode) {
	h := append(*q, v)
	for i := len(h) - 1; i > 0; {
		up := (i - 1) / 2
		if !before(h[i], h[up]) {
			break
		}
		h[i], h[up] = h[up], h[i]
		i = up
	}
	*q = h
}

// pop removes and returns the node taken first.
func (q *pnQueue) pop() *pnNode {
	h := *q
	v, last := h[0], len(h)-1
	h[0] = h[last]
	h[last] = nil
	h = h[:last]
	for i := 0; ; {
		k := 2*i + 1
		if k >= len(h) {
			break
		}
		if k+1 < len(h) && before(h[k+1], h[k]) {
			k++
		}
		if !before(h[k], h[i]) {
			break
		}
		h[i], h[k] = h[k], h[i]
		i = k
	}
	*q = h
	return v
}

func boolPN(win bool) int64 {
	if win {
		return 0
	}
	return pnInf
}

func boolDN(win bool) int64 {
	if win {
		return pnInf
	}
	return 0
}

// addPN adds proof numbers, infinity absorbing.
func addPN(a, b int64) int64 { return min(a+b, pnInf) }
