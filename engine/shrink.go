package engine

import "strings"

// unproven is the size of a couple with no proof recorded: never chosen.
const unproven = 1 << 40

// shrink makes the solution tree of root smaller before it is read out. The search keeps the
// first losing option it finds for a winning couple, but it often proves others on the way
// (while refuting other couples, or in attempts that failed); shrink gives every winning
// couple of one component the option, among those proved losing, whose proof is smallest.
// Sizes count nodes as a tree would (shared couples once per use), a greedy measure: the
// tree stays a proof whatever is chosen, since any losing option proves a winning couple.
func (r *recorder) shrink(root ref) {
	size := map[ref]int{}
	var measure func(k ref) int
	measure = func(k ref) int {
		if v, ok := size[k]; ok {
			return v
		}
		if r.halted() {
			return unproven
		}
		size[k] = unproven // while measuring: a couple never depends on itself
		pr, ok := r.find(k)
		if !ok {
			return unproven
		}
		if pr.win && !pr.sum && len(pr.kids) == 1 {
			r.choose(pr, measure)
		}
		total := 0
		if !pr.win && !pr.sum {
			total = 1
		}
		for _, c := range pr.kids {
			total = min(total+measure(c), unproven)
		}
		size[k] = total
		return total
	}
	measure(root)
	for range 4 {
		if r.halted() || !r.reuse(root) {
			break
		}
	}
}

// reuse gives a winning couple whose losing option is in the tree for it alone another one
// that the tree holds already, when it has one: the tree can only lose nodes by it (every
// option it points to was in the tree when the round began). A couple whose option serves
// others too keeps it, so that rounds settle instead of swapping between two options. It
// reports whether it changed anything.
func (r *recorder) reuse(root ref) bool {
	order := r.reachable(root)
	in := make(map[ref]bool, len(order))
	uses := make(map[ref]int, len(order))
	for _, k := range order {
		in[k] = true
		pr, _ := r.find(k)
		for _, c := range pr.kids {
			uses[c]++
		}
	}
	changed := false
	for _, k := range order {
		pr, _ := r.find(k)
		if !pr.win || pr.sum || len(pr.kids) != 1 || uses[pr.kids[0]] > 1 {
			continue
		}
		if c, ok := r.heldOption(pr, in); ok {
			uses[pr.kids[0]]--
			uses[c]++
			pr.kids[0], changed = c, true
		}
	}
	return changed
}

// heldOption returns the least (by compareRefs, not by the order the position yields its
// options, which depends on the representative) of the losing options of the winning couple
// pr that are in the tree, other than its own.
func (r *recorder) heldOption(pr *proof, in map[ref]bool) (ref, bool) {
	best, found := ref{}, false
	for o := range pr.pos.Options() {
		if r.halted() {
			return best, false
		}
		c := rootRef(o, pr.n)
		if c == pr.kids[0] || !in[c] || r.proofs[c].win {
			continue
		}
		if !found || compareRefs(c, best) < 0 {
			best, found = c, true
		}
	}
	return best, found
}

// reachable lists the couples of the tree of root, breadth first.
func (r *recorder) reachable(root ref) []ref {
	order, seen := []ref{root}, map[ref]bool{root: true}
	for i := 0; i < len(order) && !r.halted(); i++ {
		pr, ok := r.find(order[i])
		if !ok {
			continue
		}
		for _, c := range pr.kids {
			if !seen[c] {
				seen[c] = true
				order = append(order, c)
			}
		}
	}
	return order
}

// choose sets the losing option of the winning couple pr to the smallest proved one.
func (r *recorder) choose(pr *proof, measure func(ref) int) {
	best, bestSize := pr.kids[0], measure(pr.kids[0])
	for o := range pr.pos.Options() {
		if r.halted() {
			return
		}
		k := rootRef(o, pr.n)
		if k == best {
			continue
		}
		if opt, ok := r.proofs[k]; !ok || opt.win {
			continue
		}
		// At equal size the least ref wins, so that the choice is the same whatever
		// representative yields the options, in whatever order.
		if s := measure(k); s < bestSize || s == bestSize && compareRefs(k, best) < 0 {
			best, bestSize = k, s
		}
	}
	pr.kids[0] = best
}

// compareRefs orders couples by key, then heap, a component before a sum.
func compareRefs(a, b ref) int {
	if c := strings.Compare(a.key, b.key); c != 0 {
		return c
	}
	if a.n != b.n {
		return a.n - b.n
	}
	switch {
	case a.sum == b.sum:
		return 0
	case a.sum:
		return 1
	}
	return -1
}
