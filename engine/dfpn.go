package engine

// df-pn (Nagai): the proof-number search of pns.go run depth first, in bounded memory. The
// couples are the same, and so are their numbers (a couple (L, n): pn the least dn of its
// options (Lⁱ, n) and (L, i), i < n; dn the sum of their pn; a sum solved component by
// component as (Lᵢ, k) couples), but no DAG is kept: a couple is searched below its
// parent until its proof number reaches one threshold or its disproof number the other,
// the thresholds set so that it returns just when another couple becomes the most proving.
// What it leaves behind is its numbers in a transposition table of bounded size (dfTable),
// and, once proven, its fact in the cache, learned as pns.go learns it.
//
// The threshold of the most-proving option is its sibling's disproof number times 1 + ε
// (Pawlewicz and Lew), not plus 1: the search stays longer in a subtree before it switches
// to a sibling whose numbers are about the same, and so searches again less of what it
// left; ε is small here (dfEpsilon).

// dfEpsilon is ε of the 1 + ε threshold, as a divisor: the second-best disproof number is
// raised by a thirty-second. Pawlewicz and Lew's ε = 1/4 is far too wide with the start's
// disproof numbers (1 + 4·hint, a hundred and more on Sprouts): a subtree is given a
// quarter of that again and goes deep where it should not. Measured on Sprouts, nodes
// (expansions, each visit of a couple) with the cache kept: 0*12 ε = 1/4 61 000, 1/8 19 142,
// 1/16 23 136, 1/32 22 343, 1/64 21 259, plain + 1 22 065; 0*13 1/4 263 000 to 418 000,
// 1/8 89 590, 1/16 48 415, 1/32 45 787, 1/64 70 452, plain + 1 71 940.
const dfEpsilon = 32

// A dfSearch is a df-pn search's table.
type dfSearch struct {
	tableBytes int64 // the table's budget
	table      *dfTable
	stack      []dfFrame // the couples being searched, root first, for the reports
	shown      dfShown   // what the reports show besides (dfpnprogress.go)
}

// WithDFPN makes the solver's Outcome, Nimber and recorded proofs use df-pn, with a
// transposition table of about tableBytes bytes (at least 64 KB).
func WithDFPN(tableBytes int64) SolverOption {
	return func(s *Solver) { s.UseDFPN(tableBytes) }
}

// UseDFPN switches the solver, between two searches, to df-pn with a table of tableBytes
// (tableBytes > 0), or back (tableBytes ≤ 0) to the search set otherwise. df-pn comes
// before proof-number search (UseProofNumbers) when both are set.
func (s *Solver) UseDFPN(tableBytes int64) {
	if tableBytes <= 0 {
		s.dfpn = nil
		return
	}
	s.dfpn = &dfSearch{tableBytes: tableBytes}
}

// DFPNCuts is how many times the last df-pn search cut its table down: 0 when it fitted.
func (s *Solver) DFPNCuts() int {
	if s.dfpn == nil || s.dfpn.table == nil {
		return 0
	}
	return s.dfpn.table.cuts
}

// dfOutcome is the outcome of (p, n) by df-pn.
func (s *Solver) dfOutcome(p Position, n int) bool {
	s.dfBegin()
	comps := p.Split()
	var pn int64
	switch len(comps) {
	case 0:
		win := s.terminal(p, n)
		s.dfpn.dfDecided(p, n, !win)
		return win
	case 1:
		pn, _ = s.dfCouple(part{comps[0], comps[0].Key()}, n, pnInf, pnInf)
	default:
		parts := make([]part, len(comps))
		for i, c := range comps {
			parts[i] = part{c, c.Key()}
		}
		pn, _ = s.dfSum(p, parts, n, pnInf, pnInf)
	}
	if s.err != nil {
		return false
	}
	s.dfpn.dfDecided(p, n, pn != 0)
	return pn == 0
}

// dfNimber is p's nimber by df-pn: each component's by Algorithm 3, its couples (c, m)
// searched for m rising until one is lost.
func (s *Solver) dfNimber(p Position) int {
	s.dfBegin()
	x := 0
	comps := p.Split()
	for i, c := range comps {
		s.dfpn.shown.left = len(comps) - 1 - i
		cp := part{c, c.Key()}
		m := s.untried(cp, 0)
		for s.err == nil {
			pn, dn := s.dfCouple(cp, m, pnInf, pnInf)
			if dn == 0 {
				break
			}
			if pn != 0 {
				return 0 // stopped
			}
			m = s.untried(cp, m+1)
		}
		x ^= m
	}
	if s.err == nil {
		s.dfpn.dfDecided(p, x, true)
	}
	return x
}

