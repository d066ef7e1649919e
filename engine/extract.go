package engine

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"
)

// Extraction: the solution tree of an answer read out of what the search proved (its facts,
// in the cache and the store behind it), not recorded by a second search. Every node is
// made from the game's rules: a losing couple gets every option the rules give, a winning
// one a losing option it really has. The facts only say where to look: a fact that is false
// leaves a couple with no proof, an error, never a false tree (and Check verifies it anyway).
// A couple the facts say nothing of (the cache forgot it, or the search never needed it) is
// decided by a search of its own, whose facts the extraction then reads.
//
// Its memory is the proof's: one node a couple of the tree, and what it knows of the
// positions it looked at (their exact keys, and in minimisation their facts).

// An xnode is one couple of an extracted proof.
type xnode struct {
	at   pos // the position, as the tree writes it and as the search did (its facts' key)
	n    int
	win  bool
	sum  bool
	kids []ref
}

// An extractor builds one proof.
type extractor struct {
	s        *Solver
	nodes    map[ref]*xnode
	exact    map[string]string  // cheap key → exact key, for games whose keys are cheap (Exact)
	facts    map[string]Fact    // what the cache said of a key, when kept for the rounds (see Minimize)
	prefer   map[ref]bool       // the losing couples of the best proof so far: chosen before others
	refs     map[ref]int32      // the couples of the proof, by references to them, when nodes holds others too (see improve)
	size     int                // the proof's size when refs counts it
	explore  bool               // improve searches the options the facts say nothing of
	opts     *optionCache       // options made, kept for the rounds of minimisation (nil: none)
	searched map[ref]bool       // what those searches found: winning or not
	known    map[wayKey][][]ref // the ways of proving winning nodes found so far (see ways)
	rng      *rand.Rand         // nil: candidates in the order the rules give them
	bytes    int64              // estimated memory of nodes
	budget   int64
	maxNodes int64                        // couples the proof may hold; 0: no bound but the budget
	deadline time.Time                    // a round of minimisation ends here (zero: none)
	noStop   bool                         // the proof is kept whatever stops: it is read out whole
	losing   int                          // losing couples of components in nodes
	given    func(key string, n int) bool // losing couples proven elsewhere: leaves (WithGiven)
	bare     bool                         // keep no edges, and positions only in cert (ExtractCertificate)
	cert     []Couple                     // the losing couples proven, in order, when bare
}

// Estimated memory of a node: its struct, its map entry and ref, and each kid's ref.
const (
	xnodeBytes = 160
	xkidBytes  = 40
)

// ErrFactsDisagree is the error of an extraction whose facts the rules contradict: a couple
// the facts call winning with no losing option, or losing with a losing option.
var ErrFactsDisagree = fmt.Errorf("the facts disagree with the rules")

func (s *Solver) newExtractor() *extractor {
	return &extractor{s: s, nodes: map[ref]*xnode{}, exact: map[string]string{}, budget: s.treeBudget()}
}

// ExtractOutcome returns the solution tree of (p, 0) from what the solver proved, searching
// only what its cache no longer knows (see the comment at the top of extract.go).
func (s *Solver) ExtractOutcome(ctx context.Context, game string, p Position, opts ...ExtractOption) (*Tree, error) {
	return s.extractTree(ctx, game, p, false, opts)
}

// ExtractNimber returns the solution tree of (p, nimber(p)), the proof of its nimber, from
// what the solver proved.
func (s *Solver) ExtractNimber(ctx context.Context, game string, p Position, opts ...ExtractOption) (*Tree, error) {
	return s.extractTree(ctx, game, p, true, opts)
}

// ExtractCouple returns the solution tree of the couple (p, n) from what the solver proved:
// (p, n) losing or winning, as the rules say.
func (s *Solver) ExtractCouple(ctx context.Context, game string, p Position, n int, opts ...ExtractOption) (*Tree, error) {
	return s.extract(ctx, game, opts, func(x *extractor, _ extractConfig) (*extractor, ref, error) {
		root, _, err := x.prove(exactPos(p), n)
		return x, root, err
	})
}

// A Couple is a couple (P, n) of a proof, P written as a tree writes it.
type Couple struct {
	Position string
	N        int
}

