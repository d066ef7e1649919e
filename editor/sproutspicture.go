package editor

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/games/sprouts"
	"grundy/games/sprouts/drawing"
)

// sproutsHint is the line over a Sprouts drawing.
const sproutsHint = "Drag from a spot to a spot (or back to it) to draw a move."

// maxNewSpots bounds the spots of New 0*k.
const maxNewSpots = 20

// sproutsPicture is a Sprouts position drawn as spots and curves, played by dragging curves
// on its SproutsCanvas, with buttons to relax the layout, start anew from k spots, save and
// open the drawing. A typed string (or a move opened from the solver's list) gets the
// drawing the editor showed last of the same position (Undo, Redo), or the drawing on show
// with the move replayed when it is one of its options, or a drawing of its own
// (drawing.FromString: fresh spots, or a game found that leads there); a string with too
// many lives to draw at once, or none found, has no drawing, and SetTerm fails so that the
// editor shows its text.
type sproutsPicture struct {
	widget.BaseWidget
	canvas   *SproutsCanvas
	notes    notes
	spots    int // the k of New 0*k
	newGame  *widget.Button
	onChange func(string)
	save     func() // Save drawing…, when the editor gave one
	open     func() // Open drawing…

	term    string                      // the canonical string on show
	memo    drawingMemo                 // drawings shown, by canonical string (the editor's)
	replays map[string]*drawing.Drawing // replayed moves of the drawing on show, by option
}

// A drawingMemo keeps the drawing last shown of each position, by canonical string, so that
// Undo and Redo, which go through the notation, find their drawings again, with the drawing it
// was drawn from (Redo takes it only from there: another way to the same position replays
// the move on the drawing on show). The editor holds one for all its Sprouts pictures.
type drawingMemo map[string]keptDrawing

// A keptDrawing is a drawing of a drawingMemo and the drawing it was drawn from, or nil.
type keptDrawing struct{ d, parent *drawing.Drawing }

// maxMemo bounds a drawingMemo; when it is full it starts again.
const maxMemo = 1000

func (m drawingMemo) keep(s string, d, parent *drawing.Drawing) {
	if len(m) >= maxMemo {
		clear(m)
	}
	m[s] = keptDrawing{d, parent}
}

func newSproutsPicture(memo drawingMemo) *sproutsPicture {
	if memo == nil {
		memo = drawingMemo{}
	}
	p := &sproutsPicture{memo: memo, spots: 3, notes: newNotes(sproutsHint),
		replays: map[string]*drawing.Drawing{}}
	p.canvas = NewSproutsCanvas(nil)
	p.canvas.OnDrawn = p.drawn
	p.newGame = smallButton("", nil, func() { p.startNew(p.spots) })
	p.setSpots(3)
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
	d, marked, parent, err := p.drawingOf(c, pos)
	if err != nil {
		return err
	}
	p.show(c, d, marked, parent)
	return nil
}

// drawingOf returns a drawing of the position pos, written c, the first line of the move to
// mark in it (-1 for none) and the drawing it was drawn from (or nil): the drawing on show
// when it is of c; the drawing shown last of c, when it was drawn from the drawing on show
// or c is no move of it (Undo, Redo); the drawing on show with the move to c replayed,
// marked; or FromString's drawing of c.
func (p *sproutsPicture) drawingOf(c string, pos *sprouts.Position) (d *drawing.Drawing, marked int, parent *drawing.Drawing, err error) {
	cur := p.canvas.Drawing()
	kept, known := p.memo[c]
	switch {
	case cur != nil && c == p.term:
		return cur, p.canvas.marked, kept.parent, nil
	case known && kept.parent == cur && cur != nil:
		return kept.d, -1, cur, nil
	}
	if cur != nil {
		if opt, ok := optionOf(p.term, pos); ok {
			if d, err := p.replay(opt); err == nil {
				return d, len(cur.Lines), cur, nil
			}
		}
	}
	if known {
		return kept.d, -1, kept.parent, nil
	}
	if n := pos.Lives(); n > maxDrawnLives && !strings.HasPrefix(c, "0*") {
		// FromString replays a game from about n/3 fresh spots: as slow as Replay there.
		return nil, 0, nil, fmt.Errorf("sprouts: no drawing of %s: %d lives, more than %d", c, n, maxDrawnLives)
	}
	d, err = drawing.FromString(c)
	if err != nil {
		return nil, 0, nil, err
	}
	return d, -1, nil, nil
}

