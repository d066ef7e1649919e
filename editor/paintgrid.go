package editor

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// A paintGrid draws a grid of cells, each with its fill colour and maybe a disc (a stone),
// and passes taps on a cell to onTap: the widget under the Boxing Match and Breaking
// Chocolates pictures, which say what a cell looks like and what a tap does.
type paintGrid struct {
	widget.BaseWidget
	rows, cols int
	look       func(i, j int) (fill color.Color, disc bool)
	onTap      func(i, j int)
	marked     func(i, j int) bool // cells of a move on show, outlined; nil for none
}

func newPaintGrid(look func(i, j int) (color.Color, bool), onTap func(i, j int)) *paintGrid {
	g := &paintGrid{rows: 1, cols: 1, look: look, onTap: onTap}
	g.ExtendBaseWidget(g)
	return g
}

// setShape shows a rows × cols grid.
func (g *paintGrid) setShape(rows, cols int) {
	g.rows, g.cols = rows, cols
	g.Refresh()
}

func (g *paintGrid) geom() gridGeom {
	s := g.Size()
	return fitGrid(s.Width, s.Height, g.rows, g.cols, maxCell)
}

// Tapped passes the cell under the tap to onTap.
func (g *paintGrid) Tapped(ev *fyne.PointEvent) {
	if i, j, ok := g.geom().cellAt(ev.Position.X, ev.Position.Y); ok && g.onTap != nil {
		g.onTap(i, j)
	}
}

// CellCentre returns the centre of cell (i, j) in the widget, where a tap acts on it.
func (g *paintGrid) CellCentre(i, j int) fyne.Position {
	geo := g.geom()
	x, y := geo.cellOrigin(i, j)
	return fyne.NewPos(x+geo.cell/2, y+geo.cell/2)
}

// MinSize is a grid of cells large enough to tap; a large grid gets smaller cells, so that
// it stays on screen.
func (g *paintGrid) MinSize() fyne.Size {
	n := float32(max(g.rows, g.cols))
	side := min(cramCell, max(maxBoardSide/n, 10))
	return fyne.NewSize(float32(g.cols)*side, float32(g.rows)*side)
}

func (g *paintGrid) CreateRenderer() fyne.WidgetRenderer {
	r := &paintRenderer{g: g}
	r.Refresh()
	return r
}

// paintRenderer owns a cell and a disc per cell, made as the grid grows.
type paintRenderer struct {
	g       *paintGrid
	cells   []*canvas.Rectangle
	discs   []*canvas.Circle
	objects []fyne.CanvasObject
}

func (r *paintRenderer) Destroy()                     {}
func (r *paintRenderer) MinSize() fyne.Size           { return r.g.MinSize() }
func (r *paintRenderer) Objects() []fyne.CanvasObject { return r.objects }

// grow makes canvas objects for n cells.
func (r *paintRenderer) grow(n int) {
	for len(r.cells) < n {
		c, d := canvas.NewRectangle(nil), canvas.NewCircle(nil)
		r.cells, r.discs = append(r.cells, c), append(r.discs, d)
		r.objects = append(r.objects, c, d)
	}
}

func (r *paintRenderer) Layout(size fyne.Size) {
	g := r.g
	geo := fitGrid(size.Width, size.Height, g.rows, g.cols, maxCell)
	inset := max(1, geo.cell/16)
	for k := range g.rows * g.cols {
		x, y := geo.cellOrigin(k/g.cols, k%g.cols)
		r.cells[k].Move(fyne.NewPos(x+inset, y+inset))
		r.cells[k].Resize(fyne.NewSquareSize(geo.cell - 2*inset))
		pad := geo.cell / 5
		r.discs[k].Move(fyne.NewPos(x+pad, y+pad))
		r.discs[k].Resize(fyne.NewSquareSize(geo.cell - 2*pad))
	}
}

func (r *paintRenderer) Refresh() {
	g := r.g
	n := g.rows * g.cols
	r.grow(n)
	for k, c := range r.cells {
		d := r.discs[k]
		c.Hidden, d.Hidden = k >= n, true
		if k >= n {
			continue
		}
		i, j := k/g.cols, k%g.cols
		fill, disc := g.look(i, j)
		c.FillColor, c.StrokeColor, c.StrokeWidth = fill, boardLine, 1
		if g.marked != nil && g.marked(i, j) {
			c.StrokeColor, c.StrokeWidth = moveStroke, 3
		}
		if disc {
			d.Hidden = false
			d.FillColor, d.StrokeColor, d.StrokeWidth = boardFilled, boardLine, 1
			if g.marked != nil && g.marked(i, j) {
				d.FillColor = moveFill
			}
		}
	}
	r.Layout(g.Size())
	canvas.Refresh(g)
}