// A Certificate is a proof without its edges: its root, and its losing couples, each of a
// component with its options (a checker derives every couple from the rules and these, as
// store.Certify does a Glop database). What a tree keeps beside them, each couple's
// children, is most of its memory: a certificate of tens of millions of couples fits where
// their tree would not.
type Certificate struct {
	Game   string
	Root   Couple
	Win    bool     // the root couple is winning
	Losing []Couple // in the order they were proven, each once
	Nodes  int      // the couples of the proof, winning ones and sums too
}

// Memory of a certificate's couple beyond its text: its struct in the slice.
const coupleBytes = 40

// ExtractCertificate returns the certificate of (p, nimber(p)), or of (p, 0) when nimber is
// false, from what the solver proved: the proof ExtractNimber (ExtractOutcome) reads out,
// keeping of each couple only whether it is winning, and of the losing ones their position.
// Its couples are not bounded by MaxRecorded, only by the proof's budget (WithProofBytes).
// It does not minimise.
func (s *Solver) ExtractCertificate(ctx context.Context, game string, p Position, nimber bool, opts ...ExtractOption) (*Certificate, error) {
	s.begin(ctx)
	x := s.extractorFor(configOf(opts))
	x.bare = true
	root, err := x.root(p, nimber)
	if stopErr := s.end(); stopErr != nil {
		return nil, stopErr
	}
	if err != nil {
		return nil, err
	}
	return &Certificate{Game: game, Root: Couple{Position: p.String(), N: root.n}, Win: x.nodes[root].win,
		Losing: x.cert, Nodes: len(x.nodes)}, nil
}

// An ExtractOption sets how a proof is extracted.
type ExtractOption func(*extractConfig)

type extractConfig struct {
	maxNodes int64
	bytes    int64
	min      Minimize
	given    func(key string, n int) bool
}

// WithGiven makes ExtractCouple take the losing couples (c, n) of the components for which
// given(c's exact key, n) is true as proven elsewhere: each is a leaf of the tree, "= n" with
// no child, which engine.Check does not verify. A proof so cut is a certificate for a checker
// that knows those couples already (a cluster's coordinator).
func WithGiven(given func(key string, n int) bool) ExtractOption {
	return func(c *extractConfig) { c.given = given }
}

// WithProofBytes bounds the memory the proof may take (its nodes, estimated): past n bytes
// the extraction stops with a TreeTooLargeError. n ≤ 0 is the solver's WithTreeBytes.
func WithProofBytes(n int64) ExtractOption { return func(c *extractConfig) { c.bytes = n } }

// WithMaxNodes bounds the couples the proof may hold: past n the extraction stops with
// ErrNodeLimit. n ≤ 0 sets no bound but the memory (WithTreeBytes).
func WithMaxNodes(n int64) ExtractOption { return func(c *extractConfig) { c.maxNodes = n } }

func (s *Solver) extractTree(ctx context.Context, game string, p Position, nimber bool, opts []ExtractOption) (*Tree, error) {
	return s.extract(ctx, game, opts, func(x *extractor, c extractConfig) (*extractor, ref, error) {
		root, err := x.root(p, nimber)
		if err == nil && c.min.active() {
			x, root = s.minimize(x, root, p, nimber, c.min)
		}
		return x, root, err
	})
}

// configOf is the configuration opts set.
func configOf(opts []ExtractOption) extractConfig {
	var c extractConfig
	for _, o := range opts {
		o(&c)
	}
	return c
}

// extractorFor returns a new extractor within c's bounds, taking c's given couples.
func (s *Solver) extractorFor(c extractConfig) *extractor {
	x := s.newExtractor()
	x.maxNodes, x.given = c.maxNodes, c.given
	if c.bytes > 0 {
		x.budget = c.bytes
	}
	return x
}

// extract reads out the proof whose root prove proves, as opts say.
func (s *Solver) extract(ctx context.Context, game string, opts []ExtractOption, prove func(*extractor, extractConfig) (*extractor, ref, error)) (*Tree, error) {
	c := configOf(opts)
	s.begin(ctx)
	x, root, err := prove(s.extractorFor(c), c)
	var t *Tree
	if err == nil {
		t, err = x.tree(game, root)
	}
	if stopErr := s.end(); stopErr != nil {
		return nil, stopErr
	}
	return t, err
}

