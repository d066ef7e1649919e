package cram

import (
	"bytes"
	"context"
	"flag"
	"math/bits"
	"os"
	"slices"
	"testing"

	"grundy/engine"
)

var update = flag.Bool("update", false, "rewrite endgame.bin")

// regionCounts are the numbers of free polyominoes of 2 to 12 cells (OEIS A000105).
var regionCounts = []int{2: 1, 2, 5, 12, 35, 108, 369, 1285, 4655, 17073, 63600}

// TestEndgameFile checks endgame.bin: one entry for each region of 2 to 12 cells, and the
// same table as endgameTable computes up to 10 cells. With -update it writes the file.
func TestEndgameFile(t *testing.T) {
	if *update {
		if err := os.WriteFile("endgame.bin", encodeEndgame(endgameTable(endgameMax)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	keys, nimbers := decodeEndgame(endgameFile)
	counts := make([]int, endgameMax+1)
	for _, k := range keys {
		counts[bits.OnesCount64(k&low(56))]++
	}
	if !slices.Equal(counts, regionCounts) {
		t.Fatalf("regions by size %v, want %v", counts, regionCounts)
	}
	small, smallNimbers := endgameTable(10)
	for i, k := range small {
		j, ok := slices.BinarySearch(keys, k)
		if !ok || nimbers[j] != smallNimbers[i] {
			t.Fatalf("region %s: file %d (found %v), computed %d", regionBoard(k), nimbers[j], ok, smallNimbers[i])
		}
	}
	if !bytes.Equal(encodeEndgame(keys, nimbers), endgameFile) {
		t.Fatal("the file does not encode again to itself")
	}
}

// TestEndgameLarge checks the entries of 11 and 12 cells by their options, whose components
// the file gives: a sample of them, every one with GRUNDY_SOAK set. With the smaller ones
// proven by TestEndgameFile, every entry checked is then right.
func TestEndgameLarge(t *testing.T) {
	keys, nimbers := decodeEndgame(endgameFile)
	step := 4
	if os.Getenv("GRUNDY_SOAK") != "" {
		step = 1
	}
	checked := 0
	for i, k := range keys {
		if bits.OnesCount64(k&low(56)) <= 10 || i%step != 0 {
			continue
		}
		p := regionBoard(k)
		seen := uint64(0)
		for o := range p.Options() {
			x := 0
			for _, part := range o.Split() {
				n, ok := endgameValue(part.(*Board).canon())
				if !ok {
					t.Fatalf("%s: option %s's component %s not in the table", p, o, part)
				}
				x ^= n
			}
			seen |= 1 << x
		}
		if want := bits.TrailingZeros64(^seen); int(nimbers[i]) != want {
			t.Fatalf("%s: table %d, its options give %d", p, nimbers[i], want)
		}
		checked++
	}
	if checked < 80_000/step {
		t.Fatalf("checked %d regions of 11 and 12 cells", checked)
	}
}

// TestEndgameBruteForce checks every region of up to 8 cells against a memoised mex over
// whole boards, which never splits them, and against the engine's search without theory.
func TestEndgameBruteForce(t *testing.T) {
	memo := map[uint64]int{}
	var mex func(b *Board) int
	mex = func(b *Board) int {
		if n, ok := memo[b.free]; ok {
			return n
		}
		seen := uint64(0)
		for o := range b.Options() {
			seen |= 1 << mex(o.(*Board))
		}
		n := bits.TrailingZeros64(^seen)
		memo[b.free] = n
		return n
	}
	for k, size := range regions(8) {
		for _, p := range size {
			clear(memo)
			want := mex(&p)
			if got, ok := endgameValue(p); !ok || got != want {
				t.Fatalf("%d cells, %s: table %d (%v), mex %d", k, &p, got, ok, want)
			}
			if k > 6 {
				continue
			}
			if n, err := engine.NewSolver(engine.WithoutTheory()).Nimber(context.Background(), &p); err != nil || n != want {
				t.Fatalf("%s: search %d, %v; mex %d", &p, n, err, want)
			}
		}
	}
}

// TestEndgameValue checks that Value answers from the table the connected regions of at
// most 12 cells, whatever their orientation and place on a board, as the search without
// theory does, and leaves the others to the search (but for paths, cycles and symmetric ones).
func TestEndgameValue(t *testing.T) {
	for _, c := range []struct {
		board string
		known bool
	}{
		{"3x4", true},                 // 12 cells
		{"4x3", true},                 // its transpose
		{"..../..../..../####", true}, // with a filled row
		{"#.../..../...#", true},
		{"#.../..../..#.", true},
		{"##.#/..../.#..", true},
		{"3x5", false},               // 15 cells, not symmetric
		{"..#../..#../.....", false}, // 13 cells
		{"..#../###../.....", false}, // two regions
	} {
		b := mustParse(t, c.board)
		n, ok := b.Value()
		if ok != c.known {
			t.Errorf("Value(%s) known %v, want %v", c.board, ok, c.known)
		}
		want, err := engine.NewSolver(engine.WithoutTheory()).Nimber(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if ok && n != want {
			t.Errorf("Value(%s) = %d, the search %d", c.board, n, want)
		}
	}
}

// regionBoard returns the canonical board of a region's key.
func regionBoard(k uint64) *Board {
	return &Board{free: k & low(56), rows: uint8(k >> 56 & 15), cols: uint8(k >> 60)}
}

// TestEndgameTree checks that a proof extracted after a search that took small components
// from the table still proves them from the rules: engine.Check reads no table.
func TestEndgameTree(t *testing.T) {
	for _, s := range []string{"3x5", "3x6", "..#.../....../......"} {
		b := mustParse(t, s)
		solver, bare := engine.NewSolver(), engine.NewSolver(engine.WithoutTheory())
		n, err := solver.Nimber(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if m, err := bare.Nimber(context.Background(), b); err != nil || m != n || solver.Stats().Nodes >= bare.Stats().Nodes {
			t.Fatalf("%s: nimber %d in %d nodes with the table, %d (%v) in %d without", s, n, solver.Stats().Nodes, m, err, bare.Stats().Nodes)
		}
		tree, err := solver.ExtractNimber(context.Background(), "cram", b)
		if err != nil {
			t.Fatal(err)
		}
		if err := engine.Check(context.Background(), tree, func(s string) (engine.Position, error) { return Game{}.Parse(s) }); err != nil {
			t.Fatalf("%s (nimber %d): %v", s, n, err)
		}
	}
}
