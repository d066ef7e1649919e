package editor

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/games/cram"
)

// cramCell is the side of a cell of a CramBoard that MinSize asks for, in fyne units; the
// board grows with the room it is given, up to maxCell.
const cramCell = 18

// maxCell is the largest side of a cell of a board scaled to its room.
const maxCell = 72

// maxBoardSide is the most a board asks for of its width or height, so that a large board
// stays on screen; its cells get smaller instead.
const maxBoardSide = 144

// maxCramCells is the most cells a Cram board has (games/cram's Wide, two 64-bit words).
const maxCramCells = 128

// Colours of the boards, the same in every theme.
var (
	boardPaper  = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	boardFilled = color.NRGBA{0x4a, 0x4a, 0x4a, 0xff}
	boardLine   = color.NRGBA{0x88, 0x88, 0x88, 0xff}
	chocolate   = color.NRGBA{0x7b, 0x4a, 0x2a, 0xff}
	poison      = color.NRGBA{0xd3, 0x2f, 0x2f, 0xff}
	// A move on show but not played: amber, seen on white, dark and chocolate alike.
	moveFill   = color.NRGBA{0xff, 0xa0, 0x00, 0xc0}
	moveStroke = color.NRGBA{0xb3, 0x5c, 0x00, 0xff}
)

// A domino is a move drawn on a Cram board: two adjacent cells filled by one drag.
type domino struct{ i1, j1, i2, j2 int }

// A CramBoard shows a Cram board and edits it by hand: a tap turns a cell free or filled, and
// a drag from a free cell to a free neighbour plays a move, drawn as a domino.
type CramBoard struct {
	widget.BaseWidget

	// OnChanged is called with the new board after each edit by hand.
	OnChanged func(b *cram.Wide)

	board    *cram.Wide
	dominoes []domino
	shown    domino // a move on show but not played (ShowMove); i1 < 0 for none

	dragging         bool
	dragFrom, dragTo fyne.Position
}

// NewCramBoard returns a widget showing b.
func NewCramBoard(b *cram.Wide) *CramBoard {
	w := &CramBoard{board: b, shown: noDomino}
	w.ExtendBaseWidget(w)
	return w
}

// Board returns the board on show.
func (w *CramBoard) Board() *cram.Wide { return w.board }

// SetBoard shows b, forgetting the dominoes drawn so far and the move on show.
func (w *CramBoard) SetBoard(b *cram.Wide) {
	w.board, w.dominoes, w.shown = b, nil, noDomino
	w.Refresh()
}

// follow shows b, the board after a change that did not come from a gesture on this board:
// a move played elsewhere (the engine's, in play), an undo, a new notation typed. The
// dominoes still filled stay, and a move from the board on show (two free neighbours filled)
// is drawn as a domino: the engine's move must not look like two grey cells.
func (w *CramBoard) follow(b *cram.Wide) {
	old := w.board
	if old == nil || b.Rows() != old.Rows() || b.Cols() != old.Cols() {
		w.SetBoard(b)
		return
	}
	var filled [][2]int
	for i := range b.Rows() {
		for j := range b.Cols() {
			if old.Free(i, j) && !b.Free(i, j) {
				filled = append(filled, [2]int{i, j})
			}
		}
	}
	kept := w.dominoes[:0]
	for _, d := range w.dominoes {
		if !b.Free(d.i1, d.j1) && !b.Free(d.i2, d.j2) {
			kept = append(kept, d)
		}
	}
	w.dominoes = kept
	if len(filled) == 2 {
		a, c := filled[0], filled[1]
		if d := (domino{a[0], a[1], c[0], c[1]}); adjacent(d.i1, d.j1, d.i2, d.j2) {
			w.dominoes = append(w.dominoes, d)
		}
	}
	w.board, w.shown = b, noDomino
	w.Refresh()
}

// noDomino is the shown domino of a board with no move on show.
var noDomino = domino{-1, -1, -1, -1}

// showDomino draws d as the move on show, not played; noDomino takes it away.
func (w *CramBoard) showDomino(d domino) {
	w.shown = d
	w.Refresh()
}

// Shown returns the cells of the move on show, and whether one is.
func (w *CramBoard) Shown() (i1, j1, i2, j2 int, ok bool) {
	d := w.shown
	return d.i1, d.j1, d.i2, d.j2, d.i1 >= 0
}

// geom places the grid in the widget's current size.
func (w *CramBoard) geom() gridGeom {
	s := w.Size()
	return fitGrid(s.Width, s.Height, w.board.Rows(), w.board.Cols(), maxCell)
}

// Tapped turns the cell under the tap free or filled.
func (w *CramBoard) Tapped(ev *fyne.PointEvent) {
	i, j, ok := w.geom().cellAt(ev.Position.X, ev.Position.Y)
	if !ok {
		return
	}
	w.change(w.board.With(i, j, !w.board.Free(i, j)))
}

// Dragged follows a drag; the move is played when it ends.
func (w *CramBoard) Dragged(ev *fyne.DragEvent) {
	if !w.dragging {
		w.dragging = true
		w.dragFrom = ev.Position.Subtract(ev.Dragged)
	}
	w.dragTo = ev.Position
}

// DragEnd plays a domino from the cell where the drag began to the one where it ended, when
// they are free neighbours.
func (w *CramBoard) DragEnd() {
	w.dragging = false
	g := w.geom()
	i1, j1, ok1 := g.cellAt(w.dragFrom.X, w.dragFrom.Y)
	i2, j2, ok2 := g.cellAt(w.dragTo.X, w.dragTo.Y)
	if ok1 && ok2 {
		w.Play(i1, j1, i2, j2)
	}
}