// root proves the root couple: (p, 0), or (p, nimber(p)).
func (x *extractor) root(p Position, nimber bool) (ref, error) {
	n := 0
	if nimber {
		for _, c := range x.split(exactPos(p)) {
			m, err := x.nimber(c)
			if err != nil {
				return ref{}, err
			}
			n ^= m
		}
	}
	r, _, err := x.prove(exactPos(p), n)
	return r, err
}

// tree numbers the proof of root breadth first, as a tree file lists it.
// Each node is written as its parent's move reaches it (asReached).
func (x *extractor) tree(game string, root ref) (*Tree, error) {
	var places []place
	var at []Position
	halted := func(i int) bool { return !x.noStop && i%1024 == 0 && x.s.stopped() }
	nodes, stopped, err := readOut(root, func(k ref) (Node, []ref, error) {
		v, ok := x.nodes[k]
		if !ok {
			return Node{}, nil, fmt.Errorf("engine: no proof extracted for couple %q, %d", k.key, k.n)
		}
		places, at = append(places, placeOf(k)), append(at, v.at.full)
		return Node{N: v.n, Result: result(v.win), Kind: kind(v.sum)}, v.kids, nil
	}, halted)
	if err == nil && !stopped {
		stopped = asReached(nodes, places, at, optionPlace, partPlace, halted)
	}
	if err == nil && stopped {
		err = x.s.err
	}
	if err != nil {
		return nil, err
	}
	return &Tree{Format: TreeFormat, Game: game, Split: rootRule(at), Nodes: nodes}, nil
}

// A pos is a position as the tree writes it and the check makes it (full: made exact, its
// options and components exact too, see Exact), with the same position as the search wrote
// it (cheap: the key its facts are under). For a game whose keys are exact they are one;
// cheap is nil where the search's writing is not known.
type pos struct {
	full, cheap Position
	one         bool // the game's keys are exact: full and cheap are one
}

func exactPos(p Position) pos {
	if _, cheap := p.(Exact); !cheap {
		return pos{p, p, true}
	}
	return pos{Exactly(p), p, false}
}

// same reports whether p's two writings are one.
func (p pos) same() bool { return p.one }

// searched returns the writing of p a search runs on: the search's own, where its facts are.
func (p pos) searched() Position {
	if p.cheap != nil {
		return p.cheap
	}
	return p.full
}

// prove proves the couple (p, n), p any position, and returns its ref and outcome.
func (x *extractor) prove(p pos, n int) (ref, bool, error) {
	comps := x.split(p)
	switch len(comps) {
	case 0:
		return x.terminal(p.full, n), n != 0, nil
	case 1:
		return x.couple(comps[0], n)
	}
	return x.sum(p, comps, n)
}

// split returns p's components, each with its cheap writing when p has one.
func (x *extractor) split(p pos) []pos {
	fulls := p.full.Split()
	out := make([]pos, len(fulls))
	if p.same() {
		for i, c := range fulls {
			out[i] = pos{c, c, true}
		}
		return out
	}
	cheap := map[string]Position{}
	if p.cheap != nil {
		for _, c := range p.cheap.Split() {
			cheap[x.exactKey(c)] = c
		}
	}
	for i, c := range fulls {
		out[i] = pos{c, cheap[c.Key()], false}
	}
	return out
}

// options returns the options of the component c, each once, with their cheap writings;
// in minimisation, kept for the next time c's options are needed (see optionCache).
func (x *extractor) options(c pos) []pos {
	if x.opts == nil {
		return x.makeOptions(c)
	}
	key := c.full.Key()
	if o, ok := x.opts.get(key); ok {
		return slices.Clone(o)
	}
	o := x.makeOptions(c)
	if !x.s.stopped() {
		x.opts.put(key, o)
	}
	return slices.Clone(o)
}

// makeOptions makes the options of the component c from the rules.
func (x *extractor) makeOptions(c pos) []pos {
	var out []pos
	seen := map[string]bool{}
	if c.same() {
		for o := range c.full.Options() {
			if x.s.stopped() { // a heap of 2^20 tokens has 2^20 options: stop among them
				return out
			}
			if k := splitKey(o); !seen[k] {
				seen[k] = true
				out = append(out, pos{o, o, true})
			}
		}
		return out
	}
	cheap := map[string]Position{}
	if c.cheap != nil {
		for o := range c.cheap.Options() {
			cheap[x.exactSplitKey(o)] = o
		}
	}
	var lost []int // options whose cheap writing is not found under their key
	for o := range c.full.Options() {
		if x.s.stopped() {
			return out
		}
		if k := splitKey(o); !seen[k] {
			seen[k] = true
			q, ok := cheap[k]
			if ok {
				delete(cheap, k)
			} else {
				lost = append(lost, len(out))
			}
			out = append(out, pos{o, q, false})
		}
	}
	pairLost(out, lost, cheap)
	return out
}

