package store

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"grundy/engine"
	"grundy/games"
)

// Smallest finds the fewest couples of db from which Certify still derives what it derives
// of p from the whole of db: not one couple at a time, as Shrink leaves them out, but every
// choice at once. Which couples a proof needs is a 0-1 program: a couple taken needs each of
// its options shown winning, and a winning couple needs one of its losing options, whose
// components' couples are then taken too; the fewest couples taken is the objective. CBC
// solves it (the cbc command; see Solver). Its answer is checked by Certify before it is
// returned, so the program is trusted for nothing but its choice.
//
// full is the plain check's certificate of p from db, Certify's with DatabaseOnly: the proof
// takes its nimbers from db alone, never from the game's theory, so that the result is a
// certificate Glop's check accepts as it is.
//
// from, when not nil, is a certificate of the same result found before (a smaller one, its
// couples all in db): the search starts from it instead of the plain check's, improving it
// a part at a time, then weighing the whole program (no relaxation, which a pool of tens of
// thousands keeps the solver in for half an hour).
//
// The search stops at deadline (none when zero) or when ctx is done, and returns the
// smallest certificate found with the stop's error: the solver's best, else the start's
// couples. The solver's best is checked after a deadline however long it takes (a set of ten
// thousand couples takes minutes: it is what the run was for); after ctx is done, for a few
// seconds at most, the start's couples kept when that is not enough.
func Smallest(ctx context.Context, g games.Game, db *Database, p engine.Position, full, from *Certificate, solver Solver, deadline time.Time) (*Certificate, error) {
	search, cancel := ctx, context.CancelFunc(func() {})
	if !deadline.IsZero() {
		search, cancel = context.WithDeadline(ctx, deadline)
	}
	defer cancel()
	begin := cmp.Or(from, full)
	if !sameResult(begin, full) {
		return nil, errors.New("the certificate to start from derives another result than the pool")
	}
	// Stopped before the solver ran, the start's couples are the smallest found: a pool of
	// tens of thousands takes longer to write as a program than to check.
	m, err := newCoupleModel(search, g, db)
	if err != nil {
		return stoppedAt(search, begin, err)
	}
	prog, err := m.program(engine.Exactly(p), full.HasNimber)
	if err != nil {
		return stoppedAt(search, begin, err)
	}
	start := make([]int, 0, len(begin.Used))
	for _, r := range begin.Used {
		v, ok := m.index[r.Key]
		if !ok && from != nil {
			return nil, fmt.Errorf("the certificate to start from has %s, which the pool lacks", engine.Quote(r.Position))
		}
		if ok {
			start = append(start, v)
		}
	}
	chosen, stopErr := smallestSet(search, prog, start, solver, from == nil)
	if chosen == nil {
		return stoppedAt(search, begin, stopErr)
	}
	if len(chosen) == len(start) {
		return begin, stopErr // nothing smaller than the start's, certified already
	}
	sub := &Database{Name: db.Name, Format: db.Format}
	for _, v := range chosen {
		sub.Records = append(sub.Records, m.records[v])
	}
	check, cancelCheck := ctx, context.CancelFunc(func() {})
	if ctx.Err() != nil {
		check, cancelCheck = context.WithTimeout(context.WithoutCancel(ctx), recheckGrace)
	}
	defer cancelCheck()
	cert, err := Certify(check, g.Name(), sub, p, DatabaseOnly())
	if err != nil && check.Err() != nil {
		return begin, cmp.Or(stopErr, check.Err())
	}
	if err != nil {
		return nil, fmt.Errorf("the solver's choice of %d couples does not prove it: %w", len(chosen), err)
	}
	if !sameResult(cert, full) {
		return nil, fmt.Errorf("the solver's choice of %d couples derives another result", len(chosen))
	}
	return cert, stopErr
}

// recheckGrace is how long a stopped Smallest may still check the solver's best set.
const recheckGrace = 5 * time.Second

// stoppedAt returns the start's certificate with err when ctx stopped the work after it,
// and err alone when something else failed.
func stoppedAt(ctx context.Context, start *Certificate, err error) (*Certificate, error) {
	if ctx.Err() != nil {
		return start, err
	}
	return nil, err
}

// A Program is a covering problem in 0-1 variables, one per couple of the database: take the
// fewest couples such that every Need holds. Variables are numbered 0 … Vars-1.
type Program struct {
	Vars  int
	Fixed map[int]bool // variables whose value is set: taken (true) or left out
	Needs []Need
	Below int // when not 0, only sets of fewer couples are wanted (else ErrNoSmaller)
	Taken int // couples taken besides the variables (a part's program): added to a set's size when it is said
}

