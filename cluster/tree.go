package cluster

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"grundy/engine"
)

// A tree is the coordinator's view of one job: an AND/OR DAG of couples (P, n). A couple
// (P, n) is winning as soon as one of its options is losing, and losing when all are winning
// (Algorithm 1); its options are (Pⁱ, n) for each option Pⁱ of P and (P, i) for i < n. A
// couple starts as a unit, searched whole by a worker within a budget of nodes; one that
// comes back undecided is expanded: its options become couples of their own, units in turn.
//
// A Nimber job splits its position into components (paper §2.2) and tries the heaps k of
// Algorithm 3 on each, window at a time: the couple (C, k) that is losing gives C's nimber,
// and the job's is their nim-sum. An Outcome job has one root couple, (P, 0).
//
// The tree is a function of the job and of the results applied to it, in order: a restarted
// coordinator that applies the results of the results stream again gets the same couples,
// with the same ids, and knows which units are still open. know, which lets couples known
// from the facts seen so far be decided without a unit, only spares work: a couple it does
// not decide is searched.
type tree struct {
	job    Job
	comps  []*component
	root   *couple // an Outcome job's (P, 0)
	byID   map[string]*couple
	byKey  map[string]*couple // by coupleKey: the same couple reached twice is one node
	know   func(p engine.Position, n int) (known, win bool)
	window int       // options of a couple searched at once
	heaps  int       // heaps of a component searched at once (at most 2: past its nimber, a heap is costly)
	fresh  []*couple // couples opened since the last call to takeFresh
	units  int       // couples opened: made units
	done   bool
}

// A couple is one node of the tree.
type couple struct {
	id       string
	pos      engine.Position
	n        int
	outcome  string // Win, Loss, or Undecided while open
	expanded bool
	active   bool // made a unit (published); a couple is one only when some parent needs it
	parents  []*couple
	kids     []*couple
	comp     *component // a root heap couple's component
	reissued bool       // published again after a result not taken (see Coordinator.check)
}

// A component is one component of a Nimber job's position, with its heaps.
type component struct {
	pos    engine.Position
	nimber int // -1 while unknown
	heaps  []*couple
}

// newTree returns the tree of job at its start, for the position p.
func newTree(job Job, p engine.Position, window int, know func(engine.Position, int) (bool, bool)) *tree {
	t := &tree{job: job, byID: map[string]*couple{}, byKey: map[string]*couple{}, know: know, window: max(window, 1), heaps: min(max(window, 1), 2)}
	if job.Outcome {
		t.root = t.couple("r", p, 0)
		t.activate(t.root)
		t.settle()
		return t
	}
	// Equal components cancel in pairs (their nimbers' nim-sum is 0): one of each odd
	// count is searched.
	count := map[string]int{}
	for _, c := range p.Split() {
		count[c.Key()]++
	}
	for _, c := range p.Split() {
		if k := c.Key(); count[k]%2 == 1 {
			t.comps = append(t.comps, &component{pos: c, nimber: -1})
			count[k] = 0
		}
	}
	for _, c := range t.comps {
		for range t.heaps {
			t.openHeap(c)
		}
	}
	t.settle()
	return t
}

// coupleKey identifies a couple: positions of equal keys have equal nimbers.
func coupleKey(p engine.Position, n int) string { return p.Key() + "\x00" + itoa(n) }

// couple returns the node of (p, n), made (with id) when new: decided at once when the facts
// know it, else open, a unit to publish.
func (t *tree) couple(id string, p engine.Position, n int) *couple {
	k := coupleKey(p, n)
	if c := t.byKey[k]; c != nil {
		return c
	}
	c := &couple{id: id, pos: p, n: n}
	t.byKey[k], t.byID[id] = c, c
	if known, win := t.know(p, n); known {
		c.outcome = outcomeOf(win)
		return c
	}
	return c
}

