package sprouts

// A reducer applies the reduction of SPROUTS.md (steps 1 to 6) to a land under work. Its
// scratch space is reused from one child to the next.
type reducer struct {
	out    []uint8 // the reduced codes
	dead   stamps  // letters that are dead spots
	seen   stamps
	count  [256]uint8
	home   [256]int // region of a letter's first occurrence
	regAt  []span   // the regions of out
	parent []int    // union-find over regions
	comp   []uint8  // out regrouped land by land
	compAt []span   // the lands in comp
}

// reduce applies steps 1 to 5 to in, whose letters listed in dead are dead spots, and
// returns the reduced codes, valid until the next call.
func (r *reducer) reduce(in, dead []uint8) []uint8 {
	r.dead.next()
	for _, c := range dead {
		r.dead.set(c)
	}
	out := r.out[:0]
	reg, bnd := 0, 0
	for _, c := range in {
		switch {
		case c == sepB:
			out = closeBoundary(out, bnd)
			bnd = len(out)
		case c == sepR:
			out = r.closeRegion(out, reg)
			reg, bnd = len(out), len(out)
		case isLetter(c) && (r.dead.has(c) || len(out) > bnd && out[len(out)-1] == c):
			// step 1: a dead spot; step 2: a letter next to itself
		default:
			out = append(out, c)
		}
	}
	r.out = out
	r.twos(out)
	return out
}

// closeBoundary ends the boundary begun at out[start:]: a letter that ends it and also
// begins it is next to itself cyclically (step 2), and an empty boundary goes (step 3).
func closeBoundary(out []uint8, start int) []uint8 {
	for n := len(out); n-start > 1 && isLetter(out[n-1]) && out[n-1] == out[start]; n = len(out) {
		out = out[:n-1]
	}
	if len(out) == start {
		return out
	}
	return append(out, sepB)
}

// closeRegion ends the region begun at out[start:]: it goes if no move fits in it (step 3);
// with 2 or 3 lives its shape no longer matters and its spots are merged (step 4).
func (r *reducer) closeRegion(out []uint8, start int) []uint8 {
	switch lives := r.lives(out[start:]); {
	case lives < 2:
		return out[:start]
	case lives <= 3:
		out = r.merge(out, start)
	}
	return append(out, sepR)
}

// lives counts the lives of the spots in codes, each letter once.
func (r *reducer) lives(codes []uint8) int {
	r.seen.next()
	n := 0
	for _, c := range codes {
		switch {
		case c == sepB:
		case isLetter(c):
			if !r.seen.set(c) {
				n++
			}
		default:
			n += digitLives(c)
		}
	}
	return n
}

// merge rewrites the region at out[start:] as one boundary that holds each spot once.
func (r *reducer) merge(out []uint8, start int) []uint8 {
	r.seen.next()
	j := start
	for _, c := range out[start:] {
		if c == sepB || isLetter(c) && r.seen.set(c) {
			continue
		}
		out[j] = c
		j++
	}
	return append(out[:j], sepB)
}

// twos writes a letter seen once in the land as the digit 2 (step 5).
func (r *reducer) twos(out []uint8) {
	r.seen.next()
	for _, c := range out {
		if isLetter(c) {
			if !r.seen.set(c) {
				r.count[c] = 0
			}
			r.count[c]++
		}
	}
	for i, c := range out {
		if isLetter(c) && r.count[c] == 1 {
			out[i] = spot2
		}
	}
}

// split groups the regions of out into lands, regions linked by a shared letter even through
// others (step 6), and returns the lands as spans of r.comp, in the order of their first
// regions.
func (r *reducer) split(out []uint8) []span {
	r.regAt, r.parent = r.regAt[:0], r.parent[:0]
	lo := 0
	for i, c := range out {
		if c == sepR {
			r.regAt = append(r.regAt, span{lo, i + 1})
			r.parent = append(r.parent, len(r.parent))
			lo = i + 1
		}
	}
	r.link(out)
	r.comp, r.compAt = r.comp[:0], r.compAt[:0]
	for k := range r.regAt {
		if r.find(k) != k {
			continue
		}
		lo := len(r.comp)
		for m := k; m < len(r.regAt); m++ {
			if r.find(m) == k {
				r.comp = append(r.comp, out[r.regAt[m].lo:r.regAt[m].hi]...)
			}
		}
		r.compAt = append(r.compAt, span{lo, len(r.comp)})
	}
	return r.compAt
}

// link joins the regions that share a letter.
func (r *reducer) link(out []uint8) {
	r.seen.next()
	for k, rg := range r.regAt {
		for _, c := range out[rg.lo:rg.hi] {
			if !isLetter(c) {
				continue
			}
			if !r.seen.set(c) {
				r.home[c] = k
			} else {
				r.union(r.home[c], k)
			}
		}
	}
}

// find returns the representative of region k: the least region of its land.
func (r *reducer) find(k int) int {
	for r.parent[k] != k {
		r.parent[k] = r.parent[r.parent[k]]
		k = r.parent[k]
	}
	return k
}

func (r *reducer) union(a, b int) {
	a, b = r.find(a), r.find(b)
	if a > b {
		a, b = b, a
	}
	r.parent[b] = a
}