// dfBegin starts a search with an empty table: the workers of a team share the budget.
func (s *Solver) dfBegin() {
	bytes := s.dfpn.tableBytes
	if s.par.live != nil {
		bytes /= int64(len(s.par.live.workers))
	}
	s.dfpn.table = newDFTable(bytes)
	s.level = 0
}

// dfStart is the numbers of a couple never searched: those of pns.go's recording start,
// and else 1 and 1 + 4·hint, pns.go's start before it took the heap into account. df-pn's ε
// was measured with these; with pns.go's hintStart, Sprouts 0*12 took 18 828 nodes (22 343
// with these), but 0*13 68 733 (45 787).
func (s *Solver) dfStart(h int) (int64, int64) {
	v := pnNode{hint: h}
	if s.rec != nil {
		return proofStart(&v)
	}
	return 1, 1 + 4*int64(max(h, 0))
}

// dfNumbers is what is known of the couple (c, n) without searching it: its outcome from the
// cache or the game's theory, else its numbers from the table, else the start's.
func (s *Solver) dfNumbers(c part, n int) (int64, int64) {
	if pn, dn, known := s.dfKnown(c, n); known {
		return pn, dn
	}
	if e, ok := s.dfpn.table.get(ref{c.key, n, false}); ok {
		return e.pn, e.dn
	}
	return s.dfStart(HintOf(c.pos))
}

// dfKnown is the numbers of (c, n) when the cache or the game's theory decides it.
func (s *Solver) dfKnown(c part, n int) (pn, dn int64, known bool) {
	f, ok := s.fact(c)
	if !ok {
		return 0, 0, false
	}
	known, win := f.Outcome(n)
	return boolPN(win), boolDN(win), known
}

// A dfKid is one open option of a couple being searched.
type dfKid struct {
	opt    *option // nil: the heap's option (c, heap)
	heap   int
	pn, dn int64
}

// dfCouple searches the couple (c, n) of a component that does not split until its proof
// number reaches thpn, its disproof number thdn, or it is proven, and returns its numbers.
func (s *Solver) dfCouple(c part, n int, thpn, thdn int64) (pn, dn int64) {
	if pn, dn = s.dfNumbers(c, n); pn == 0 || dn == 0 || pn >= thpn || dn >= thdn {
		return pn, dn
	}
	s.dfpn.dfPush(c.pos, n, pn, dn)
	defer s.dfpn.dfPop()
	if s.par.live != nil {
		defer s.markCouple(c, n).Add(-1)
	}
	start := s.c.nodes.Load()
	s.tick()
	if s.err != nil {
		return pn, dn
	}
	s.c.enter()
	s.level++
	defer func() { s.c.leave(); s.level-- }()
	opts := s.options(c, n)
	if s.err != nil {
		return pn, dn
	}
	kids, proof, won := s.dfKids(c, n, opts)
	for !won && s.err == nil {
		pn, dn = dfCoupleNumbers(kids)
		s.dfpn.dfNote(pn, dn)
		if dn == 0 {
			s.learnLost(c, n, opts)
			break
		}
		if pn >= thpn || dn >= thdn {
			break
		}
		if s.par.live != nil { // another worker may have proved (c, n) meanwhile
			if pn, dn, known := s.dfKnown(c, n); known {
				return pn, dn
			}
		}
		best, second := s.dfMostProving(c, n, kids, thpn)
		k := &kids[best]
		kthpn := min(thdn-(dn-k.pn), pnInf)
		kthdn := min(thpn, max(second+1, min(second+second/dfEpsilon, pnInf)))
		if k.opt == nil {
			k.pn, k.dn = s.dfCouple(c, k.heap, kthpn, kthdn)
		} else {
			k.pn, k.dn = s.dfOption(k.opt, n, kthpn, kthdn)
		}
		if k.dn == 0 {
			won, proof = true, s.dfKidRef(c, n, k)
		}
	}
	if s.err != nil {
		return pn, dn
	}
	if won {
		s.won(c, n, proof)
		pn, dn = 0, pnInf
	}
	s.dfpn.table.put(ref{c.key, n, false}, pn, dn, s.c.nodes.Load()-start)
	return pn, dn
}

