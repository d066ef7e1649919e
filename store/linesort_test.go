package store

import (
	"bufio"
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestLineSorter sorts lines of a few bytes (prefixes of one another, tabs, repeats) in
// memory and through temporary files of a few lines each, shuffled and in order: all give
// slices.Sort's order.
func TestLineSorter(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	lines := make([]string, 5000)
	for i := range lines {
		b := make([]byte, rng.IntN(6))
		for j := range b {
			b[j] = "ab \t0"[rng.IntN(5)]
		}
		lines[i] = string(b)
	}
	want := slices.Clone(lines)
	slices.Sort(want)
	for _, tt := range []struct {
		chunk int
		in    []string
	}{{sortChunk, lines}, {200, lines}, {sortChunk, want}, {200, want}} {
		chunk := tt.chunk
		old := sortChunk
		sortChunk = chunk
		var ls lineSorter
		for _, l := range tt.in {
			if err := ls.add([]byte(l)); err != nil {
				t.Fatal(err)
			}
		}
		spilled := len(ls.runs)
		var buf bytes.Buffer
		bw := bufio.NewWriter(&buf)
		err := ls.writeTo(context.Background(), bw)
		bw.Flush()
		sortChunk = old
		if err != nil {
			t.Fatal(err)
		}
		if chunk == 200 && spilled < 10 {
			t.Errorf("chunk %d: %d runs written, want many", chunk, spilled)
		}
		got := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
		if !slices.Equal(got, want) {
			t.Errorf("chunk %d: %d lines out of order or lost (of %d)", chunk, len(got), len(want))
		}
	}
}

// Blocks of lines in order, given in the reverse order (each after a line it comes
// before), are sorted: addBlock keeps a block as it is only after a line it comes after.
func TestLineSorter_BlocksOutOfOrder(t *testing.T) {
	var ls lineSorter
	defer ls.close()
	for _, block := range []string{"c\nd\n", "a\nb\n", "b\nb\ne\n"} {
		if err := ls.addBlock([]byte(block), true); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	bw := bufio.NewWriter(&buf)
	if err := ls.writeTo(context.Background(), bw); err != nil {
		t.Fatal(err)
	}
	bw.Flush()
	if got, want := buf.String(), "a\nb\nb\nb\nc\nd\ne\n"; got != want {
		t.Errorf("lines %q, want %q", got, want)
	}
}
