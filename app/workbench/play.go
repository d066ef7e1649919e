package workbench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"

	"grundy/editor"
	"grundy/engine"
	"grundy/games"
	"grundy/job"
)

// A PlayPanel plays games against the engine on the editor's board. New game starts from
// the editor's position, the user or the engine first, under normal or misère play (the
// solver's setting). The user moves on the board, by the picture's own gestures (a domino
// dragged on Cram, a bite on Chomp, a token tapped on a heap, a move picked under a text
// picture) or by a move picked in the panel's list and played; the engine answers with a
// winning move when its search finds one in the time allowed, else with the move that leaves
// the most moves. While a game is on, the editor's fields are locked and a change of the
// board that is not a legal move of the user is undone. Searches run on a runner of the
// panel's own, in a goroutine, and reach the widgets through do.
type PlayPanel struct {
	editor *editor.Editor
	solver *SolverPanel // whose misère setting a game takes
	do     func(func())
	prefs  fyne.Preferences
	rng    *rand.Rand // the engine's choices; only touched on the UI goroutine

	game     *playGame // the game on, or the last one (over), or nil
	lastEnd  editor.State
	search   *playSearch   // the running search, or nil
	done     chan struct{} // the running or last search's (see Done)
	ran      chan struct{} // closed when the last search's goroutine has left the runner
	runner   *job.Runner   // touched only by the search goroutines, one after the other, and Close
	applying bool          // the panel itself changes the editor's position
	wins     int           // games the user won this session
	losses   int
	picked   int // the move selected in the list, or -1
	listed   []int
	note     string // what the engine last did

	ui playUI
}

// A playSearch is one search of the panel: the engine's move, or a hint.
type playSearch struct {
	hint        bool
	game        *playGame
	plies       int // the game's plies when it began: its result is for that position
	moves       []playMove
	order       []int
	limit       time.Duration
	cancel      context.CancelFunc
	userStopped bool
	done        chan struct{}
}

// NewPlayPanel returns a play panel on e's board, taking misère play from s.
func NewPlayPanel(e *editor.Editor, s *SolverPanel, do func(func()), prefs fyne.Preferences) *PlayPanel {
	p := &PlayPanel{editor: e, solver: s, do: do, prefs: prefs, picked: -1,
		rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 15))}
	p.ui.build(p)
	p.refresh()
	return p
}

// Seed makes the engine's choices repeatable (tests).
func (p *PlayPanel) Seed(seed uint64) { p.rng = rand.New(rand.NewPCG(seed, 15)) }

// Score returns the games the user won and lost this session.
func (p *PlayPanel) Score() (wins, losses int) { return p.wins, p.losses }

// ResetScore sets the score back to nothing.
func (p *PlayPanel) ResetScore() {
	p.wins, p.losses = 0, 0
	p.refresh()
}

// Playing reports whether a game is on (started and not over).
func (p *PlayPanel) Playing() bool { return p.game != nil && !p.game.over }

// Thinking reports whether a search (the engine's move or a hint) runs.
func (p *PlayPanel) Thinking() bool { return p.search != nil }

// Done returns a channel closed when the running (or last) search has ended and its result
// is on show, or nil before the first search; tests and the demo wait on it.
func (p *PlayPanel) Done() <-chan struct{} { return p.done }

// Limit returns the time the engine may think over a move or a hint.
func (p *PlayPanel) Limit() time.Duration {
	return time.Duration(p.prefs.IntWithFallback(PrefPlaySeconds, DefaultPlaySeconds)) * time.Second
}

// SetFirst sets who moves first in the next game.
func (p *PlayPanel) SetFirst(s Side) { p.ui.first.SetSelectedIndex(int(s)) }

// first is who moves first in the next game.
func (p *PlayPanel) first() Side {
	if p.ui.first.SelectedIndex() == int(Engine) {
		return Engine
	}
	return User
}

