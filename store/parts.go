package store

import (
	"context"
	"maps"
	"math/rand/v2"
	"slices"
	"time"
)

// A program of tens of thousands of couples keeps the solver in its relaxation and branching
// for hours past its first sets, while a proof is mostly right and wrong in places: so the
// best set is improved a part at a time (a large neighbourhood search). A part of the best
// set, the couples below one couple of it, is freed; the rest stays taken; the solver then
// answers a program of the needs the freed part met alone, and of the couples near it that
// may meet them instead, within seconds.

// improveByParts returns best, or a smaller set meeting prog's needs: rounds of a freed part
// each, until ctx is done, stop passes, or patience rounds in a row found nothing smaller.
// A freed part may be replaced by couples reach steps away at most (see freeing). The parts are
// chosen by a generator seeded with seed (the solver's time limits still make what it finds
// in a round depend on the machine).
func improveByParts(ctx context.Context, prog *Program, best []int, reach int, solver Solver, stop time.Time, seed uint64) []int {
	// Measured on 0*21's pool of 82 247 couples from a set of 5 447: parts of a twentieth
	// (272 couples, some 18 000 couples reached a step away) take cbc 20 s or more each and
	// gave 5 428 in 10 minutes, parts of a tenth 5 427, of a hundredth nothing in 40 rounds.
	const patience, round, share = 40, 20 * time.Second, 20
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	if len(best) < 2 {
		return best
	}
	owned := prog.needsByOwner()
	size := max(min(8, len(best)-1), len(best)/share) // a part is never the whole set
	for failed := 0; failed < patience && ctx.Err() == nil && time.Now().Before(stop); {
		free := partOf(best, owned, rng.IntN(len(best)), size)
		sub, taken := prog.freeing(owned, best, free, reach)
		end := time.Now().Add(round)
		if stop.Before(end) {
			end = stop
		}
		rctx, cancel := context.WithDeadline(ctx, end)
		chosen := []int{} // no need left unmet: the part goes
		if len(sub.Needs) > 0 {
			chosen, _ = solver.Solve(rctx, sub)
		}
		cancel()
		if chosen != nil {
			chosen = prog.needed(owned, append(chosen, taken...))
		}
		if better(prog, chosen, best) {
			best, failed = chosen, 0
			continue
		}
		failed++
	}
	return best
}

// needsByOwner indexes the needs by the couple that has them (the root's under -1): owned,
// below.
func (p *Program) needsByOwner() map[int][]Need {
	owned := map[int][]Need{}
	for _, n := range p.Needs {
		owned[n.Owner] = append(owned[n.Owner], n)
	}
	return owned
}

// partOf is up to size couples of set below its i-th: breadth first through the couples of
// set that meet its needs.
func partOf(set []int, owned map[int][]Need, i, size int) map[int]bool {
	in := map[int]bool{}
	for _, v := range set {
		in[v] = true
	}
	part := map[int]bool{set[i]: true}
	queue := []int{set[i]}
	for len(queue) > 0 && len(part) < size {
		v := queue[0]
		queue = queue[1:]
		for _, n := range owned[v] {
			for _, a := range n.Alternatives {
				if slices.ContainsFunc(a, func(u int) bool { return !in[u] }) {
					continue // not the alternative set takes
				}
				for _, u := range a {
					if !part[u] && len(part) < size {
						part[u] = true
						queue = append(queue, u)
					}
				}
			}
		}
	}
	return part
}

// freeing is the program left when the couples of set not in free are taken: the needs those
// leave unmet, and the needs of the couples that may meet them, new couples reach steps at
// most from the taken ones (each step a need of a couple reached, an alternative of it); no
// taken couple is a variable of it. It returns the taken couples beside it: a set of the
// program with them meets prog's needs. The program asks for fewer couples than free holds.
func (p *Program) freeing(owned map[int][]Need, set []int, free map[int]bool, reach int) (*Program, []int) {
	taken := map[int]bool{}
	var takenList []int
	for _, v := range set {
		if !free[v] {
			taken[v] = true
			takenList = append(takenList, v)
		}
	}
	sub := &Program{Vars: p.Vars, Fixed: map[int]bool{}, Below: len(set) - len(takenList), Taken: len(takenList)}
	for v, in := range p.Fixed {
		if !in {
			sub.Fixed[v] = false
		}
	}
	// the needs of the root and of the taken couples, then of each couple they may take;
	// step[u] is how far a couple reached is from them (the freed ones count as taken)
	step := map[int]int{}
	queue := append([]int{-1}, takenList...)
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		usable := func(u int) bool {
			_, reached := step[u]
			return taken[u] || free[u] || reached || step[v] < reach
		}
		for _, n := range owned[v] {
			owner := v
			if taken[v] {
				owner = -1
			}
			var alts [][]int
			met := false
			for _, a := range n.Alternatives {
				if !slices.ContainsFunc(a, func(u int) bool { return !usable(u) }) {
					rest := slices.DeleteFunc(slices.Clone(a), func(u int) bool { return taken[u] })
					met = met || len(rest) == 0
					alts = append(alts, rest)
				}
			}
			if met {
				continue
			}
			sub.Needs = append(sub.Needs, Need{Owner: owner, Alternatives: alts})
			for _, a := range alts {
				for _, u := range a {
					if _, reached := step[u]; !reached {
						step[u] = step[v] + 1
						if free[u] {
							step[u] = 0
						}
						queue = append(queue, u)
					}
				}
			}
		}
	}
	return sub, takenList
}

// needed is the part of set that the needs take from the root down, each met by the first
// of its alternatives that set holds: a couple of set no taken couple needs is left out
// (a freed part's new proof may no longer need some couple kept taken). When set meets
// every need, so does the part.
func (p *Program) needed(owned map[int][]Need, set []int) []int {
	in := map[int]bool{}
	for _, v := range set {
		in[v] = true
	}
	out := map[int]bool{}
	queue := []int{-1}
	for v, taken := range p.Fixed {
		if taken && !out[v] {
			out[v] = true
			queue = append(queue, v)
		}
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, n := range owned[v] {
			for _, a := range n.Alternatives {
				if slices.ContainsFunc(a, func(u int) bool { return !in[u] }) {
					continue
				}
				for _, u := range a {
					if !out[u] {
						out[u] = true
						queue = append(queue, u)
					}
				}
				break
			}
		}
	}
	return slices.Sorted(maps.Keys(out))
}