// A Need says: when Owner is taken (always, when Owner is -1), so is every couple of at least
// one of the Alternatives. An empty alternative always holds (such needs are not written);
// no alternative at all means Owner cannot be taken.
type Need struct {
	Owner        int
	Alternatives [][]int
}

// A Solver chooses the variables of a Program to take: the smallest set it found, and a
// non-nil error when it was stopped or failed (with the best set so far, if any). Relax
// solves the program's relaxation, where a variable may take a fraction of 1: its nonzero
// values, and their sum, a bound below every set.
type Solver interface {
	Solve(ctx context.Context, prog *Program) ([]int, error)
	Relax(ctx context.Context, prog *Program) (map[int]float64, float64, error)
}

// smallestSet solves prog, of which start is a solution, in steps. A program of thousands
// of couples and tens of thousands of alternatives may keep the solver for hours before it
// finds any set, while the couples its relaxation leaves at 0 are seldom in the smallest:
// so the solver first takes the program reduced to those the relaxation uses (with those
// of start when they hold no set: start is one), in seconds, then the whole program with
// the time left, asked for a set smaller than the best found (ErrNoSmaller: the best is the
// smallest of all). Between the two, the best is improved a part at a time (improveByParts).
//
// Without relax, a start found before is improved by parts at once, then the whole program
// weighed.
func smallestSet(ctx context.Context, prog *Program, start []int, solver Solver, relax bool) ([]int, error) {
	best := start
	if relax {
		var err error
		if best, err = relaxedSet(ctx, prog, start, solver); best == nil || ctx.Err() != nil {
			return best, err
		}
	}
	// Then the best improved a part at a time, for three quarters of the time left (until
	// the parts stop giving smaller sets, when there is no deadline), the whole program
	// given the rest: on a pool of tens of thousands the parts find smaller sets where the
	// whole program's search finds none in an hour.
	stop := time.Now().Add(100 * 365 * 24 * time.Hour)
	if d, ok := ctx.Deadline(); ok {
		stop = time.Now().Add(time.Until(d) * 3 / 4)
	}
	best = improveByParts(ctx, prog, best, 1, solver, stop, uint64(len(best)))
	if ctx.Err() != nil {
		return best, ctx.Err()
	}
	whole := *prog
	whole.Below = len(best)
	chosen, err := solver.Solve(ctx, &whole)
	if better(prog, chosen, best) {
		best = chosen
	}
	switch {
	case ctx.Err() != nil:
		return best, ctx.Err() // cbc's own words on its stop say less
	case errors.Is(err, ErrNoSmaller):
		return best, nil
	}
	return best, err
}

// relaxedSet is the best set of the program reduced to the couples its relaxation takes
// (with start's, when those alone hold no set), or start; nil with the relaxation's failure.
func relaxedSet(ctx context.Context, prog *Program, start []int, solver Solver) ([]int, error) {
	best := start
	values, _, err := solver.Relax(ctx, prog)
	switch {
	case ctx.Err() != nil:
		return best, ctx.Err()
	case err != nil:
		return nil, err
	}
	// The relaxation's couples alone mostly hold a set; else with start's, they do.
	keep := map[int]bool{}
	for v := range values {
		keep[v] = true
	}
	all := len(prog.used())
	for _, add := range [][]int{nil, start} {
		for _, v := range add {
			keep[v] = true
		}
		if len(keep) == all {
			break
		}
		// A failure only leaves the next step to find a set.
		chosen, _ := solver.Solve(ctx, prog.within(keep))
		if better(prog, chosen, best) {
			best = chosen
		}
		if ctx.Err() != nil {
			return best, ctx.Err()
		}
		if chosen != nil {
			break
		}
	}
	return best, nil
}

// better reports whether chosen is a smaller set than best that meets the program's needs:
// a solver stopped in the middle of its search may write a set that does not.
func better(prog *Program, chosen, best []int) bool {
	return chosen != nil && len(chosen) < len(best) && prog.holds(chosen)
}

// rootless reports whether a need of the root has no alternative left (a program reduced by
// within may have one): no set meets it, and the LP format cannot say so of the root, which
// is no variable.
func (p *Program) rootless() bool {
	return slices.ContainsFunc(p.Needs, func(n Need) bool { return n.Owner < 0 && len(n.Alternatives) == 0 })
}

