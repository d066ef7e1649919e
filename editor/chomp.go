package editor

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"grundy/games/chomp"
)

// chompCell is the side of a square of a ChompBoard that MinSize asks for; the board grows
// with the room it is given, up to maxCell.
const chompCell = 24

// A ChompBoard shows a Chomp board on a grid of rows × cols places and plays or edits it by
// hand. A tap on a square bites: it goes, with every square above it and to its right (the
// poisoned square, at the bottom left, is marked and never bitten). In shape editing
// (SetEditShape), a tap on a place sets its column's height to reach it instead, and moves
// the other columns just enough to keep the heights non-increasing; a tap on the top square
// of a column removes it.
type ChompBoard struct {
	widget.BaseWidget

	// OnChanged is called with the new board after each edit by hand.
	OnChanged func(b *chomp.Board)

	heights    []int
	rows, cols int  // the grid on show, at least the board's size
	editShape  bool // taps edit the shape rather than bite
	shown      bite // a bite on show but not played (ShowMove); row < 0 for none
}

// NewChompBoard returns a widget showing b on a grid just large enough.
func NewChompBoard(b *chomp.Board) *ChompBoard {
	w := &ChompBoard{shown: noBite}
	w.ExtendBaseWidget(w)
	w.set(b)
	return w
}

// Board returns the board on show.
func (w *ChompBoard) Board() *chomp.Board {
	b, err := chomp.New(w.heights)
	if err != nil {
		panic("editor: chomp heights broke their invariant: " + err.Error())
	}
	return b
}

// SetBoard shows b, growing the grid to hold it.
func (w *ChompBoard) SetBoard(b *chomp.Board) {
	w.set(b)
	w.Refresh()
}

func (w *ChompBoard) set(b *chomp.Board) {
	w.heights, w.shown = b.Heights(), noBite
	w.rows, w.cols = max(w.rows, b.Rows()), max(w.cols, b.Cols())
	w.heights = append(w.heights, make([]int, w.cols-len(w.heights))...)
}

// Grid returns the size of the grid on show.
func (w *ChompBoard) Grid() (rows, cols int) { return w.rows, w.cols }

// SetGrid changes the grid to rows × cols places, cutting the board down to fit (at least
// one row and one column: the poisoned square stays).
func (w *ChompBoard) SetGrid(rows, cols int) {
	rows, cols = min(max(rows, 1), 64), min(max(cols, 1), 64)
	h := make([]int, cols)
	for c := range h {
		if c < len(w.heights) {
			h[c] = min(w.heights[c], rows)
		}
	}
	w.rows, w.cols, w.heights = rows, cols, h
	w.notify()
}

func (w *ChompBoard) geom() gridGeom {
	s := w.Size()
	return fitGrid(s.Width, s.Height, w.rows, w.cols, maxCell)
}

// noBite is the shown bite of a board with no move on show.
var noBite = bite{-1, -1}

// showBite draws b as the move on show, not played; noBite takes it away.
func (w *ChompBoard) showBite(b bite) {
	w.shown = b
	w.Refresh()
}

// Shown returns the square of the bite on show (height row from the bottom, column col), and
// whether one is.
func (w *ChompBoard) Shown() (row, col int, ok bool) {
	return w.shown.row, w.shown.col, w.shown.row >= 0
}

// EditShape reports whether a tap edits the shape rather than bites.
func (w *ChompBoard) EditShape() bool { return w.editShape }

// SetEditShape makes a tap edit the shape (on) or bite (off).
func (w *ChompBoard) SetEditShape(on bool) { w.editShape = on }

// Tapped bites at the tapped square; in shape editing, it sets the heights so that the
// tapped place is the top of its column, or removes the top square of a column.
func (w *ChompBoard) Tapped(ev *fyne.PointEvent) {
	i, c, ok := w.geom().cellAt(ev.Position.X, ev.Position.Y)
	if !ok {
		return
	}
	if !w.editShape {
		w.Bite(w.rows-1-i, c)
		return
	}
	w.heights, w.shown = staircase(w.heights, w.rows-1-i, c), noBite
	w.notify()
}

