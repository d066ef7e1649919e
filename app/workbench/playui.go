package workbench

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/editor"
)

// stateText is the state line: whose move, the search running, or how the game ended.
func (p *PlayPanel) stateText() string {
	gm := p.game
	switch {
	case gm == nil:
		return "New game plays from the editor's position."
	case gm.over && gm.winner < 0:
		return "No game on: New game plays from the editor's position."
	case gm.over:
		return endText(gm)
	case p.search != nil && p.search.hint:
		return fmt.Sprintf("Looking for winning moves (up to %v)…", p.search.limit)
	case p.search != nil:
		return fmt.Sprintf("The engine is thinking (up to %v)…", p.search.limit)
	}
	return "Your move (" + p.movesText() + "): on the board, or play one below."
}

// endText says who won a game that is over, and why.
func endText(gm *playGame) string {
	loser := gm.turn // the player who cannot move
	switch {
	case gm.misere && loser == User:
		return "You won: the engine made the last move (misère play)."
	case gm.misere:
		return "The engine won: you made the last move (misère play)."
	case loser == User:
		return "The engine won: you have no move."
	}
	return "You won: the engine has no move."
}

// scoreText is the session's score.
func (p *PlayPanel) scoreText() string {
	return fmt.Sprintf("Score: you %d – %d engine", p.wins, p.losses)
}

// playUI holds the widgets of a PlayPanel.
type playUI struct {
	newGame, hint, stop, end, reset *widget.Button
	first                           *editor.Select // who moves first
	misere                          *widget.Check
	limit                           *editor.Select // the engine's time
	score, state, note              *widget.Label
	list                            *widget.List
	content                         *fyne.Container
}

// firstChoices name who moves first, in the order of Side.
var firstChoices = []string{"You start", "Engine starts"}

// build makes the widgets of p.
func (u *playUI) build(p *PlayPanel) {
	u.newGame = widget.NewButtonWithIcon("New game", theme.MediaPlayIcon(), p.NewGame)
	u.newGame.Importance = widget.HighImportance
	u.hint = widget.NewButtonWithIcon("Hint", theme.HelpIcon(), p.Hint)
	u.stop = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), p.Stop)
	u.stop.Importance = widget.DangerImportance
	u.end = widget.NewButtonWithIcon("End game", theme.CancelIcon(), p.EndGame)
	u.reset = widget.NewButtonWithIcon("", theme.ContentClearIcon(), p.ResetScore)
	u.reset.Importance = widget.LowImportance
	u.first = editor.NewSelect(firstChoices, nil)
	u.first.SetSelectedIndex(int(User))
	u.misere = widget.NewCheck("Misère", func(on bool) { p.solver.SetMisere(on) })
	u.misere.SetChecked(p.solver.Misere())
	u.limit = editor.NewSelect(nil, nil)
	for _, d := range PlayTimeChoices {
		u.limit.Options = append(u.limit.Options, durationLabel(d))
	}
	u.limit.SetSelected(durationLabel(p.Limit()))
	u.limit.OnChanged = func(s string) {
		for _, d := range PlayTimeChoices {
			if s == durationLabel(d) {
				p.prefs.SetInt(PrefPlaySeconds, int(d/time.Second))
			}
		}
	}
	u.score = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	u.state = widget.NewLabel("")
	u.note = widget.NewLabel("")
	for _, l := range []*widget.Label{u.state, u.note} {
		l.Truncation = fyne.TextTruncateEllipsis
	}
	u.list = u.moveList(p)
	u.content = u.layout()
}

