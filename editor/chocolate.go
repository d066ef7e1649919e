package editor

import (
	"errors"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	bars "grundy/games/chocolate"
	"grundy/games/parse"
)

// chocolateHint is the line over a Breaking Chocolates bar.
const chocolateHint = "Click a cell to paint it black or white. A white bar is eaten; a mixed bar is broken along a line."

// The colours of the bars: dark and white chocolate.
var (
	darkChocolate  = color.NRGBA{0x3b, 0x23, 0x14, 0xff}
	whiteChocolate = color.NRGBA{0xf6, 0xea, 0xd0, 0xff}
)

// chocolatePicture shows one bar of Breaking Chocolates as a grid of cells: a tap paints a
// cell black or white; buttons add and remove rows and columns. A position of several bars
// (after a break) is shown as text.
type chocolatePicture struct {
	widget.BaseWidget
	white    [][]bool
	grid     *paintGrid
	notes    notes
	onChange func(string)
}

func newChocolatePicture() *chocolatePicture {
	p := &chocolatePicture{white: [][]bool{{false, true}, {true, false}}, notes: newNotes(chocolateHint)}
	p.grid = newPaintGrid(p.look, p.paint)
	p.ExtendBaseWidget(p)
	return p
}

func (p *chocolatePicture) look(i, j int) (color.Color, bool) {
	if p.white[i][j] {
		return whiteChocolate, false
	}
	return darkChocolate, false
}

// paint turns cell (i, j) black or white.
func (p *chocolatePicture) paint(i, j int) {
	p.white[i][j] = !p.white[i][j]
	p.grid.Refresh()
	p.changed()
}

// errSeveralBars is why a position of several bars is shown as text.
var errSeveralBars = errors.New("several bars")

func (p *chocolatePicture) SetTerm(term string) error {
	pos, err := bars.Parse(term)
	if err != nil {
		return err
	}
	bars := pos.Bars()
	if len(bars) != 1 {
		return parse.Errorf(errSeveralBars, "breaking-chocolates", term, -1, "the picture paints one bar")
	}
	b := bars[0]
	p.white = make([][]bool, b.Rows())
	for i := range p.white {
		p.white[i] = make([]bool, b.Cols())
		for j := range p.white[i] {
			p.white[i][j] = b.White(i, j)
		}
	}
	p.grid.setShape(b.Rows(), b.Cols())
	return nil
}

func (p *chocolatePicture) Term() string {
	rows := make([]string, len(p.white))
	for i, row := range p.white {
		b := make([]byte, len(row))
		for j, w := range row {
			b[j] = "bw"[boolInt(w)]
		}
		rows[i] = string(b)
	}
	return strings.Join(rows, "/")
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (p *chocolatePicture) SetOnChanged(f func(string)) { p.onChange = f }
func (p *chocolatePicture) pictureNotes() notes         { return p.notes }

func (p *chocolatePicture) changed() {
	if p.onChange != nil {
		p.onChange(p.Term())
	}
}

// resize grows or shrinks the bar by dr rows and dc columns, new cells white.
func (p *chocolatePicture) resize(dr, dc int) {
	rows, cols := len(p.white)+dr, len(p.white[0])+dc
	if rows < 1 || cols < 1 || rows*cols > bars.MaxCells {
		return
	}
	grid := make([][]bool, rows)
	for i := range grid {
		grid[i] = make([]bool, cols)
		for j := range grid[i] {
			grid[i][j] = i >= len(p.white) || j >= len(p.white[0]) || p.white[i][j]
		}
	}
	p.white = grid
	p.grid.setShape(rows, cols)
	p.changed()
}

// showMove says what the move to term does: a bar can only be eaten or broken in two.
func (p *chocolatePicture) showMove(term string) {
	if term == "0" {
		p.notes.setMove("the move: eat the white bar")
		return
	}
	p.notes.setMove("the move: break the bar into " + strings.ReplaceAll(term, " ", " and "))
}

func (p *chocolatePicture) clearMove()       { p.notes.setMove("") }
func (p *chocolatePicture) moveNote() string { return p.notes.move.Text }

func (p *chocolatePicture) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.notes.around(p.grid,
		smallButton("+ row", nil, func() { p.resize(1, 0) }),
		smallButton("− row", nil, func() { p.resize(-1, 0) }),
		smallButton("+ column", nil, func() { p.resize(0, 1) }),
		smallButton("− column", nil, func() { p.resize(0, -1) }),
	))
}
