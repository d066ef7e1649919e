package engine

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
		if !r.reuse(root) {
			break
		}
	}
}

// reuse gives a winning couple a losing option that the tree holds already, when it has one:
// the tree can only lose nodes by it. It reports whether it changed anything.
func (r *recorder) reuse(root ref) bool {
	order := r.reachable(root)
	in := make(map[ref]bool, len(order))
	for _, k := range order {
		in[k] = true
	}
	changed := false
	for _, k := range order {
		pr, _ := r.find(k)
		if !pr.win || pr.sum || len(pr.kids) != 1 {
			continue
		}
		for o := range pr.pos.Options() {
			c := rootRef(o, pr.n)
			if c != pr.kids[0] && in[c] && !r.proofs[c].win {
				pr.kids[0], changed = c, true
				break
			}
		}
	}
	return changed
}

// reachable lists the couples of the tree of root, breadth first.
func (r *recorder) reachable(root ref) []ref {
	order, seen := []ref{root}, map[ref]bool{root: true}
	for i := 0; i < len(order); i++ {
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
		k := rootRef(o, pr.n)
		if k == best {
			continue
		}
		if opt, ok := r.proofs[k]; !ok || opt.win {
			continue
		}
		if s := measure(k); s < bestSize {
			best, bestSize = k, s
		}
	}
	pr.kids[0] = best
}
