package engine

// A ref names a couple in the recorded proofs: a component's key, or a sum's, and the heap.
type ref struct {
	key string
	n   int
	sum bool
}

// A proof is one proven couple and the couples that prove it (DESIGN.md "Solution trees"):
// a losing couple lists all its options, a winning one its losing option, a sum its
// components' losing couples and then the couple left for last.
type proof struct {
	pos  Position
	n    int
	win  bool
	sum  bool
	kids []ref
}

// A recorder keeps every couple a search proves, with its proof, so that a solution tree can
// be read out after the search, complete whatever the cache forgot. While it records, the
// solver takes its facts only from here: facts the cache had from before come with no proof.
type recorder struct {
	facts  map[string]Fact
	proofs map[ref]*proof
	bytes  int64 // estimated memory of facts and proofs: the solver stops past its budget

	// stop tells whether the work after the search (shrinking the tree, reading it out)
	// must end: the search's context is done. Those steps look at it now and then.
	stop    func() bool
	polls   int
	stopped bool
}

// halted reports whether the work after the search must end, asking stop every 64 calls.
func (r *recorder) halted() bool {
	if !r.stopped && r.stop != nil {
		if r.polls++; r.polls%64 == 0 {
			r.stopped = r.stop()
		}
	}
	return r.stopped
}

func newRecorder() *recorder {
	return &recorder{facts: make(map[string]Fact), proofs: make(map[ref]*proof)}
}

// Estimated memory of what a recorder keeps: a proof (its struct, its map entry and ref) and
// each of its kids; a fact (its map entry); the position a proof holds, which the game owns.
const (
	proofBytes     = 160
	kidBytes       = 32
	factBytes      = 96
	recordPosBytes = 64
)

func (r *recorder) add(key string, pr *proof) {
	k := ref{key, pr.n, pr.sum}
	if _, ok := r.proofs[k]; !ok {
		r.proofs[k] = pr
		r.bytes += proofBytes + recordPosBytes + int64(len(key)+kidBytes*len(pr.kids))
	}
}

// learn records a fact this search proved of the component with key.
func (r *recorder) learn(key string, f Fact) {
	if _, ok := r.facts[key]; !ok {
		r.bytes += factBytes + int64(len(key))
	}
	r.facts[key] = f
}

// terminal records (P, n) for a position with no move.
func (r *recorder) terminal(p Position, n int) {
	pr := &proof{pos: p, n: n, win: n != 0}
	if n != 0 {
		pr.kids = []ref{{emptyKey, 0, false}}
		r.add(emptyKey, &proof{pos: p, n: 0})
	}
	r.add(emptyKey, pr)
}

func (r *recorder) won(p part, n int, child ref) {
	r.add(p.key, &proof{pos: p.pos, n: n, win: true, kids: []ref{child}})
}

// lost records a losing couple: every option of the position part, and of the heap.
func (r *recorder) lost(p part, n int, opts []option) {
	kids := make([]ref, 0, len(opts)+n)
	for i := range opts {
		kids = append(kids, opts[i].ref(n))
	}
	for i := 0; i < n; i++ {
		kids = append(kids, ref{p.key, i, false})
	}
	r.add(p.key, &proof{pos: p.pos, n: n, kids: kids})
}

// sum records a sum couple: the components' nimbers and the couple left for last.
func (r *recorder) sum(p Position, parts []part, n, last int, nims []int, x int, win bool) {
	kids := make([]ref, 0, len(parts))
	for i, c := range parts {
		if i != last {
			kids = append(kids, ref{c.key, nims[i], false})
		}
	}
	kids = append(kids, ref{parts[last].key, x, false})
	r.add(sumKey(parts), &proof{pos: p, n: n, win: win, sum: true, kids: kids})
}

// find returns the proof of the couple k. A winning couple (P, n) whose proof was never
// written down is one the search answered from the fact "nimber(P) = m < n": its proof is the
// move of the heap to m.
func (r *recorder) find(k ref) (*proof, bool) {
	if pr, ok := r.proofs[k]; ok {
		return pr, true
	}
	if k.sum {
		return nil, false
	}
	m, ok := r.facts[k.key].Nimber()
	if !ok || m >= k.n {
		return nil, false
	}
	base, ok := r.proofs[ref{k.key, m, false}]
	if !ok {
		return nil, false
	}
	pr := &proof{pos: base.pos, n: k.n, win: true, kids: []ref{{k.key, m, false}}}
	r.proofs[k] = pr
	r.bytes += proofBytes + kidBytes
	return pr, true
}
