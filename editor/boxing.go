package editor

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"grundy/games/boxing"
)

// boxingHint is the line over a Boxing Match board.
const boxingHint = "Click a cell to put a stone on it or take it away. A move takes every stone of a full square."

// boxingPicture shows a Boxing Match board as a grid of cells with stones: a tap puts a stone
// on a cell or takes it away; buttons add and remove rows and columns.
type boxingPicture struct {
	widget.BaseWidget
	board    *boxing.Board
	grid     *paintGrid
	notes    notes
	shown    *boxing.Board // the board a move on show leaves, or nil
	onChange func(string)
}

func newBoxingPicture() *boxingPicture {
	b, _ := boxing.New(3, 3)
	p := &boxingPicture{board: b, notes: newNotes(boxingHint)}
	p.grid = newPaintGrid(p.look, p.toggle)
	p.grid.marked = p.taken
	p.ExtendBaseWidget(p)
	return p
}

// look draws a cell: paper, with a stone on it when it holds one.
func (p *boxingPicture) look(i, j int) (color.Color, bool) { return boardPaper, p.board.Stone(i, j) }

// taken reports whether the move on show takes the stone of cell (i, j).
func (p *boxingPicture) taken(i, j int) bool {
	return p.shown != nil && p.board.Stone(i, j) && !p.shown.Stone(i, j)
}

// toggle puts a stone on cell (i, j) or takes it away.
func (p *boxingPicture) toggle(i, j int) {
	p.set(p.board.With(i, j, !p.board.Stone(i, j)))
	p.changed()
}

func (p *boxingPicture) set(b *boxing.Board) {
	p.board, p.shown = b, nil
	p.notes.setMove("")
	p.grid.setShape(b.Rows(), b.Cols())
}

func (p *boxingPicture) SetTerm(term string) error {
	b, err := boxing.Parse(term)
	if err != nil {
		return err
	}
	p.set(b)
	return nil
}

func (p *boxingPicture) Term() string                { return p.board.String() }
func (p *boxingPicture) SetOnChanged(f func(string)) { p.onChange = f }
func (p *boxingPicture) pictureNotes() notes         { return p.notes }

func (p *boxingPicture) changed() {
	if p.onChange != nil {
		p.onChange(p.Term())
	}
}

// Board returns the board on show.
func (p *boxingPicture) Board() *boxing.Board { return p.board }

// resize grows or shrinks the board by dr rows and dc columns, new cells with a stone.
func (p *boxingPicture) resize(dr, dc int) {
	old := p.board
	rows, cols := old.Rows()+dr, old.Cols()+dc
	if rows < 1 || cols < 1 || rows > boxing.MaxSide || cols > boxing.MaxSide || rows*cols > boxing.MaxCells {
		return
	}
	grid := make([][]bool, rows)
	for i := range grid {
		grid[i] = make([]bool, cols)
		for j := range grid[i] {
			grid[i][j] = i >= old.Rows() || j >= old.Cols() || old.Stone(i, j)
		}
	}
	b, err := boxing.FromGrid(grid)
	if err != nil {
		return
	}
	p.set(b)
	p.changed()
}

// showMove outlines the square whose stones the move to term takes.
func (p *boxingPicture) showMove(term string) {
	after, err := boxing.Parse(term)
	if err != nil || after.Rows() != p.board.Rows() || after.Cols() != p.board.Cols() {
		p.notes.setMove("the move leaves " + term)
		return
	}
	p.shown = after
	k := p.board.Stones() - after.Stones()
	p.notes.setMove("the move: take the " + itoa(squareSide(k)) + "×" + itoa(squareSide(k)) + " square outlined")
	p.grid.Refresh()
}

// squareSide returns the side of a square of n cells.
func squareSide(n int) int {
	k := 0
	for (k+1)*(k+1) <= n {
		k++
	}
	return k
}

func (p *boxingPicture) clearMove() {
	if p.shown != nil {
		p.shown = nil
		p.grid.Refresh()
	}
	p.notes.setMove("")
}

func (p *boxingPicture) moveNote() string { return p.notes.move.Text }

func (p *boxingPicture) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.notes.around(p.grid,
		smallButton("+ row", nil, func() { p.resize(1, 0) }),
		smallButton("− row", nil, func() { p.resize(-1, 0) }),
		smallButton("+ column", nil, func() { p.resize(0, 1) }),
		smallButton("− column", nil, func() { p.resize(0, -1) }),
	))
}
