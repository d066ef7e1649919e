package editor

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"grundy/games/chomp"
)

// chompCell is the largest side of a square of a ChompBoard.
const chompCell = 28

// A ChompBoard shows a Chomp board on a grid of rows × cols places and edits it by hand: a
// tap on a place sets its column's height to reach it, and moves the other columns just
// enough to keep the heights non-increasing; a tap on the top square of a column removes it.
// The poisoned square, at the bottom left, is marked and always stays.
type ChompBoard struct {
	widget.BaseWidget

	// OnChanged is called with the new board after each edit by hand.
	OnChanged func(b *chomp.Board)

	heights    []int
	rows, cols int // the grid on show, at least the board's size
}

// NewChompBoard returns a widget showing b on a grid just large enough.
func NewChompBoard(b *chomp.Board) *ChompBoard {
	w := &ChompBoard{}
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
	w.heights = b.Heights()
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
	return fitGrid(s.Width, s.Height, w.rows, w.cols, chompCell)
}

// Tapped sets the heights so that the tapped place is the top of its column, or removes
// the top square of a column.
func (w *ChompBoard) Tapped(ev *fyne.PointEvent) {
	i, c, ok := w.geom().cellAt(ev.Position.X, ev.Position.Y)
	if !ok {
		return
	}
	w.heights = staircase(w.heights, w.rows-1-i, c)
	w.notify()
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
	side := min(chompCell, max(maxBoardSide/n, 12))
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
	g := fitGrid(size.Width, size.Height, w.rows, w.cols, chompCell)
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
		if w.rows-1-i < w.heights[c] {
			s.FillColor = choc
		} else {
			s.FillColor = empty
		}
		r.objects = append(r.objects, s)
	}
	r.poison.FillColor = poison
	r.objects = append(r.objects, r.poison)
	r.Layout(w.Size())
	canvas.Refresh(w)
}
