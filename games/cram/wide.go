package cram

import (
	"iter"

	"grundy/engine"
)

// A Wide is a Cram position of up to 128 cells, kept in two words: the boards of more than
// 64 cells that a Board cannot hold. It plays as a Board does, and its keys are Board's keys
// (the same bytes for the same board), so the facts of a component are the same whichever
// holds it. Its options keep its shape; its components of at most 64 cells are Boards, so
// the search of a wide board goes back to the one-word code as soon as the board splits
// into parts that fit. Make one with ParseWide, or Game.Parse for boards of more than 64
// cells.
type Wide struct {
	free       w128 // cell (i, j) is free when bit i*cols+j is set
	rows, cols uint8
	plain      bool // as Board's
}

var (
	_ engine.Position = (*Wide)(nil)
	_ engine.Hinter   = (*Wide)(nil)
	_ engine.Valuer   = (*Wide)(nil)
	_ engine.Guesser  = (*Wide)(nil)
)

// narrowCells is the size up to which a component of a Wide is a Board: 64, but the tests set
// it to 0 to play small boards with the wide code alone and compare them with Board's.
var narrowCells = maxCells

// position returns b as a Board when it fits narrowCells, else as itself.
func (b Wide) position() engine.Position {
	if b.area() <= narrowCells {
		return &Board{free: b.free.lo, rows: b.rows, cols: b.cols, plain: b.plain}
	}
	return &b
}

// Rows returns the number of rows of the board.
func (b *Wide) Rows() int { return int(b.rows) }

// Cols returns the number of columns of the board.
func (b *Wide) Cols() int { return int(b.cols) }

// Free reports whether cell (i, j), counted from 0 at the top left, is on the board and free.
func (b *Wide) Free(i, j int) bool {
	if i < 0 || j < 0 || i >= int(b.rows) || j >= int(b.cols) {
		return false
	}
	return !b.free.and(w128{}.with(i*int(b.cols) + j)).zero()
}

func (b Wide) area() int       { return int(b.rows) * int(b.cols) }
func (b *Wide) grid() wgrid    { return newWgrid(int(b.rows), int(b.cols)) }
func (b *Wide) String() string { return b.grid().notation(b.free) }

// Options yields the boards reached by placing one domino, in the order of Board.Options.
func (b *Wide) Options() iter.Seq[engine.Position] {
	return func(yield func(engine.Position) bool) {
		g := b.grid()
		h, v := g.dominoes(b.free)
		opts := make([]Wide, h.count()+v.count())
		i := 0
		for _, d := range [2]struct{ at, pair w128 }{{h, w128{3, 0}}, {v, w128{1, 0}.or(w128{1, 0}.shl(g.c))}} {
			for at := d.at; !at.zero(); at = at.dropLowest() {
				opts[i] = Wide{free: b.free.andNot(d.pair.shl(at.first())), rows: b.rows, cols: b.cols, plain: b.plain}
				if !yield(&opts[i]) {
					return
				}
				i++
			}
		}
	}
}

// Split returns the components of b once reduced (reduce.go), each cropped to its bounding
// box: a Board when it has at most 64 cells, else a Wide.
func (b *Wide) Split() []engine.Position {
	var parts [maxWide / 2]Wide
	n := b.grid().pieces(b.free, &parts, 0, !b.plain)
	if n == 1 && parts[0] == *b {
		return []engine.Position{b}
	}
	// Three allocations at most: the Boards, the Wides and the slice.
	var boards []Board
	var wides []Wide
	out := make([]engine.Position, n)
	for i, p := range parts[:n] {
		if p.area() <= narrowCells {
			if boards == nil {
				boards = make([]Board, 0, n-i)
			}
			boards = append(boards, Board{free: p.free.lo, rows: p.rows, cols: p.cols, plain: p.plain})
			out[i] = &boards[len(boards)-1]
			continue
		}
		if wides == nil {
			wides = make([]Wide, 0, n-i)
		}
		wides = append(wides, p)
		out[i] = &wides[len(wides)-1]
	}
	return out
}

// Key returns the key Board.Key would give the same board: the canonical forms of the
// components once reduced, sorted and concatenated.
func (b *Wide) Key() string {
	var parts [maxWide / 2]Wide
	n := b.grid().pieces(b.free, &parts, 0, !b.plain)
	s := parts[:n]
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].less(s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	var buf [3 * maxWide / 2]byte
	key := buf[:0]
	for _, p := range s {
		key = p.appendKey(key)
	}
	return string(key)
}

// Hint returns the number of free cells that a domino can still cover.
func (b *Wide) Hint() int { return b.grid().trimmed(b.free).count() }

// Guess returns what Board.Guess does: the number of dominoes that still fit on b, or 0 on a
// board with a side of 2 cells or less.
func (b *Wide) Guess() int {
	if b.rows <= 2 || b.cols <= 2 {
		return 0
	}
	h, v := b.grid().dominoes(b.free)
	return h.count() + v.count()
}

// SymmetricZero reports what Board.SymmetricZero does: the movable cells are symmetric under
// a half turn that leaves no domino in place, and the second player wins.
func (b *Wide) SymmetricZero() bool {
	m := b.grid().movable(b.free)
	if m.zero() {
		return true
	}
	c := b.grid().crop(m)
	at, odd := centre(int(c.rows), int(c.cols))
	return c.grid().rot180(c.free) == c.free && (!odd || c.free.and(w128{}.with(at)).zero())
}

// Value returns the nimbers that Board.Value knows without search: symmetric boards, paths,
// cycles and the regions of the endgame table.
func (b *Wide) Value() (int, bool) {
	g := b.grid()
	m := g.movable(b.free)
	if m.zero() || b.SymmetricZero() {
		return 0, true
	}
	h, v := g.dominoes(m)
	east, west, south, north := h, h.shl(1), v, v.shl(g.c)
	branch := east.and(west).and(south.or(north)).or(south.and(north).and(east.or(west)))
	cells, edges := m.count(), h.count()+v.count()
	if cells <= endgameCells && g.flood(m.lowest(), m) == m {
		c := g.crop(m) // at most 42 cells: one word
		return endgameValue(Board{free: c.free.lo, rows: c.rows, cols: c.cols}.canon())
	}
	if edges > cells || !branch.zero() || g.flood(m.lowest(), m) != m {
		return 0, false
	}
	return pathOrCycle(cells, edges)
}
