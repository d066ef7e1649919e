package engine

import (
	"errors"
	"slices"
	"strings"
)

// Improvement: a proof made smaller one choice at a time. A winning couple of the proof may
// have other losing options than the one it shows, and a winning sum other components to
// leave for last; each is tried in turn, its own proof read out as the first one was, and
// kept when the whole proof then has fewer losing couples. Glop's random check cycles
// (Minimize's rounds) change many choices at once, blindly; a change here is measured on the
// proof it makes, and the proof shrinks until no single change makes it smaller.

// improve makes the proof of root smaller until no single change does, or the round's time
// is up. The proof is whole after it, whatever stopped it: a change is linked into the proof
// only once its own proof is complete.
func (x *extractor) improve(root ref) error {
	x.holdProof(root)
	for {
		changed := false
		winners := x.winners(root)
		if x.explore {
			// The searches of the options near the root are the long ones: the small
			// positions first.
			slices.Reverse(winners)
		}
		for _, k := range winners {
			if x.refs[k] == 0 {
				continue // an earlier change of this pass left it out
			}
			v := x.nodes[k]
			alts, err := x.alternatives(k, v)
			for _, alt := range alts {
				if old := v.kids; x.relink(v, alt) < 0 {
					changed = true
				} else {
					x.relink(v, old)
				}
			}
			if err != nil {
				return x.ended(err)
			}
		}
		if !changed {
			if more, err := x.eliminate(); err != nil || !more {
				return x.ended(err)
			}
		}
	}
}

// ended returns the error that ended improve: none when it is the round's time or a stop,
// which keep the proof improved so far.
func (x *extractor) ended(err error) error {
	if errors.Is(err, errRoundTime) || x.s.stopped() {
		return nil
	}
	return err
}

// eliminate tries to leave out of the proof one losing couple after another: every winning
// couple or sum that shows it takes another of its ways, one whose couples are in the proof
// first; the first that makes the proof smaller is kept, and eliminate reports it.
func (x *extractor) eliminate() (bool, error) {
	parents := map[ref][]ref{}
	for k := range x.refs {
		if v := x.nodes[k]; v.win {
			for _, c := range v.kids {
				if l := x.nodes[c]; !l.win && !l.sum {
					parents[c] = append(parents[c], k)
				}
			}
		}
	}
	losing := make([]ref, 0, len(parents))
	for l, ps := range parents {
		if len(ps) > 1 { // one: a single change, which improve tried
			losing = append(losing, l)
			slices.SortFunc(ps, cmpRef)
		}
	}
	slices.SortFunc(losing, cmpRef)
	for _, l := range losing {
		if x.refs[l] == 0 {
			continue
		}
		delta, ok := 0, true
		var undo []relinked
		for _, w := range parents[l] {
			v := x.nodes[w]
			if x.refs[w] == 0 || !slices.Contains(v.kids, l) {
				continue // let go, or moved, by an earlier change of this one
			}
			alts, err := x.alternatives(w, v)
			if err != nil {
				x.restore(undo)
				return false, err
			}
			best, bestOut := -1, 0
			for i, a := range alts {
				if slices.Contains(a, l) {
					continue
				}
				out := 0 // kids not in the proof
				for _, c := range a {
					if x.refs[c] == 0 {
						out++
					}
				}
				if best < 0 || out < bestOut {
					best, bestOut = i, out
				}
			}
			if best < 0 {
				ok = false
				break
			}
			undo = append(undo, relinked{v, v.kids})
			delta += x.relink(v, alts[best])
		}
		if ok && delta < 0 {
			return true, nil
		}
		x.restore(undo)
	}
	return false, nil
}

// A relinked node, with the kids it had.
type relinked struct {
	v    *xnode
	kids []ref
}

// restore gives the nodes relinked their kids back, the last changed first.
func (x *extractor) restore(undo []relinked) {
	for i := len(undo) - 1; i >= 0; i-- {
		x.relink(undo[i].v, undo[i].kids)
	}
}

func cmpRef(a, b ref) int {
	if c := strings.Compare(a.key, b.key); c != 0 {
		return c
	}
	return a.n - b.n
}

// The proof's couples are counted by their references from the proof (refs): a change of
// a winning couple's kids takes in the couples of its new proof, and lets go those that only
// its old one needed, in the time of what changes, not of the whole proof.

// holdProof counts the references of the proof of root from nothing.
func (x *extractor) holdProof(root ref) {
	x.refs = map[ref]int32{}
	x.size = x.hold(root)
}

// relink gives v the kids kids, and returns how the size of the proof changed. The new
// kids are held before the old ones are let go: what both need stays.
func (x *extractor) relink(v *xnode, kids []ref) int {
	delta := 0
	for _, k := range kids {
		delta += x.hold(k)
	}
	for _, k := range v.kids {
		delta -= x.release(k)
	}
	v.kids = kids
	x.size += delta
	return delta
}

// hold references k from the proof, and returns the losing couples it brings in.
func (x *extractor) hold(k ref) int {
	x.refs[k]++
	if x.refs[k] > 1 {
		return 0
	}
	v := x.nodes[k]
	n := sized(v)
	for _, c := range v.kids {
		n += x.hold(c)
	}
	return n
}

