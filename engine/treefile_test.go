package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// tree1 is a tree file of one node around the given fields of that node.
func tree1(node string) string {
	return `{"format":"grundy-tree/1","game":"x","root":0,"nodes":[{` + node + `}]}`
}

const leafNode = `"id":0,"position":"","n":0,"result":"L","children":[]`

// TestReadTree_Strict: each file a probe found read leniently, or that other JSON tools read
// otherwise than encoding/json, is refused.
func TestReadTree_Strict(t *testing.T) {
	bad := []struct{ name, file, want string }{
		{"case variant of n", tree1(`"id":0,"position":"","n":0,"N":1,"result":"L","children":[]`), "case-sensitive"},
		{"case variant alone", tree1(`"id":0,"position":"","N":0,"result":"L","children":[]`), "case-sensitive"},
		{"case variant at the top", `{"format":"grundy-tree/1","Game":"x","game":"x","root":0,"nodes":[{` + leafNode + `}]}`, "case-sensitive"},
		{"duplicate n", tree1(`"id":0,"position":"","n":1,"n":0,"result":"L","children":[]`), "twice"},
		{"duplicate escaped", tree1(`"id":0,"position":"","n":1,"\u006e":0,"result":"L","children":[]`), "twice"},
		{"duplicate root", `{"format":"grundy-tree/1","game":"x","root":5,"root":0,"nodes":[{` + leafNode + `}]}`, "twice"},
		{"trailing data", tree1(leafNode) + "x", "after the tree"},
		{"trailing number", tree1(leafNode) + " 1", "after the tree"},
		{"second tree", tree1(leafNode) + "\n" + tree1(leafNode), "after the tree"},
		{"heap 1e11", tree1(`"id":0,"position":"","n":100000000000,"result":"W","children":[]`), "integer from 0"},
		{"heap 2^31", tree1(`"id":0,"position":"","n":2147483648,"result":"W","children":[]`), "integer from 0"},
		{"heap exponent", tree1(`"id":0,"position":"","n":1e3,"result":"L","children":[]`), "integer"},
		{"heap fraction", tree1(`"id":0,"position":"","n":1.0,"result":"L","children":[]`), "integer"},
		{"heap negative", tree1(`"id":0,"position":"","n":-1,"result":"L","children":[]`), "integer"},
		{"heap string", tree1(`"id":0,"position":"","n":"0","result":"L","children":[]`), "integer"},
		{"id negative", tree1(`"id":-1,"position":"","n":0,"result":"L","children":[]`), "integer"},
		{"child huge", tree1(`"id":0,"position":"","n":0,"result":"L","children":[99999999999]`), "integer"},
		{"result lower case", tree1(`"id":0,"position":"","n":0,"result":"l","children":[]`), "result"},
		{"position null", tree1(`"id":0,"position":null,"n":0,"result":"L","children":[]`), "string"},
		{"no n", tree1(`"id":0,"position":"","result":"L","children":[]`), `no "n"`},
		{"no root", `{"format":"grundy-tree/1","game":"x","nodes":[{` + leafNode + `}]}`, `no "root"`},
		{"not an object", `[]`, "object"},
		{"cut short", tree1(leafNode)[:40], ""},
	}
	for _, tc := range bad {
		_, err := ReadTree(strings.NewReader(tc.file))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ReadTree(%q) = %v, want an error with %q", tc.name, tc.file, err, tc.want)
		}
	}
	good := []struct{ name, file string }{
		{"as written", tree1(leafNode)},
		{"white space after", tree1(leafNode) + " \n\t\r\n"},
		{"unknown fields", `{"format":"grundy-tree/1","stats":{"N":[1,{"n":2}],"n":3},"game":"x","root":0,"nodes":[{"note":"x","Note":1,` + leafNode + `}]}`},
		{"children null", tree1(`"id":0,"position":"","n":0,"result":"L","children":null`)},
		{"largest heap", tree1(`"id":0,"position":"","n":2147483647,"result":"W","children":[]`)},
	}
	for _, tc := range good {
		if _, err := ReadTree(strings.NewReader(tc.file)); err != nil {
			t.Errorf("%s: ReadTree(%q): %v", tc.name, tc.file, err)
		}
	}
	tr, err := ReadTree(strings.NewReader(tree1(`"id":0,"position":"","n":0,"N":1,"result":"L","children":[]`)))
	if err == nil {
		t.Errorf(`{"n":0,"N":1} read as n = %d, want refused`, tr.Nodes[0].N)
	}
}

