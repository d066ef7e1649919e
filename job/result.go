package job

import (
	"strconv"
	"strings"

	"grundy/engine"
)

// A Result is what a request found: the answer as far as it is proven, what is known of each
// component, and the tree when one was recorded.
type Result struct {
	Task     Task
	Game     string
	Position string // the position's notation

	Answer     Answer
	Components []Component // what is known of each component, after the search
	Options    []Option    // Moves: the options, in the order of the game's moves

	Tree *engine.Tree // the proof, when one was asked for and recorded
	// Certificate is the proof's losing couples, when a request asked for them alone
	// (Request.CertificateOnly).
	Certificate *engine.Certificate
	NoTree      string // why there is no tree, when one was asked for

	Search engine.Stats // the search phase; its Elapsed is its wall time
	Record engine.Stats // the recording phase, when it ran
	// FactsDisagree, when not "", says which fact of the cache or the store the rules
	// contradicted while the tree was read out of them: the answer and the tree then come
	// from a search that read no fact.
	FactsDisagree string
	Store         StoreUse // what both phases read from the facts store and wrote to it

	Stopped bool   // the search was stopped before it finished (the context, or its memory)
	Why     string // why it stopped, when not by its context
	Err     error  // a failure other than a stop
}

// StoreUse is what a request did with the runner's facts store (Config.Store); zero without.
type StoreUse struct {
	Hits    int64 // facts read from the store (the search counts them among its cache hits)
	Written int64 // facts written to it, a fact each time it grew (the search's and the recording's)
	// Dropped counts, of the facts Written, those never written because the store's writer
	// was behind the search (a slow disk: store.Facts keeps a bounded queue rather than stop
	// the search or grow without end); they stay in the runner's cache, only later runs lose them.
	Dropped int64
	Err     error // the store failed to write them (the answer stands)
}

// An Answer is what is proven of a position: its outcome, its nimber, or that its nimber is
// not 0 (a winning position whose nimber is not known yet).
type Answer struct {
	HasOutcome bool
	Win        bool // the player to move wins
	HasNimber  bool
	Nimber     int
}

// nimberIs is the answer of a known nimber: L exactly when it is 0.
func nimberIs(n int) Answer { return Answer{HasOutcome: true, Win: n != 0, HasNimber: true, Nimber: n} }

// outcomeIs is the answer of a known outcome: an L position has nimber 0.
func outcomeIs(win bool) Answer {
	if !win {
		return nimberIs(0)
	}
	return Answer{HasOutcome: true, Win: true}
}

// merge returns what a and b prove together.
func (a Answer) merge(b Answer) Answer {
	if b.HasNimber {
		return b
	}
	if a.HasNimber || !b.HasOutcome {
		return a
	}
	return b
}

// OutcomeText is the outcome as a letter: W, L, or ? when not proven.
func (a Answer) OutcomeText() string {
	switch {
	case !a.HasOutcome:
		return "?"
	case a.Win:
		return "W"
	}
	return "L"
}

// NimberText is the nimber, or "≠ 0" when only the outcome W is proven, or ?.
func (a Answer) NimberText() string {
	switch {
	case a.HasNimber:
		return strconv.Itoa(a.Nimber)
	case a.HasOutcome && a.Win:
		return "≠ 0"
	}
	return "?"
}

// A Component is one independent component of the position and what is known of it.
type Component struct {
	Position string
	Fact     engine.Fact
}

// String says what is known, as the tree labels do: "3x3: = 2", "2x5: ≠ 0, 1".
func (c Component) String() string { return c.Position + ": " + Describe(c.Fact) }

// Describe writes a fact as the tree labels do: "= n", "≠ a, b, …", or "nothing proven yet".
func Describe(f engine.Fact) string {
	if d := f.Describe(12); d != "" {
		return d
	}
	return "nothing proven yet"
}

// answerOf is what the components' facts prove of their sum: the nim-sum of their nimbers
// when all are known; W when all but one are known, with nim-sum x, and the last is proven
// ≠ x (the sum is then ≠ 0).
func answerOf(comps []Component) Answer {
	x, unknown := 0, -1
	for i, c := range comps {
		if m, ok := c.Fact.Nimber(); ok {
			x ^= m
			continue
		}
		if unknown >= 0 {
			return Answer{}
		}
		unknown = i
	}
	if unknown < 0 {
		return nimberIs(x)
	}
	if comps[unknown].Fact.Excludes(x) {
		return outcomeIs(true)
	}
	return Answer{}
}

// ProvenText says what is known of each component, joined by "; ", or that the position has
// no move.
func (r *Result) ProvenText() string {
	if len(r.Components) == 0 {
		return "the position has no move: its nimber is 0"
	}
	parts := make([]string, len(r.Components))
	for i, c := range r.Components {
		parts[i] = c.String()
	}
	return strings.Join(parts, "; ")
}

// An Option is one move of the position and what is known of the position it leads to:
// its nimber, or else its outcome, or nothing (the search stopped, or passed the option's
// limit, before deciding it).
type Option struct {
	Position string
	Nimber   int
	Known    bool    // the nimber is known
	Verdict  Verdict // the option's outcome, when proven (always, when Known)
	// Open is, for an option left undecided by OutcomeMoves (normal play), how many of its
	// own distinct options, the replies to the move, the facts do not prove won for the
	// player who moved: the fewer, the nearer the move is to a proof that it wins.
	Open int
}

// A Verdict is what is proven of the outcome of an option, for the player who moves there.
type Verdict int8

// The verdicts.
const (
	Undecided Verdict = iota // nothing proven
	Losing                   // the player to move there loses (nimber 0): the move wins
	Winning                  // the player to move there wins (nimber ≠ 0): the move loses
)

// Wins reports whether the move wins: it leads to a position of nimber 0 (or, under misère
// play, to a position lost by the player to move).
func (o Option) Wins() bool { return o.Known && o.Nimber == 0 || o.Verdict == Losing }

// Decided reports whether the move is known to win or to lose.
func (o Option) Decided() bool { return o.Known || o.Verdict != Undecided }
