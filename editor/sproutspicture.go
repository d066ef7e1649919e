package editor

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"grundy/games"
	"grundy/games/sprouts"
	"grundy/games/sprouts/drawing"
)

// sproutsHint is the line over a Sprouts drawing.
const sproutsHint = "Drag from a spot to a spot (or back to it) to draw a move; a new spot goes on the curve."

// maxNewSpots bounds the spots of New 0*k.
const maxNewSpots = 20

// sproutsPicture is a Sprouts position drawn as spots and curves, played by dragging curves
// on its SproutsCanvas, with buttons to relax the layout, start anew from k spots, save and
// open the drawing, and the position's moves to step into (each drawn by drawing.Replay).
// A typed string gets the drawing of the same position the editor showed last (Undo, Redo),
// or the current drawing with the move replayed when it is one of its options, or fresh
// spots for 0*k; any other string has no drawing, and SetTerm fails so that the editor shows
// its text.
type sproutsPicture struct {
	widget.BaseWidget
	game     games.Game
	canvas   *SproutsCanvas
	notes    notes
	refusal  *widget.Label
	spots    int // the k of New 0*k
	newGame  *widget.Button
	moves    *Select
	onChange func(string)
	save     func() // Save drawing…, when the editor gave one
	open     func() // Open drawing…

	term    string                      // the canonical string on show
	memo    drawingMemo                 // drawings shown, by canonical string (the editor's)
	preview *drawing.Drawing            // the move on show (showMove), replayed
	replays map[string]*drawing.Drawing // replayed moves of the drawing on show, by option
}

// A drawingMemo keeps the drawing last shown of each position, by canonical string, so that
// Undo and Redo, which go through the notation, find their drawings again. The editor holds
// one for all its Sprouts pictures.
type drawingMemo map[string]*drawing.Drawing

// maxMemo bounds a drawingMemo; when it is full it starts again.
const maxMemo = 1000

func (m drawingMemo) keep(s string, d *drawing.Drawing) {
	if len(m) >= maxMemo {
		clear(m)
	}
	m[s] = d
}

func newSproutsPicture(g games.Game, memo drawingMemo) *sproutsPicture {
	if memo == nil {
		memo = drawingMemo{}
	}
	p := &sproutsPicture{game: g, memo: memo, spots: 3, notes: newNotes(sproutsHint),
		refusal: widget.NewLabel(""), replays: map[string]*drawing.Drawing{}}
	p.refusal.Importance = widget.DangerImportance
	p.refusal.Truncation = fyne.TextTruncateEllipsis
	p.refusal.Hide()
	p.canvas = NewSproutsCanvas(nil)
	p.canvas.OnDrawn = p.drawn
	p.canvas.OnRefused = p.refused
	p.newGame = smallButton("", nil, func() { p.startNew(p.spots) })
	p.setSpots(3)
	p.moves = NewSelect(nil, func(move string) {
		if move != "" && p.onChange != nil {
			p.onChange(move)
		}
	})
	p.ExtendBaseWidget(p)
	return p
}

// SetTerm shows the drawing of term, or fails when none can be built.
func (p *sproutsPicture) SetTerm(term string) error {
	pos, err := sprouts.Parse(term)
	if err != nil {
		return err
	}
	c := pos.String()
	d, marked, err := p.drawingOf(c, pos)
	if err != nil {
		return err
	}
	p.show(c, d, marked)
	return nil
}

// drawingOf returns a drawing of the position pos, written c: the one on show, the one last
// shown, the drawing on show with the move replayed (marked from the line returned), or
// fresh spots.
func (p *sproutsPicture) drawingOf(c string, pos *sprouts.Position) (*drawing.Drawing, int, error) {
	cur := p.canvas.Drawing()
	switch {
	case cur != nil && c == p.term:
		return cur, p.canvas.marked, nil
	case p.memo[c] != nil:
		return p.memo[c], -1, nil
	}
	if cur != nil {
		if opt, ok := optionOf(p.term, pos); ok {
			if d, err := p.replay(opt); err == nil {
				return d, len(cur.Lines), nil
			}
		}
	}
	d, err := drawing.ForPath(c, nil)
	if err != nil {
		return nil, 0, fmt.Errorf("sprouts: no drawing of %s: only positions reached by moves from 0*k are drawn", c)
	}
	return d, -1, nil
}

// optionOf returns the option of the position written from that is pos, as the engine
// writes it, and whether there is one.
func optionOf(from string, pos *sprouts.Position) (string, bool) {
	before, err := sprouts.Parse(from)
	if err != nil {
		return "", false
	}
	s, k := pos.String(), pos.Key()
	var same string
	for o := range before.Options() {
		switch {
		case o.String() == s:
			return s, true
		case same == "" && o.Key() == k:
			same = o.String()
		}
	}
	return same, same != ""
}

// replay returns the drawing on show after the engine's move to option, replayed once.
func (p *sproutsPicture) replay(option string) (*drawing.Drawing, error) {
	if d, ok := p.replays[option]; ok {
		return d, nil
	}
	d, err := p.canvas.Drawing().Replay(option)
	if err != nil {
		return nil, err
	}
	p.replays[option] = d
	return d, nil
}

