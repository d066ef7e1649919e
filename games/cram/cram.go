package cram

import (
	"fmt"
	"iter"
	"math/bits"

	"grundy/engine"
)

// A Board is a Cram position: a grid of at most 64 cells, each free or filled. Boards are
// values that never change once made; make them with New, FromGrid, With or Parse (the zero
// Board is not a valid position).
type Board struct {
	free       uint64 // cell (i, j) is free when bit i*cols+j is set
	rows, cols uint8
	plain      bool // split as before the reductions (reduce.go): a tree of that time's rules
}

var (
	_ engine.Position = (*Board)(nil)
	_ engine.Hinter   = (*Board)(nil)
	_ engine.Guesser  = (*Board)(nil)
)

// A Game is the game of Cram, for the games registry.
type Game struct{}

// Name returns "cram".
func (Game) Name() string { return "cram" }

// Parse reads a board of up to 128 cells in the notation of Parse: a Board when it has at
// most 64 cells, else a Wide.
func (Game) Parse(s string) (engine.Position, error) {
	w, err := ParseWide(s)
	if err != nil {
		return nil, err
	}
	return w.position(), nil
}

// New returns the empty board of rows × cols cells, all free. The board may hold at most 64
// cells; the error wraps parse.ErrTooLarge or, for a side less than 1, parse.ErrSyntax.
func New(rows, cols int) (*Board, error) {
	w, err := newWide(rows, cols, maxCells)
	if err != nil {
		return nil, err
	}
	return &Board{free: w.free.lo, rows: w.rows, cols: w.cols}, nil
}

// FromGrid returns the board whose cell (i, j) is free when free[i][j] is true. The rows must
// all have the same length; errors are as for New.
func FromGrid(free [][]bool) (*Board, error) {
	w, err := wideFromGrid(free, maxCells)
	if err != nil {
		return nil, err
	}
	return &Board{free: w.free.lo, rows: w.rows, cols: w.cols}, nil
}

// Rows returns the number of rows of the board.
func (b *Board) Rows() int { return int(b.rows) }

// Cols returns the number of columns of the board.
func (b *Board) Cols() int { return int(b.cols) }

// Free reports whether cell (i, j), row i and column j counted from 0 at the top left, is on
// the board and free.
func (b *Board) Free(i, j int) bool {
	if i < 0 || j < 0 || i >= int(b.rows) || j >= int(b.cols) {
		return false
	}
	return b.free>>(i*int(b.cols)+j)&1 == 1
}

// With returns a copy of b with cell (i, j) free or filled. It panics when the cell is off
// the board.
func (b *Board) With(i, j int, free bool) *Board {
	if i < 0 || j < 0 || i >= int(b.rows) || j >= int(b.cols) {
		panic(fmt.Sprintf("cram: cell (%d, %d) is off the %dx%d board", i, j, b.rows, b.cols))
	}
	bit := uint64(1) << (i*int(b.cols) + j)
	out := *b
	if free {
		out.free |= bit
	} else {
		out.free &^= bit
	}
	return &out
}

func (b *Board) grid() grid { return grid{int(b.rows), int(b.cols)} }

// Options yields the boards reached by placing one domino on two orthogonally adjacent free
// cells: horizontal placements first, each in row-major order of its top left cell. The
// options keep b's shape.
func (b *Board) Options() iter.Seq[engine.Position] {
	return func(yield func(engine.Position) bool) {
		g := b.grid()
		h, v := g.dominoes(b.free)
		// One allocation for all the options: the search mostly reads them all.
		opts := make([]Board, bits.OnesCount64(h)+bits.OnesCount64(v))
		i := 0
		for _, d := range [2]struct{ at, pair uint64 }{{h, 1 | 1<<1}, {v, 1 | 1<<g.c}} {
			for at := d.at; at != 0; at &= at - 1 {
				opts[i] = Board{free: b.free &^ (d.pair << bits.TrailingZeros64(at)), rows: b.rows, cols: b.cols, plain: b.plain}
				if !yield(&opts[i]) {
					return
				}
				i++
			}
		}
	}
}