// within is the program with only the variables of keep: every other one left out, with
// the needs and alternatives that would take it.
func (p *Program) within(keep map[int]bool) *Program {
	out := &Program{Vars: p.Vars, Fixed: map[int]bool{}, Below: p.Below, Taken: p.Taken}
	for v, in := range p.Fixed {
		if in || keep[v] {
			out.Fixed[v] = in
		}
	}
	for _, n := range p.Needs {
		if n.Owner >= 0 && !keep[n.Owner] {
			continue
		}
		alts := make([][]int, 0, len(n.Alternatives))
		for _, a := range n.Alternatives {
			if !slices.ContainsFunc(a, func(v int) bool { return !keep[v] }) {
				alts = append(alts, a)
			}
		}
		out.Needs = append(out.Needs, Need{Owner: n.Owner, Alternatives: alts})
	}
	return out
}

// coupleModel holds the database's couples as the program's variables.
type coupleModel struct {
	records []Record
	pos     []engine.Position // each record's position, keyed as the check keys it
	index   map[string]int    // key → variable
	memo    map[coupleID][][]int
	options map[string][]optionCouples // component key → its options the database proves
	work    int
	ctx     context.Context
}

func newCoupleModel(ctx context.Context, g games.Game, db *Database) (*coupleModel, error) {
	m := &coupleModel{index: map[string]int{}, memo: map[coupleID][][]int{},
		options: map[string][]optionCouples{}, ctx: ctx}
	for _, r := range db.Records {
		if _, ok := r.Fact.Nimber(); !ok {
			continue
		}
		if r.Position == "" {
			return nil, fmt.Errorf("couple %q: no position to move from, only an engine key", r.Key)
		}
		q, err := g.Parse(r.Position)
		if err != nil {
			return nil, err
		}
		m.index[r.Key] = len(m.records)
		m.records = append(m.records, r)
		m.pos = append(m.pos, engine.Exactly(q))
	}
	return m, nil
}

// nimber gives the database's nimber of the component with key, and its variable.
func (m *coupleModel) nimber(key string) (n, v int, ok bool) {
	v, ok = m.index[key]
	if !ok {
		return 0, -1, false
	}
	n, _ = m.records[v].Fact.Nimber()
	return n, v, true
}

func (m *coupleModel) tick() error {
	if m.work++; m.work%256 == 0 && m.ctx.Err() != nil {
		return fmt.Errorf("stopped while writing the program: %w", m.ctx.Err())
	}
	return nil
}

// program writes the needs of the couples the proof of p may reach, from p's: its
// components all taken when the database gives p's nimber (losing), else (p, 0) winning.
func (m *coupleModel) program(p engine.Position, losing bool) (*Program, error) {
	prog := &Program{Vars: len(m.records), Fixed: map[int]bool{}}
	queued := map[int]bool{}
	var queue []int
	need := func(owner int, alts [][]int) {
		for _, a := range alts {
			if len(a) == 0 {
				return
			}
		}
		prog.Needs = append(prog.Needs, Need{Owner: owner, Alternatives: alts})
		for _, a := range alts {
			for _, v := range a {
				if !queued[v] {
					queued[v] = true
					queue = append(queue, v)
				}
			}
		}
	}
	comps := engine.CancelPairs(p.Split())
	if losing {
		for _, c := range comps {
			_, v, _ := m.nimber(c.Key())
			prog.Fixed[v] = true
			need(-1, [][]int{{v}})
		}
	} else {
		// Some component of p is not in the database, so no choice of couples makes the
		// check prove p's nimber instead.
		alts, err := m.win(p, 0)
		if err != nil {
			return nil, err
		}
		need(-1, alts)
	}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		q := m.pos[v]
		n, _ := m.records[v].Fact.Nimber()
		seen := map[coupleID]bool{}
		for o := range q.Options() {
			if err := m.tick(); err != nil {
				return nil, err
			}
			oc := o.Split()
			if id := idOf(oc, n); !seen[id] {
				seen[id] = true
				alts, err := m.win(o, n)
				if err != nil {
					return nil, err
				}
				need(v, alts)
			}
		}
		for i := range n {
			alts, err := m.win1(q, q.Key(), i)
			if err != nil {
				return nil, err
			}
			need(v, alts)
		}
	}
	return prog, nil
}

