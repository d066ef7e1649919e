package job

import (
	"strconv"
	"time"

	"grundy/engine"
	"grundy/games"
)

// A Task is what a request asks of the engine.
type Task int

// The tasks.
const (
	Nimber  Task = iota // the nimber (Algorithm 3 on each component)
	Outcome             // the outcome of (P, 0) (Algorithms 1 and 2)
	Moves               // the nimber of every option: the winning moves
	// OutcomeMoves is the outcome of every option, without nimbers: a move wins when its
	// option is losing (moves.go). Under misère play Moves is answered so.
	OutcomeMoves
)

// String names the task as the window's buttons do.
func (t Task) String() string {
	switch t {
	case Nimber:
		return "Nimber"
	case Outcome:
		return "Outcome"
	case Moves:
		return "Winning moves"
	case OutcomeMoves:
		return "Winning moves (outcomes)"
	}
	return "Task(" + strconv.Itoa(int(t)) + ")"
}

// listsMoves reports whether t asks for the options of the position (Moves, OutcomeMoves).
func (t Task) listsMoves() bool { return t == Moves || t == OutcomeMoves }

// An Algo is the search that answers a Nimber or Outcome task.
type Algo string

// The algorithms: the paper's, and the two baselines the benchmarks compare it with.
const (
	Couples    Algo = "couples"    // couples (P, n), Algorithms 1–3
	PNS        Algo = "pns"        // couples (P, n) by proof-number search over their DAG
	DFPN       Algo = "dfpn"       // the same, depth first in bounded memory (df-pn)
	Elementary Algo = "elementary" // §4.1: outcome only, a sum searched as one position
	Mex        Algo = "mex"        // plain memoised mex
	BR         Algo = "br"         // Beling–Rogalski: nimbers asked within sets, aspiration at the root
)

// Algos are the algorithms, in the order a message lists them.
var Algos = []Algo{Couples, PNS, DFPN, Elementary, Mex, BR}

// DefaultAlgo is the search a request with no Algo gets: the fastest for the game, measured
// (docs/benchmarks.md, docs/design/proof-numbers.md). Sprouts: proof numbers, which decide
// 0*13 and take a third of SPOTS's CPU on 0*12 (df-pn paired with them, medians of four runs
// at load 5 to 15 on 2 cores: 0*12 2.4 s against 2.9, 0*13 6.9 against 4.4, 0*14 25 against
// 21). Cram: df-pn, whose proof numbers order the options where the couples search goes
// depth first in the game's order (one worker, `grundy solve cram B --no-db --tree-nodes 0
// --cache-mb 6000 --algo …`: 3x14 8.9 s against 19 s, 3x15 3.7 s against 18 s, 3x16 7.5 min
// where the couples search on two workers had not ended in 30; proofs half the size). The
// couples search for the other games, whose values their theory mostly gives.
func DefaultAlgo(game string) Algo {
	switch game {
	case "sprouts":
		return PNS
	case "cram":
		return DFPN
	}
	return Couples
}

// proofNumbers reports whether req is answered by proof-number search on game.
func (req Request) proofNumbers(game string) bool {
	return req.Algo == PNS || req.Algo == "" && DefaultAlgo(game) == PNS
}

// A TreePolicy says whether a request records a solution tree, and how.
type TreePolicy int

// The tree policies.
const (
	NoTree    TreePolicy = iota
	TreeAfter            // search first; then extract the tree within the limits
	TreeOnly             // search, then extract the tree (grundy tree): the answer is given to OnAnswer only with the tree
)

// Limits bound the extraction of a tree. A zero field sets no bound.
type Limits struct {
	TreeNodes int64         // couples the tree may hold
	TreeTime  time.Duration // wall time the recording may take
}

// An OptionLimit bounds the search of one option by a Moves task. A zero field sets no
// bound; the zero OptionLimit searches every option to its end.
type OptionLimit struct {
	Nodes int64         // nodes one option's search may expand (checked every 1 024 nodes)
	Time  time.Duration // wall time one option's search may take
}

// A Request is one question about one position.
type Request struct {
	Game     games.Game
	Position engine.Position
	Task     Task
	Algo     Algo // "" is the game's default (DefaultAlgo)
	Tree     TreePolicy
	Limits   Limits
	// ReadOut reads the tree out of what the search proved (engine's extract.go), its
	// couples made from the rules: the size of a proof, not of a second search. Without
	// it the tree is recorded by a second search from nothing, which reads no fact and
	// gives one tree whatever the search left in the cache (the window's, for now).
	ReadOut bool
	// CertificateOnly, with ReadOut, reads out the proof's certificate (Result.Certificate:
	// its losing couples) and no tree: without the tree's edges a proof of tens of millions
	// of couples fits in the tree's share of the budget.
	CertificateOnly bool
	// Minimize, when it sets rounds or a time, makes the tree smaller after it is found
	// (engine.Minimize): rounds that prove the root again, keeping the fewest losing couples.
	Minimize engine.Minimize
	// Misere asks for the outcome under misère play (who moves last loses): the whole
	// position is searched, with no nimbers (misere.go). A Nimber task is answered as
	// Outcome, Moves as OutcomeMoves; a tree is a misère one.
	Misere bool
	// MisereForms records a misère tree of couples (position, misère form) instead of whole
	// positions (engine.ProveMisereForms): far smaller, checked with the theory of forms.
	MisereForms bool
	// OptionLimit bounds the search of each option by a Moves or OutcomeMoves task: an
	// option not decided within it is reported so, and the next one is tried.
	OptionLimit OptionLimit

	// OnAnswer, when not nil, is called from the running goroutine as soon as the search
	// has ended, before any recording starts, with the result so far (no tree yet): the
	// answer is final then, and the window shows it while the tree is recorded. A TreeOnly
	// request has no search of its own and never calls it.
	OnAnswer func(Result)
}

// A Phase is the part of a request that runs.
type Phase int

// The phases, in order.
const (
	Searching Phase = iota // finding the answer
	Recording              // recording the solution tree
)

// String names the phase for a person.
func (p Phase) String() string {
	if p == Recording {
		return "recording the tree"
	}
	return "searching"
}

// MaxOptions is the most options the Moves task lists.
const MaxOptions = 2000
