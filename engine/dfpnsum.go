package engine

import "slices"

// Sums in df-pn (Algorithm 2), as pns.go's sum nodes: the components but the hardest are
// solved one after the other as couples (Pᵢ, m), m rising while (Pᵢ, m) is won; the last
// is then played against the heap. A df-pn sum keeps no state between two visits: where
// each component stands is read again from the cache and the table.

// A dfSumState is where a sum stands: the nimbers found, the couples being solved.
type dfSumState struct {
	parts  []part
	last   int   // the component played against the heap
	heap   int   // the sum's heap ⊕ the nimbers found
	nims   []int // per component, its nimber once found
	tried  []int // per component, the heap of its couple being solved
	pn, dn []int64
	active []int // the components whose nimber is being found, easiest first
}

// dfSumStateOf reads where the sum (parts, n) stands from what is known.
func (s *Solver) dfSumStateOf(parts []part, n int) *dfSumState {
	k := len(parts)
	st := &dfSumState{parts: parts, last: s.hardest(parts), heap: n,
		nims: make([]int, k), tried: make([]int, k), pn: make([]int64, k), dn: make([]int64, k)}
	st.heap, st.active = s.foldKnown(parts, st.last, st.nims, st.heap)
	for j := 0; j < len(st.active); {
		if s.dfAdvance(st, st.active[j], 0) {
			st.active = slices.Delete(st.active, j, j+1)
			continue
		}
		j++
	}
	return st
}

// dfAdvance moves component i to its first couple from heap m on not known to be won, and
// reports whether that couple is known to be lost: then i's nimber is found, in the heap.
func (s *Solver) dfAdvance(st *dfSumState, i, m int) bool {
	c := st.parts[i]
	for m = s.untried(c, m); ; m = s.untried(c, m+1) {
		pn, dn := s.dfNumbers(c, m)
		switch {
		case dn == 0:
			st.nims[i] = m
			st.heap ^= m
			return true
		case pn != 0:
			st.tried[i], st.pn[i], st.dn[i] = m, pn, dn
			return false
		}
	}
}

// total is both numbers of a sum with components still to solve: the sum of their least
// numbers (each counts as much to prove the sum as to disprove it), 1 for the last.
func (st *dfSumState) total() int64 {
	t := int64(1)
	for _, i := range st.active {
		t = addPN(t, min(st.pn[i], st.dn[i]))
	}
	return t
}

// dfSumNumbers is what is known of the sum (p, n) of parts without searching it; a sum
// that is proven so is recorded.
func (s *Solver) dfSumNumbers(p Position, parts []part, n int) (int64, int64) {
	st := s.dfSumStateOf(parts, n)
	if len(st.active) > 0 {
		t := st.total()
		return t, t
	}
	pn, dn := s.dfNumbers(parts[st.last], st.heap)
	s.dfSumProven(p, st, n, pn, dn)
	return pn, dn
}

// dfSumProven records the sum (p, n) when its last couple is proven.
func (s *Solver) dfSumProven(p Position, st *dfSumState, n int, pn, dn int64) {
	if s.rec != nil && (pn == 0 || dn == 0) {
		s.rec.sum(p, st.parts, n, st.last, st.nims, st.heap, pn == 0)
	}
}

// dfSum searches the sum (p, n) of parts until its proof number reaches thpn, its disproof
// number thdn, or it is proven, and returns its numbers.
func (s *Solver) dfSum(p Position, parts []part, n int, thpn, thdn int64) (pn, dn int64) {
	start := s.c.nodes.Load()
	st := s.dfSumStateOf(parts, n)
	s.dfpn.dfPush(p, n, st.total(), st.total())
	defer s.dfpn.dfPop()
	for s.err == nil {
		if len(st.active) == 0 {
			s.dfpn.dfLast()
			pn, dn = s.dfCouple(parts[st.last], st.heap, thpn, thdn)
			if s.err == nil {
				s.dfSumProven(p, st, n, pn, dn)
			}
			break
		}
		t := st.total()
		s.dfpn.dfNote(t, t)
		if pn, dn = t, t; t >= thpn || t >= thdn {
			break
		}
		// The first component's couple must be solved either way: it may use what is left
		// below the thresholds, on either side.
		i := st.active[0]
		room := min(thpn, thdn) - t
		kpn, kdn := s.dfCouple(parts[i], st.tried[i], min(st.pn[i]+room, pnInf), min(st.dn[i]+room, pnInf))
		switch {
		case kdn == 0: // its nimber
			st.nims[i] = st.tried[i]
			st.heap ^= st.nims[i]
			st.active = st.active[1:]
		case kpn == 0:
			if s.dfAdvance(st, i, st.tried[i]+1) {
				st.active = st.active[1:]
			}
		default:
			st.pn[i], st.dn[i] = kpn, kdn
		}
	}
	if s.err == nil {
		s.dfpn.table.put(ref{sumKey(parts), n, true}, pn, dn, s.c.nodes.Load()-start)
	}
	return pn, dn
}