// activate makes c a unit to publish, when it is undecided and not one yet.
func (t *tree) activate(c *couple) {
	if c.outcome == Undecided && !c.active && !c.expanded {
		c.active = true
		t.fresh = append(t.fresh, c)
		t.units++
	}
}

func outcomeOf(win bool) string {
	if win {
		return Win
	}
	return Loss
}

// openHeap adds the next heap of c's Algorithm 3, when c's nimber is still unknown.
func (t *tree) openHeap(c *component) {
	k := len(c.heaps)
	id := fmt.Sprintf("c%dh%d", t.compIndex(c), k)
	h := t.couple(id, c.pos, k)
	h.comp = c
	c.heaps = append(c.heaps, h)
	t.activate(h)
	if h.outcome == Loss { // known from the facts, or decided as some couple's option
		c.nimber = k
	}
}

func (t *tree) compIndex(c *component) int {
	for i, d := range t.comps {
		if d == c {
			return i
		}
	}
	return -1
}

// apply takes a worker's result of a unit; it reports whether the result was news (false:
// a duplicate, or a unit this tree does not hold).
func (t *tree) apply(r Result) bool {
	c := t.byID[r.Unit]
	if c == nil || c.outcome != Undecided {
		return false
	}
	switch r.Outcome {
	case Win, Loss:
		t.decide(c, r.Outcome)
	default:
		if c.expanded {
			return false
		}
		t.expand(c)
	}
	t.settle()
	return true
}

// expand makes c's options couples of their own, and decides c when they already do; else
// the first window of them, in the engine's order (the smaller heaps, which Algorithm 3
// often decided already, then the easiest options first, paper §5.5), become units, and the
// next one each time one is found winning: a couple is won by one losing option, and the
// others need no search then.
func (t *tree) expand(c *couple) {
	c.expanded = true
	for j := range c.n {
		t.link(c, t.couple(fmt.Sprintf("%s.h%d", c.id, j), c.pos, j))
	}
	var opts []engine.Position
	seen := map[string]bool{}
	for o := range c.pos.Options() {
		if k := o.Key(); !seen[k] {
			seen[k] = true
			opts = append(opts, o)
		}
	}
	slices.SortStableFunc(opts, func(a, b engine.Position) int {
		return cmp.Or(cmp.Compare(engine.HintOf(a), engine.HintOf(b)), cmp.Compare(engine.GuessOf(a), engine.GuessOf(b)))
	})
	for i, o := range opts {
		t.link(c, t.couple(fmt.Sprintf("%s.%d", c.id, i), o, c.n))
	}
	t.judge(c)
	t.feed(c)
}

// feed keeps a window of c's undecided options searched while c is undecided.
func (t *tree) feed(c *couple) {
	if c.outcome != Undecided || !c.expanded {
		return
	}
	busy := 0
	for _, k := range c.kids {
		if k.outcome == Undecided && (k.active || k.expanded) {
			busy++
		}
	}
	for _, k := range c.kids {
		if busy >= t.window {
			return
		}
		if k.outcome == Undecided && !k.active && !k.expanded {
			t.activate(k)
			busy++
		}
	}
}

func (t *tree) link(parent, kid *couple) {
	parent.kids = append(parent.kids, kid)
	kid.parents = append(kid.parents, parent)
}

// judge decides an expanded couple from its options: winning with one losing option,
// losing with all of them winning.
func (t *tree) judge(c *couple) {
	if c.outcome != Undecided || !c.expanded {
		return
	}
	all := true
	for _, k := range c.kids {
		switch k.outcome {
		case Loss:
			t.decide(c, Win)
			return
		case Undecided:
			all = false
		}
	}
	if all {
		t.decide(c, Loss)
	}
}

// decide sets c's outcome and passes it up to its parents and its component.
func (t *tree) decide(c *couple, outcome string) {
	if c.outcome != Undecided {
		return
	}
	c.outcome = outcome
	for _, p := range c.parents {
		t.judge(p)
		t.feed(p)
	}
	if c.comp != nil && c.comp.nimber < 0 && outcome == Loss {
		c.comp.nimber = c.n
	}
}