// completeGraph is a game whose vertex v moves to any w < v, listed in increasing order:
// vertex v's nimber is v, and its notation is short for its many options.
func completeGraph(n int) *graph {
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	g := &graph{succ: make([][]int, n)}
	for v := range g.succ {
		g.succ[v] = all[:v]
	}
	return g
}

// TestCheck_BigHeapW: a W couple with a huge heap needs only its child; the checker used to
// allocate a boolean for each heap below it.
func TestCheck_BigHeapW(t *testing.T) {
	g := completeGraph(4)
	tree := &Tree{Format: TreeFormat, Nodes: []Node{
		{ID: 0, Position: "3", N: 1 << 40, Result: "W", Children: []int{1}},
		{ID: 1, Position: "3", N: 3, Result: "L", Children: []int{2, 3, 4, 5, 6, 7}},
		{ID: 2, Position: "0", N: 3, Result: "W", Children: []int{8}},
		{ID: 3, Position: "1", N: 3, Result: "W", Children: []int{9}},
		{ID: 4, Position: "2", N: 3, Result: "W", Children: []int{10}},
		{ID: 5, Position: "3", N: 0, Result: "W", Children: []int{8}},
		{ID: 6, Position: "3", N: 1, Result: "W", Children: []int{9}},
		{ID: 7, Position: "3", N: 2, Result: "W", Children: []int{10}},
		{ID: 8, Position: "0", N: 0, Result: "L"},
		{ID: 9, Position: "1", N: 1, Result: "L", Children: []int{11, 12}},
		{ID: 10, Position: "2", N: 2, Result: "L", Children: []int{13, 14, 16, 15}},
		{ID: 11, Position: "0", N: 1, Result: "W", Children: []int{8}},
		{ID: 12, Position: "1", N: 0, Result: "W", Children: []int{8}},
		{ID: 13, Position: "0", N: 2, Result: "W", Children: []int{8}},
		{ID: 14, Position: "1", N: 2, Result: "W", Children: []int{9}},
		{ID: 15, Position: "2", N: 1, Result: "W", Children: []int{9}},
		{ID: 16, Position: "2", N: 0, Result: "W", Children: []int{8}},
	}}
	if err := Check(context.Background(), tree, g.parse); err != nil {
		t.Fatalf("Check of (3, 2^40) W by (3, 3) L: %v", err)
	}
	var buf bytes.Buffer
	if err := WriteTree(&buf, tree); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadTree(&buf); err == nil {
		t.Errorf("ReadTree of a heap 2^40: no error, want it refused")
	}
}

// craftedTree is a tree of about 2m nodes that derives the square of m options if a W couple
// derives all its position's options: the root claims (m, 1) L, its children are the W
// couples (k, 1) for each option k, each of which names (k−1, 1), the last option of k.
func craftedTree(m int) *Tree {
	nodes := []Node{{ID: 0, Position: fmt.Sprint(m), N: 1, Result: "L"}}
	h := 2*m + 1
	for k := range m {
		w := len(nodes)
		nodes[0].Children = append(nodes[0].Children, w)
		kid := w + 1
		if k == 0 {
			kid = h + 1 // (0, 1) is shown by (0, 0)
		}
		nodes = append(nodes, Node{ID: w, Position: fmt.Sprint(k), N: 1, Result: "W", Children: []int{kid}},
			Node{ID: w + 1, Position: fmt.Sprint(max(k-1, 0)), N: 1, Result: "L"})
	}
	nodes[0].Children = append(nodes[0].Children, h)
	nodes = append(nodes, Node{ID: h, Position: fmt.Sprint(m), N: 0, Result: "W", Children: []int{h + 1}},
		Node{ID: h + 1, Position: "0", N: 0, Result: "L"})
	return &Tree{Format: TreeFormat, Game: "complete", Nodes: nodes}
}