// show makes d, the drawing of canonical string c, the one on show.
func (p *sproutsPicture) show(c string, d *drawing.Drawing, marked int) {
	if c != p.term || d != p.canvas.Drawing() {
		clear(p.replays)
	}
	p.term, p.preview = c, nil
	p.memo.keep(c, d)
	p.canvas.SetDrawing(d, marked)
	p.setRefusal("")
	p.notes.setMove("")
	p.listMoves()
}

// listMoves fills the list of the moves of the position on show.
func (p *sproutsPicture) listMoves() {
	var moves []string
	if pos, err := p.game.Parse(p.term); err == nil {
		moves = optionNames(pos)
	}
	p.moves.Options = moves
	p.moves.PlaceHolder = fmt.Sprintf("step into a move (%d), drawn for you", len(moves))
	if len(moves) == 0 {
		p.moves.PlaceHolder = "no move: the player to move has lost"
	}
	p.moves.ClearSelected()
}

func (p *sproutsPicture) Term() string                { return p.term }
func (p *sproutsPicture) SetOnChanged(f func(string)) { p.onChange = f }

// drawn takes a curve the canvas accepted: the position's string changes.
func (p *sproutsPicture) drawn(d *drawing.Drawing) {
	p.show(d.String(), d, -1)
	if p.onChange != nil {
		p.onChange(p.term)
	}
}

// refused says why the curve dragged is no move.
func (p *sproutsPicture) refused(why string) { p.setRefusal("Refused: " + why + ".") }

// setRefusal shows why in place of the hint, or the hint again for "".
func (p *sproutsPicture) setRefusal(why string) {
	p.refusal.SetText(why)
	setVisible(p.refusal, why != "")
	if why != "" {
		p.notes.hint.Hide()
		p.notes.move.Hide()
	} else if p.notes.move.Text == "" {
		p.notes.hint.Show()
	}
}

// Refusal returns the line that says why the last curve was refused, or "".
func (p *sproutsPicture) Refusal() string { return p.refusal.Text }

// relax spreads the drawing out: the position does not change.
func (p *sproutsPicture) relax() {
	if d := p.canvas.Drawing(); d != nil {
		p.show(p.term, d.Relax(), p.canvas.marked)
	}
}

// setSpots sets the k of New 0*k.
func (p *sproutsPicture) setSpots(k int) {
	p.spots = min(max(k, 1), maxNewSpots)
	p.newGame.SetText("New 0*" + itoa(p.spots))
}

// startNew shows k fresh spots, as a change by hand.
func (p *sproutsPicture) startNew(k int) {
	d := drawing.New(k)
	p.show(d.String(), d, -1)
	if p.onChange != nil {
		p.onChange(p.term)
	}
}

// showMove draws the move to term replayed, its curve marked, without playing it.
func (p *sproutsPicture) showMove(term string) {
	pos, err := sprouts.Parse(term)
	if err != nil || p.canvas.Drawing() == nil {
		p.notes.setMove("the move leaves " + term)
		return
	}
	opt, ok := optionOf(p.term, pos)
	var d *drawing.Drawing
	if ok {
		d, err = p.replay(opt)
	}
	if !ok || err != nil {
		p.notes.setMove("the move leaves " + term + " (not drawn)")
		return
	}
	before := p.canvas.Drawing()
	p.preview = d
	p.canvas.SetDrawing(d, len(before.Lines))
	p.notes.setMove("the move: " + curveText(d, len(before.Lines)) + ", leaving " + term)
	p.setRefusal("")
}

// curveText says which spots the move whose lines start at index k joins.
func curveText(d *drawing.Drawing, k int) string {
	if k+1 >= len(d.Lines) {
		return "a curve"
	}
	a, b, n := d.Lines[k].From, d.Lines[k+1].To, d.Lines[k].To
	if a == b {
		return fmt.Sprintf("a loop on spot %d, new spot %d", a, n)
	}
	return fmt.Sprintf("a curve from spot %d to spot %d, new spot %d", a, b, n)
}

// clearMove takes the move on show away: the drawing of the position again.
func (p *sproutsPicture) clearMove() {
	p.notes.setMove("")
	if p.preview != nil {
		p.preview = nil
		p.canvas.SetDrawing(p.memo[p.term], -1)
	}
}

func (p *sproutsPicture) moveNote() string              { return p.notes.move.Text }
func (p *sproutsPicture) pictureNotes() notes           { return p.notes }
func (p *sproutsPicture) drawingCanvas() *SproutsCanvas { return p.canvas }

func (p *sproutsPicture) CreateRenderer() fyne.WidgetRenderer {
	line := container.NewStack(p.notes.hint, p.notes.move, p.refusal)
	p.notes.move.Hide()
	bar := container.NewHBox(
		smallButton("Relax", nil, p.relax),
		smallButton("−", nil, func() { p.setSpots(p.spots - 1) }),
		p.newGame,
		smallButton("+", nil, func() { p.setSpots(p.spots + 1) }),
	)
	if p.save != nil {
		bar.Add(smallButton("Save drawing…", nil, p.save))
		bar.Add(smallButton("Open drawing…", nil, p.open))
	}
	body := container.NewBorder(nil, p.moves, nil, nil, p.canvas)
	return widget.NewSimpleRenderer(container.New(aroundLayout{}, line, body, container.NewCenter(bar)))
}
