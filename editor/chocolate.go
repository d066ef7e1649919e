package editor

import (
	"errors"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
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

// chocolatePicture shows the bars of a Breaking Chocolates position side by side, each a
// grid of cells: a tap paints a cell black or white; buttons add and remove rows and columns
// of the last bar. The position with no bar is shown as text.
type chocolatePicture struct {
	widget.BaseWidget
	bars     [][][]bool // bars[k][i][j]: cell (i, j) of bar k is white
	grids    []*paintGrid
	box      *fyne.Container
	notes    notes
	onChange func(string)
}

func newChocolatePicture() *chocolatePicture {
	p := &chocolatePicture{box: container.NewHBox(), notes: newNotes(chocolateHint)}
	p.ExtendBaseWidget(p)
	return p
}

// errNoBar is why the position with no bar is shown as text.
var errNoBar = errors.New("no bar")

func (p *chocolatePicture) SetTerm(term string) error {
	pos, err := bars.Parse(term)
	if err != nil {
		return err
	}
	if len(pos.Bars()) == 0 {
		return parse.Errorf(errNoBar, "breaking-chocolates", term, -1, "no bar to paint")
	}
	p.bars = nil
	for _, b := range pos.Bars() {
		cells := make([][]bool, b.Rows())
		for i := range cells {
			cells[i] = make([]bool, b.Cols())
			for j := range cells[i] {
				cells[i][j] = b.White(i, j)
			}
		}
		p.bars = append(p.bars, cells)
	}
	p.rebuild()
	return nil
}

// rebuild makes one grid per bar.
func (p *chocolatePicture) rebuild() {
	p.grids = p.grids[:0]
	var objs []fyne.CanvasObject
	for k, cells := range p.bars {
		g := newPaintGrid(func(i, j int) (color.Color, bool) {
			if cells[i][j] {
				return whiteChocolate, false
			}
			return darkChocolate, false
		}, func(i, j int) { p.paint(k, i, j) })
		g.setShape(len(cells), len(cells[0]))
		p.grids = append(p.grids, g)
		objs = append(objs, g)
	}
	// Each bar gets a column of its own, its cells scaled to it, so that bars stand apart.
	p.box.Layout = layout.NewGridLayoutWithColumns(max(len(objs), 1))
	p.box.Objects = objs
	p.box.Refresh()
}

// paint turns cell (i, j) of bar k black or white.
func (p *chocolatePicture) paint(k, i, j int) {
	p.bars[k][i][j] = !p.bars[k][i][j]
	p.grids[k].Refresh()
	p.changed()
}

func (p *chocolatePicture) Term() string {
	out := make([]string, len(p.bars))
	for k, cells := range p.bars {
		rows := make([]string, len(cells))
		for i, row := range cells {
			b := make([]byte, len(row))
			for j, w := range row {
				b[j] = "bw"[boolInt(w)]
			}
			rows[i] = string(b)
		}
		out[k] = strings.Join(rows, "/")
	}
	return strings.Join(out, " ")
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

// resize grows or shrinks the last bar by dr rows and dc columns, new cells white, while the
// position keeps at most 64 cells.
func (p *chocolatePicture) resize(dr, dc int) {
	k := len(p.bars) - 1
	old := p.bars[k]
	rows, cols := len(old)+dr, len(old[0])+dc
	if rows < 1 || cols < 1 || p.cells()-len(old)*len(old[0])+rows*cols > bars.MaxCells {
		return
	}
	grid := make([][]bool, rows)
	for i := range grid {
		grid[i] = make([]bool, cols)
		for j := range grid[i] {
			grid[i][j] = i >= len(old) || j >= len(old[0]) || old[i][j]
		}
	}
	p.bars[k] = grid
	p.rebuild()
	p.changed()
}

// cells returns the number of cells of all the bars.
func (p *chocolatePicture) cells() int {
	n := 0
	for _, b := range p.bars {
		n += len(b) * len(b[0])
	}
	return n
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
	return widget.NewSimpleRenderer(p.notes.around(p.box,
		smallButton("+ row", nil, func() { p.resize(1, 0) }),
		smallButton("− row", nil, func() { p.resize(-1, 0) }),
		smallButton("+ column", nil, func() { p.resize(0, 1) }),
		smallButton("− column", nil, func() { p.resize(0, -1) }),
	))
}
