package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// compareReads checks that ReadCheckTree reads file as ReadTree does: the same error, or
// the same nodes, and the same verdict of the check.
func compareReads(t *testing.T, file string, parse func(string) (Position, error)) {
	t.Helper()
	tree, err := ReadTree(strings.NewReader(file))
	ct, cerr := ReadCheckTree(context.Background(), strings.NewReader(file))
	if fmt.Sprint(err) != fmt.Sprint(cerr) {
		t.Fatalf("ReadCheckTree(%q): error %v, ReadTree's %v", file, cerr, err)
	}
	// Read a byte at a time, and with the end of the file told with the last bytes: every
	// place in the file is once at the end of a read.
	for _, r := range []io.Reader{iotest.OneByteReader(strings.NewReader(file)), iotest.DataErrReader(strings.NewReader(file))} {
		if _, berr := ReadCheckTree(context.Background(), r); fmt.Sprint(berr) != fmt.Sprint(cerr) {
			t.Fatalf("ReadCheckTree(%q) in small reads: error %v, in one %v", file, berr, cerr)
		}
	}
	if err != nil {
		return
	}
	if ct.Len() != len(tree.Nodes) || ct.Root().ID != tree.Root || ct.Game != tree.Game || ct.Convention != tree.Convention {
		t.Fatalf("ReadCheckTree(%q): %d nodes, root %d, game %q %q; ReadTree: %d, %d, %q %q",
			file, ct.Len(), ct.Root().ID, ct.Game, ct.Convention, len(tree.Nodes), tree.Root, tree.Game, tree.Convention)
	}
	if !reflect.DeepEqual(ct.Forms, tree.Forms) || ct.FormBudget != tree.FormBudget || ct.FormHint != tree.FormHint {
		t.Fatalf("ReadCheckTree(%q): forms %v (budget %d, hint %d); ReadTree: %v (%d, %d)",
			file, ct.Forms, ct.FormBudget, ct.FormHint, tree.Forms, tree.FormBudget, tree.FormHint)
	}
	for i, n := range tree.Nodes {
		got := ct.node(i)
		for _, k := range ct.children(i) {
			got.Children = append(got.Children, int(k))
		}
		if got.ID != n.ID || got.Position != n.Position || got.N != n.N || got.Result != n.Result || got.Kind != n.Kind ||
			!slices.Equal(got.Children, n.Children) && len(got.Children)+len(n.Children) > 0 {
			t.Fatalf("ReadCheckTree(%q): node %d is %+v, ReadTree's %+v", file, i, got, n)
		}
	}
	if ct.LosingCouples() != tree.LosingCouples() {
		t.Fatalf("ReadCheckTree(%q): %d losing couples, want %d", file, ct.LosingCouples(), tree.LosingCouples())
	}
	if parse == nil {
		return
	}
	err = Check(context.Background(), tree, parse)
	cerr = CheckCompact(context.Background(), ct, parse, nil)
	if fmt.Sprint(err) != fmt.Sprint(cerr) {
		t.Fatalf("CheckCompact(%q) = %v, Check = %v", file, cerr, err)
	}
}

// TestReadCheckTree_AsReadTree: files good and bad, ids in and out of order, read alike.
func TestReadCheckTree_AsReadTree(t *testing.T) {
	node := func(id int, result string, kids ...int) string {
		return fmt.Sprintf(`{"id":%d,"position":"p%d","n":%d,"result":%q,"children":%s}`, id, id, id%3, result, strings.ReplaceAll(fmt.Sprint(kids), " ", ","))
	}
	file := func(root int, nodes ...string) string {
		return fmt.Sprintf(`{"format":"grundy-tree/1","game":"x","root":%d,"nodes":[%s]}`, root, strings.Join(nodes, ","))
	}
	files := []string{
		tree1(leafNode),
		file(0, node(0, "L", 1, 2), node(1, "W", 2), node(2, "L")),
		file(7, node(7, "L", 3, 5), node(3, "W", 5), node(5, "L")),                             // ids out of order
		file(7, node(7, "L", 3, 5), node(3, "W", 5), node(7, "L")),                             // an id twice
		file(7, node(7, "L", 3, 4), node(3, "W", 5), node(5, "L")),                             // no node 4
		file(9, node(7, "L", 3, 5), node(3, "W", 5), node(5, "L")),                             // no root
		file(0, node(0, "L", 1, 2), node(1, "X", 2), node(2, "L", 9)),                          // a result, then a child
		file(0, node(0, "L", 1, 9), node(1, "X", 2), node(2, "L")),                             // a child, then a result
		file(5, node(5, "L", 3), node(3, "X"), node(3, "L")),                                   // a result out of order, an id twice
		file(0, node(0, "L", 1), `{"id":1,"position":"","n":0,"result":"L","kind":"product"}`), // an unknown kind
		`{"format":"grundy-tree/2","game":"x","root":0,"nodes":[` + node(0, "X") + `]}`,
		`{"format":"grundy-tree/1","game":"x","root":0,"nodes":[]}`,
		`{"format":"grundy-tree/1","convention":"misere","game":"x","root":0,"nodes":[` + node(0, "L") + `]}`,
		tree1(`"id":0,"position":"","n":0,"N":1,"result":"L","children":[]`),
		tree1(leafNode) + "x",
	}
	for _, f := range files {
		compareReads(t, f, nil)
	}
}

