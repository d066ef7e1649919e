package cram

import (
	"errors"
	"iter"
	"slices"

	"grundy/engine"
	"grundy/games/parse"
)

// FromKey returns a board whose Key is key, so that a fact kept under a key (the store keeps
// Cram's facts so) can be written as a position. A key of one component gives its canonical
// board; a key of several gives one board holding them all, packed apart from each other (the
// key keeps no trace of where they stood). The empty key, of a board with no move, gives
// "1x1". Errors are *parse.ParseError values: parse.ErrSyntax for bytes that are no key of
// Key, parse.ErrTooLarge for components that this packing cannot fit on 64 cells, or a key
// of a board of more than 64 cells (Game.FromKey writes those as a Wide).
func FromKey(key string) (*Board, error) {
	if key == "" {
		return New(1, 1)
	}
	wide, err := keyParts(key)
	if err != nil {
		return nil, err
	}
	parts, cells := make([]Board, len(wide)), 0
	for i, w := range wide {
		if w.area() > maxCells {
			return nil, parse.Errorf(parse.ErrTooLarge, "cram", key, -1, "a %dx%d component, more than %d cells", w.rows, w.cols, maxCells)
		}
		parts[i] = Board{free: w.free.lo, rows: w.rows, cols: w.cols}
		if cells += w.free.count(); cells > maxCells {
			return nil, parse.Errorf(parse.ErrTooLarge, "cram", key, -1, "more than %d free cells", maxCells)
		}
	}
	b := &parts[0]
	if len(parts) > 1 {
		if b = pack(parts); b == nil {
			return nil, parse.Errorf(parse.ErrTooLarge, "cram", key, -1, "%d components that do not fit apart on %d cells", len(parts), maxCells)
		}
	}
	// Each part is canonical (keyParts), but the key also sorts them.
	if b.Key() != key {
		return nil, outOfOrder(key)
	}
	return b, nil
}

func outOfOrder(key string) error {
	return parse.Errorf(parse.ErrSyntax, "cram", key, -1, "components out of order")
}

// FromKey returns the board of FromKey as a position: the store finds it on the game
// (games.KeyDecoder) and writes Cram's facts as boards. A key that FromKey finds too large
// gives a Wide board of up to 128 cells, its components laid side by side (fromKeyWide).
func (Game) FromKey(key string) (engine.Position, error) {
	b, err := FromKey(key)
	if errors.Is(err, parse.ErrTooLarge) {
		w, err := fromKeyWide(key)
		if err != nil {
			return nil, err
		}
		return w.position(), nil
	}
	if err != nil {
		return nil, err
	}
	return b, nil
}

// fromKeyWide returns a board of at most 128 cells whose key is key (not empty): its one
// component, or its components in a row (lineUp).
func fromKeyWide(key string) (*Wide, error) {
	parts, err := keyParts(key)
	if err != nil {
		return nil, err
	}
	b := &parts[0]
	if len(parts) > 1 {
		if b = lineUp(parts); b == nil {
			return nil, parse.Errorf(parse.ErrTooLarge, "cram", key, -1, "%d components that do not fit apart on %d cells", len(parts), maxWide)
		}
	}
	if b.Key() != key {
		return nil, outOfOrder(key)
	}
	return b, nil
}

// lineUp lays the parts side by side, each in its canonical orientation (no more rows than
// columns) at the top of the row, a column of filled cells between two. It returns nil when
// they do not fit on 128 cells: a key of many small parts may not, which the store hardly
// holds, for the engine keeps the facts of components.
func lineUp(parts []Wide) *Wide {
	h, w := 0, -1
	for _, p := range parts {
		h, w = max(h, int(p.rows)), w+int(p.cols)+1
	}
	if h*w > maxWide {
		return nil
	}
	var free w128
	at := 0
	for _, p := range parts {
		for i := range int(p.rows) {
			free = free.or(p.free.shr(i * int(p.cols)).and(low128(int(p.cols))).shl(i*w + at))
		}
		at += int(p.cols) + 1
	}
	return &Wide{free: free, rows: uint8(h), cols: uint8(w)}
}

// keyParts reads the components that appendKey wrote one after the other: rows, columns,
// then the cells. Each must be canonical, and together they hold at most 128 free cells, as
// the board they came from did.
func keyParts(key string) ([]Wide, error) {
	var parts []Wide
	cells := 0
	for at := 0; at < len(key); {
		if len(key)-at < 2 {
			return nil, parse.Errorf(parse.ErrSyntax, "cram", key, at, "a component's shape cut short")
		}
		r, c := int(key[at]), int(key[at+1])
		if r < 1 || c < 1 || r*c > maxWide {
			return nil, parse.Errorf(parse.ErrSyntax, "cram", key, at, "a component of %dx%d cells", r, c)
		}
		n := (r*c + 7) / 8
		if len(key)-at-2 < n {
			return nil, parse.Errorf(parse.ErrSyntax, "cram", key, at, "a %dx%d component's cells cut short", r, c)
		}
		p := Wide{rows: uint8(r), cols: uint8(c)}
		for i := range n {
			p.free = p.free.or(w128{uint64(key[at+2+i]), 0}.shl(8 * i))
		}
		// Each part must be a component's key by itself, so that the packing gets connected
		// boards of movable cells, in their canonical orientation. Bits past the cells would
		// break the board's invariant: kept out, they still make the keys differ.
		if p.free = p.free.and(low128(r * c)); p.Key() != key[at:at+2+n] {
			return nil, parse.Errorf(parse.ErrSyntax, "cram", key, at, "a %dx%d component that is not canonical", r, c)
		}
		if cells += p.free.count(); cells > maxWide {
			return nil, parse.Errorf(parse.ErrTooLarge, "cram", key, at, "more than %d free cells", maxWide)
		}
		parts = append(parts, p)
		at += 2 + n
	}
	return parts, nil
}

