package engine

import (
	"context"
	"fmt"
	"io"
	"unsafe"
)

// A CheckTree is a solution tree as Check reads it: the nodes in a compact form (no strings,
// slices or maps of their own), their positions in a few large blocks of bytes, their
// children in one list. `grundy check` reads a file so (ReadCheckTree), in about the file's
// size, where a Tree of a million nodes takes five times it.
type CheckTree struct {
	Format     string
	Convention string
	Game       string
	Split      string    // the game's way of splitting positions the tree was written with
	Forms      [][]int32 // a misère tree's forms, and which components it forms: see Tree
	FormBudget int
	FormHint   int
	root       int
	nodes      nodeBlocks
	kids       []int32     // every node's children, one after the other
	text       textBlocks  // the positions
	bigN       map[int]int // the heaps past an int32 (a Tree made by hand), by node
	// While a file is read: each node's id when one is not its index (nil when every one
	// is), and the first node whose result or kind is wrong (Node.valid), to be reported in
	// the order ReadTree reports errors.
	ids     []int32
	invalid int
	why     error
}

// A checkNode is a Node of a CheckTree.
type checkNode struct {
	block, off, size uint32 // its position, in CheckTree.text
	kids, nkids      uint32 // its children, in CheckTree.kids
	n                int32  // -1: in CheckTree.bigN
	losing, sum      bool
}

// nodeBlocks hold the nodes of a CheckTree in blocks of nodeBlock, so that they grow without
// being copied: a tree read takes the memory of its nodes, not half again as much.
type nodeBlocks struct {
	blocks [][]checkNode
	n      int
}

// nodeBlock is how many nodes a block holds.
const nodeBlock = 1 << 14

func (nb *nodeBlocks) at(i int) *checkNode { return &nb.blocks[i/nodeBlock][i%nodeBlock] }

// add appends a node. The first block grows as a slice does, so that a small tree takes
// little.
func (nb *nodeBlocks) add(cn checkNode) {
	switch {
	case nb.n == 0:
		nb.blocks = [][]checkNode{nil}
	case nb.n%nodeBlock == 0:
		nb.blocks = append(nb.blocks, make([]checkNode, 0, nodeBlock))
	}
	last := &nb.blocks[len(nb.blocks)-1]
	*last = append(*last, cn)
	nb.n++
}

// textBlock is the size of a block of positions, but for the first few, smaller.
const textBlock = 1 << 20

// Len returns the number of nodes.
func (t *CheckTree) Len() int { return t.nodes.n }

// Root returns the root node.
func (t *CheckTree) Root() Node {
	n := t.node(t.root)
	for _, k := range t.children(t.root) {
		n.Children = append(n.Children, int(k))
	}
	return n
}

// node returns node id as a Node but for its children (see children), whose strings are the
// tree's own: nothing is allocated, and nothing may be changed.
func (t *CheckTree) node(id int) Node {
	cn := t.nodes.at(id)
	n := Node{ID: id, N: int(cn.n), Result: "W", Kind: KindCouple}
	n.Position = t.text.at(cn.block, cn.off, cn.size)
	if cn.n < 0 {
		n.N = t.bigN[id]
	}
	if cn.losing {
		n.Result = "L"
	}
	if cn.sum {
		n.Kind = KindSum
	}
	return n
}

// children returns node id's children, the tree's own: nothing may be changed.
func (t *CheckTree) children(id int) []int32 {
	cn := t.nodes.at(id)
	return t.kids[cn.kids : cn.kids+cn.nkids : cn.kids+cn.nkids]
}

// position is node id's position, the tree's own bytes.
func (t *CheckTree) position(id int) string {
	cn := t.nodes.at(id)
	return t.text.at(cn.block, cn.off, cn.size)
}

// LosingCouples is Tree.LosingCouples.
func (t *CheckTree) LosingCouples() int {
	c := 0
	for i := range t.nodes.n {
		if n := t.nodes.at(i); n.losing && !n.sum && (n.nkids > 0 || len(t.Forms) > 0) {
			c++
		}
	}
	return c
}

// add appends a node read from a file or a Tree, its children ids still.
func (t *CheckTree) add(position string, n int, losing, sum bool, kids []int) {
	cn := checkNode{n: int32(n), losing: losing, sum: sum, kids: uint32(len(t.kids)), nkids: uint32(len(kids))}
	if int(cn.n) != n || n < 0 {
		if t.bigN == nil {
			t.bigN = map[int]int{}
		}
		cn.n, t.bigN[t.nodes.n] = -1, n
	}
	cn.block, cn.off, cn.size = t.text.store(position)
	for _, k := range kids {
		if int(int32(k)) != k {
			k = -1 // no node, as k is not
		}
		t.kids = append(t.kids, int32(k))
	}
	t.nodes.add(cn)
}

