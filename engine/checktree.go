package engine

import (
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
	root       int
	nodes      []checkNode
	kids       []int       // every node's children, one after the other
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

// textBlock is the size of a block of positions.
const textBlock = 1 << 20

// Len returns the number of nodes.
func (t *CheckTree) Len() int { return len(t.nodes) }

// Root returns the root node.
func (t *CheckTree) Root() Node { return t.node(t.root) }

// node returns node id as a Node, whose strings and children are the tree's own: nothing is
// allocated, and nothing may be changed.
func (t *CheckTree) node(id int) Node {
	cn := &t.nodes[id]
	n := Node{ID: id, N: int(cn.n), Result: "W", Kind: KindCouple, Children: t.kids[cn.kids : cn.kids+cn.nkids : cn.kids+cn.nkids]}
	if cn.size > 0 {
		n.Position = t.text.at(cn.block, cn.off, cn.size)
	}
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

// LosingCouples is Tree.LosingCouples.
func (t *CheckTree) LosingCouples() int {
	c := 0
	for i := range t.nodes {
		if n := &t.nodes[i]; n.losing && !n.sum && n.nkids > 0 {
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
		cn.n, t.bigN[len(t.nodes)] = -1, n
	}
	cn.block, cn.off, cn.size = t.text.store(position)
	t.kids = append(t.kids, kids...)
	t.nodes = append(t.nodes, cn)
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
		*tb = append(*tb, make([]byte, 0, max(textBlock, len(s))))
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

// A keyStore keeps the key of each node of a check once derived, in textBlocks.
type keyStore struct {
	at   []keyRef
	text textBlocks
}

// A keyRef is where a key is in keyStore.text; size is the key's length plus one, 0 for a
// key not derived yet.
type keyRef struct{ block, off, size uint32 }

func newKeyStore(n int) keyStore { return keyStore{at: make([]keyRef, n)} }

// get returns node id's key, if derived.
func (ks *keyStore) get(id int) (string, bool) {
	r := ks.at[id]
	if r.size == 0 {
		return "", false
	}
	return ks.text.at(r.block, r.off, r.size-1), true
}

// set keeps node id's key.
func (ks *keyStore) set(id int, key string) {
	b, off, size := ks.text.store(key)
	ks.at[id] = keyRef{b, off, size + 1}
}

// compactTree copies t into a CheckTree.
func compactTree(t *Tree) *CheckTree {
	ct := &CheckTree{Format: t.Format, Convention: t.Convention, Game: t.Game, root: t.Root}
	ct.nodes = make([]checkNode, 0, len(t.Nodes))
	for i := range t.Nodes {
		n := &t.Nodes[i]
		ct.add(n.Position, n.N, n.Losing(), n.Kind == KindSum, n.Children)
	}
	return ct
}

// ReadCheckTree reads a tree file as ReadTree does, with the same checks and errors, into a
// CheckTree.
func ReadCheckTree(r io.Reader) (*CheckTree, error) {
	ct := &CheckTree{invalid: -1}
	var head Tree
	err := readFile(r, &head, func(tr *treeReader) (int, error) {
		err := tr.checkNodes(ct)
		return len(ct.nodes), err
	})
	if err != nil {
		return nil, err
	}
	ct.Format, ct.Convention, ct.Game, ct.root = head.Format, head.Convention, head.Game, head.Root
	if err := ct.renumber(); err != nil {
		return nil, err
	}
	return ct, nil
}

// checkNodes reads the "nodes" of a file into ct.
func (tr *treeReader) checkNodes(ct *CheckTree) error {
	if err := tr.delim('[', `"nodes" as an array`); err != nil {
		return err
	}
	for i := 0; tr.dec.More(); i++ {
		if i == MaxTreeNodes {
			return fmt.Errorf("more than %d nodes", MaxTreeNodes)
		}
		n, err := tr.node()
		if err != nil {
			return fmt.Errorf("node %d of the file: %w", i, err)
		}
		if err := n.valid(); err != nil && ct.why == nil {
			ct.invalid, ct.why = i, err
		}
		if n.ID != i && ct.ids == nil {
			ct.ids = make([]int32, i, i+1024)
			for j := range ct.ids {
				ct.ids[j] = int32(j)
			}
		}
		if ct.ids != nil {
			ct.ids = append(ct.ids, int32(n.ID))
		}
		ct.add(n.Position, n.N, n.Losing(), n.Kind == KindSum, n.Children)
	}
	return tr.delim(']', `the end of "nodes"`)
}

// renumber checks the nodes and puts ids as Tree.renumber does: node i is the file's node i,
// and children and the root name nodes by their index. Its errors are Tree.renumber's.
func (ct *CheckTree) renumber() error {
	ids := ct.ids
	ct.ids = nil
	index := func(id int) (int, bool) { return id, id >= 0 && id < len(ct.nodes) }
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
	for i := range ct.nodes {
		if i == ct.invalid {
			return ct.why
		}
		n := &ct.nodes[i]
		for j := n.kids; j < n.kids+n.nkids; j++ {
			k, ok := index(ct.kids[j])
			if !ok {
				return fmt.Errorf("tree: no node with id %d (child of node %d)", ct.kids[j], idOf(ids, i))
			}
			ct.kids[j] = k
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