// moveList makes the list of the position's moves: a mark on the winning ones a hint found,
// the position each leaves, a button that plays it. Selecting one draws it on the board.
func (u *playUI) moveList(p *PlayPanel) *widget.List {
	l := widget.NewList(
		func() int { return len(p.listed) },
		func() fyne.CanvasObject {
			mark := widget.NewLabelWithStyle("★ wins", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			mark.Importance = widget.SuccessImportance
			pos := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
			pos.Truncation = fyne.TextTruncateEllipsis
			play := widget.NewButtonWithIcon("Play", theme.ConfirmIcon(), nil)
			play.Importance = widget.LowImportance
			return container.NewBorder(nil, nil, mark, play, pos)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			row := o.(*fyne.Container)
			pos, mark, play := row.Objects[0].(*widget.Label), row.Objects[1].(*widget.Label), row.Objects[2].(*widget.Button)
			if p.game == nil || i >= len(p.listed) {
				return
			}
			m := p.game.moves[p.listed[i]]
			pos.SetText(m.notation)
			mark.SetText("        ")
			if m.wins {
				mark.SetText("★ wins")
			}
			play.OnTapped = func() { p.playListed(i) }
		})
	l.OnSelected = func(i widget.ListItemID) {
		if p.game == nil || i >= len(p.listed) {
			return
		}
		p.picked = p.listed[i]
		p.editor.ShowMove(p.game.moves[p.picked].notation)
	}
	return l
}

// playListed plays the move of row i of the list.
func (p *PlayPanel) playListed(i int) {
	if i < 0 || i >= len(p.listed) {
		return
	}
	p.picked = p.listed[i]
	p.PlayPicked()
}

// layout arranges the widgets: the game's buttons, the settings of the next game, the score
// and its reset, the state, what the engine did, the moves.
func (u *playUI) layout() *fyne.Container {
	compact := func(o fyne.CanvasObject) fyne.CanvasObject { return container.NewThemeOverride(o, compactTheme{}) }
	line := func(l *widget.Label) fyne.CanvasObject {
		return compact(container.New(fixedLayout{fyne.NewSize(0, compactRow())}, l))
	}
	top := container.NewVBox(
		container.NewHBox(u.newGame, u.hint, u.stop, u.end),
		container.NewHBox(u.first, u.misere, layout.NewSpacer(), widget.NewLabel("Engine:"), u.limit),
		compact(container.NewBorder(nil, nil, nil, u.reset, u.score)),
		line(u.state),
		line(u.note),
	)
	return container.NewBorder(top, nil, nil, nil, u.list)
}

// Content returns the panel's widgets, laid out.
func (p *PlayPanel) Content() fyne.CanvasObject { return p.ui.content }

// refresh shows the game as it stands: the list of moves, the lines, the buttons.
func (p *PlayPanel) refresh() {
	p.listed = p.listed[:0]
	if p.Playing() && p.game.turn == User {
		p.listed = winsFirstMoves(p.game.moves)
	}
	p.ui.list.UnselectAll()
	p.ui.list.Refresh()
	p.ui.score.SetText(p.scoreText())
	p.ui.state.SetText(p.stateText())
	p.ui.note.SetText(p.note)
	p.updateButtons()
}

// winsFirstMoves returns the indices of moves, the winning ones first, each group in the
// game's order, at most maxListedMoves.
func winsFirstMoves(moves []playMove) []int {
	order := make([]int, 0, len(moves))
	for pass := range 2 {
		for i, m := range moves {
			if m.wins == (pass == 0) && len(order) < maxListedMoves {
				order = append(order, i)
			}
		}
	}
	return order
}

// movesText counts the user's moves, and says when the list holds only the first ones.
func (p *PlayPanel) movesText() string {
	s := plural(len(p.game.moves), "move", "moves")
	if len(p.game.moves) > maxListedMoves {
		s += ", the first " + count(int64(maxListedMoves)) + " listed"
	}
	return s
}

// updateButtons enables what makes sense now.
func (p *PlayPanel) updateButtons() {
	userTurn := p.Playing() && p.game.turn == User && p.search == nil
	setEnabled(p.ui.hint, userTurn)
	setEnabled(p.ui.stop, p.search != nil)
	setEnabled(p.ui.end, p.Playing())
	setEnabled(p.ui.first, !p.Playing())
	setEnabled(p.ui.misere, !p.Playing())
}

// SetPlayMode shows the play panel in the solver panel's place (on), or the solver panel
// again (off), which ends the game on.
func (w *Workbench) SetPlayMode(on bool) {
	if w.mode.Selected != modeChoices[boolInt(on)] {
		w.mode.SetSelected(modeChoices[boolInt(on)]) // calls SetPlayMode again
		return
	}
	if on == w.PlayMode() {
		return
	}
	// The board is where a game is played: it gets the room the progress table had, as
	// much as the play panel's minimum leaves.
	w.left.SetOffset(w.left.Offset + playBoardRoom*float64(2*boolInt(on)-1))
	if on {
		w.Play.ui.misere.SetChecked(w.Solver.Misere())
		w.Solver.Hide()
		w.Play.Content().Show()
		return
	}
	w.Play.EndGame()
	w.Play.Content().Hide()
	w.Solver.Show()
}

// playBoardRoom is the share of the left column the editor gains in play mode.
const playBoardRoom = 0.1

// PlayMode reports whether the play panel is on show.
func (w *Workbench) PlayMode() bool { return w.Play.Content().Visible() }

// modeChoices name the lower left pane's two panels.
var modeChoices = []string{"Solve", "Play against the engine"}

// newModeBar makes the choice between the solver panel and the play panel.
func (w *Workbench) newModeBar() *widget.RadioGroup {
	r := widget.NewRadioGroup(modeChoices, nil)
	r.Horizontal = true
	r.Required = true
	r.SetSelected(modeChoices[0])
	r.OnChanged = func(s string) { w.SetPlayMode(s == modeChoices[1]) }
	return r
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
