package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"grundy/games"
	"grundy/games/chomp"
	"grundy/games/cram"
	"grundy/games/parse"
)

// cramPicture is a CramBoard with buttons that add and remove rows and columns, a line over
// it for the move on show and a hint under it.
type cramPicture struct {
	widget.BaseWidget
	board    *CramBoard
	notes    notes
	onChange func(string)
}

// Hints under the pictures: how to play or edit them by hand.
const (
	cramHint       = "Drag between two free cells to play a domino; click a cell to make it free or filled."
	chompHint      = "Click a square to bite: it and every square above and to its right go. The square with the red dot is poisoned."
	chompShapeHint = "Editing the shape: click a place to make it the top of its column."
	heapHint       = "Type heap sizes or use + and −; click a token to make the heap that size."
	textHint       = "Type the position in the field above, or pick a move below to step into it."
)

func newCramPicture() *cramPicture {
	b, _ := cram.NewWide(3, 3)
	p := &cramPicture{board: NewCramBoard(b), notes: newNotes(cramHint)}
	p.board.OnChanged = func(*cram.Wide) { p.changed() }
	p.ExtendBaseWidget(p)
	return p
}

func (p *cramPicture) SetTerm(term string) error {
	b, err := cram.ParseWide(term)
	if err != nil {
		return err
	}
	p.board.follow(b)
	return nil
}

func (p *cramPicture) Term() string                { return p.board.Board().String() }
func (p *cramPicture) SetOnChanged(f func(string)) { p.onChange = f }

func (p *cramPicture) changed() {
	if p.onChange != nil {
		p.onChange(p.Term())
	}
}

// resize grows or shrinks the board by dr rows and dc columns, new cells free.
func (p *cramPicture) resize(dr, dc int) {
	old := p.board.Board()
	rows, cols := old.Rows()+dr, old.Cols()+dc
	if rows < 1 || cols < 1 || rows*cols > maxCramCells {
		return
	}
	grid := make([][]bool, rows)
	for i := range grid {
		grid[i] = make([]bool, cols)
		for j := range grid[i] {
			grid[i][j] = i >= old.Rows() || j >= old.Cols() || old.Free(i, j)
		}
	}
	b, err := cram.WideFromGrid(grid)
	if err != nil {
		return
	}
	p.board.SetBoard(b)
	p.changed()
}

// showMove draws the domino that takes the board to term: the one placed, or, when term is
// the option in another form (the canonical form crops and turns boards), the domino whose
// board has term's Key.
func (p *cramPicture) showMove(term string) {
	after, err := cram.ParseWide(term)
	if err != nil {
		p.notes.setMove("the move leaves " + term)
		return
	}
	d, exact, ok := cramMove(p.board.Board(), after)
	switch {
	case !ok:
		p.notes.setMove("the move leaves " + term + ", shown in canonical form: no one domino on this board gives it")
		return
	case exact:
		p.notes.setMove("the move: " + dominoText(d))
	default:
		p.notes.setMove("the move: " + dominoText(d) + " (the option " + term + " is its board in canonical form)")
	}
	p.board.showDomino(d)
}

func (p *cramPicture) clearMove() {
	p.notes.setMove("")
	p.board.showDomino(noDomino)
}

func (p *cramPicture) moveNote() string { return p.notes.move.Text }

func (p *cramPicture) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.notes.around(p.board,
		smallButton("+ row", nil, func() { p.resize(1, 0) }),
		smallButton("− row", nil, func() { p.resize(-1, 0) }),
		smallButton("+ column", nil, func() { p.resize(0, 1) }),
		smallButton("− column", nil, func() { p.resize(0, -1) }),
	))
}

// chompPicture is a ChompBoard with buttons that grow and shrink its grid and a toggle
// between biting and editing the shape, a line over it for the move on show and a hint
// under it.
type chompPicture struct {
	widget.BaseWidget
	board    *ChompBoard
	shape    *widget.Check
	notes    notes
	onChange func(string)
}

func newChompPicture() *chompPicture {
	b, _ := chomp.Rect(3, 4)
	p := &chompPicture{board: NewChompBoard(b), notes: newNotes(chompHint)}
	p.shape = widget.NewCheck("Edit shape", p.setEditShape)
	p.board.OnChanged = func(*chomp.Board) {
		if p.onChange != nil {
			p.onChange(p.Term())
		}
	}
	p.ExtendBaseWidget(p)
	return p
}

func (p *chompPicture) SetTerm(term string) error {
	b, err := chomp.Parse(term)
	if err != nil {
		return err
	}
	p.board.SetBoard(b)
	return nil
}

func (p *chompPicture) Term() string                { return p.board.Board().String() }
func (p *chompPicture) SetOnChanged(f func(string)) { p.onChange = f }

func (p *chompPicture) grow(dr, dc int) {
	r, c := p.board.Grid()
	p.board.SetGrid(r+dr, c+dc)
}

// setEditShape makes a tap edit the shape (on) or bite (off), and says so under the board.
func (p *chompPicture) setEditShape(on bool) {
	p.board.SetEditShape(on)
	if p.shape.Checked != on {
		p.shape.SetChecked(on)
	}
	if on {
		p.notes.hint.SetText(chompShapeHint)
	} else {
		p.notes.hint.SetText(chompHint)
	}
}

// showMove draws the bite that takes the board to term.
func (p *chompPicture) showMove(term string) {
	after, err := chomp.Parse(term)
	if err != nil {
		p.notes.setMove("the move leaves " + term)
		return
	}
	b, exact, ok := chompMove(p.board.Board(), after)
	switch {
	case !ok:
		p.notes.setMove("the move leaves " + term + ": no one bite of this board gives it")
		return
	case exact:
		p.notes.setMove("the move: " + biteText(p.board.Board().Heights(), b))
	default:
		p.notes.setMove("the move: " + biteText(p.board.Board().Heights(), b) + " (the option " + term + " is its board turned over)")
	}
	p.board.showBite(b)
}

func (p *chompPicture) clearMove() {
	p.notes.setMove("")
	p.board.showBite(bite{-1, -1})
}

func (p *chompPicture) moveNote() string { return p.notes.move.Text }

func (p *chompPicture) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.notes.around(p.board,
		p.shape,
		smallButton("+ row", nil, func() { p.grow(1, 0) }),
		smallButton("− row", nil, func() { p.grow(-1, 0) }),
		smallButton("+ column", nil, func() { p.grow(0, 1) }),
		smallButton("− column", nil, func() { p.grow(0, -1) }),
	))
}

// maxEditedHeap is the largest heap the heap picture reads; larger ones are typed.
const maxEditedHeap = 1 << 20

// parseHeaps reads the heap sizes of a term of a heap game g.
func parseHeaps(g games.Game, term string) ([]int, error) {
	return parse.Ints(g.Name(), term, maxEditedHeap)
}

// ChompBoard returns the Chomp board of component k, or nil when component k is not drawn as
// a Chomp board; scripts use it to bite as a user would.
func (e *Editor) ChompBoard(k int) *ChompBoard {
	if k < 0 || k >= len(e.pictures) {
		return nil
	}
	if p, ok := e.pictures[k].(*chompPicture); ok {
		return p.board
	}
	return nil
}