// pairLost gives the options lost their cheap writings among those left unmatched in
// cheap: the one left of each shape (engine.Guess) and size (Hint). The exact writing of
// a position is not always found by its game's search for it (a large Sprouts land), so that
// a position reached two ways may get two texts; a lost option would have no facts, and be
// searched again. A wrong pairing could only give false facts, which the extraction never
// trusts: it makes every couple from the rules.
func pairLost(out []pos, lost []int, cheap map[string]Position) {
	if len(lost) == 0 || len(cheap) == 0 {
		return
	}
	type shape struct{ hint, guess int }
	left := map[shape][]Position{}
	for _, q := range cheap {
		s := shape{HintOf(q), GuessOf(q)}
		left[s] = append(left[s], q)
	}
	for _, i := range lost {
		s := shape{HintOf(out[i].full), GuessOf(out[i].full)}
		if qs := left[s]; len(qs) == 1 {
			out[i].cheap = qs[0]
			delete(left, s)
		}
	}
}

// exactSplitKey is splitKey of a cheap position's exact writing.
func (x *extractor) exactSplitKey(p Position) string {
	comps := p.Split()
	switch len(comps) {
	case 0:
		return emptyKey
	case 1:
		return x.exactKey(comps[0])
	}
	parts := make([]part, len(comps))
	for i, c := range comps {
		parts[i] = part{c, x.exactKey(c)}
	}
	return sumKey(parts)
}

// terminal adds (P, n) for a position with no move: losing for n = 0, else won by the heap
// moved to 0.
func (x *extractor) terminal(p Position, n int) ref {
	k := ref{emptyKey, n, false}
	if _, ok := x.nodes[k]; ok {
		return k
	}
	v := &xnode{at: pos{p, p, true}, n: n, win: n != 0}
	if n != 0 {
		v.kids = []ref{x.terminal(p, 0)}
	}
	x.add(k, v)
	return k
}

// errRoundTime ends a round of minimisation at its deadline.
var errRoundTime = errors.New("minimisation time is up")

// halted returns why the extraction must stop: its context ended, or its round's time.
func (x *extractor) halted() error {
	if x.s.stopped() {
		return x.s.err
	}
	if !x.deadline.IsZero() && len(x.nodes)%64 == 0 && time.Now().After(x.deadline) {
		return errRoundTime
	}
	return nil
}

// add puts the node v of k in the proof.
func (x *extractor) add(k ref, v *xnode) {
	x.s.tick() // a couple read out counts as a node: progress, and a look at the context
	x.nodes[k] = v
	x.bytes += xnodeBytes + int64(len(k.key))
	if !v.win && !v.sum {
		x.losing++
	}
}

// grow adds kids' memory to the proof's and fails past its budget, or past MaxRecorded
// couples when the proof keeps its edges (a tree file is written of them).
func (x *extractor) grow(kids int) error {
	x.bytes += int64(kids) * xkidBytes
	if x.bytes > x.budget {
		return &TreeTooLargeError{Budget: x.budget, Nodes: int64(len(x.nodes))}
	}
	if !x.bare && len(x.nodes) > MaxRecorded {
		return &TreeTooLargeError{Budget: x.budget, Nodes: int64(len(x.nodes)), Couples: true}
	}
	if x.maxNodes > 0 && int64(len(x.nodes)) > x.maxNodes {
		return ErrNodeLimit
	}
	return nil
}

