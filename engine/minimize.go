package engine

import (
	"math/rand/v2"
	"time"
)

// Minimize sets the minimisation of an extracted proof: after the first proof, rounds that
// prove the root again with the candidates of each winning couple in a random order (Glop's
// "random check cycles"), the losing couples of the best proof so far chosen before others
// and those of the round's own proof before those (candidates' costs), keeping the proof
// with the fewest losing couples. The proofs are the same for the same Seed and number of
// rounds; Time bounds the rounds by the clock, so that the rounds done, and the proof, depend
// on the machine.
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

// minimize runs the rounds of m after the first proof x of root, and returns the smallest
// proof with its root. A stop (the context, Time) ends the rounds and keeps the best proof:
// the round under way is dropped.
func (s *Solver) minimize(x *extractor, root ref, p Position, nimber bool, m Minimize) (*extractor, ref) {
	var deadline time.Time
	if m.Time > 0 {
		deadline = time.Now().Add(m.Time)
	}
	facts := map[string]Fact{} // what the cache said, kept: every round sees the same facts
	for round := 1; m.Rounds <= 0 || round <= m.Rounds; round++ {
		if !deadline.IsZero() && time.Now().After(deadline) || s.stopped() {
			break
		}
		y := s.newExtractor()
		y.maxNodes, y.budget, y.exact, y.facts = x.maxNodes, x.budget, x.exact, facts
		y.prefer = x.losingRefs()
		y.rng = rand.New(rand.NewPCG(m.Seed, uint64(round)))
		y.deadline = deadline
		r, err := y.root(p, nimber)
		if err == nil && y.losing < x.losing {
			x, root = y, r
		}
		if m.Progress != nil {
			m.Progress(round, x.losing)
		}
		if err != nil {
			break // stopped, out of time, or past a limit the first proof kept within
		}
	}
	s.err = nil // a stop during the rounds keeps the best proof
	x.deadline = time.Time{}
	x.noStop = true
	return x, root
}

// losingRefs returns the losing couples of components of x's proof.
func (x *extractor) losingRefs() map[ref]bool {
	out := make(map[ref]bool, x.losing)
	for k, v := range x.nodes {
		if !v.win && !v.sum {
			out[k] = true
		}
	}
	return out
}