// NewGame starts a game from the editor's position; when the editor still shows the end of
// the last game, from that game's start. A game on is abandoned, uncounted.
func (p *PlayPanel) NewGame() {
	p.EndGame()
	if p.game != nil && p.editor.State() == p.lastEnd {
		p.setBoard(stateOf(p.game.game.Name(), p.game.start))
	}
	g, pos := p.editor.Current()
	if g == nil || pos == nil || p.editor.Err() != nil {
		p.ui.state.SetText("The editor's entry is not a valid position: correct it to play.")
		return
	}
	p.game = newPlayGame(g, p.editor.State().Notation, pos, p.first(), p.solver.Misere())
	p.note = ""
	p.editor.SetLocked(true)
	p.afterMove()
}

// EndGame abandons the game on, uncounted, and unlocks the editor.
func (p *PlayPanel) EndGame() {
	p.abandonSearch()
	if p.Playing() {
		p.game.over, p.game.winner = true, -1
		p.note = "Game ended before its end: not counted."
	}
	p.editor.SetLocked(false)
	p.refresh()
}

// Stop stops the running search: the engine then plays the best move it found so far, a
// hint lists what it proved.
func (p *PlayPanel) Stop() {
	if s := p.search; s != nil {
		s.userStopped = true
		s.cancel()
	}
}

// Hint looks for the winning moves of the position, the user to move: the list marks them,
// and the board draws the first.
func (p *PlayPanel) Hint() {
	if !p.Playing() || p.game.turn != User || p.search != nil {
		return
	}
	p.startSearch(true)
}

// PlayPicked plays the move selected in the list, as a move on the board would.
func (p *PlayPanel) PlayPicked() {
	if !p.Playing() || p.game.turn != User || p.picked < 0 || p.picked >= len(p.game.moves) {
		return
	}
	p.editor.SetState(stateOf(p.game.game.Name(), p.game.moves[p.picked].notation)) // the user's move, as on the board
}

// Close stops the running search, waits a little for it, and frees the runner's cache.
func (p *PlayPanel) Close() {
	p.abandonSearch()
	if p.ran != nil {
		select {
		case <-p.ran:
		case <-time.After(storeWait):
			return // the search did not stop: leave its runner be
		}
	}
	if p.runner != nil {
		p.runner.Close()
		p.runner = nil
	}
}

// EditorChanged is told of each change of the editor's position before the rest of the
// window is, and reports whether it undid it. While a game is on, a change to a move of the
// position on the board, the user to move, is the user's move; the panel's own changes pass;
// any other change is undone.
func (p *PlayPanel) EditorChanged(g games.Game, pos engine.Position) bool {
	gm := p.game
	if p.applying || !p.Playing() || g.Name() == gm.game.Name() && pos.String() == gm.pos.String() {
		return false
	}
	if i := findMove(gm.moves, pos); g.Name() == gm.game.Name() && i >= 0 && gm.turn == User && !p.engineThinking() {
		p.abandonSearch() // a hint of the position before
		gm.play(p.editor.State().Notation, pos)
		p.note = ""
		p.afterMove()
		return false
	}
	why := "That is not a move: the board is locked while a game is on (End game to edit it)."
	if gm.turn == Engine || p.engineThinking() {
		why = "Wait for the engine's move."
	}
	p.setBoard(stateOf(gm.game.Name(), gm.notation))
	p.ui.state.SetText(why)
	return true
}

// setBoard shows s in the editor as the panel's own change.
func (p *PlayPanel) setBoard(s editor.State) error {
	p.applying = true
	defer func() { p.applying = false }()
	return p.editor.SetState(s)
}

// engineThinking reports whether the engine's search for its move runs.
func (p *PlayPanel) engineThinking() bool { return p.search != nil && !p.search.hint }

// afterMove goes on after a move (or the start): the end of the game, or the engine's turn,
// or the user's.
func (p *PlayPanel) afterMove() {
	gm := p.game
	p.picked = -1
	if gm.over {
		if gm.winner == User {
			p.wins++
		} else {
			p.losses++
		}
		p.lastEnd = p.editor.State()
		p.editor.SetLocked(false)
	} else if gm.turn == Engine {
		p.startSearch(false)
	}
	p.refresh()
}