// settle opens the heaps the window allows, and sees whether the job is done.
//
// The facts first decide the heaps already open: a heap (C, m) whose unit is out when the
// facts stream brings C's nimber m would otherwise stay open, and every heap past m,
// decided winning at birth by that fact, would be opened in its place, without end (the
// coordinator hung so). Then the loop opens a heap more only past one the facts prove
// winning, which they do for the values they exclude, finitely many; it stops at the first
// heap they do not decide, or at the nimber they give.
func (t *tree) settle() {
	if t.job.Outcome {
		t.done = t.root.outcome != Undecided
		return
	}
	for _, c := range t.comps {
		t.recheck(c)
		for c.nimber < 0 && t.openHeaps(c) < t.heaps {
			t.openHeap(c)
		}
	}
	// After the loop: a heap it opened may have given the last nimber, with no unit.
	t.done = t.allKnown()
}

// recheck decides c's open heaps that the facts decide now.
func (t *tree) recheck(c *component) {
	for _, h := range c.heaps {
		if h.outcome != Undecided {
			continue
		}
		if known, win := t.know(h.pos, h.n); known {
			t.decide(h, outcomeOf(win))
		}
	}
}

func (t *tree) allKnown() bool {
	for _, c := range t.comps {
		if c.nimber < 0 {
			return false
		}
	}
	return true
}

// openHeaps counts c's heaps still undecided.
func (t *tree) openHeaps(c *component) int {
	n := 0
	for _, h := range c.heaps {
		if h.outcome == Undecided {
			n++
		}
	}
	return n
}

// takeFresh returns the couples opened since its last call that are still undecided.
func (t *tree) takeFresh() []*couple {
	var out []*couple
	for _, c := range t.fresh {
		if c.outcome == Undecided {
			out = append(out, c)
		}
	}
	t.fresh = t.fresh[:0]
	return out
}

// open returns every couple still to search: undecided, not expanded, and needed by the
// job (some undecided ancestor path reaches a root still open).
func (t *tree) open() []*couple {
	var out []*couple
	seen := map[*couple]bool{}
	var walk func(c *couple)
	walk = func(c *couple) {
		if seen[c] || c.outcome != Undecided {
			return
		}
		seen[c] = true
		if !c.expanded {
			if c.active {
				out = append(out, c)
			}
			return
		}
		for _, k := range c.kids {
			walk(k)
		}
	}
	for _, r := range t.roots() {
		walk(r)
	}
	return out
}

// roots are the couples the job asks for directly: the open heaps, or (P, 0).
func (t *tree) roots() []*couple {
	if t.job.Outcome {
		return []*couple{t.root}
	}
	var out []*couple
	for _, c := range t.comps {
		if c.nimber < 0 {
			out = append(out, c.heaps...)
		}
	}
	return out
}

// answer is the job's answer once done: the outcome, and the nimber of a Nimber job.
func (t *tree) answer() (outcome string, nimber *int) {
	if t.job.Outcome {
		return t.root.outcome, nil
	}
	x := 0
	for _, c := range t.comps {
		x ^= c.nimber
	}
	return outcomeOf(x != 0), &x
}

// known says what is known of each component: "= k" or the heaps proven winning, "≠ 0, 1".
func (t *tree) known() []string {
	var out []string
	for _, c := range t.comps {
		if c.nimber >= 0 {
			out = append(out, fmt.Sprintf("%s = %d", c.pos, c.nimber))
			continue
		}
		var ne []string
		for _, h := range c.heaps {
			if h.outcome == Win {
				ne = append(ne, itoa(h.n))
			}
		}
		s := c.pos.String()
		if len(ne) > 0 {
			s += " ≠ " + strings.Join(ne, ", ")
		}
		out = append(out, s)
	}
	return out
}
