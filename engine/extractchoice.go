package engine

import (
	"fmt"
	"slices"
)

// A candidate is a losing option of a winning couple: (o, n) for an option o, or the heap
// moved, (c, m) with m < n.
type candidate struct {
	pos  pos // the option, or c for the heap's move
	n    int
	cost int // what it adds to the proof (coupleCost): the least is chosen
	hint int
}

// Costs of a losing couple a candidate needs: in the proof already, in the best proof of an
// earlier round, or new (whose own proof comes with it).
const (
	costHeld      = 0
	costPreferred = 1
	costNew       = 4
)

// losingOption proves one losing option of the winning couple (c, n) and returns it: among
// those the facts show losing, the one adding least to the proof (see candidates); when the
// facts show none, the first the search finds.
func (x *extractor) losingOption(c pos, n int) (ref, error) {
	cands := x.candidates(c, n)
	if err := x.halted(); err != nil {
		return ref{}, err
	}
	if len(cands) == 0 {
		found, err := x.searchOption(c, n)
		if err != nil {
			return ref{}, err
		}
		cands = []candidate{found}
	}
	// The least cost, then (but in a round, whose order is random) the easiest.
	best := cands[0]
	for _, d := range cands[1:] {
		if d.cost < best.cost || d.cost == best.cost && x.rng == nil && d.hint < best.hint {
			best = d
		}
	}
	k, win, err := x.prove(best.pos, best.n)
	if err != nil {
		return k, err
	}
	if win {
		return k, fmt.Errorf("%w: (%s, %d) is losing by them, but it is winning", ErrFactsDisagree, Quote(best.pos.full.String()), best.n)
	}
	return k, nil
}

// candidates lists the losing options of (c, n) the facts show, each with its cost, in
// the order the rules give them, or shuffled in a round of minimisation.
func (x *extractor) candidates(c pos, n int) []candidate {
	var cands []candidate
	if m, ok := x.fact(c).Nimber(); ok && m < n {
		k := ref{c.full.Key(), m, false}
		cands = append(cands, candidate{pos: c, n: m, cost: x.coupleCost(k), hint: HintOf(c.full)})
	}
	for _, o := range x.options(c) {
		if d, ok := x.losingByFacts(o, n); ok {
			cands = append(cands, d)
		}
	}
	if x.rng != nil {
		x.rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	}
	return cands
}

// losingByFacts returns (o, n) as a candidate when the facts give the nimber of every
// component of o left once equal ones cancel, and they nim-add to n.
func (x *extractor) losingByFacts(o pos, n int) (candidate, bool) {
	s := x.summands(x.split(o))
	d := candidate{pos: o, n: n}
	sum := n
	for i, c := range s.left {
		if !s.known[i] {
			return candidate{}, false
		}
		sum ^= s.nims[i]
		d.cost += x.coupleCost(ref{c.full.Key(), s.nims[i], false})
		d.hint += HintOf(c.full)
	}
	return d, sum == 0
}

// coupleCost is what the losing couple k adds to the proof: nothing when it is in it.
func (x *extractor) coupleCost(k ref) int {
	_, built := x.nodes[k]
	switch {
	case x.refs != nil && x.refs[k] > 0, x.refs == nil && built:
		return costHeld
	case built:
		return costPreferred // out of the proof now, but proven already
	}
	if x.prefer[k] {
		return costPreferred
	}
	return costNew
}

// searchOption finds a losing option of the winning couple (c, n) by searching the options
// in turn, easiest first, then the heap's: the facts showed none (the cache forgot them, or
// they came from the game's theory, which searched no option).
func (x *extractor) searchOption(c pos, n int) (candidate, error) {
	opts := x.options(c)
	slices.SortStableFunc(opts, func(a, b pos) int { return HintOf(a.full) - HintOf(b.full) })
	for _, o := range opts {
		win, err := x.decide(o, n)
		if err != nil {
			return candidate{}, err
		}
		if !win {
			return candidate{pos: o, n: n}, nil
		}
	}
	m, err := x.nimber(c)
	if err != nil {
		return candidate{}, err
	}
	if m >= n {
		return candidate{}, fmt.Errorf("%w: (%s, %d) is winning by them, but it has no losing option",
			ErrFactsDisagree, Quote(c.full.String()), n)
	}
	return candidate{pos: c, n: m}, nil
}