// pack lays the parts out on one board of at most 64 cells with no two touching by a side, or
// returns nil when it finds no way. For each height of strip, and each orientation of the
// first part, it packs them greedily (packStrip), and keeps the board of fewest cells. Greedy
// packing misses some layouts that exist: the tests find about one key in 800 of several
// components of random boards that it cannot write. A store hardly holds such keys: the
// engine keeps the facts of components. pack reorders parts.
func pack(parts []Board) *Board {
	// The largest first: the small ones fill the gaps they leave.
	slices.SortStableFunc(parts, func(a, b Board) int { return b.area() - a.area() })
	turns := make([][]Board, len(parts))
	for i, p := range parts {
		turns[i] = p.orientations()
	}
	var best *Board
	// A strip of h rows holds all that a narrower one of h rows does: as wide as 64 cells allow.
	for h := 1; h <= maxCells; h++ {
		for _, first := range turns[0] {
			if b, ok := packStrip(first, turns[1:], grid{h, maxCells / h}); ok && (best == nil || b.area() < best.area()) {
				best = &b
			}
		}
	}
	return best
}

// area returns the number of cells of b.
func (b Board) area() int { return int(b.rows) * int(b.cols) }

// packStrip places first at the top left of the grid g, then each of the rest in turn, in the
// orientation and at the place that keep the bounding box of the cells placed smallest and
// touch no part placed before. It returns the cells placed, cropped.
func packStrip(first Board, rest [][]Board, g grid) (Board, bool) {
	if int(first.rows) > g.r || int(first.cols) > g.c {
		return Board{}, false
	}
	placed, bound := g.place(first), box{0, 0, int(first.rows), int(first.cols)}
	for _, turns := range rest {
		near := placed | g.spread(placed)
		var best uint64
		var bestBound box
		for _, o := range turns {
			for at, b := range fits(g, o, near) {
				if b = bound.union(b); best == 0 || b.area() < bestBound.area() {
					best, bestBound = at, b
				}
			}
		}
		if best == 0 {
			return Board{}, false
		}
		placed, bound = placed|best, bestBound
	}
	return g.crop(placed), true
}

// A box is the rows r0 to r1-1 and columns c0 to c1-1 of a grid.
type box struct{ r0, c0, r1, c1 int }

func (b box) union(o box) box {
	return box{min(b.r0, o.r0), min(b.c0, o.c0), max(b.r1, o.r1), max(b.c1, o.c1)}
}

func (b box) area() int { return (b.r1 - b.r0) * (b.c1 - b.c0) }

// place returns the cells of o on g, o's top left corner at g's; o fits on g.
func (g grid) place(o Board) uint64 {
	var m uint64
	for k, c := 0, int(o.cols); k < int(o.rows); k++ {
		m |= (o.free >> (k * c) & low(c)) << (k * g.c)
	}
	return m
}

// fits yields the cells of o placed on g, with their box, at each place where none is in
// near, in row-major order of its top left corner. o's cells fill its box (it is cropped).
func fits(g grid, o Board, near uint64) iter.Seq2[uint64, box] {
	return func(yield func(uint64, box) bool) {
		r, c := int(o.rows), int(o.cols)
		if r > g.r || c > g.c {
			return
		}
		m := g.place(o)
		for i := 0; i+r <= g.r; i++ {
			for j := 0; j+c <= g.c; j++ {
				if at := m << (i*g.c + j); at&near == 0 && !yield(at, box{i, j, i + r, j + c}) {
					return
				}
			}
		}
	}
}

// orientations returns the distinct boards b is under the 8 symmetries of the rectangle.
func (b Board) orientations() []Board {
	g := b.grid()
	t := grid{g.c, g.r}
	x, y := b.free, g.transpose(b.free)
	all := [8]Board{}
	for k, v := range [4]uint64{x, g.flip(x), g.rot180(x), g.rot180(g.flip(x))} {
		all[k] = Board{free: v, rows: b.rows, cols: b.cols}
	}
	for k, v := range [4]uint64{y, t.flip(y), t.rot180(y), t.rot180(t.flip(y))} {
		all[4+k] = Board{free: v, rows: b.cols, cols: b.rows}
	}
	out := make([]Board, 0, 8)
	for _, o := range all {
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out
}