// textBlocks hold strings in blocks of textBlock bytes that are never moved, so that a
// string of them costs its bytes and 12 of a reference, not a header and an allocation.
type textBlocks [][]byte

// store copies s into the blocks and returns where it is.
func (tb *textBlocks) store(s string) (block, off, size uint32) {
	if s == "" {
		return 0, 0, 0
	}
	last := len(*tb) - 1
	if last < 0 || len((*tb)[last])+len(s) > cap((*tb)[last]) {
		size := min(textBlock, 4096<<min(len(*tb), 8)) // a small tree takes no large block
		*tb = append(*tb, make([]byte, 0, max(size, len(s))))
		last++
	}
	b := (*tb)[last]
	(*tb)[last] = append(b, s...)
	return uint32(last), uint32(len(b)), uint32(len(s))
}

// at returns the string stored at block, off, size: the blocks' own bytes, never changed.
func (tb textBlocks) at(block, off, size uint32) string {
	if size == 0 {
		return ""
	}
	return unsafe.String(&tb[block][off], size)
}

// A keyStore keeps the key of each node of a check once derived, in textBlocks, or as the
// node's position when the key is written as the position is (a heap game's): its bytes are
// then the tree's own.
type keyStore struct {
	at        []keyRef
	text      textBlocks
	positions *CheckTree
}

// A keyRef is where a key is in keyStore.text; size is the key's length plus one, 0 for a
// key not derived yet, and keyIsPosition for a key that is the node's position.
type keyRef struct{ block, off, size uint32 }

const keyIsPosition = 1<<32 - 1

func newKeyStore(t *CheckTree) keyStore { return keyStore{at: make([]keyRef, t.Len()), positions: t} }

// get returns node id's key, if derived.
func (ks *keyStore) get(id int) (string, bool) {
	switch r := ks.at[id]; r.size {
	case 0:
		return "", false
	case keyIsPosition:
		return ks.positions.position(id), true
	default:
		return ks.text.at(r.block, r.off, r.size-1), true
	}
}

// set keeps node id's key.
func (ks *keyStore) set(id int, key string) {
	if key == ks.positions.position(id) {
		ks.at[id].size = keyIsPosition
		return
	}
	b, off, size := ks.text.store(key)
	ks.at[id] = keyRef{b, off, size + 1}
}

// compactTree copies t into a CheckTree.
func compactTree(t *Tree) *CheckTree {
	ct := &CheckTree{Format: t.Format, Convention: t.Convention, Game: t.Game, Split: t.Split, root: t.Root,
		Forms: t.Forms, FormBudget: t.FormBudget, FormHint: t.FormHint}
	for i := range t.Nodes {
		n := &t.Nodes[i]
		ct.add(n.Position, n.N, n.Losing(), n.Kind == KindSum, n.Children)
	}
	return ct
}

// ReadCheckTree reads a tree file as ReadTree does, with the same checks and errors, into a
// CheckTree. It reads the file a byte at a time (treeScanner), keeping nothing of it but the
// compact nodes, and stops with ctx's error when ctx ends.
func ReadCheckTree(ctx context.Context, r io.Reader) (*CheckTree, error) {
	ct := &CheckTree{invalid: -1}
	s := newTreeScanner(r)
	var head Tree
	err := readFile(s, &head, func() (int, error) {
		err := s.nodes(ctx, ct)
		return ct.nodes.n, err
	})
	if err != nil {
		return nil, err
	}
	ct.Format, ct.Convention, ct.Game, ct.Split, ct.root = head.Format, head.Convention, head.Game, head.Split, head.Root
	ct.Forms, ct.FormBudget, ct.FormHint = head.Forms, head.FormBudget, head.FormHint
	if err := ct.renumber(); err != nil {
		return nil, err
	}
	return ct, nil
}

// scanBatch is how many nodes ReadCheckTree reads between two looks at ctx.
const scanBatch = 4096