// TestCheck_Linear: a crafted tree of 100 000 nodes, which took the square of its size, is
// read and refused in about a second; a valid tree of 100 000 nodes is accepted as fast.
func TestCheck_Linear(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of one goroutine: nothing for the race detector's run (-short) to find")
	}
	const m = 50_000
	tree := craftedTree(m)
	var buf bytes.Buffer
	if err := WriteTree(&buf, tree); err != nil {
		t.Fatal(err)
	}
	g := completeGraph(m + 1)
	start, cpu := time.Now(), cpuTime()
	read, err := ReadTree(&buf)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("read in %v", time.Since(start))
	err = Check(context.Background(), read, g.parse)
	var ce *CheckError
	if !errors.Is(err, ErrCheckTooCostly) && !errors.As(err, &ce) {
		t.Fatalf("Check of the crafted tree = %v, want it refused", err)
	}
	// The bounds catch a check gone quadratic (minutes of CPU). CPU time, not the wall
	// clock: a loaded machine once stretched this second to 11.5 s.
	if d := cpuTime() - cpu; d > 10*time.Second {
		t.Errorf("the crafted tree of %d nodes took %v of CPU to refuse, want about a second", len(tree.Nodes), d)
	}
	t.Logf("crafted tree, %d nodes, %d bytes: %v in %v", len(tree.Nodes), buf.Cap(), err, time.Since(start))

	// A path 0 ← 1 ← … ← n: (n, 0) L for n even, each (k, 0) alternately L and W.
	const n = 100_000
	path := &graph{succ: make([][]int, n+1)}
	valid := &Tree{Format: TreeFormat, Game: "path"}
	for v := n; v >= 0; v-- {
		if v > 0 {
			path.succ[v] = []int{v - 1}
		}
		node := Node{ID: n - v, Position: fmt.Sprint(v), Result: "L"}
		if v%2 == 1 {
			node.Result = "W"
		}
		if v > 0 {
			node.Children = []int{n - v + 1}
		}
		valid.Nodes = append(valid.Nodes, node)
	}
	buf.Reset()
	if err := WriteTree(&buf, valid); err != nil {
		t.Fatal(err)
	}
	cpu = cpuTime()
	if read, err = ReadTree(&buf); err != nil {
		t.Fatal(err)
	}
	if err := Check(context.Background(), read, path.parse); err != nil {
		t.Fatalf("Check of a valid path tree: %v", err)
	}
	if d := cpuTime() - cpu; d > 10*time.Second {
		t.Errorf("a valid tree of %d nodes took %v of CPU to read and check", len(valid.Nodes), d)
	}
}

// TestCheckError_Quoted: a position from a file reaches a message quoted and cut, so that a
// newline cannot forge an "ok:" line nor an escape code reach the terminal.
func TestCheckError_Quoted(t *testing.T) {
	g := completeGraph(3)
	for _, pos := range []string{"1\nok: forged", "\x1b[2J1", strings.Repeat("9", 5000)} {
		tree := &Tree{Format: TreeFormat, Nodes: []Node{{Position: pos, N: 0, Result: "L"}}}
		err := Check(context.Background(), tree, g.parse)
		if err == nil {
			t.Fatalf("Check(%q): no error", pos)
		}
		msg := err.Error()
		if strings.ContainsAny(msg, "\n\x1b") || len(msg) > 1000 {
			t.Errorf("Check(%q) says %q: raw or too long", pos, msg)
		}
	}
	if got := Quote(strings.Repeat("é", 150)); len(got) > maxQuoted+5 || !strings.HasSuffix(got, `"...`) {
		t.Errorf("Quote of 300 bytes = %q, want 200 bytes and ...", got)
	}
}
