package engine

import "sync/atomic"

// What a proof-number search shows of its way while it runs: the numbers of the couple it
// decides, the size of its DAG, and the most-proving path. It is taken on the search's own
// goroutine, only when progress is reported (tick, end), and handed out as a value that
// shares nothing with the DAG: a report costs a walk down one path, not a cost per node.

// ProofInfinite is the proof number of what cannot be proven: its opposite is.
const ProofInfinite = pnInf

// MaxPathSteps bounds the steps of the most-proving path a report keeps: the first
// pathHead from the root, the rest from the couple being expanded up.
const (
	MaxPathSteps = 8
	pathHead     = 2
)

// maxStepText bounds the text of a position on the path, in bytes: a report stays small.
const maxStepText = 80

// A ProofProgress is a snapshot of a proof-number search, as Stats.Proof carries it.
type ProofProgress struct {
	// Root is the couple the search decides now: the root's, or, for a nimber (Algorithm 3),
	// the couple (P, k) of the heap k being tried, or (P, nimber) once proven.
	Root ProofStep
	// PN and DN are Root's proof and disproof numbers: about how many couples are still to
	// be solved to prove it winning (W), and losing (L). 0 is proven, ProofInfinite
	// impossible.
	PN, DN int64
	// Left is how many components' nimbers are still sought besides Root's, for a position
	// that splits.
	Left int
	// Couples and Bytes are the DAG's nodes and its estimated memory; Largest and
	// LargestBytes its largest size in the call so far (a recording's second search,
	// closed at once, makes a DAG of one couple). With Table set, they are those of df-pn's
	// transposition table instead, which keeps no DAG.
	Table        bool
	Couples      int
	Bytes        int64
	Largest      int
	LargestBytes int64
	// Path is the most-proving path from Root to the couple about to be expanded (the last
	// step): at most MaxPathSteps of its PathLen couples, the first and the last ones (and
	// Root before them when a team splits it). df-pn's is its stack.
	Path    []ProofStep
	PathLen int
	// Options and OptionsWon are set while a team of workers (WithWorkers) decides Root by
	// its options, each worker proving one at a time with a search of its own: how many
	// options Root has, and how many are proven winning so far. PN, DN, the DAG and the
	// path (after Root) are then those of Option, the option the reporting worker proves.
	Options, OptionsWon int
	Option              ProofStep
	// Misere is set by a misère search by proof numbers, which decides the whole position
	// (Root, with no heap) and sets RootOptions and RootRefuted: how many distinct options
	// the root has, and how many are proven won for the opponent.
	Misere                   bool
	RootOptions, RootRefuted int
	// A win wants one option lost for the opponent, every reply to it won: of Root's option
	// nearest to such a proof (the least disproof number), once its replies are made (a
	// couple's: its options and heap options; not an option that splits), Replies is how
	// many it has and Answered how many are proven won for the player at the root. Set by
	// the proof-number searches over a DAG, misère or not, but a team's.
	Replies, Answered int
	// Cuts is how many times the DAG was cut down to its budget so far, its couples far
	// from the root made leaves again (prune, or misère's fit): each cut costs the search the
	// work under way below them, which a larger budget or a run on one option keeps.
	Cuts int
}

// A ProofStep is one couple of a report: its position's text (cut at about 80 bytes) and its
// heap, and its index on the most-proving path (0: Root).
type ProofStep struct {
	Position string
	N        int
	Depth    int
}

// Kept names what Couples and Bytes count: "dag", or "table" for df-pn's transposition
// table.
func (p *ProofProgress) Kept() string {
	if p.Table {
		return "table"
	}
	return "dag"
}

// Proven reports whether the root's outcome is proven (the numbers are Root's: no team
// splits it).
func (p *ProofProgress) Proven() bool { return p.Options == 0 && (p.PN == 0 || p.DN == 0) }

// Won reports whether the root is proven winning.
func (p *ProofProgress) Won() bool { return p.Options == 0 && p.PN == 0 }

// pnPublish takes a snapshot of the running proof-number search, if one runs, for the next
// Stats to carry.
func (s *Solver) pnPublish() {
	switch g := s.pns; {
	case s.mpn != nil:
		s.c.proof.Store(s.mpn.progress())
	case s.dfpn != nil: // it comes first (searchOutcome)
		if p := s.dfpn.progress(); p != nil {
			s.c.proof.Store(p)
		}
	case g == nil:
	case g.team != nil && g.root != nil:
		s.c.proof.Store(g.teamProgress())
	case g.teamLast != nil:
		s.c.proof.Store(g.teamDecided())
	case g.root != nil:
		s.c.proof.Store(g.progress())
	}
}

// teamProgress is the snapshot of a team's couple being decided: its options, and the one
// this worker proves now below it.
func (g *pnSearch) teamProgress() *ProofProgress {
	t := g.team
	p := g.progress()
	p.Option, p.Root = p.Root, stepOf(&pnNode{pos: t.couple.pos, ref: ref{n: t.n}}, 0)
	p.Options, p.OptionsWon = t.options, int(t.won.Load())
	path := []ProofStep{p.Root}
	for _, st := range p.Path {
		st.Depth++
		path = append(path, st)
	}
	if len(p.Path) > 0 {
		p.Path, p.PathLen = path, p.PathLen+1
	}
	return p
}