// Play plays a domino on the two adjacent free cells (i1, j1) and (i2, j2); it reports
// whether the move was legal.
func (w *CramBoard) Play(i1, j1, i2, j2 int) bool {
	b := w.board
	if !adjacent(i1, j1, i2, j2) || !inBoard(b, i1, j1) || !inBoard(b, i2, j2) || !b.Free(i1, j1) || !b.Free(i2, j2) {
		return false
	}
	d := domino{i1, j1, i2, j2}
	nb := b.With(i1, j1, false).With(i2, j2, false)
	w.board, w.shown = nb, noDomino
	w.dominoes = append(w.dominoes, d)
	w.notify()
	return true
}

// change shows b after an edit by hand, keeping the dominoes that are still filled.
func (w *CramBoard) change(b *cram.Wide) {
	w.board, w.shown = b, noDomino
	kept := w.dominoes[:0]
	for _, d := range w.dominoes {
		if !b.Free(d.i1, d.j1) && !b.Free(d.i2, d.j2) {
			kept = append(kept, d)
		}
	}
	w.dominoes = kept
	w.notify()
}

func (w *CramBoard) notify() {
	w.Refresh()
	if w.OnChanged != nil {
		w.OnChanged(w.board)
	}
}

// inBoard reports whether (i, j) is a cell of b.
func inBoard(b *cram.Wide, i, j int) bool {
	return i >= 0 && j >= 0 && i < b.Rows() && j < b.Cols()
}

// MinSize is a grid of cells large enough to tap.
func (w *CramBoard) MinSize() fyne.Size {
	n := float32(max(w.board.Rows(), w.board.Cols()))
	side := min(cramCell, max(maxBoardSide/n, 14)) // large boards stay on screen
	return fyne.NewSize(float32(w.board.Cols())*side, float32(w.board.Rows())*side)
}

// CreateRenderer builds the cells and dominoes once, for the largest board.
func (w *CramBoard) CreateRenderer() fyne.WidgetRenderer {
	r := &cramRenderer{w: w}
	for range maxCramCells {
		c := canvas.NewRectangle(nil)
		r.cells = append(r.cells, c)
		r.objects = append(r.objects, c)
	}
	for range maxCramCells / 2 {
		d := canvas.NewRectangle(nil)
		r.dominoes = append(r.dominoes, d)
		r.objects = append(r.objects, d)
	}
	r.shown = canvas.NewRectangle(moveFill)
	r.objects = append(r.objects, r.shown)
	r.Refresh()
	return r
}

// cramRenderer owns the canvas objects of a CramBoard.
type cramRenderer struct {
	w        *CramBoard
	cells    []*canvas.Rectangle
	dominoes []*canvas.Rectangle
	shown    *canvas.Rectangle
	objects  []fyne.CanvasObject
}

func (r *cramRenderer) Destroy()                     {}
func (r *cramRenderer) MinSize() fyne.Size           { return r.w.MinSize() }
func (r *cramRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Layout places the cells and dominoes on the grid.
func (r *cramRenderer) Layout(size fyne.Size) {
	b := r.w.board
	g := fitGrid(size.Width, size.Height, b.Rows(), b.Cols(), maxCell)
	inset := max(1, g.cell/16)
	k := 0
	for i := range b.Rows() {
		for j := range b.Cols() {
			x, y := g.cellOrigin(i, j)
			r.cells[k].Move(fyne.NewPos(x+inset, y+inset))
			r.cells[k].Resize(fyne.NewSquareSize(g.cell - 2*inset))
			k++
		}
	}
	for k, d := range r.w.dominoes {
		placeDomino(r.dominoes[k], g, d)
	}
	if r.w.shown.i1 >= 0 {
		placeDomino(r.shown, g, r.w.shown)
	}
}

// placeDomino puts rectangle o over the cells of domino d.
func placeDomino(o *canvas.Rectangle, g gridGeom, d domino) {
	x1, y1 := g.cellOrigin(min(d.i1, d.i2), min(d.j1, d.j2))
	x2, y2 := g.cellOrigin(max(d.i1, d.i2), max(d.j1, d.j2))
	pad := g.cell / 8
	o.Move(fyne.NewPos(x1+pad, y1+pad))
	o.Resize(fyne.NewSize(x2-x1+g.cell-2*pad, y2-y1+g.cell-2*pad))
	o.CornerRadius = g.cell / 4
}

// Refresh reads the board and the theme again.
func (r *cramRenderer) Refresh() {
	b := r.w.board
	// The board's own colours, as viz/draw pictures boards: white free cells and dark
	// filled ones read the same in the light and the dark theme.
	free, filled, border := boardPaper, boardFilled, boardLine
	n := b.Rows() * b.Cols()
	for k, c := range r.cells {
		c.Hidden = k >= n
		if c.Hidden {
			continue
		}
		i, j := k/b.Cols(), k%b.Cols()
		c.StrokeColor, c.StrokeWidth = border, 1
		if b.Free(i, j) {
			c.FillColor = free
		} else {
			c.FillColor = filled
		}
	}
	for k, d := range r.dominoes {
		d.Hidden = k >= len(r.w.dominoes)
		d.FillColor = theme.Color(theme.ColorNamePrimary)
	}
	r.shown.Hidden = r.w.shown.i1 < 0
	r.shown.FillColor, r.shown.StrokeColor, r.shown.StrokeWidth = moveFill, moveStroke, 3
	r.Layout(r.w.Size())
	canvas.Refresh(r.w)
}

// CellCentre returns the centre of cell (i, j) in the widget, where a tap toggles it.
func (w *CramBoard) CellCentre(i, j int) fyne.Position {
	g := w.geom()
	x, y := g.cellOrigin(i, j)
	return fyne.NewPos(x+g.cell/2, y+g.cell/2)
}