// couple proves (c, n), c a component.
func (x *extractor) couple(c pos, n int) (ref, bool, error) {
	k := ref{c.full.Key(), n, false}
	if v, ok := x.nodes[k]; ok {
		return k, v.win, nil
	}
	if err := x.halted(); err != nil {
		return k, false, err
	}
	if x.given != nil && x.given(k.key, n) {
		x.add(k, &xnode{at: c, n: n})
		return k, false, nil
	}
	win, err := x.outcome(c, n)
	if err != nil {
		return k, false, err
	}
	v := &xnode{at: c, n: n, win: win}
	x.add(k, v) // before its kids: none of them leads back to it, the game being finite
	if win {
		kid, err := x.losingOption(c, n)
		if err != nil {
			return k, false, err
		}
		v.kids = []ref{kid}
		return k, true, x.grow(x.keep(v))
	}
	v.kids, err = x.everyOption(c, n)
	if err != nil {
		return k, false, err
	}
	if x.bare {
		x.cert = append(x.cert, Couple{Position: c.full.String(), N: n})
		x.bytes += int64(len(x.cert[len(x.cert)-1].Position)) + coupleBytes
	}
	return k, false, x.grow(x.keep(v))
}

// keep returns the kids of v the proof keeps, as many as v has; a bare proof keeps none,
// nor v's position: only whether it is won, which its parents ask.
func (x *extractor) keep(v *xnode) int {
	if x.bare {
		v.kids, v.at = nil, pos{}
		return 0
	}
	return len(v.kids)
}

// everyOption proves every option of the losing couple (c, n) winning: (cⁱ, n) for each
// option cⁱ the rules give, then (c, i) for i < n.
func (x *extractor) everyOption(c pos, n int) ([]ref, error) {
	opts := x.options(c)
	if err := x.halted(); err != nil {
		return nil, err
	}
	if x.rng != nil {
		// The options proven first choose their losing options with fewer couples held:
		// another order gives another proof.
		x.rng.Shuffle(len(opts), func(i, j int) { opts[i], opts[j] = opts[j], opts[i] })
	}
	var kids []ref
	seen := map[ref]bool{}
	for _, o := range opts {
		k, win, err := x.prove(o, n)
		if err != nil {
			return nil, err
		}
		if !win {
			return nil, fmt.Errorf("%w: (%s, %d) is losing by them, but its option (%s, %d) is losing too",
				ErrFactsDisagree, Quote(c.full.String()), n, Quote(o.full.String()), n)
		}
		if !seen[k] {
			seen[k] = true
			kids = append(kids, k)
		}
	}
	for i := range n {
		k, win, err := x.couple(c, i)
		if err != nil {
			return nil, err
		}
		if !win {
			return nil, fmt.Errorf("%w: (%s, %d) is losing by them, and so is (%s, %d)",
				ErrFactsDisagree, Quote(c.full.String()), n, Quote(c.full.String()), i)
		}
		kids = append(kids, k)
	}
	return kids, nil
}

// sum proves (p, n) for p of several components (Algorithm 2): equal components cancel two
// by two; the others' nimbers, each a losing couple of its own, and the last component
// against their nim-sum.
func (x *extractor) sum(p pos, comps []pos, n int) (ref, bool, error) {
	s := x.summands(comps)
	k := ref{s.key, n, true}
	if v, ok := x.nodes[k]; ok {
		return k, v.win, nil
	}
	v := &xnode{at: p, n: n, sum: true}
	if len(s.left) == 0 {
		v.win = n != 0
		x.add(k, v)
		return k, v.win, nil
	}
	kids, win, err := x.sumKids(s, x.lastComponent(s, n), n)
	if err != nil {
		return k, false, err
	}
	v.kids, v.win = kids, win
	x.add(k, v)
	return k, win, x.grow(x.keep(v))
}

// The summands of a sum: its key, the components left once equal ones cancel, and the
// nimbers the facts give them (known).
type summands struct {
	key   string
	left  []pos
	nims  []int
	known []bool
}

func (x *extractor) summands(comps []pos) summands {
	parts := make([]part, len(comps))
	byKey := map[string]pos{}
	for i, c := range comps {
		parts[i] = part{c.full, c.full.Key()}
		byKey[parts[i].key] = c
	}
	s := summands{key: sumKey(parts)}
	for _, c := range cancelPairs(parts) { // parts sorted, and cut
		s.left = append(s.left, byKey[c.key])
	}
	s.nims, s.known = make([]int, len(s.left)), make([]bool, len(s.left))
	for i, c := range s.left {
		s.nims[i], s.known[i] = x.fact(c).Nimber()
	}
	return s
}