// teamDecided is the snapshot after a team decided its last couple (the nimber's, for a
// nimber): proven, with the DAG at its largest.
func (g *pnSearch) teamDecided() *ProofProgress {
	t := g.teamLast
	g.largest = g.size()
	p := &ProofProgress{Root: stepOf(&pnNode{pos: t.couple.pos, ref: ref{n: t.n}}, 0), Couples: len(g.nodes), Bytes: g.bytes,
		Largest: g.largest.couples, LargestBytes: g.largest.bytes}
	p.PN, p.DN = boolPN(t.win), boolDN(t.win)
	return p
}

// pnForget drops the last search's snapshot, root and size as another call begins, which
// may not be a proof-number search.
func (s *Solver) pnForget() {
	s.c.proof.Store(nil)
	if s.dfpn != nil {
		s.dfpn.dfForget()
	}
	if s.pns != nil {
		s.pns.root, s.pns.largest, s.pns.team, s.pns.teamLast = nil, pnSize{}, nil, nil
	}
}

// A pnTeamWork is a couple a team decides by its options (parallelpns.go), as the reports
// of its first worker show it.
type pnTeamWork struct {
	couple  part
	n       int
	options int
	won     *atomic.Int32 // the options proven winning so far
	win     bool          // once decided: the couple's outcome
}

// pnTeamStarts tells the reports that the team decides (c, m) by its options, won of
// which are proven winning.
func (s *Solver) pnTeamStarts(c part, m, options int, won *atomic.Int32) {
	s.pns.team = &pnTeamWork{couple: c, n: m, options: options, won: won}
}

// pnTeamEnds tells the reports that the team's couple is decided, lost or not, when ok.
func (s *Solver) pnTeamEnds(lost, ok bool) {
	if t := s.pns.team; t != nil && ok {
		t.win = !lost
		s.pns.teamLast = t
	}
	s.pns.team = nil
}

// A pnSize is the size of a DAG: its nodes and estimated bytes.
type pnSize struct {
	couples int
	bytes   int64
}

// noteSize keeps the size of the DAG of the call's last search as it is let go (begin), and
// forgets that search's root.
func (g *pnSearch) noteSize() {
	if g.root != nil {
		g.largest = g.size()
	}
	g.root = nil
}

// size is the larger of the DAG's size now and the largest noted.
func (g *pnSearch) size() pnSize {
	return pnSize{max(g.largest.couples, len(g.nodes)), max(g.largest.bytes, g.bytes)}
}

// progress is the snapshot of the search below g.root.
func (g *pnSearch) progress() *ProofProgress {
	root := g.root
	g.largest = g.size()
	p := &ProofProgress{Couples: len(g.nodes), Bytes: g.bytes, Largest: g.largest.couples, LargestBytes: g.largest.bytes, Cuts: g.pruned}
	if sum := root.sum; sum != nil && sum.last < 0 {
		// A nimber: its own numbers are a sum over the components; show those of the couple
		// being decided now, the heap tried of the first component left.
		if len(root.kids) == 0 {
			p.Root = stepOf(root, 0)
			p.Root.N = sum.heap
			p.PN, p.DN = pnInf, 0 // (P, its nimber) is losing
			return p
		}
		p.Left = len(root.kids) - 1
		root = root.kids[0]
	}
	p.Root = stepOf(root, 0)
	p.PN, p.DN = root.pn, root.dn
	if !root.proven() {
		p.Path, p.PathLen = pathOf(root)
		if g.team == nil { // a team's worker's root is an option: its nearest kid is a reply
			p.Replies, p.Answered = nearestOption(root)
		}
	}
	return p
}

// nearestOption says how far the couple's option nearest to a proof of it (the least
// disproof number: the cheapest to prove losing) is, once expanded: how many options it has
// (heap options counted), and how many of them are proven winning. All of them winning
// proves it losing, and the couple winning. 0, 0 when that option is a sum or not expanded.
func nearestOption(root *pnNode) (replies, answered int) {
	if root.sum != nil {
		return 0, 0
	}
	x := mostProvingKid(root)
	if x == nil || x.sum != nil || !x.expanded || x.proven() {
		return 0, 0
	}
	open := 0
	for _, k := range x.kids {
		if !k.won() {
			open++
		}
	}
	return int(x.made), int(x.made) - open
}

// pathOf returns the steps of the most-proving path from root down, the first pathHead and
// the last ones up to MaxPathSteps in all, and the path's length.
func pathOf(root *pnNode) ([]ProofStep, int) {
	var steps []ProofStep
	var tail [MaxPathSteps - pathHead]*pnNode
	n := 0
	for v := root; v != nil; v = mostProvingKid(v) {
		if n < pathHead {
			steps = append(steps, stepOf(v, n))
		} else {
			tail[(n-pathHead)%len(tail)] = v
		}
		n++
	}
	kept := max(0, min(n-pathHead, len(tail)))
	for i := n - kept; i < n; i++ {
		steps = append(steps, stepOf(tail[(i-pathHead)%len(tail)], i))
	}
	return steps, n
}

// stepOf is v as the step depth of a path.
func stepOf(v *pnNode, depth int) ProofStep { return stepText(v.pos, v.n, depth) }

// stepText is the couple (p, n) as the step depth of a path.
func stepText(p Position, n, depth int) ProofStep {
	text := p.String()
	if len(text) > maxStepText {
		cut := maxStepText
		for cut > 0 && text[cut]&0xC0 == 0x80 { // not inside a rune
			cut--
		}
		text = text[:cut] + "…"
	}
	return ProofStep{Position: text, N: n, Depth: depth}
}
