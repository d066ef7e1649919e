package workbench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"grundy/engine"
	"grundy/games"
	"grundy/job"
)

// Preference keys and defaults of the play mode.
const (
	// PrefPlaySeconds is how long the engine may think over a move (or a hint).
	PrefPlaySeconds    = "playSeconds"
	DefaultPlaySeconds = 5
)

// PlayTimeChoices are the engine's thinking times offered.
var PlayTimeChoices = []time.Duration{time.Second, 5 * time.Second, 30 * time.Second}

// playCacheMB is the cache of the play mode's own runner. The solver panel's runner may be
// busy with a task of its own (a runner takes one request at a time), and the positions of a
// game played by hand are small.
const playCacheMB = 64

// maxListedMoves bounds the moves the play panel lists (the engine searches them all).
const maxListedMoves = job.MaxOptions

// A Side is a player of a game against the engine.
type Side int

// The two players.
const (
	User Side = iota
	Engine
)

// other is the opponent of s.
func (s Side) other() Side { return 1 - s }

// A playMove is one move of the position on the board, and what a search proved of it.
type playMove struct {
	notation string // the position it leaves, in the game's notation
	pos      engine.Position
	key      string
	known    bool // the search proved the outcome of the position it leaves
	wins     bool // known, and the position it leaves is lost for the player to move
	left     int  // the moves of the position it leaves: the long-game rule's measure
}

// distinctMoves returns the options of p, each once (by notation), in the game's order.
func distinctMoves(p engine.Position) []playMove {
	var moves []playMove
	seen := map[string]bool{}
	for o := range p.Options() {
		s := o.String()
		if seen[s] {
			continue
		}
		seen[s] = true
		moves = append(moves, playMove{notation: s, pos: o, key: o.Key()})
	}
	return moves
}

// findMove returns the index of the move of moves that leaves p: the same notation, or
// else the same canonical key (the board drawn another way: a heap emptied to 0, a bar
// turned), or -1 when p is no move.
func findMove(moves []playMove, p engine.Position) int {
	s, k := p.String(), p.Key()
	for i, m := range moves {
		if m.notation == s {
			return i
		}
	}
	for i, m := range moves {
		if m.key == k {
			return i
		}
	}
	return -1
}

// judgeMoves proves, move after move in order, whether each move of moves wins: whether the
// position it leaves is lost for the player to move, by the runner's Outcome task (under
// misère play when misere is set). With firstWin it stops at the first winning move. It
// returns when ctx ends, with what it proved so far and no error; a failure of the search
// is an error.
func judgeMoves(ctx context.Context, r *job.Runner, g games.Game, moves []playMove, order []int, misere, firstWin bool) error {
	for _, i := range order {
		if ctx.Err() != nil {
			return nil
		}
		res := r.Run(ctx, job.Request{Game: g, Position: moves[i].pos, Task: job.Outcome, Misere: misere}, nil)
		if res.Err != nil {
			return fmt.Errorf("the move to %s: %w", moves[i].notation, res.Err)
		}
		if !res.Answer.HasOutcome {
			continue // stopped: the time is up
		}
		moves[i].known, moves[i].wins = true, !res.Answer.Win
		if firstWin && moves[i].wins {
			return nil
		}
	}
	return nil
}

// countLeft fills each move's count of the moves it leaves, until ctx ends.
func countLeft(ctx context.Context, moves []playMove) {
	for i := range moves {
		if ctx.Err() != nil {
			return
		}
		n := 0
		for range moves[i].pos.Options() {
			n++
		}
		moves[i].left = n
	}
}

// A pickReason says why the engine chose its move.
type pickReason int

const (
	pickWins     pickReason = iota // the move leaves a lost position
	pickLong                       // no move wins: the one that leaves the most moves
	pickUnsolved                   // no winning move found in time: an unsolved move
)

// pickMove chooses the engine's move: a winning move when one is known (the first found);
// else, among the moves whose outcome is unknown (the time ran out) if any, or else among
// all (every one leaves the opponent a won position), the one that leaves the most moves,
// ties broken by rng. The most moves left keeps the game long and gives the opponent the
// most chances to go wrong: in Nim it takes one coin. moves must not be empty.
func pickMove(moves []playMove, rng *rand.Rand) (int, pickReason) {
	for i, m := range moves {
		if m.wins {
			return i, pickWins
		}
	}
	reason := pickLong
	candidates := make([]int, 0, len(moves))
	for i, m := range moves {
		if !m.known {
			candidates = append(candidates, i)
		}
	}
	if len(candidates) > 0 {
		reason = pickUnsolved
	} else {
		for i := range moves {
			candidates = append(candidates, i)
		}
	}
	best := []int{}
	for _, i := range candidates {
		switch {
		case len(best) == 0 || moves[i].left > moves[best[0]].left:
			best = []int{i}
		case moves[i].left == moves[best[0]].left:
			best = append(best, i)
		}
	}
	return best[rng.IntN(len(best))], reason
}

// reasonText says why the engine played as it did.
func reasonText(r pickReason, misere bool, limit time.Duration) string {
	switch r {
	case pickWins:
		if misere {
			return "it wins (a misère loss left to you)"
		}
		return "it wins (nimber 0 left to you)"
	case pickUnsolved:
		return fmt.Sprintf("no win found in %v", limit)
	}
	return "no move wins: the longest game"
}

// A playGame is one game against the engine, from the position in the editor.
type playGame struct {
	game     games.Game
	start    string // the notation it started from
	notation string // the position on the board
	pos      engine.Position
	moves    []playMove // the moves of pos, in the game's order
	turn     Side
	misere   bool
	over     bool
	winner   Side
	plies    int
}

// newPlayGame starts a game of g from pos, written notation, first to move.
func newPlayGame(g games.Game, notation string, pos engine.Position, first Side, misere bool) *playGame {
	gm := &playGame{game: g, start: notation, misere: misere}
	gm.moveTo(notation, pos, first)
	return gm
}

// moveTo makes pos, written notation, the position on the board, turn to move; a player who
// cannot move loses, or under misère play wins.
func (gm *playGame) moveTo(notation string, pos engine.Position, turn Side) {
	gm.notation, gm.pos, gm.turn = notation, pos, turn
	gm.moves = distinctMoves(pos)
	if len(gm.moves) == 0 {
		gm.over = true
		gm.winner = turn.other()
		if gm.misere {
			gm.winner = turn
		}
	}
}

// play makes the move to pos, written notation, by the player to move.
func (gm *playGame) play(notation string, pos engine.Position) {
	gm.plies++
	gm.moveTo(notation, pos, gm.turn.other())
}

// order returns the moves' indices, shuffled by rng: the engine does not always answer alike.
func (gm *playGame) order(rng *rand.Rand) []int {
	return rng.Perm(len(gm.moves))
}