// nodes reads the "nodes" of a file into ct.
func (s *treeScanner) nodes(ctx context.Context, ct *CheckTree) error {
	if err := s.delimiter('[', `"nodes" as an array`); err != nil {
		return err
	}
	for i := 0; s.more(); i++ {
		if i == MaxTreeNodes {
			return fmt.Errorf("more than %d nodes", MaxTreeNodes)
		}
		if i%scanBatch == 0 && ctx.Err() != nil {
			return context.Cause(ctx)
		}
		if err := s.node(ct); err != nil {
			return fmt.Errorf("node %d of the file: %w", i, err)
		}
	}
	return s.delimiter(']', `the end of "nodes"`)
}

// node reads one node into ct, as treeReader.node reads a Node and checkNodes adds it.
func (s *treeScanner) node(ct *CheckTree) error {
	i := ct.nodes.n
	cn := checkNode{kids: uint32(len(ct.kids))}
	id, n := 0, 0
	result, kind := "W", KindCouple
	bad := false // the result or the kind is wrong: Node.valid says which
	seen, err := s.object(nodeNames, func(name string) error {
		var err error
		switch name {
		case "id":
			id, err = s.number(name)
		case "position":
			if err = s.string(name); err == nil {
				cn.block, cn.off, cn.size = ct.text.store(unsafe.String(unsafe.SliceData(s.text), len(s.text)))
			}
		case "n":
			n, err = s.number(name)
		case "result":
			if err = s.string(name); err == nil {
				result = internedBytes(s.text, "L", "W")
				cn.losing = result == "L"
				bad = bad || result != "L" && result != "W"
			}
		case "kind":
			if err = s.string(name); err == nil {
				kind = internedBytes(s.text, KindSum, KindCouple)
				cn.sum = kind == KindSum
				bad = bad || kind != KindSum && kind != KindCouple
			}
		case "children":
			err = s.children(ct)
		}
		return err
	})
	if err == nil {
		err = seen.need(nodeNames, "id", "position", "n", "result")
	}
	if err != nil {
		return err
	}
	if bad && ct.why == nil {
		node := Node{ID: id, N: n, Result: result, Kind: kind}
		ct.invalid, ct.why = i, node.valid()
	}
	if id != i && ct.ids == nil {
		ct.ids = make([]int32, i, i+1024)
		for j := range ct.ids {
			ct.ids[j] = int32(j)
		}
	}
	if ct.ids != nil {
		ct.ids = append(ct.ids, int32(id))
	}
	cn.n, cn.nkids = int32(n), uint32(len(ct.kids))-cn.kids
	ct.nodes.add(cn)
	return nil
}

// children reads a list of ids into ct.kids; null, as encoding/json writes an empty list,
// is none.
func (s *treeScanner) children(ct *CheckTree) error {
	if err := s.token(); err != nil {
		return err
	}
	if s.kind == tokNull {
		return nil
	}
	if s.kind != tokDelim || s.delim != '[' {
		return fmt.Errorf(`"children" is %s, want a list of ids`, s.describe())
	}
	for s.more() {
		k, err := s.number("children")
		if err != nil {
			return err
		}
		ct.kids = append(ct.kids, int32(k))
	}
	return s.delimiter(']', `the end of "children"`)
}

// renumber checks the nodes and puts ids as Tree.renumber does: node i is the file's node i,
// and children and the root name nodes by their index. Its errors are Tree.renumber's.
func (ct *CheckTree) renumber() error {
	ids := ct.ids
	ct.ids = nil
	index := func(id int) (int, bool) { return id, id >= 0 && id < ct.nodes.n }
	if ids != nil {
		at := make(map[int]int, len(ids))
		for i, id := range ids {
			if _, dup := at[int(id)]; dup {
				return fmt.Errorf("tree: node id %d appears twice", id)
			}
			at[int(id)] = i
			if i == ct.invalid {
				return ct.why
			}
		}
		index = func(id int) (int, bool) { i, ok := at[id]; return i, ok }
	}
	for i := range ct.nodes.n {
		if i == ct.invalid {
			return ct.why
		}
		n := ct.nodes.at(i)
		for j := n.kids; j < n.kids+n.nkids; j++ {
			k, ok := index(int(ct.kids[j]))
			if !ok {
				return fmt.Errorf("tree: no node with id %d (child of node %d)", ct.kids[j], idOf(ids, i))
			}
			ct.kids[j] = int32(k)
		}
	}
	root, ok := index(ct.root)
	if !ok {
		return fmt.Errorf("tree: no node with id %d (the root)", ct.root)
	}
	ct.root = root
	return nil
}

// idOf is the file's id of node i.
func idOf(ids []int32, i int) int {
	if ids == nil {
		return i
	}
	return int(ids[i])
}