// startSearch searches the moves of the position on the board: the engine's move, stopping
// at the first winning one, or the hint, all of them. It runs in a goroutine once the last
// search's has left the runner.
func (p *PlayPanel) startSearch(hint bool) {
	gm := p.game
	s := &playSearch{hint: hint, game: gm, plies: gm.plies, limit: p.Limit(), done: make(chan struct{})}
	s.moves = append([]playMove(nil), gm.moves...)
	s.order = gm.order(p.rng)
	if hint {
		s.order = s.order[:0]
		for i := range s.moves {
			s.order = append(s.order, i) // the game's order: the list's
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), s.limit)
	s.cancel = cancel
	prev, ran := p.ran, make(chan struct{})
	p.search, p.done, p.ran = s, s.done, ran
	go func() {
		defer cancel()
		if prev != nil {
			<-prev
		}
		err := p.judge(ctx, s)
		close(ran)
		p.do(func() { p.searched(s, err) })
	}()
	p.refresh()
}

// judge runs s on the runner of its game (made anew when the game changed). It runs on the
// search's goroutine.
func (p *PlayPanel) judge(ctx context.Context, s *playSearch) error {
	name := s.game.game.Name()
	if p.runner != nil && p.runner.Game() != name {
		p.runner.Close()
		p.runner = nil
	}
	if p.runner == nil {
		r, err := job.NewRunner(name, job.Config{CacheMB: playCacheMB, Shared: true})
		if err != nil {
			return err
		}
		p.runner = r
	}
	if err := judgeMoves(ctx, p.runner, s.game.game, s.moves, s.order, s.game.misere, !s.hint); err != nil {
		return err
	}
	if !s.hint && !slices.ContainsFunc(s.moves, func(m playMove) bool { return m.wins }) {
		// The long-game rule counts what each move leaves; it gets time of its own, as short
		// as counting moves is.
		cctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		countLeft(cctx, s.moves)
	}
	return nil
}

// abandonSearch stops the running search for good: its result will not be shown.
func (p *PlayPanel) abandonSearch() {
	if s := p.search; s != nil {
		s.cancel()
		p.search = nil
	}
}

// searched shows what s found: the engine plays its move, a hint marks the winning moves.
func (p *PlayPanel) searched(s *playSearch, err error) {
	defer close(s.done)
	if p.search != s {
		return // abandoned
	}
	p.search = nil
	gm := s.game
	switch {
	case err != nil:
		p.EndGame()
		p.ui.state.SetText("The engine failed, the game ends: " + err.Error())
	case s.hint:
		gm.moves = s.moves
		p.showHint(s)
	default:
		p.enginePlays(s)
	}
}

// enginePlays plays the move s chose, said in the words of the editor's picture.
func (p *PlayPanel) enginePlays(s *playSearch) {
	gm := s.game
	i, why := pickMove(s.moves, p.rng)
	m := s.moves[i]
	p.editor.ShowMove(m.notation)
	what := strings.TrimPrefix(p.editor.MoveNote(), "the move: ")
	if what == "" {
		what = "to " + m.notation
	}
	reason := reasonText(why, gm.misere, s.limit)
	if why == pickUnsolved && s.userStopped {
		reason = "stopped before a win was found"
	}
	if err := p.setBoard(stateOf(gm.game.Name(), m.notation)); err != nil {
		p.EndGame()
		p.ui.state.SetText("The engine's move cannot be shown, the game ends: " + err.Error())
		return
	}
	gm.play(m.notation, m.pos)
	p.note = "Engine: " + what + "; " + reason + "."
	p.afterMove()
}

// showHint lists the moves, winning ones first and marked, and draws the first on the board.
func (p *PlayPanel) showHint(s *playSearch) {
	wins, known := 0, 0
	for _, m := range s.moves {
		if m.known {
			known++
		}
		if m.wins {
			wins++
		}
	}
	p.refresh()
	switch {
	case wins > 0:
		p.ui.list.Select(0) // the first winning move: the list puts them first
		p.ui.state.SetText(fmt.Sprintf("Hint: %s (★), the first drawn on the board.", plural(wins, "winning move", "winning moves")))
	case known == len(s.moves):
		p.ui.state.SetText("Hint: no winning move; every move leaves the engine a won position.")
	default:
		p.ui.state.SetText(fmt.Sprintf("Hint: no winning move found (%d of %d moves solved).", known, len(s.moves)))
	}
}