// learnLost learns that (c, n) is losing: every option is winning.
func (s *Solver) learnLost(c part, n int, opts []option) {
	if s.rec != nil {
		s.rec.lost(c, n, opts)
	}
	s.learn(c.key, n, false)
}

// dfKids lists the open options of (c, n) with their numbers, or, when one is known to be
// losing, says so (won) with its ref.
func (s *Solver) dfKids(c part, n int, opts []option) (kids []dfKid, proof ref, won bool) {
	kids = make([]dfKid, 0, len(opts)+n)
	for i := range opts {
		o := &opts[i]
		switch {
		case s.rec != nil && len(o.parts) == 0:
			// The proof names the terminal couple: record it as the depth-first search does.
			if !s.terminal(o.pos, n) {
				return nil, o.ref(n), true
			}
			continue
		case s.rec == nil && o.class == knownLosing:
			return nil, o.ref(n), true
		case s.rec == nil && o.class == knownWinning:
			continue // it cannot prove (c, n), and no proof is recorded
		}
		k := dfKid{opt: o}
		k.pn, k.dn = s.dfOptionNumbers(o, n)
		if k.dn == 0 {
			return nil, o.ref(n), true
		}
		if k.pn != 0 {
			kids = append(kids, k)
		}
	}
	for i := 0; i < n; i++ {
		k := dfKid{heap: i}
		k.pn, k.dn = s.dfNumbers(c, i)
		if k.dn == 0 {
			return nil, ref{c.key, i, false}, true
		}
		if k.pn != 0 {
			kids = append(kids, k)
		}
	}
	return kids, ref{}, false
}

// dfKidRef names the couple of the kid k of (c, n).
func (s *Solver) dfKidRef(c part, n int, k *dfKid) ref {
	if k.opt == nil {
		return ref{c.key, k.heap, false}
	}
	return k.opt.ref(n)
}

// dfCoupleNumbers is a couple's numbers from its kids': winning as soon as one kid is lost.
func dfCoupleNumbers(kids []dfKid) (pn, dn int64) {
	pn = pnInf
	for i := range kids {
		pn = min(pn, kids[i].dn)
		dn = addPN(dn, kids[i].pn)
	}
	return pn, dn
}

// dfMostProving returns the kid of (c, n) with the least disproof number (the first at a
// tie) and the second least disproof number (pnInf when it is alone). In a team, a kid
// another worker is searching counts twice its disproof number (dfBusyDN); a kid whose own
// is thpn or more is never picked then, as it would return at once (thpn is more than the
// least, the couple's proof number).
func (s *Solver) dfMostProving(c part, n int, kids []dfKid, thpn int64) (best int, second int64) {
	best, second = -1, pnInf
	bestDN := int64(0)
	for i := range kids {
		dn := kids[i].dn
		if s.par.live != nil {
			switch {
			case dn >= thpn:
				dn = pnInf
			case s.dfBusy(c, n, &kids[i]):
				dn = dfBusyDN(dn)
			}
		}
		switch {
		case best < 0 || dn < bestDN:
			if best >= 0 {
				second = bestDN
			}
			best, bestDN = i, dn
		case dn < second:
			second = dn
		}
	}
	return best, second
}

// dfOptionNumbers is what is known of the option o with heap n without searching it.
func (s *Solver) dfOptionNumbers(o *option, n int) (int64, int64) {
	if len(o.parts) == 1 {
		return s.dfNumbers(o.parts[0], n)
	}
	if e, ok := s.dfpn.table.get(o.ref(n)); ok {
		return e.pn, e.dn
	}
	return s.dfSumNumbers(o.pos, o.parts, n)
}

// dfOption searches the option o with heap n within the thresholds.
func (s *Solver) dfOption(o *option, n int, thpn, thdn int64) (int64, int64) {
	if len(o.parts) == 1 {
		return s.dfCouple(o.parts[0], n, thpn, thdn)
	}
	if s.par.live != nil {
		defer s.markSum(o, n).Add(-1)
	}
	return s.dfSum(o.pos, o.parts, n, thpn, thdn)
}