// maxDrawnLives is the most lives of a typed position drawn by drawing.FromString from the
// editor (26 lives take about a second; its game starts from 9 spots).
const maxDrawnLives = 3 * maxReplayBoundaries

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
	if n := mostBoundaries(p.term); n > maxReplayBoundaries {
		// Replay routes a curve through a state per side of each other boundary: 2ⁿ⁻¹ of
		// them. It runs on the UI's goroutine and cannot be stopped; past this it takes
		// seconds (0*10: about 2 s, 0*11: 5 s, 0*12: minutes).
		return nil, fmt.Errorf("a region of %d boundaries: too many to draw a move in", n)
	}
	d, err := p.canvas.Drawing().Replay(option) // the drawing of p.term, never a preview
	if err != nil {
		return nil, err
	}
	p.replays[option] = d
	return d, nil
}

// maxReplayBoundaries is the most boundaries a region may have for Replay to draw a move in
// it from the editor: about a second's search.
const maxReplayBoundaries = 9

// mostBoundaries returns the most boundaries of one region of the Sprouts position s.
func mostBoundaries(s string) int {
	most := 0
	for _, land := range strings.Split(s, "+") {
		for _, region := range strings.Split(land, "|") {
			most = max(most, strings.Count(region, ".")+1)
		}
	}
	if k, ok := strings.CutPrefix(s, "0*"); ok { // k spots: k boundaries
		if n, err := strconv.Atoi(k); err == nil {
			most = n
		}
	}
	return most
}

// show makes d, the drawing of canonical string c drawn from parent (nil: none), the one on
// show, the lines of its move from index marked on in the move's colour (-1: none).
func (p *sproutsPicture) show(c string, d *drawing.Drawing, marked int, parent *drawing.Drawing) {
	if c != p.term || d != p.canvas.Drawing() {
		clear(p.replays)
	}
	p.term = c
	p.memo.keep(c, d, parent)
	if len(d.Lines) == 0 && len(d.Spots) > 0 {
		p.setSpots(len(d.Spots)) // New starts again from as many spots
	}
	p.canvas.SetDrawing(d, marked)
	p.notes.setMove("")
}

func (p *sproutsPicture) Term() string                { return p.term }
func (p *sproutsPicture) SetOnChanged(f func(string)) { p.onChange = f }

// drawn takes a curve the canvas accepted: the position's string changes.
func (p *sproutsPicture) drawn(d *drawing.Drawing) {
	p.show(d.String(), d, -1, p.memo[p.term].d)
	if p.onChange != nil {
		p.onChange(p.term)
	}
}

// setMessage writes s on the paper, one line in red: a file not saved or opened.
func (p *sproutsPicture) setMessage(s string) { p.canvas.setMessage(s) }

// Refusal returns the line on the paper that says why the last curve was refused, or "".
func (p *sproutsPicture) Refusal() string { return p.canvas.message }

// relax spreads the drawing out: the position does not change.
func (p *sproutsPicture) relax() {
	if d := p.canvas.Drawing(); d != nil {
		p.show(p.term, d.Relax(), p.canvas.marked, p.memo[p.term].parent)
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
	p.show(d.String(), d, -1, nil)
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
		p.notes.setMove("the move leaves " + term + " (not drawn)") // a hand may draw it
		return
	}
	before := p.canvas.Drawing()
	p.canvas.preview(d, len(before.Lines))
	p.notes.setMove("the move: " + curveText(d, len(before.Lines)) + ", leaving " + term)
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
	p.canvas.preview(nil, -1)
}

func (p *sproutsPicture) moveNote() string    { return p.notes.move.Text }
func (p *sproutsPicture) pictureNotes() notes { return p.notes }

func (p *sproutsPicture) CreateRenderer() fyne.WidgetRenderer {
	line := p.notes.line()
	bar := container.NewHBox(
		smallButton("Relax", theme.ViewRestoreIcon(), p.relax),
		smallButton("−", nil, func() { p.setSpots(p.spots - 1) }),
		p.newGame,
		smallButton("+", nil, func() { p.setSpots(p.spots + 1) }),
	)
	if p.save != nil {
		bar.Add(smallButton("Save…", theme.DocumentSaveIcon(), p.save))
		bar.Add(smallButton("Open…", theme.FolderOpenIcon(), p.open))
	}
	return widget.NewSimpleRenderer(container.New(aroundLayout{}, line, p.canvas, container.NewCenter(bar)))
}