// win gives the ways of showing (q, n) winning, as Certify's winSum does: every component
// left after pairs cancel but one from the database, the last shown winning against the
// heap that makes the sum.
func (m *coupleModel) win(q engine.Position, n int) ([][]int, error) {
	comps := engine.CancelPairs(q.Split())
	switch len(comps) {
	case 0:
		if n == 0 {
			return nil, nil
		}
		return [][]int{{}}, nil
	case 1:
		return m.win1(comps[0], comps[0].Key(), n)
	}
	var out [][]int
	for i, last := range comps {
		others := make([]int, 0, len(comps)-1)
		x, ok := n, true
		for j, c := range comps {
			if j == i {
				continue
			}
			k, v, in := m.nimber(c.Key())
			if !in {
				ok = false
				break
			}
			x ^= k
			others = append(others, v)
		}
		if !ok {
			continue
		}
		alts, err := m.win1(last, last.Key(), x)
		if err != nil {
			return nil, err
		}
		for _, a := range alts {
			out = append(out, sortedSet(append(slices.Clone(others), a...)))
		}
	}
	return dedupe(out), nil
}

// win1 gives the ways of showing (c, x) winning for a component c, as Certify's win1: the
// heap moved to c's nimber when it is smaller, or an option whose components' nimbers XOR
// to x.
func (m *coupleModel) win1(c engine.Position, key string, x int) ([][]int, error) {
	id := coupleID{key, x}
	if alts, ok := m.memo[id]; ok {
		return alts, nil
	}
	var out [][]int
	if k, v, ok := m.nimber(key); ok {
		if k == x {
			m.memo[id] = nil
			return nil, nil
		}
		if k < x {
			out = append(out, []int{v})
		}
	}
	opts, err := m.optionsOf(c, key)
	if err != nil {
		return nil, err
	}
	for _, o := range opts {
		if o.xor == x {
			out = append(out, o.couples)
		}
	}
	out = dedupe(out)
	m.memo[id] = out
	return out, nil
}

// optionCouples is an option of a component whose every component left after pairs cancel
// is in the database: their nimbers' XOR, and their couples.
type optionCouples struct {
	xor     int
	couples []int
}

// optionsOf gives the options of the component c (key) that the database can show losing
// against some heap. They are made once a component, whatever the heap: the same component
// comes back against many heaps, and making its options (canonical texts) is the cost.
func (m *coupleModel) optionsOf(c engine.Position, key string) ([]optionCouples, error) {
	if opts, ok := m.options[key]; ok {
		return opts, nil
	}
	opts := []optionCouples{}
	for o := range c.Options() {
		if err := m.tick(); err != nil {
			return nil, err
		}
		var a []int
		x, ok := componentsXOR(o, func(c engine.Position) (int, bool) {
			k, v, ok := m.nimber(c.Key())
			a = append(a, v)
			return k, ok
		})
		if ok {
			opts = append(opts, optionCouples{x, sortedSet(a)})
		}
	}
	m.options[key] = opts
	return opts, nil
}

func sortedSet(a []int) []int {
	slices.Sort(a)
	return slices.Compact(a)
}

// dedupe removes repeated alternatives, keeping the first of each.
func dedupe(alts [][]int) [][]int {
	seen := map[string]bool{}
	out := alts[:0]
	for _, a := range alts {
		k := setKey(a)
		if !seen[k] {
			seen[k] = true
			out = append(out, a)
		}
	}
	return out
}

func setKey(a []int) string {
	var b strings.Builder
	for _, v := range a {
		b.WriteString(strconv.Itoa(v))
		b.WriteByte(',')
	}
	return b.String()
}

// used lists the variables some need may take: those the program is about.
func (p *Program) used() []int {
	set := map[int]bool{}
	for v := range p.Fixed {
		set[v] = true
	}
	for _, n := range p.Needs {
		if n.Owner >= 0 {
			set[n.Owner] = true
		}
		for _, a := range n.Alternatives {
			for _, v := range a {
				set[v] = true
			}
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// holds reports whether set meets every need of the program.
func (p *Program) holds(set []int) bool {
	taken := map[int]bool{}
	for _, v := range set {
		taken[v] = true
	}
	for v, in := range p.Fixed {
		if taken[v] != in {
			return false
		}
	}
	for _, n := range p.Needs {
		if n.Owner >= 0 && !taken[n.Owner] {
			continue
		}
		if !slices.ContainsFunc(n.Alternatives, func(a []int) bool {
			return !slices.ContainsFunc(a, func(v int) bool { return !taken[v] })
		}) {
			return false
		}
	}
	return true
}
