package engine

import (
	"context"
	"maps"
	"math/rand/v2"
	"time"
)

// Minimize sets the minimisation of an extracted proof (see minimize for its phases:
// improvement, Glop's random check cycles, every option, kicks), keeping the proof with the
// fewest losing couples. The proofs are the same for the same Seed and number of Rounds;
// Time bounds the phases by the clock, so that what is done, and the proof, depend on the
// machine.
type Minimize struct {
	Rounds int           // rounds at most; 0 with Time set: as many as Time allows
	Time   time.Duration // time the rounds may take; 0 with Rounds set: no bound
	Seed   uint64
	// Progress, when not nil, is called after each round with its number and the size of
	// the best proof (its losing couples).
	Progress func(round, losing int)
}

func (m Minimize) active() bool { return m.Rounds > 0 || m.Time > 0 }

// WithMinimize minimises the extracted proof (see Minimize).
func WithMinimize(m Minimize) ExtractOption { return func(c *extractConfig) { c.min = m } }

// minimize makes the first proof x of root smaller, and returns the smallest proof found
// with its root. First improve (see improve.go) on the proof; then rounds, for the first
// quarter of Time (or Rounds of them): each reads the proof out again in a random order,
// preferring the best proof's couples (Glop's random check cycles), and improves it, the
// smaller proof kept; then improve again, trying every losing option of every winning couple,
// those the search never looked at searched too, until three quarters of Time (or to its
// end); then kicks until the end (or Rounds of them): a few choices of the best
// proof changed at random, the proof improved again (every losing option tried) and kept when
// it is no larger (an
// iterated local search, which crosses plateaus). A stop (the context, Time) keeps the best
// proof: the round or kick under way is dropped.
func (s *Solver) minimize(x *extractor, root ref, p Position, nimber bool, m Minimize) (*extractor, ref) {
	var deadline, quarter, threeQuarters time.Time
	if m.Time > 0 {
		deadline = time.Now().Add(m.Time)
		quarter = time.Now().Add(m.Time / 4)
		threeQuarters = time.Now().Add(m.Time * 3 / 4)
		outer := s.ctx // the searches of improve stop at the deadline too
		ctx, cancel := context.WithDeadline(outer, deadline)
		defer func() { cancel(); s.ctx = outer }()
		s.ctx = ctx
	}
	x.deadline = deadline
	x.opts = newOptionCache()
	if x.improve(root) != nil {
		return s.minimized(x, root)
	}
	if m.Progress != nil {
		m.Progress(0, x.size) // the first proof improved: reported whatever time is left
	}
	facts := map[string]Fact{} // what the cache said, kept: every round sees the same facts
	for round := 1; m.Rounds <= 0 || round <= m.Rounds; round++ {
		if !quarter.IsZero() && time.Now().After(quarter) || s.stopped() {
			break
		}
		y := s.newExtractor()
		y.maxNodes, y.budget, y.exact, y.facts, y.opts = x.maxNodes, x.budget, x.exact, facts, x.opts
		y.prefer = x.losingRefs()
		y.rng = rand.New(rand.NewPCG(m.Seed, uint64(round)))
		y.deadline = quarter
		r, err := y.root(p, nimber)
		if err == nil {
			err = y.improve(r)
		}
		if err == nil && y.size < x.size {
			x, root = y, r
		}
		if m.Progress != nil {
			m.Progress(round, x.size)
		}
		if err != nil {
			break // stopped, or past a limit the first proof kept within
		}
	}
	// Every losing option of every winning couple, those the search never looked at searched
	// too, until three quarters of the time: small proofs are done long before, large ones
	// leave the kicks their quarter.
	x.deadline, x.explore = threeQuarters, true
	if s.stopped() || x.improve(root) != nil {
		return s.minimized(x, root)
	}
	x.deadline = deadline
	rng := rand.New(rand.NewPCG(m.Seed, 0))
	for kick := 1; m.Time > 0 || kick <= m.Rounds; kick++ {
		if !deadline.IsZero() && time.Now().After(deadline) || s.stopped() {
			break
		}
		y := x.clone()
		if err := y.kick(root, rng, 1+rng.IntN(3)); err != nil {
			break
		}
		if y.improve(root) != nil {
			break
		}
		if y.size <= x.size && !y.timeUp() {
			x = y
		}
		if m.Progress != nil {
			m.Progress(m.Rounds+kick, x.size)
		}
	}
	return s.minimized(x, root)
}

// clone returns a copy of x whose choices can change without changing x's.
func (x *extractor) clone() *extractor {
	y := *x
	y.nodes = make(map[ref]*xnode, len(x.nodes))
	for k, v := range x.nodes {
		w := *v
		y.nodes[k] = &w
	}
	y.refs = maps.Clone(x.refs)
	y.known = maps.Clone(x.known) // its ways name nodes that x has: those y adds stay y's
	return &y
}

// kick changes k choices of the proof of root at random, whatever the size it gives.
func (x *extractor) kick(root ref, rng *rand.Rand, k int) error {
	winners := x.winners(root)
	if len(winners) == 0 {
		return nil
	}
	for range k {
		w := winners[rng.IntN(len(winners))]
		if x.refs[w] == 0 {
			continue
		}
		alts, err := x.alternatives(w, x.nodes[w])
		if err != nil {
			return err
		}
		if len(alts) > 0 {
			x.relink(x.nodes[w], alts[rng.IntN(len(alts))])
		}
	}
	return nil
}

// minimized returns the proof kept by minimize, read out whole whatever stopped the rounds.
func (s *Solver) minimized(x *extractor, root ref) (*extractor, ref) {
	s.err = nil // a stop during the rounds keeps the best proof
	x.deadline = time.Time{}
	x.noStop = true
	return x, root
}

// timeUp reports whether the round's time is up: a round stopped by it is not whole.
func (x *extractor) timeUp() bool { return !x.deadline.IsZero() && time.Now().After(x.deadline) }

// losingRefs returns the losing couples of components of x's proof.
func (x *extractor) losingRefs() map[ref]bool {
	out := make(map[ref]bool, x.losing)
	for k, v := range x.nodes {
		if !v.win && !v.sum && (x.refs == nil || x.refs[k] > 0) {
			out[k] = true
		}
	}
	return out
}

// An optionCache keeps the options of the components minimisation met: every round and
// every change improve tries proves the same couples again, and making a Sprouts position's
// options (its canonical writings) is most of their cost. It keeps up to a bound of
// options, then keeps no more.
type optionCache struct {
	byKey map[string][]pos
	room  int // options it may still keep
}

// optionCacheRoom bounds the options kept: a few hundred MB at most.
const optionCacheRoom = 1 << 21

func newOptionCache() *optionCache {
	return &optionCache{byKey: map[string][]pos{}, room: optionCacheRoom}
}

func (c *optionCache) get(key string) ([]pos, bool) {
	o, ok := c.byKey[key]
	return o, ok
}

func (c *optionCache) put(key string, o []pos) {
	if len(o) <= c.room {
		c.byKey[key] = o
		c.room -= len(o)
	}
}