// Split returns the connected components of b's free cells, each cropped to its bounding box
// as a board of its own, once reduced (reduce.go): cells with no free neighbour are dropped,
// and so are the cells and joins that cannot change the play, so a board with no move has no
// component and a component may have fewer cells than the board held.
func (b *Board) Split() []engine.Position {
	var parts [maxCells / 2]Board
	n := b.grid().pieces(b.free, &parts, 0, !b.plain)
	if n == 0 {
		return nil
	}
	if n == 1 {
		if parts[0] == *b {
			return []engine.Position{b}
		}
		one := &component{board: parts[0]} // the board and the slice in one allocation
		one.pos[0] = &one.board
		return one.pos[:]
	}
	if n == 2 { // most splits: the boards and the slice in one allocation
		two := &twoComponents{boards: [2]Board{parts[0], parts[1]}}
		two.pos = [2]engine.Position{&two.boards[0], &two.boards[1]}
		return two.pos[:]
	}
	boards := make([]Board, n)
	copy(boards, parts[:n])
	out := make([]engine.Position, n)
	for i := range boards {
		out[i] = &boards[i]
	}
	return out
}

// A component is the one board that Split returns, with the slice that holds it.
type component struct {
	board Board
	pos   [1]engine.Position
}

// twoComponents are the two boards that Split returns, with the slice that holds them.
type twoComponents struct {
	boards [2]Board
	pos    [2]engine.Position
}

// Key returns a short binary string that is the same for boards that are equal up to the 8
// symmetries of the rectangle, the reductions of Split, and the order of the components: the
// canonical forms of the components (see canon), sorted and concatenated. A board with no
// move has the empty key.
func (b *Board) Key() string {
	var parts [maxCells / 2]Board
	return keyOf(parts[:b.grid().pieces(b.free, &parts, 0, !b.plain)])
}

// sortBoards sorts a few boards by insertion.
func sortBoards(s []Board) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].less(s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// Hint returns the number of free cells that a domino can still cover, less those Split
// drops: the larger, the harder the board is to solve.
func (b *Board) Hint() int { return bits.OnesCount64(b.grid().trimmed(b.free)) }

// Guess returns the number of dominoes that still fit on b, or 0 on a board with a side of 2
// cells or less. Among the options of a board whose hardest components are equally hard
// (Hint), the search tries first those that leave the fewest moves: the dominoes that kill
// the most moves. Nodes of the couples search with this guess and without: 3x10 12 475 and
// 23 457, 3x11 29 780 and 37 659, 3x12 63 401 and 108 340, 3x13 402 164 and 440 557, 4x7
// 35 601 and 57 438, 5x6 93 170 and 128 881, 5x7 818 280 and 947 418. The other order costs
// nodes on each (5x6: 207 209). On strips of 2 rows the guess misleads (2x33: 51 138 nodes
// against 3 212, 2x37: 426 314 against 4 634), hence none there.
func (b *Board) Guess() int {
	if b.rows <= 2 || b.cols <= 2 {
		return 0
	}
	h, v := b.grid().dominoes(b.free)
	return bits.OnesCount64(h) + bits.OnesCount64(v)
}

// SymmetricZero reports whether b is a second-player win by the symmetry strategy, so that its
// nimber is 0: its movable cells are symmetric under a half turn about the centre of their
// bounding box, and no domino is its own image. With an even number of rows and of columns
// the centre is a lattice point (a corner where four cells meet); with an odd number of
// both it is the centre of a cell, which must not be movable; with one side odd and the
// other even it is the midpoint of the edge between two cells, which must not be movable.
//
// The argument: the half turn fixes no movable cell, and a domino that overlapped its image
// would be two adjacent cells swapped by the turn, whose centres are then symmetric about the
// midpoint of their common edge: the centre, whose two cells are not movable. So whenever
// the first player covers a domino D, its image is still free and the second player covers
// it, leaving the movable cells symmetric again; cells with no free neighbour stay unusable.
// The second player always has a move and wins. The centres that are not lattice points
// prove a board with one side odd and the other even ≠ 0 at once, by the domino on its
// central edge (6x7: 2.6 million nodes proved nothing before), and save some nodes deeper
// (3x12 63 401 to 57 308, 5x6 93 170 to 91 674; 3x10 12 475 to 13 009 is the exception).
func (b *Board) SymmetricZero() bool {
	m := b.grid().movable(b.free)
	if m == 0 {
		return true
	}
	c := b.grid().crop(m)
	at, odd := centre(int(c.rows), int(c.cols))
	return c.grid().rot180(c.free) == c.free && (!odd || c.free>>at&1 == 0)
}

// centre returns, for a bounding box of rows × cols cells with a side odd, the cell that
// must not be movable for its half turn to leave no domino in place: the centre cell, or a
// cell of the central edge (the other is its image). odd is false when both sides are even.
func centre(rows, cols int) (at int, odd bool) {
	return rows/2*cols + cols/2, rows%2 == 1 || cols%2 == 1
}
