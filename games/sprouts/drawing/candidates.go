package drawing

import "slices"

// A plan is a move of a drawing told by its embedding: a line in face face from corner i to
// corner j of walk b (a chord, or a loop when i == j) with the walks of side going with the
// part that keeps corners j…i; or, when c >= 0, a line from corner i of walk b to corner j
// of walk c, which joins them.
type plan struct {
	face, b, i, c, j int
	side             []int
}

// maxSides bounds the walks of one face whose sharing between two sides is tried.
const maxSides = 12

// plans returns the canonical notation of every move of d, told by its embedding, with the
// plans that make it.
func plans(d *Drawing, e *embedding) map[string][]plan {
	deg := d.degrees()
	out := map[string][]plan{}
	try := func(p plan) {
		regs, dg := e.after(d, p, deg)
		if s, err := canonical(regs, dg); err == nil {
			out[s] = append(out[s], p)
		}
	}
	for f, ws := range e.faces {
		for bi, b := range ws {
			cs := e.walks[b].corners
			others := slices.Delete(slices.Clone(ws), bi, bi+1)
			if len(others) > maxSides {
				continue
			}
			for i := range cs {
				for j := i; j < len(cs); j++ {
					if !chordable(deg, cs[i].spot, cs[j].spot, i == j) {
						continue
					}
					for mask := range 1 << len(others) {
						var side []int
						for k, o := range others {
							if mask>>k&1 == 1 {
								side = append(side, o)
							}
						}
						try(plan{face: f, b: b, i: i, c: -1, j: j, side: side})
					}
				}
			}
			for _, c := range ws[bi+1:] {
				for i := range cs {
					for j := range e.walks[c].corners {
						if chordable(deg, cs[i].spot, e.walks[c].corners[j].spot, false) {
							try(plan{face: f, b: b, i: i, c: c, j: j})
						}
					}
				}
			}
		}
	}
	return out
}

// chordable reports whether a line may join spots a and b (a loop when loop is set).
func chordable(deg []int, a, b int, loop bool) bool {
	if loop {
		return deg[a] <= 1
	}
	return a != b && deg[a] <= 2 && deg[b] <= 2
}

// after returns the regions and degrees after plan p, as the walks round the faces will be.
func (e *embedding) after(d *Drawing, p plan, deg []int) ([][][]int, []int) {
	regs := e.regions()
	n := len(d.Spots)
	dg := append(slices.Clone(deg), 2)
	cs := e.walks[p.b].corners
	a := cs[p.i].spot
	dg[a]++
	spots := func(w int) []int { return regs[p.face][slices.Index(e.faces[p.face], w)] }
	var next [][]int
	if p.c >= 0 {
		b := e.walks[p.c].corners[p.j].spot
		dg[b]++
		joined := append(round(e, p.b, p.i), n)
		joined = append(append(joined, round(e, p.c, p.j)...), n)
		next = [][]int{joined}
		for _, w := range e.faces[p.face] {
			if w != p.b && w != p.c {
				next = append(next, spots(w))
			}
		}
		regs[p.face] = next
		return regs, dg
	}
	b := cs[p.j].spot
	dg[b]++
	var one, two []int
	switch {
	case p.i == p.j && cs[p.i].in < 0: // a loop on an isolated spot
		one, two = []int{a, n}, []int{a, n}
	case p.i == p.j:
		one, two = append(round(e, p.b, p.i), n), []int{a, n}
	default:
		for k := p.j; ; k = (k + 1) % len(cs) {
			one = append(one, cs[k].spot)
			if k == p.i {
				break
			}
		}
		for k := p.i; k <= p.j; k++ {
			two = append(two, cs[k].spot)
		}
		one, two = append(one, n), append(two, n)
	}
	r1, r2 := [][]int{one}, [][]int{two}
	for _, w := range e.faces[p.face] {
		switch {
		case w == p.b:
		case slices.Contains(p.side, w):
			r1 = append(r1, spots(w))
		default:
			r2 = append(r2, spots(w))
		}
	}
	regs[p.face] = r1
	regs = append(regs, r2)
	return regs, dg
}

// round returns the spots of walk w from its corner i round to it again (met twice, unless
// the spot is isolated).
func round(e *embedding, w, i int) []int {
	cs := e.walks[w].corners
	if cs[i].in < 0 {
		return []int{cs[i].spot}
	}
	var out []int
	for k := range len(cs) + 1 {
		out = append(out, cs[(i+k)%len(cs)].spot)
	}
	return out
}
