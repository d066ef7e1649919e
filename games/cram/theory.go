package cram

import "math/bits"

// Value returns the nimber of a board when theory gives it without search (engine.Valuer):
//   - a board symmetric under a half turn about a lattice point is 0 (SymmetricZero);
//   - a board whose movable cells form a simple path of k cells is Dawson's Kayles (octal
//     0.07) on a row of k: a domino takes two adjacent cells of the path, leaving two paths;
//   - a simple cycle of k cells becomes a path of k−2 at the first move, so its nimber is
//     mex{g₀.₀₇(k−2)};
//   - a connected region of at most 12 cells has its nimber in the endgame table
//     (endgame.go), computed once from the rules.
//
// Late in a game most components are paths, so this saves much of the search.
func (b *Board) Value() (int, bool) {
	g := b.grid()
	m := g.movable(b.free)
	if m == 0 || b.SymmetricZero() {
		return 0, true
	}
	cells := bits.OnesCount64(m)
	if cells <= endgameCells && g.flood(m&-m, m) == m {
		return endgameValue(g.crop(m).canon())
	}
	h, v := g.dominoes(m)
	edges := bits.OnesCount64(h) + bits.OnesCount64(v)
	if edges > cells || branches(h, v, g.c) || g.flood(m&-m, m) != m {
		return 0, false
	}
	return pathOrCycle(cells, edges)
}

// pathOrCycle returns the nimber of a connected graph of cells vertices, none of degree 3 or
// more, with edges = cells-1 (a path) or edges = cells (a cycle).
func pathOrCycle(cells, edges int) (int, bool) {
	if edges == cells-1 {
		return dawsons[cells], true
	}
	// A connected graph with as many edges as vertices, none of degree 3 or more: a cycle.
	if dawsons[cells-2] == 0 {
		return 1, true
	}
	return 0, true
}

// branches reports whether some cell has three or more free neighbours, given the horizontal
// and vertical dominoes (each marked on its left or top cell) of a grid with c columns.
func branches(h, v uint64, c int) bool {
	east, west, south, north := h, h<<1, v, v<<c
	return east&west&(south|north)|south&north&(east|west) != 0
}

// dawsons holds the nimbers of Dawson's Kayles (0.07) on rows of 0 to 128 cells: a move takes
// two adjacent cells, leaving zero, one or two rows.
var dawsons = func() [maxWide + 1]int {
	var g [maxWide + 1]int
	for k := 2; k <= maxWide; k++ {
		seen := map[int]bool{}
		for a := 0; a <= (k-2)/2; a++ {
			seen[g[a]^g[k-2-a]] = true
		}
		for seen[g[k]] {
			g[k]++
		}
	}
	return g
}()