// Bite plays the move that takes the square at height row (0 at the bottom) of column col,
// with every square above it and to its right; it reports whether there was such a square
// other than the poisoned one, which no move takes.
func (w *ChompBoard) Bite(row, col int) bool {
	if col < 0 || col >= len(w.heights) || row < 0 || row >= w.heights[col] || row == 0 && col == 0 {
		return false
	}
	w.heights, w.shown = bitten(w.heights, bite{row, col}), noBite
	w.notify()
	return true
}

// staircase returns the heights after a tap on the place at height row (0 at the bottom) of
// column c: the column's top square is removed when it is the one tapped, otherwise the
// column reaches up to the tap; the other columns change as little as keeps the heights
// non-increasing, and the first column keeps its poisoned square.
func staircase(heights []int, row, c int) []int {
	h := append([]int(nil), heights...)
	target := row + 1
	if h[c] == target {
		target = row
	}
	h[c] = target
	for k := range h {
		switch {
		case k < c:
			h[k] = max(h[k], target)
		case k > c:
			h[k] = min(h[k], target)
		}
	}
	h[0] = max(h[0], 1)
	return h
}

func (w *ChompBoard) notify() {
	w.Refresh()
	if w.OnChanged != nil {
		w.OnChanged(w.Board())
	}
}

// MinSize is a grid of squares large enough to tap.
func (w *ChompBoard) MinSize() fyne.Size {
	n := float32(max(w.rows, w.cols))
	side := min(chompCell, max(maxBoardSide/n, 8)) // the scroll takes what is still too wide
	return fyne.NewSize(float32(w.cols)*side, float32(w.rows)*side)
}

// CreateRenderer returns the renderer; it grows its pool of squares as the grid grows.
func (w *ChompBoard) CreateRenderer() fyne.WidgetRenderer {
	r := &chompRenderer{w: w, poison: canvas.NewCircle(nil)}
	r.Refresh()
	return r
}

// chompRenderer owns the canvas objects of a ChompBoard.
type chompRenderer struct {
	w       *ChompBoard
	squares []*canvas.Rectangle
	poison  *canvas.Circle
	objects []fyne.CanvasObject
}

func (r *chompRenderer) Destroy()                     {}
func (r *chompRenderer) MinSize() fyne.Size           { return r.w.MinSize() }
func (r *chompRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Layout places every place of the grid, the bottom row last.
func (r *chompRenderer) Layout(size fyne.Size) {
	w := r.w
	g := fitGrid(size.Width, size.Height, w.rows, w.cols, maxCell)
	inset := max(1, g.cell/16)
	for k := range w.rows * w.cols {
		i, c := k/w.cols, k%w.cols
		x, y := g.cellOrigin(i, c)
		r.squares[k].Move(fyne.NewPos(x+inset, y+inset))
		r.squares[k].Resize(fyne.NewSquareSize(g.cell - 2*inset))
	}
	x, y := g.cellOrigin(w.rows-1, 0)
	d := g.cell / 3
	r.poison.Move(fyne.NewPos(x+d, y+d))
	r.poison.Resize(fyne.NewSquareSize(g.cell - 2*d))
}

// Refresh colours the squares that remain and the empty places.
func (r *chompRenderer) Refresh() {
	w := r.w
	n := w.rows * w.cols
	for len(r.squares) < n {
		r.squares = append(r.squares, canvas.NewRectangle(nil))
	}
	r.objects = r.objects[:0]
	choc, empty, border := chocolate, color.Transparent, boardLine
	for k, s := range r.squares {
		s.Hidden = k >= n
		if s.Hidden {
			continue
		}
		i, c := k/w.cols, k%w.cols
		s.StrokeColor, s.StrokeWidth = border, 1
		row := w.rows - 1 - i
		switch {
		case row >= w.heights[c]:
			s.FillColor = empty
		case w.shown.row >= 0 && c >= w.shown.col && row >= w.shown.row:
			s.FillColor = moveFill // taken by the bite on show
			if c == w.shown.col && row == w.shown.row {
				s.StrokeColor, s.StrokeWidth = moveStroke, 3
			}
		default:
			s.FillColor = choc
		}
		r.objects = append(r.objects, s)
	}
	r.poison.FillColor = poison
	r.objects = append(r.objects, r.poison)
	r.Layout(w.Size())
	canvas.Refresh(w)
}
