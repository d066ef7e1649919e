package engine

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

// FuzzReadTree feeds the tree readers and the checker any bytes: they must never panic, a
// tree that reads must write and read back the same, and ReadCheckTree's own scanner agrees
// with ReadTree's encoding/json on every input, read whole or a byte at a time (compareReads).
func FuzzReadTree(f *testing.F) {
	// A valid tree: the empty position is losing.
	f.Add(`{"format":"grundy-tree/1","game":"t","root":0,"nodes":[{"id":0,"position":"","n":0,"result":"L","children":[]}]}`)
	// A winning couple whose child is itself: a cycle.
	f.Add(`{"format":"grundy-tree/1","game":"t","root":0,"nodes":[{"id":0,"position":"3","n":1,"result":"W","children":[0]}]}`)
	// A sum node with a missing component.
	f.Add(`{"format":"grundy-tree/1","game":"t","root":7,"nodes":[{"id":7,"position":"3 4","n":0,"result":"L","kind":"sum","children":[]}]}`)
	// A heap far larger than the tree.
	f.Add(`{"format":"grundy-tree/1","game":"t","root":0,"nodes":[{"id":0,"position":"4","n":99999999,"result":"L","children":[]}]}`)
	// The probe's files (also in testdata/fuzz/FuzzReadTree): a W root with a heap of 10^11,
	// which crashed the checker, and {"n":0,"N":1}, read as n = 1 by encoding/json.
	f.Add(`{"format":"grundy-tree/1","game":"t","root":0,"nodes":[{"id":0,"position":"3","n":100000000000,"result":"W","children":[0]}]}`)
	f.Add(`{"format":"grundy-tree/1","game":"t","root":0,"nodes":[{"id":0,"position":"","n":0,"N":1,"result":"L","children":[]}]}`)
	// A misère tree by forms (the readers read its table of forms alike).
	f.Add(`{"format":"grundy-tree/1","convention":"misere","game":"t","root":0,"form_hint":3,"forms":[[],[0],[0,1]],"nodes":[{"id":0,"position":"","n":2,"result":"W","children":[]}]}`)
	g := randomGraph(rand.New(rand.NewPCG(2, 2)), 8, 3)
	f.Fuzz(func(t *testing.T, s string) {
		compareReads(t, s, g.parse) // ReadCheckTree and CheckCompact as ReadTree and Check
		tree, err := ReadTree(bytes.NewBufferString(s))
		if err != nil {
			return
		}
		// Whatever reads is one JSON value, as every other tool reads it (no data after it).
		if !json.Valid([]byte(s)) {
			t.Fatalf("ReadTree accepted %q, which is not one JSON value", s)
		}
		_ = Check(context.Background(), tree, g.parse)
		var buf bytes.Buffer
		if err := WriteTree(&buf, tree); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadTree(&buf); err != nil {
			t.Fatalf("a tree that read once does not read back: %v", err)
		}
	})
}
