package cram

import (
	"fmt"

	"grundy/engine"
)

// Cram is a game on the graph of the free cells, two cells joined when they are orthogonal
// neighbours: a move takes two joined cells away. Three changes to that graph leave the game
// the same, its tree of options unchanged but for options that play alike (the same game),
// so they keep the nimber and the outcome, in normal and misère play. Split makes them, to a
// fixed point, before it cuts a board into components, as it drops the cells no domino can
// cover (paper §2.3): the search, its facts and the proof trees all see the reduced
// components, and `grundy check` reduces as Split does. Trees say so ("split":"reduced",
// SplitRule); a tree or a certificate written before is read with plain boards (ParseRule),
// which split into their components as they are.
//
//   - A leaf is a cell with one free neighbour, its centre. Of two leaves a and b of one
//     centre v, b can go: the moves (a, v) and (b, v) leave the same cells but a lone a or
//     b, which no move covers, and any other move on v leaves both alone.
//   - A cell x whose free neighbours are all centres (of leaves other than x) can go, and a
//     cell with no free neighbour. A move (x, v) leaves what (l, v) leaves, l a leaf of v,
//     with l alone in place of x; a move elsewhere keeps x's neighbours centres, by induction.
//   - In a square of four free cells whose top left cell has no other free neighbour and
//     whose bottom right cell has none either (or the same with top right and bottom left),
//     the two horizontal joins inside the square can be cut: a horizontal move in the square
//     leaves a cell of it as a leaf on the other column's cell, as the vertical move beside
//     it does on the same cell's column, two positions that are the same graph; a move from
//     the square outward leaves one cell with two leaves where the cut graph has one. Cut,
//     the square's left column and its right one may fall into different components, each
//     searched on its own (igs, Beling's solver, splits Cram positions so).
//
// TestNimber_Oracle compares the nimbers through Split with a plain search of every board of
// up to 12 cells, and of random ones; TestReduced_Misere the misère outcomes, to 10 cells;
// TestSplit has a board for each change.

// trimmed returns the free cells that stay when leaves beyond one a centre, cells whose
// neighbours are all centres, and cells with no free neighbour are dropped, again and again
// until none is.
func (g grid) trimmed(free uint64) uint64 {
	l := g.left()
	r := l << (g.c - 1)
	all := g.all()
	for {
		// The free neighbours of each cell, one set per side.
		east := free >> 1 &^ r & free
		west := free << 1 &^ l & all & free
		south := free >> g.c & free
		north := free << g.c & all & free
		odd := east ^ west ^ south ^ north
		many := east&west | south&north | (east|west)&(south|north)
		leaves := odd &^ many // exactly one free neighbour
		// The centres, by the side their leaf is on; a centre keeps the leaf of the first side.
		below := free & (leaves >> g.c)
		above := free & (leaves << g.c) & all
		right := free & (leaves >> 1) &^ r
		left := free & (leaves << 1) &^ l & all
		centres := below
		drop := (centres & above) >> g.c
		centres |= above
		drop |= (centres & right) << 1
		centres |= right
		drop |= (centres & left) >> 1
		centres |= left
		// Cells neither leaf nor centre whose neighbours are all centres (or none).
		lone := free &^ (leaves | centres)
		lone &^= g.spread(free &^ centres) // a free neighbour that is no centre keeps it
		next := free &^ (drop&leaves | lone)
		if next == free {
			return free
		}
		free = next
	}
}

// cuts returns the cells whose join to their east neighbour can be cut: the top and bottom
// left cells of each square of four free cells whose top left and bottom right cells (or
// top right and bottom left) have no free neighbour outside the square.
func (g grid) cuts(free uint64) uint64 {
	l := g.left()
	r := l << (g.c - 1)
	all := g.all()
	e := free >> 1 &^ r & free // the free cells with a free east neighbour
	w := free << 1 &^ l & all & free
	s := free >> g.c & free
	n := free << g.c & all & free
	topLeft := e & s &^ (n | w)
	bottomRight := n & w &^ (s | e)
	topRight := w & s &^ (n | e)
	bottomLeft := n & e &^ (s | w)
	// Squares marked at their top left cell.
	sq := topLeft&(bottomRight>>(g.c+1)) | (topRight>>1)&(bottomLeft>>g.c)
	return sq | sq<<g.c
}

// floodCut returns the component of set that holds seed when the east joins of the cells cut
// are cut.
func (g grid) floodCut(seed, set, cut uint64) uint64 {
	l := g.left()
	r := l << (g.c - 1)
	for {
		next := (seed | (seed&^cut)<<1&^l | (seed>>1)&^r&^cut | seed<<g.c | seed>>g.c) & set
		if next == seed {
			return seed
		}
		seed = next
	}
}

// pieces stores in parts[n:] the components of free, once reduced when reduce is set (else
// marked plain, so that they and their options split so too), each cropped to its
// bounding box in its canonical orientation (canon), and returns the new count. Each
// component is turned to its canonical orientation before it is reduced, for the changes
// depend on the orientation (which leaf stays, which joins are cut): so boards equal up to
// a symmetry give the same pieces, which split no further.
func (g grid) pieces(free uint64, parts *[maxCells / 2]Board, n int, reduce bool) int {
	m := g.movable(free)
	for rest := m; rest != 0; {
		c := g.flood(rest&-rest, m)
		rest &^= c
		p := g.crop(c).canon()
		pg := p.grid()
		if !reduce { // a plain board: its components as they are, and plain
			p.plain = true
			parts[n] = p
			n++
			continue
		}
		if t := pg.trimmed(p.free); t != p.free {
			n = pg.pieces(t, parts, n, true)
			continue
		}
		if cut := pg.cuts(p.free); cut != 0 {
			if first := pg.floodCut(p.free&-p.free, p.free, cut); first != p.free {
				for left := p.free; left != 0; {
					part := pg.floodCut(left&-left, p.free, cut)
					left &^= part
					n = pg.pieces(part, parts, n, true)
				}
				continue
			}
		}
		parts[n] = p
		n++
	}
	return n
}