// release drops one reference to k, and returns the losing couples that leave the proof.
func (x *extractor) release(k ref) int {
	x.refs[k]--
	if x.refs[k] > 0 {
		return 0
	}
	delete(x.refs, k)
	v := x.nodes[k]
	n := sized(v)
	for _, c := range v.kids {
		n += x.release(c)
	}
	return n
}

// sized is 1 for a node the size counts: a losing couple of a component with a move
// (Glop's measure: the terminal position's is not stored).
func sized(v *xnode) int {
	if !v.win && !v.sum && len(v.kids) > 0 {
		return 1
	}
	return 0
}

// alternatives returns the other ways to prove the winning node v of k, each the kids v
// would have, their proofs read out. An error (a stop, the time, a fact the rules contradict)
// ends the list: the alternatives before it are whole.
func (x *extractor) alternatives(k ref, v *xnode) ([][]ref, error) {
	all, err := x.ways(k, v)
	var out [][]ref
	for _, w := range all {
		if !slices.Equal(w, v.kids) {
			out = append(out, w)
		}
	}
	return out, err
}

// ways returns every way to prove the winning node v of k that the facts show (and, when
// exploring, the searches of the options they say nothing of), kept for the next time: each
// change tried asks again.
func (x *extractor) ways(k ref, v *xnode) ([][]ref, error) {
	wk := wayKey{k, x.explore}
	if w, ok := x.known[wk]; ok {
		return w, nil
	}
	var out [][]ref
	var err error
	if v.sum {
		out, err = x.sumWays(v)
	} else {
		out, err = x.coupleWays(v)
	}
	if err == nil {
		if x.known == nil {
			x.known = map[wayKey][][]ref{}
		}
		x.known[wk] = out
	}
	return out, err
}

// A wayKey names the ways of a node found with or without exploring.
type wayKey struct {
	k       ref
	explore bool
}

func (x *extractor) sumWays(v *xnode) ([][]ref, error) {
	var out [][]ref
	s := x.summands(x.split(v.at))
	for last := range s.left {
		if !s.knownBut(last) {
			continue // a nimber the search did not need: finding it may cost a search
		}
		kids, win, err := x.sumKids(s, last, v.n)
		if err != nil {
			return out, err
		}
		if win {
			out = append(out, kids)
		}
	}
	return out, nil
}

func (x *extractor) coupleWays(v *xnode) ([][]ref, error) {
	var out [][]ref
	cands := x.candidates(v.at, v.n)
	if x.explore {
		more, err := x.unknownLosing(v.at, v.n)
		if err != nil {
			return out, err
		}
		cands = append(cands, more...)
	}
	slices.SortStableFunc(cands, func(a, b candidate) int {
		if a.cost != b.cost {
			return a.cost - b.cost
		}
		return a.hint - b.hint
	})
	seen := map[ref]bool{}
	for _, d := range cands {
		kid, win, err := x.prove(d.pos, d.n)
		if err != nil {
			return out, err
		}
		if !win && !seen[kid] {
			seen[kid] = true
			out = append(out, []ref{kid})
		}
	}
	return out, nil
}

// knownBut reports whether the nimber of every component but last is known.
func (s summands) knownBut(last int) bool {
	for i, k := range s.known {
		if !k && i != last {
			return false
		}
	}
	return true
}

// winners returns the winning nodes of the proof of root, breadth first: the choices near
// the root, which decide most of the proof, are tried first.
func (x *extractor) winners(root ref) []ref {
	var out []ref
	seen := map[ref]bool{root: true}
	for queue := []ref{root}; len(queue) > 0; queue = queue[1:] {
		v := x.nodes[queue[0]]
		if v.win {
			out = append(out, queue[0])
		}
		for _, c := range v.kids {
			if !seen[c] {
				seen[c] = true
				queue = append(queue, c)
			}
		}
	}
	return out
}

// unknownLosing searches the options of (c, n) the facts say nothing of, and returns those
// found losing: candidates the search that proved c never needed to look at.
func (x *extractor) unknownLosing(c pos, n int) ([]candidate, error) {
	var out []candidate
	if x.searched == nil {
		x.searched = map[ref]bool{}
	}
	for _, o := range x.options(c) {
		k := ref{splitKey(o.full), n, false}
		win, done := x.searched[k]
		if !done && x.knows(o, n) {
			continue
		}
		if !done {
			var err error
			if win, err = x.decide(o, n); err != nil {
				return out, err
			}
			x.searched[k] = win
		}
		if !win {
			d := candidate{pos: o, n: n, cost: costNew, hint: HintOf(o.full)}
			if e, ok := x.losingByFacts(o, n); ok {
				d = e
			}
			out = append(out, d)
		}
	}
	return out, nil
}

// knows reports whether the facts decide (o, n): the outcome of a component's couple, or
// the nimber of every component of a sum.
func (x *extractor) knows(o pos, n int) bool {
	comps := x.split(o)
	if len(comps) == 1 {
		known, _ := x.fact(comps[0]).Outcome(n)
		return known
	}
	s := x.summands(comps)
	return s.knownBut(-1)
}
