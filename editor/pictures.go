package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"grundy/games"
	"grundy/games/chomp"
	"grundy/games/cram"
	"grundy/games/parse"
)

// cramPicture is a CramBoard with buttons that add and remove rows and columns.
type cramPicture struct {
	widget.BaseWidget
	board    *CramBoard
	onChange func(string)
}

func newCramPicture() *cramPicture {
	b, _ := cram.New(3, 3)
	p := &cramPicture{board: NewCramBoard(b)}
	p.board.OnChanged = func(*cram.Board) { p.changed() }
	p.ExtendBaseWidget(p)
	return p
}

func (p *cramPicture) SetTerm(term string) error {
	b, err := cram.Parse(term)
	if err != nil {
		return err
	}
	p.board.SetBoard(b)
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
	b, err := cram.FromGrid(grid)
	if err != nil {
		return
	}
	p.board.SetBoard(b)
	p.changed()
}

func (p *cramPicture) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(framed(p.board,
		smallButton("+ row", nil, func() { p.resize(1, 0) }),
		smallButton("− row", nil, func() { p.resize(-1, 0) }),
		smallButton("+ column", nil, func() { p.resize(0, 1) }),
		smallButton("− column", nil, func() { p.resize(0, -1) }),
	))
}

// chompPicture is a ChompBoard with buttons that grow and shrink its grid.
type chompPicture struct {
	widget.BaseWidget
	board    *ChompBoard
	onChange func(string)
}

func newChompPicture() *chompPicture {
	b, _ := chomp.Rect(3, 4)
	p := &chompPicture{board: NewChompBoard(b)}
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

func (p *chompPicture) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(framed(p.board,
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
