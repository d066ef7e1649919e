package treeview

// LargeTree is how many nodes on show an expansion may reach without asking: past it, the
// view asks (TreeView.Ask) whether to show them all, up to LargeTree, or none.
const LargeTree = 10_000

// An Answer is the reply to the question an expansion past LargeTree nodes asks.
type Answer int

// The answers: show nothing more, show up to LargeTree nodes, show all of it.
const (
	AnswerCancel Answer = iota
	AnswerBudget
	AnswerAll
)

// shownIf returns how many nodes Prune would keep if the nodes for which expanded reports
// true were expanded: it walks the tree as Prune does, without building anything.
func (md *model) shownIf(expanded func(id int) bool) int {
	t := md.tree
	seen := make([]bool, len(t.Nodes))
	seen[t.Root] = true
	queue := []int{t.Root}
	n := 1
	for k := 0; k < len(queue); k++ {
		id := queue[k]
		if !expanded(id) {
			continue
		}
		for _, c := range t.Nodes[id].Children {
			n++
			if !seen[c] {
				seen[c] = true
				queue = append(queue, c)
			}
		}
	}
	return n
}

// frontier returns the nodes on show under node id (id included) that are drawn in full,
// collapsed and have children: the ones that expanding one more level opens.
func (md *model) frontier(id int) []int {
	k, ok := md.at[id]
	if !ok {
		return nil
	}
	var out []int
	queue := []int{k}
	for i := 0; i < len(queue); i++ {
		j := queue[i]
		v := md.pruned.IDs[j]
		if md.pruned.Ref[j] >= 0 {
			continue
		}
		if !md.expanded[v] {
			if len(md.children(v)) > 0 {
				out = append(out, v)
			}
			continue
		}
		if j < len(md.pruned.Children) {
			queue = append(queue, md.pruned.Children[j]...)
		}
	}
	return out
}

// levelCost returns how many nodes would be on show after expanding one more level under id.
func (md *model) levelCost(id int) int {
	open := map[int]bool{}
	for _, v := range md.frontier(id) {
		open[v] = true
	}
	return md.shownIf(func(v int) bool { return md.expanded[v] || open[v] })
}

// expandLevel expands the collapsed nodes on show under id: one more level.
func (md *model) expandLevel(id int) {
	for _, v := range md.frontier(id) {
		md.expanded[v] = true
	}
	md.relayout()
}

// expandBudget expands the nodes under id breadth first, the shallowest first, as long as
// the nodes on show stay within budget; levels limits the depth below id (<0: none).
// Expanding a node shows its children, so the count grows by their number (or less, when a
// node becomes a repeat).
func (md *model) expandBudget(id, levels, budget int) {
	shown := len(md.pruned.IDs)
	depth := map[int]int{id: 0}
	queue := []int{id}
	for k := 0; k < len(queue); k++ {
		v := queue[k]
		if levels >= 0 && depth[v] >= levels {
			continue
		}
		kids := md.children(v)
		if !md.expanded[v] && len(kids) > 0 {
			if shown+len(kids) > budget {
				break
			}
			md.expanded[v] = true
			shown += len(kids)
		}
		for _, c := range kids {
			if _, seen := depth[c]; !seen {
				depth[c] = depth[v] + 1
				queue = append(queue, c)
			}
		}
	}
	md.relayout()
}

// belowCost returns how many nodes would be on show after expanding id and the nodes under
// it down to levels below it (all when levels < 0).
func (md *model) belowCost(id, levels int) int {
	depth := map[int]int{id: 0}
	queue := []int{id}
	for k := 0; k < len(queue); k++ {
		v := queue[k]
		if levels >= 0 && depth[v] >= levels {
			continue
		}
		for _, c := range md.children(v) {
			if _, seen := depth[c]; !seen {
				depth[c] = depth[v] + 1
				queue = append(queue, c)
			}
		}
	}
	return md.shownIf(func(v int) bool {
		d, under := depth[v]
		return md.expanded[v] || under && (levels < 0 || d < levels)
	})
}

// expandSome expands the given nodes in order as long as the nodes on show stay within
// budget.
func (md *model) expandSome(ids []int, budget int) {
	shown := len(md.pruned.IDs)
	for _, v := range ids {
		kids := md.children(v)
		if md.expanded[v] || shown+len(kids) > budget {
			continue
		}
		md.expanded[v] = true
		shown += len(kids)
	}
	md.relayout()
}
