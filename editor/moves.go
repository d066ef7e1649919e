package editor

import (
	"fmt"
	"strconv"
	"strings"

	"grundy/games/chomp"
	"grundy/games/cram"
)

// The differences between a position and one of its options, as the boards draw them. They
// are plain functions of the two positions, tested without fyne.

// cramMove returns the domino that takes before to after. When after is before with two
// adjacent free cells filled, exact is set. Otherwise after is read as the option in another
// form (a board the canonical form cropped, turned or cut into components): the domino is the
// first one of before whose board has after's Key. ok is false when no domino gives after.
func cramMove(before, after *cram.Wide) (d domino, exact, ok bool) {
	if before.Rows() == after.Rows() && before.Cols() == after.Cols() {
		if d, ok := filledPair(before, after); ok {
			return d, true, true
		}
	}
	key := after.Key()
	for i := range before.Rows() {
		for j := range before.Cols() {
			for _, n := range [2][2]int{{i, j + 1}, {i + 1, j}} {
				if !inBoard(before, n[0], n[1]) || !before.Free(i, j) || !before.Free(n[0], n[1]) {
					continue
				}
				if before.With(i, j, false).With(n[0], n[1], false).Key() == key {
					return domino{i, j, n[0], n[1]}, false, true
				}
			}
		}
	}
	return domino{}, false, false
}

// filledPair returns the two cells that are free on before and filled on after, two boards of
// one shape, when they are the only difference and are neighbours.
func filledPair(before, after *cram.Wide) (domino, bool) {
	var cells [][2]int
	for i := range before.Rows() {
		for j := range before.Cols() {
			switch b, a := before.Free(i, j), after.Free(i, j); {
			case b == a:
			case b && !a && len(cells) < 2:
				cells = append(cells, [2]int{i, j})
			default:
				return domino{}, false
			}
		}
	}
	if len(cells) != 2 || !adjacent(cells[0][0], cells[0][1], cells[1][0], cells[1][1]) {
		return domino{}, false
	}
	return domino{cells[0][0], cells[0][1], cells[1][0], cells[1][1]}, true
}

// A bite is a move of Chomp: the square at height row (0 at the bottom) of column col, with
// every square above it and to its right.
type bite struct{ row, col int }

// bitten returns the column heights after bite b of heights h; columns cut to nothing stay,
// with height 0, so that the grid keeps its width.
func bitten(h []int, b bite) []int {
	out := append([]int(nil), h...)
	for c := b.col; c < len(out); c++ {
		out[c] = min(out[c], b.row)
	}
	return out
}

// chompMove returns the bite that takes before to after: the one whose board is after, or
// else the first whose board has after's Key (the same board turned over its diagonal).
func chompMove(before, after *chomp.Board) (b bite, exact, ok bool) {
	h := before.Heights()
	key := after.Key()
	var found *bite
	for col := range h {
		for row := range h[col] {
			if row == 0 && col == 0 {
				continue // the poisoned square is never bitten
			}
			nb, err := chomp.New(bitten(h, bite{row, col}))
			if err != nil {
				continue
			}
			if nb.String() == after.String() {
				return bite{row, col}, true, true
			}
			if found == nil && nb.Key() == key {
				found = &bite{row, col}
			}
		}
	}
	if found != nil {
		return *found, false, true
	}
	return bite{}, false, false
}

// A heapChange is a move of a heap game: heap k, of size from, becomes the heaps parts (none
// when the move takes it all, two when it splits it).
type heapChange struct {
	k, from int
	parts   []int
}

// heapMove returns the change that takes the heaps before to after, as the heap games write
// their options: the heap moved in is replaced in place by its parts. Empty heaps (a typed
// "0") are skipped on both sides; k is the heap's index in before.
func heapMove(before, after []int) (heapChange, bool) {
	idx, b := nonZero(before)
	_, a := nonZero(after)
	extra := len(a) - (len(b) - 1)
	if extra < 0 || extra > 2 {
		return heapChange{}, false
	}
	for k := range b {
		mid := a[k : k+extra]
		if !equalInts(a[:k], b[:k]) || !equalInts(a[k+extra:], b[k+1:]) {
			continue
		}
		sum := 0
		for _, x := range mid {
			sum += x
		}
		if sum < b[k] {
			return heapChange{k: idx[k], from: b[k], parts: append([]int(nil), mid...)}, true
		}
	}
	return heapChange{}, false
}

// nonZero returns the heaps of h that are not empty, and their indexes in h.
func nonZero(h []int) (idx, heaps []int) {
	for i, x := range h {
		if x > 0 {
			idx, heaps = append(idx, i), append(heaps, x)
		}
	}
	return idx, heaps
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// String says the change in the words of the heap picture: "heap 2: 5 → 2", "heap 1: 4 → 1 + 2",
// "heap 3: 1 → none".
func (c heapChange) String() string { return fmt.Sprintf("heap %d: %d → %s", c.k+1, c.from, c.to()) }

// to writes what the heap becomes: "2", "1 + 2", or "none".
func (c heapChange) to() string {
	if len(c.parts) == 0 {
		return "none"
	}
	s := make([]string, len(c.parts))
	for i, p := range c.parts {
		s[i] = strconv.Itoa(p)
	}
	return strings.Join(s, " + ")
}

// dominoText names a domino's cells, rows and columns counted from 1 at the top left.
func dominoText(d domino) string {
	if d.i1 == d.i2 {
		return fmt.Sprintf("a domino in row %d, columns %d–%d", d.i1+1, min(d.j1, d.j2)+1, max(d.j1, d.j2)+1)
	}
	return fmt.Sprintf("a domino in column %d, rows %d–%d", d.j1+1, min(d.i1, d.i2)+1, max(d.i1, d.i2)+1)
}

// biteText names a bite and counts the squares it takes.
func biteText(h []int, b bite) string {
	n := 0
	for c, x := range h {
		if c >= b.col && x > b.row {
			n += x - b.row
		}
	}
	return fmt.Sprintf("a bite at column %d, height %d: %d %s", b.col+1, b.row+1, n, plural(n, "square", "squares"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
