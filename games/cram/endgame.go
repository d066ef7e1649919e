package cram

// The endgame table: the nimber of every connected region of at most 12 cells, 87 145 of
// them up to the 8 symmetries, computed once (endgameTable) and kept in endgame.bin, which
// `go test ./games/cram -run TestEndgameFile -update` writes again. Value reads it, so the
// search answers such a component at once instead of searching it; a recorded search asks
// no theory (engine.Valuer), so its proof trees still derive every nimber from the rules.

import (
	_ "embed"
	"encoding/binary"
	"math/bits"
	"slices"
	"sync"
)

// regionKey packs a canonical board of at most 56 cells into one word: its cells, its rows
// at bit 56 and its columns at bit 60. A connected region of at most 14 cells fits (its
// bounding box has rows + columns ≤ 15, so at most 7 × 8 cells), and rows ≤ columns < 16.
func regionKey(c Board) uint64 {
	return c.free | uint64(c.rows)<<56 | uint64(c.cols)<<60
}

// regions returns the canonical boards of the connected regions of k cells, for k = 2 … n
// (n ≤ 12), sizes[k] those of k cells: every polyomino, holes allowed, once up to the 8
// symmetries. Each of k+1 cells is one of k with a neighbouring cell added.
func regions(n int) (sizes [][]Board) {
	sizes = make([][]Board, n+1)
	sizes[2] = []Board{{free: 3, rows: 1, cols: 2}}
	for k := 3; k <= n; k++ {
		seen := map[uint64]bool{}
		for _, p := range sizes[k-1] {
			// p on a grid one cell larger all round: at most 8 × 8 cells for k-1 ≤ 11.
			r, c := int(p.rows), int(p.cols)
			g := grid{r + 2, c + 2}
			var x uint64
			for i := range r {
				x |= (p.free >> (i * c) & low(c)) << ((i+1)*g.c + 1)
			}
			for add := g.spread(x) & g.all() &^ x; add != 0; add &= add - 1 {
				q := g.crop(x | add&-add).canon()
				if key := regionKey(q); !seen[key] {
					seen[key] = true
					sizes[k] = append(sizes[k], q)
				}
			}
		}
	}
	return sizes
}

// endgameTable computes the nimbers of every connected region of 2 to n cells (n ≤ 12) by
// their options, the smaller regions first: an option's components are smaller regions,
// already known. It returns the regions' keys (regionKey) sorted, with their nimbers.
func endgameTable(n int) (keys []uint64, nimbers []uint8) {
	known := map[uint64]uint8{}
	for _, size := range regions(n) {
		for _, p := range size {
			seen := uint64(0) // the nimbers of the options, below 64
			for o := range p.Options() {
				x := uint8(0)
				for _, part := range o.Split() {
					x ^= known[regionKey(part.(*Board).canon())]
				}
				seen |= 1 << x
			}
			known[regionKey(p)] = uint8(bits.TrailingZeros64(^seen))
		}
	}
	keys = make([]uint64, 0, len(known))
	for k := range known {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	nimbers = make([]uint8, len(keys))
	for i, k := range keys {
		nimbers[i] = known[k]
	}
	return keys, nimbers
}

// endgameCells is the size of the largest region the table holds; 0 turns it off (the
// benchmarks measure the search without it).
var endgameCells = endgameMax

// endgameMax is the size of the largest region in endgame.bin.
const endgameMax = 12

//go:embed endgame.bin
var endgameFile []byte

// endgame is endgame.bin read: the regions' keys sorted, and their nimbers.
var endgame struct {
	once    sync.Once
	keys    []uint64
	nimbers []uint8
}

// encodeEndgame writes a table as endgame.bin holds it: the number of regions (4 bytes), their
// keys (8 bytes each), then their nimbers (a byte each), little end first.
func encodeEndgame(keys []uint64, nimbers []uint8) []byte {
	out := binary.LittleEndian.AppendUint32(nil, uint32(len(keys)))
	for _, k := range keys {
		out = binary.LittleEndian.AppendUint64(out, k)
	}
	return append(out, nimbers...)
}

// decodeEndgame reads what encodeEndgame wrote; it returns nothing from a file of the wrong
// length.
func decodeEndgame(b []byte) (keys []uint64, nimbers []uint8) {
	if len(b) < 4 {
		return nil, nil
	}
	n := int(binary.LittleEndian.Uint32(b))
	if len(b) != 4+9*n {
		return nil, nil
	}
	keys = make([]uint64, n)
	for i := range keys {
		keys[i] = binary.LittleEndian.Uint64(b[4+8*i:])
	}
	return keys, b[4+8*n:]
}

// endgameValue returns the nimber of the canonical board c of a connected region of at most
// endgameCells cells, from the table.
func endgameValue(c Board) (int, bool) {
	endgame.once.Do(func() { endgame.keys, endgame.nimbers = decodeEndgame(endgameFile) })
	i, ok := slices.BinarySearch(endgame.keys, regionKey(c))
	if !ok {
		return 0, false
	}
	return int(endgame.nimbers[i]), true
}
