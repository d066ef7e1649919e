package layout

// A Pruned tree is the part of a caller's tree that is on show, ready for Tidy, with the way
// back to the caller's node ids.
type Pruned struct {
	Tree
	// IDs[i] is the caller's id of node i.
	IDs []int
	// Ref[i] is -1, or, when node i repeats a position already drawn (a transposition), the
	// index of the node drawn in full. A repeat is always a leaf.
	Ref []int
}

// Prune walks the caller's tree from root and keeps what is on show: a node's children are
// kept when expanded reports true for it. Nodes are numbered breadth-first, so the root is 0.
//
// The caller's structure may be a DAG, as a solution tree is when positions transpose:
// an id met again is kept as a leaf that refers to its first occurrence in breadth-first
// order (the shallowest, leftmost one), and is not expanded, so each subtree is laid out
// once (STYLE §7; CGSuite's ExplorerTreePanel marks such nodes as transpositions). This also
// makes Prune finish on a structure with cycles.
//
// children's result is only read, never kept. size gives each kept node's box; the caller
// may change Sizes afterwards, for instance to draw repeats smaller.
func Prune(root int, children func(id int) []int, expanded func(id int) bool, size func(id int) Size) Pruned {
	p := Pruned{IDs: []int{root}, Ref: []int{-1}}
	index := map[int]int{root: 0} // the first occurrence of each id
	for k := 0; k < len(p.IDs); k++ {
		id := p.IDs[k]
		if p.Ref[k] >= 0 || !expanded(id) {
			continue
		}
		for _, c := range children(id) {
			p.Children = growTo(p.Children, k+1)
			p.Children[k] = append(p.Children[k], len(p.IDs))
			ref := -1
			if first, ok := index[c]; ok {
				ref = first
			} else {
				index[c] = len(p.IDs)
			}
			p.IDs = append(p.IDs, c)
			p.Ref = append(p.Ref, ref)
		}
	}
	p.Sizes = make([]Size, len(p.IDs))
	for i, id := range p.IDs {
		p.Sizes[i] = size(id)
	}
	return p
}

// growTo extends lists with empty entries until it has at least n of them.
func growTo(lists [][]int, n int) [][]int {
	for len(lists) < n {
		lists = append(lists, nil)
	}
	return lists
}
