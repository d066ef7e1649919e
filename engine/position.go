package engine

import "iter"

// A Position is a position of an impartial game played under the normal convention: the player
// who cannot move loses. The engine knows nothing else of the game.
//
// Implementations are immutable values: Options never changes its receiver.
type Position interface {
	// Options yields every position reachable in one move, duplicates allowed.
	Options() iter.Seq[Position]
	// Split returns the independent components of the position (paper §2.2), none of which
	// splits further. A position that does not split returns itself alone, or nothing when it
	// has no move at all.
	Split() []Position
	// Key is a symmetry-reduced identity: equal keys mean equal nimbers. It is the cache key,
	// so it should be short. It may be a cheap key, equal for equal positions written the
	// same way but not always for equal positions (see Exact).
	Key() string
	// String is the one-line notation of the position.
	String() string
}

// A Hinter estimates how much work solving a position takes; the search tries easier options
// first and leaves the hardest component of a sum last (paper §5.5). Smaller is easier.
type Hinter interface {
	Hint() int
}

// A Guesser tells, among options of equal difficulty, which are likely to be losing: the
// search tries smaller guesses first, since one losing option ends the work on its parent
// (paper §5.5). A guess only orders the search; it never changes a result.
type Guesser interface {
	Guess() int
}

// A Valuer knows the nimber of some positions from theory (a closed form, a table, a
// symmetry strategy) without search. The search asks it when the cache knows nothing.
// Solution trees never rely on it: `grundy check` verifies from the rules alone.
type Valuer interface {
	Value() (nimber int, ok bool)
}

// A SplitRuler is a position of a game whose way of splitting positions into components has
// changed (Cram's components were reduced): SplitRule names the way it splits them, and a
// solution tree records it (Tree.Split), so that a tree written another way is checked that
// way (games.ParseRule). The first way of every game is "".
type SplitRuler interface {
	SplitRule() string
}

// SplitRuleOf returns p's SplitRule, that of a sum's first term, or "".
func SplitRuleOf(p Position) string {
	if s, ok := p.(Sum); ok && len(s) > 0 {
		p = s[0]
	}
	if r, ok := p.(SplitRuler); ok {
		return r.SplitRule()
	}
	return ""
}

// rootRule is the SplitRule of the first of a tree's positions, its root's.
func rootRule(at []Position) string {
	if len(at) == 0 {
		return ""
	}
	return SplitRuleOf(at[0])
}

// HintOf returns p's Hint, or 0 when p gives none.
func HintOf(p Position) int {
	if h, ok := p.(Hinter); ok {
		return h.Hint()
	}
	return 0
}

// GuessOf returns p's Guess, or 0 when p gives none.
func GuessOf(p Position) int {
	if g, ok := p.(Guesser); ok {
		return g.Guess()
	}
	return 0
}

// An Exact position has a cheap Key: equal for equal positions written the same way, but not
// always for equal positions reached by different moves (a game may skip the costly search
// for the one canonical text). Such a key stays a faithful cache key, since two different
// positions never share it, but it cannot say whether two positions made independently are
// the same: Check matching a child to its parent's options, and a solution tree with one node
// per couple, need the exact identity. Positions that are not Exact have an exact Key.
type Exact interface {
	// Exactly returns the same position, whose Key is exact (one string per position,
	// however it was written or reached) and whose options and components are such
	// positions too. Its String is unchanged.
	Exactly() Position
}

// Exactly returns p with an exact Key (see Exact): p itself when p is not Exact. Proving a
// tree and checking one work on such positions, so that a node is one exact position.
func Exactly(p Position) Position {
	if e, ok := p.(Exact); ok {
		return e.Exactly()
	}
	return p
}

// ExactKey returns the exact key of p: its Key once made exact (see Exact).
func ExactKey(p Position) string { return Exactly(p).Key() }

var _ Exact = Sum(nil)

// Exactly returns the sum of its terms made exact (see Exact).
func (s Sum) Exactly() Position {
	out := make(Sum, len(s))
	for i, p := range s {
		out[i] = Exactly(p)
	}
	return out
}

// A Costly position's options cost far more to make than a proof-number search's own work
// on them (Sprouts: each option's canonical form, four fifths of a search). A team searching
// it by proof numbers (WithWorkers) expands couples of one DAG side by side, each worker
// making the options of a couple of its own (pnshare.go). A team splits the couples of other
// positions at their options, each worker over a DAG of its own (parallelpns.go), which
// keeps them off one lock where expansions are cheap.
type Costly interface {
	CostlyOptions() // a mark: it does nothing
}
