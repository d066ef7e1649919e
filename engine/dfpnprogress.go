package engine

// What a df-pn search shows of its way while it runs, in the ProofProgress a proof-number
// search fills: the numbers of the couple it decides, the size of its transposition table
// (it keeps no DAG), and its path. df-pn's path is its stack: the couples it is searching,
// each below its parent until a threshold sends it back, from the root to the couple
// expanded now, which is the most-proving path of what the table knows.

// A dfFrame is one couple of the stack: a component's couple or a sum's, with its numbers as
// its search last computed them.
type dfFrame struct {
	pos    Position
	n      int
	pn, dn int64
	last   bool // a sum whose last couple is searched now: its numbers are that couple's
}

// dfShown is what a df-pn report shows besides the stack: how many components are left after
// the one being solved (a nimber), the decided root once the search ended, and the table at
// its largest in the call.
type dfShown struct {
	left         int
	final        *ProofStep // the root once decided, with finalPN and finalDN
	finalPN      int64
	finalDN      int64
	largest      int
	largestBytes int64
}

// dfPush puts the couple (p, n) on the stack, with its numbers so far; dfPop takes it off.
func (d *dfSearch) dfPush(p Position, n int, pn, dn int64) {
	d.stack = append(d.stack, dfFrame{pos: p, n: n, pn: pn, dn: dn})
}

func (d *dfSearch) dfPop() {
	d.stack[len(d.stack)-1] = dfFrame{}
	d.stack = d.stack[:len(d.stack)-1]
}

// dfNote sets the numbers of the couple on top of the stack.
func (d *dfSearch) dfNote(pn, dn int64) {
	top := &d.stack[len(d.stack)-1]
	top.pn, top.dn = pn, dn
}

// dfLast tells the reports that the sum on top of the stack plays its last component now.
func (d *dfSearch) dfLast() { d.stack[len(d.stack)-1].last = true }

// numbers returns the numbers of the couple at depth i of the stack: for a sum playing its
// last component, that couple's, which the sum's become.
func (d *dfSearch) numbers(i int) (int64, int64) {
	for d.stack[i].last && i+1 < len(d.stack) {
		i++
	}
	return d.stack[i].pn, d.stack[i].dn
}

// dfDecided tells the reports that the search's root, (p, n), is decided: lost when
// nimber(p) = n, else won.
func (d *dfSearch) dfDecided(p Position, n int, lost bool) {
	st := stepText(p, n, 0)
	d.shown.final = &st
	d.shown.finalPN, d.shown.finalDN = boolPN(!lost), boolDN(!lost)
}

// progress is the snapshot of the df-pn search: its root and path while it runs, its root
// decided once it ended; nil when there is nothing to show (no search yet, or one stopped
// before any couple).
func (d *dfSearch) progress() *ProofProgress {
	p := &ProofProgress{Table: true}
	if t := d.table; t != nil {
		p.Couples, p.Bytes = len(t.entries), t.bytes
		d.shown.largest = max(d.shown.largest, p.Couples)
		d.shown.largestBytes = max(d.shown.largestBytes, p.Bytes)
	}
	p.Largest, p.LargestBytes = d.shown.largest, d.shown.largestBytes
	switch {
	case len(d.stack) > 0:
		root := d.stack[0]
		p.Root, p.Left = stepText(root.pos, root.n, 0), d.shown.left
		p.PN, p.DN = d.numbers(0)
		p.Path, p.PathLen = d.path(), len(d.stack)
	case d.shown.final != nil:
		p.Root, p.PN, p.DN = *d.shown.final, d.shown.finalPN, d.shown.finalDN
	default:
		return nil
	}
	return p
}

// path returns the steps of the stack from its root, the first pathHead and the last ones
// up to MaxPathSteps in all.
func (d *dfSearch) path() []ProofStep {
	n := len(d.stack)
	var steps []ProofStep
	for i := range min(n, pathHead) {
		steps = append(steps, stepText(d.stack[i].pos, d.stack[i].n, i))
	}
	for i := max(pathHead, n-(MaxPathSteps-pathHead)); i < n; i++ {
		steps = append(steps, stepText(d.stack[i].pos, d.stack[i].n, i))
	}
	return steps
}

// dfForget drops what the reports of the last call showed, as another call begins.
func (d *dfSearch) dfForget() {
	clear(d.stack)
	d.stack = d.stack[:0]
	d.shown = dfShown{}
}