// TestCheckCompact_AsCheck: random trees of a random game, some of them tampered with, are
// judged alike by Check and by CheckCompact of the file read by ReadCheckTree.
func TestCheckCompact_AsCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for seed := uint64(1); seed <= 30; seed++ {
		g, _, tree := proveRandom(t, seed, seed%3 != 0)
		if seed%2 == 1 && len(tree.Nodes) > 1 {
			n := &tree.Nodes[rng.IntN(len(tree.Nodes))]
			n.N ^= 1 // most often, a claim that no longer holds
		}
		var buf bytes.Buffer
		if err := WriteTree(&buf, tree); err != nil {
			t.Fatal(err)
		}
		compareReads(t, buf.String(), g.parse)
	}
}

// TestReadCheckTree_Damaged: every prefix of a few files, and each of their bytes replaced
// by one of the bytes JSON gives a meaning to, read alike by both readers.
func TestReadCheckTree_Damaged(t *testing.T) {
	files := []string{
		tree1(`"id":0,"position":"a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00\ud800x\u0041é` + "\xff\xed\xa0\x80" + `","n":0,"result":"L","children":null`),
		`{"format":"grundy-tree/1","x":{"a":[1,-2.5e+3,true,false,null,"s\u0000"],"b":{}},"game":"x","root":7,"nodes":[` +
			`{"id":7,"position":"p","n":10,"result":"L","kind":"sum","children":[ 3 ],"y":[[]]},` + "\n" +
			`{"id":3,"position":"","n":0,"result":"W","kind":"","children":[]}]}` + "\n",
		`{"format":"grundy-tree/1","convention":"misere","game":"x","root":0,"nodes":[{"id":0,"position":"","n":0,"result":"W"}]}`,
	}
	replacements := []byte(`{}[],:"\-0159.eE+tfnu ` + "\n\x00\x80")
	step := 1
	if testing.Short() {
		step = 10 // one byte in ten replaced: under a second with -race
	}
	for _, f := range files {
		for i := 0; i <= len(f); i++ {
			compareReads(t, f[:i], nil)
		}
		for i := 0; i < len(f); i += step {
			for _, c := range replacements {
				b := []byte(f)
				b[i] = c
				compareReads(t, string(b), nil)
			}
		}
	}
}

// TestReadCheckTree_Stops: a read stops with its context's error when the context has ended,
// before it starts or while it reads (from a reader that does not look at the context).
func TestReadCheckTree_Stops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReadCheckTree(ctx, strings.NewReader(tree1(leafNode))); !errors.Is(err, context.Canceled) {
		t.Fatalf("ReadCheckTree of an ended context: %v, want %v", err, context.Canceled)
	}
	file := chainFile(20_000)
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	r := &cancelAfter{r: strings.NewReader(file), n: len(file) / 2, cancel: cancel}
	if _, err := ReadCheckTree(ctx, r); !errors.Is(err, context.Canceled) {
		t.Fatalf("ReadCheckTree whose context ends half-way: %v, want %v", err, context.Canceled)
	}
	if r.n < -len(file)/4 {
		t.Fatalf("ReadCheckTree read %d bytes past the end of its context", -r.n)
	}
}

// cancelAfter reads r, and calls cancel once n bytes are read.
type cancelAfter struct {
	r      io.Reader
	n      int
	cancel func()
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if c.n -= n; c.n <= 0 {
		c.cancel()
	}
	return n, err
}

// chainFile is a tree file of nodes, each with a position and two children, as gentree.py
// writes them.
func chainFile(nodes int) string {
	var file strings.Builder
	file.WriteString(`{"format":"grundy-tree/1","game":"subtraction:1,2","root":0,"nodes":[`)
	for i := range nodes {
		if i > 0 {
			file.WriteString(",")
		}
		fmt.Fprintf(&file, "\n"+`{"id":%d,"position":"%d","n":%d,"result":"W","children":[%d,%d]}`, i, 500000-i, i%3, (i+1)%nodes, (i+2)%nodes)
	}
	file.WriteString("\n]}\n")
	return file.String()
}

// BenchmarkReadCheckTree reads a file of 100 000 nodes, each with a position and children,
// as gentree.py writes them: bytes a second, and allocations (a few a block of nodes).
func BenchmarkReadCheckTree(b *testing.B) {
	s := chainFile(100_000)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ReadCheckTree(context.Background(), strings.NewReader(s)); err != nil {
			b.Fatal(err)
		}
	}
}