// sumKids proves the couples of a sum node with the component last left for last: the
// others' losing couples, then (last, n ⊕ their nimbers), whose outcome is the sum's.
func (x *extractor) sumKids(s summands, last, n int) ([]ref, bool, error) {
	var kids []ref
	heap := n
	for i, c := range s.left {
		if i == last {
			continue
		}
		if !s.known[i] {
			m, err := x.nimber(c)
			if err != nil {
				return nil, false, err
			}
			s.nims[i], s.known[i] = m, true
		}
		heap ^= s.nims[i]
		kid, win, err := x.couple(c, s.nims[i])
		if err != nil {
			return nil, false, err
		}
		if win {
			return nil, false, fmt.Errorf("%w: the nimber of %s is %d by them, yet (%s, %d) is winning",
				ErrFactsDisagree, Quote(c.full.String()), s.nims[i], Quote(c.full.String()), s.nims[i])
		}
		kids = append(kids, kid)
	}
	kid, win, err := x.couple(s.left[last], heap)
	if err != nil {
		return nil, false, err
	}
	return append(kids, kid), win, nil
}

// lastComponent chooses the component of a sum left for last, whose couple is the one
// proven against the others' nim-sum: one whose nimber is not known, if any (the others'
// are searched: the hardest is left, as the search does); else, for a winning sum, the one
// whose losing couple the proof lacks and the winning one would spare; for a losing sum
// every component's losing couple is in the proof whichever is last.
func (x *extractor) lastComponent(s summands, n int) int {
	best, bestHint := -1, -1
	for i, c := range s.left {
		if !s.known[i] {
			if h := HintOf(c.full); h > bestHint {
				best, bestHint = i, h
			}
		}
	}
	if best >= 0 {
		return best
	}
	all := n
	for _, m := range s.nims {
		all ^= m
	}
	last := len(s.left) - 1
	if all == 0 {
		return last
	}
	best, bestCost := last, -1
	for i, c := range s.left {
		cost := x.coupleCost(ref{c.full.Key(), s.nims[i], false})
		if cost > bestCost {
			best, bestCost = i, cost
		}
	}
	return best
}

// exactKey returns the exact key of a component (see Exact), computed once for a cheap one.
func (x *extractor) exactKey(c Position) string {
	if _, cheap := c.(Exact); !cheap {
		return c.Key()
	}
	key := c.Key()
	if k, ok := x.exact[key]; ok {
		return k
	}
	k := ExactKey(c)
	x.exact[key] = k
	x.bytes += int64(len(key)+len(k)) + 48
	return k
}

// fact returns what the cache (and the store behind it) knows of the component c, under
// either of its keys.
func (x *extractor) fact(c pos) Fact {
	f := x.factOf(c.full.Key())
	if c.cheap != nil && !c.same() {
		f = f.Merge(x.factOf(c.cheap.Key()))
	}
	return f
}

func (x *extractor) factOf(key string) Fact {
	if x.facts != nil {
		if f, ok := x.facts[key]; ok {
			return f
		}
	}
	f, _ := x.s.get(key)
	if x.facts != nil {
		x.facts[key] = f
	}
	return f
}

// outcome is whether (c, n) is winning: from the facts, or else searched.
func (x *extractor) outcome(c pos, n int) (bool, error) {
	if known, win := x.fact(c).Outcome(n); known {
		return win, nil
	}
	return x.decide(c, n)
}

// decide searches the couple (p, n), p any position; the facts it proves go to the cache.
func (x *extractor) decide(p pos, n int) (bool, error) {
	win := x.s.searchOutcome(p.searched(), n)
	if x.s.err != nil {
		return false, x.s.err
	}
	x.forget(p)
	return win, nil
}

// nimber is the nimber of the component c: from the facts, or else searched.
func (x *extractor) nimber(c pos) (int, error) {
	if m, ok := x.fact(c).Nimber(); ok {
		return m, nil
	}
	m := x.s.searchNimber(c.searched())
	if x.s.err != nil {
		return 0, x.s.err
	}
	x.forget(c)
	return m, nil
}

// forget drops what the kept facts said of p's components, which a search has just proved
// more of.
func (x *extractor) forget(p pos) {
	if x.facts == nil {
		return
	}
	for _, c := range x.split(p) {
		delete(x.facts, c.full.Key())
		if c.cheap != nil {
			delete(x.facts, c.cheap.Key())
		}
	}
}