// keyOf returns the key of parts in their canonical orientations: sorted and concatenated.
func keyOf(parts []Board) string {
	sortBoards(parts)
	var buf [3 * maxCells / 2]byte // at most 32 components of at least 3 bytes each
	key := buf[:0]
	for _, p := range parts {
		key = p.appendKey(key)
	}
	return string(key)
}

// The same steps on wide boards, one for one (see widebits.go).

func (x w128) xor(y w128) w128 { return w128{x.lo ^ y.lo, x.hi ^ y.hi} }

// trimmed is grid.trimmed on a wide board.
func (g wgrid) trimmed(free w128) w128 {
	all := g.all()
	for {
		east := free.shr(1).andNot(g.right).and(free)
		west := free.shl(1).andNot(g.left).and(all).and(free)
		south := free.shr(g.c).and(free)
		north := free.shl(g.c).and(all).and(free)
		odd := east.xor(west).xor(south).xor(north)
		many := east.and(west).or(south.and(north)).or(east.or(west).and(south.or(north)))
		leaves := odd.andNot(many)
		below := free.and(leaves.shr(g.c))
		above := free.and(leaves.shl(g.c)).and(all)
		right := free.and(leaves.shr(1)).andNot(g.right)
		left := free.and(leaves.shl(1)).andNot(g.left).and(all)
		centres := below
		drop := centres.and(above).shr(g.c)
		centres = centres.or(above)
		drop = drop.or(centres.and(right).shl(1))
		centres = centres.or(right)
		drop = drop.or(centres.and(left).shr(1))
		centres = centres.or(left)
		lone := free.andNot(leaves.or(centres))
		lone = lone.andNot(g.spread(free.andNot(centres)))
		next := free.andNot(drop.and(leaves).or(lone))
		if next == free {
			return free
		}
		free = next
	}
}

// cuts is grid.cuts on a wide board.
func (g wgrid) cuts(free w128) w128 {
	all := g.all()
	e := free.shr(1).andNot(g.right).and(free)
	w := free.shl(1).andNot(g.left).and(all).and(free)
	s := free.shr(g.c).and(free)
	n := free.shl(g.c).and(all).and(free)
	topLeft := e.and(s).andNot(n.or(w))
	bottomRight := n.and(w).andNot(s.or(e))
	topRight := w.and(s).andNot(n.or(e))
	bottomLeft := n.and(e).andNot(s.or(w))
	sq := topLeft.and(bottomRight.shr(g.c + 1)).or(topRight.shr(1).and(bottomLeft.shr(g.c)))
	return sq.or(sq.shl(g.c))
}

// floodCut is grid.floodCut on a wide board.
func (g wgrid) floodCut(seed, set, cut w128) w128 {
	for {
		east := seed.andNot(cut).shl(1).andNot(g.left)
		west := seed.shr(1).andNot(g.right).andNot(cut)
		next := seed.or(east).or(west).or(seed.shl(g.c)).or(seed.shr(g.c)).and(set)
		if next == seed {
			return seed
		}
		seed = next
	}
}

// pieces is grid.pieces on a wide board; a piece that fits narrowCells is played by the
// one-word code from there on.
func (g wgrid) pieces(free w128, parts *[maxWide / 2]Wide, n int, reduce bool) int {
	m := g.movable(free)
	for rest := m; !rest.zero(); {
		c := g.flood(rest.lowest(), m)
		rest = rest.andNot(c)
		p := g.crop(c).canon()
		pg := p.grid()
		if !reduce { // a plain board: its components as they are, and plain
			p.plain = true
			parts[n] = p
			n++
			continue
		}
		if t := pg.trimmed(p.free); t != p.free {
			n = pg.pieces(t, parts, n, true)
			continue
		}
		if cut := pg.cuts(p.free); !cut.zero() {
			if first := pg.floodCut(p.free.lowest(), p.free, cut); first != p.free {
				for left := p.free; !left.zero(); {
					part := pg.floodCut(left.lowest(), p.free, cut)
					left = left.andNot(part)
					n = pg.pieces(part, parts, n, true)
				}
				continue
			}
		}
		parts[n] = p
		n++
	}
	return n
}

// reduced names the way Split cuts boards since their components are reduced: solution
// trees record it (engine.SplitRuler), and a tree without it is checked on plain boards.
const reduced = "reduced"

// SplitRule returns "reduced", or "" for a board split as before the reductions (ParseRule).
func (b *Board) SplitRule() string { return splitRule(b.plain) }

// SplitRule returns what Board.SplitRule does.
func (b *Wide) SplitRule() string { return splitRule(b.plain) }

func splitRule(plain bool) string {
	if plain {
		return ""
	}
	return reduced
}

// ParseRule reads a board as Parse does, to be split by the rule a solution tree was
// written with: "reduced", the way of today, or "" for a tree written before the
// components were reduced, whose boards and all played from them split into their
// components as they are (games.ParseRule).
func (Game) ParseRule(rule, s string) (engine.Position, error) {
	if rule != "" && rule != reduced {
		return nil, fmt.Errorf("cram: a tree split by the rule %q, which this program does not know (it knows \"reduced\" and the first, \"\")", rule)
	}
	w, err := ParseWide(s)
	if err != nil {
		return nil, err
	}
	w.plain = rule == ""
	return w.position(), nil
}
