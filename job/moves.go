package job

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"grundy/engine"
)

// errOptionTime ends the search of one option that took longer than its limit.
var errOptionTime = errors.New("option time limit")

// A moveGroup is the options of the position that are one position to solve: the same sum
// once equal components cancel in pairs (normal play: P + P has nimber 0, the mirror
// strategy), or the same multiset of components (misère play, where they do not cancel).
// Symmetric moves fall in one group too, their components having equal keys.
type moveGroup struct {
	pos     engine.Position   // what is searched: the components left (normal play), or the option
	parts   []engine.Position // normal play: the components left, pairs cancelled
	members []int             // the options of the group, indices in Result.Options
	cost    int               // the hints of the components not known yet: the easiest first
	guess   int               // the game's guess: smaller is more likely losing
}

// A moveSearch decides the options of one Moves or OutcomeMoves request, one group at a
// time, on a solver that shares the runner's cache: what one option proves, the next reads.
type moveSearch struct {
	r       *Runner
	req     Request
	res     *Result
	s       *engine.Solver
	misere  bool // misère play: the options' outcomes under it, whole positions searched
	outcome bool // only the options' outcomes are asked, not their nimbers
}

// moves decides every distinct option of the position, the easiest first (the engine's own
// order, paper §5.5), each within the request's OptionLimit, and answers from them: a
// winning move (a losing option) proves the position W as soon as it is found, and when
// every option is decided the position is L or, with every nimber known, their mex. An
// option not decided within its limit is left Undecided (with what its facts prove) and the
// next one is tried; a stop (ctx) keeps what was proven and returns ctx's error.
func (r *Runner) moves(ctx context.Context, req Request, res *Result) error {
	start := time.Now()
	defer func() { res.Search.Elapsed = time.Since(start) }()
	m := &moveSearch{r: r, req: req, res: res, misere: req.Misere, outcome: req.Task == OutcomeMoves || req.Misere}
	opts, err := m.options()
	if err != nil {
		return err
	}
	m.s = r.movesSolver(req)
	groups := m.groups(opts)
	defer m.answer(groups)
	for _, g := range groups {
		if m.decided(g) {
			continue
		}
		if err := m.solve(ctx, g); err != nil {
			return err
		}
	}
	return nil
}

// movesSolver is the solver of a Moves request: the runner's own, or, with a node limit per
// option, one that shares the runner's cache and stops each search past that limit.
func (r *Runner) movesSolver(req Request) *engine.Solver {
	s := r.solver
	if n := req.OptionLimit.Nodes; n > 0 {
		s = engine.NewSolver(append(r.budget.solverOptions(), engine.WithCache(r.cache),
			engine.WithProgress(r.report(Searching), r.every), engine.WithNodeLimit(n))...)
	}
	s.UseProofNumbers(req.proofNumbers(r.game))
	return s
}

// options lists the distinct options of the position (by notation), in the game's order.
func (m *moveSearch) options() ([]engine.Position, error) {
	var opts []engine.Position
	seen := map[string]bool{}
	for o := range m.req.Position.Options() {
		name := o.String()
		if seen[name] {
			continue
		}
		if len(opts) == MaxOptions {
			return nil, fmt.Errorf("more than %d options: solve the position's nimber instead", MaxOptions)
		}
		seen[name] = true
		opts = append(opts, o)
		m.res.Options = append(m.res.Options, Option{Position: name})
	}
	return opts, nil
}

// groups gathers opts into groups to solve, the easiest first: by increasing cost, then by
// the game's guess, then in the game's order.
func (m *moveSearch) groups(opts []engine.Position) []*moveGroup {
	var groups []*moveGroup
	byKey := map[string]*moveGroup{}
	for i, o := range opts {
		key, g := m.group(o)
		if known := byKey[key]; known != nil {
			known.members = append(known.members, i)
			continue
		}
		g.members = []int{i}
		byKey[key] = g
		groups = append(groups, g)
	}
	slices.SortStableFunc(groups, func(a, b *moveGroup) int {
		return cmp.Or(cmp.Compare(a.cost, b.cost), cmp.Compare(a.guess, b.guess))
	})
	return groups
}

// group returns the group of the option o, with no member yet, and its key.
func (m *moveSearch) group(o engine.Position) (string, *moveGroup) {
	g := &moveGroup{pos: o, guess: engine.GuessOf(o)}
	comps := o.Split()
	if m.misere {
		for _, c := range comps {
			g.cost += engine.HintOf(c)
		}
		return engine.MisereKey(o), g
	}
	var key string
	g.parts, key = cancelPairs(comps)
	switch len(g.parts) {
	case 1:
		g.pos = g.parts[0]
	default:
		g.pos = engine.Sum(g.parts)
	}
	for _, c := range g.parts {
		if _, known := m.fact(c).Nimber(); !known {
			g.cost = max(g.cost, engine.HintOf(c)) // the hardest unknown component sets the cost
		}
	}
	return key, g
}

// cancelPairs drops comps two by two where their keys are equal; it returns those left and
// the key of their sum: their keys, sorted, each prefixed by its length.
func cancelPairs(comps []engine.Position) ([]engine.Position, string) {
	type keyed struct {
		pos engine.Position
		key string
	}
	ks := make([]keyed, len(comps))
	for i, c := range comps {
		ks[i] = keyed{c, c.Key()}
	}
	slices.SortStableFunc(ks, func(a, b keyed) int { return strings.Compare(a.key, b.key) })
	var left []engine.Position
	var sum strings.Builder
	for i := 0; i < len(ks); i++ {
		if i+1 < len(ks) && ks[i].key == ks[i+1].key {
			i++
			continue
		}
		left = append(left, ks[i].pos)
		sum.WriteString(strconv.Itoa(len(ks[i].key)))
		sum.WriteByte(':')
		sum.WriteString(ks[i].key)
	}
	return left, sum.String()
}

// fact is what is known of the component c without search: the cache's fact, or else the
// game's theory (a Valuer), as the search itself would read it.
func (m *moveSearch) fact(c engine.Position) engine.Fact {
	f, _ := m.s.Known(c)
	if _, known := f.Nimber(); known {
		return f
	}
	if v, ok := c.(engine.Valuer); ok {
		if n, known := v.Value(); known {
			return engine.Fact{}.WithNimber(n)
		}
	}
	return f
}

// known is what the facts of g's components prove of it, without search (normal play; a
// misère fact is known only once its search ends, and that search says it).
func (m *moveSearch) known(g *moveGroup) Answer {
	if m.misere {
		return Answer{}
	}
	comps := make([]Component, len(g.parts))
	for i, c := range g.parts {
		comps[i] = Component{Position: c.String(), Fact: m.fact(c)}
	}
	return answerOf(comps)
}

// decided records what the facts prove of g, and reports whether that answers the question.
func (m *moveSearch) decided(g *moveGroup) bool {
	a := m.known(g)
	m.set(g, a)
	return a.HasNimber || m.outcome && a.HasOutcome
}

// solve searches g within the request's OptionLimit and records what it proved. It returns
// an error only for a stop (ctx) or a failure; an option past its limit stays undecided.
func (m *moveSearch) solve(ctx context.Context, g *moveGroup) error {
	octx := ctx
	if d := m.req.OptionLimit.Time; d > 0 {
		var cancel context.CancelFunc
		octx, cancel = context.WithTimeoutCause(ctx, d, errOptionTime)
		defer cancel()
	}
	a, err := m.search(octx, g)
	m.res.Search = addStats(m.res.Search, m.s.Stats())
	m.set(g, a.merge(m.known(g)))
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return err
	case errors.Is(err, engine.ErrNodeLimit), errors.Is(err, engine.ErrWorkTooLarge), context.Cause(octx) == errOptionTime:
		return nil // past the option's limit: undecided, and on to the next
	}
	return err
}

// search answers the question of the request on g's position.
func (m *moveSearch) search(ctx context.Context, g *moveGroup) (Answer, error) {
	s := m.s
	switch {
	case m.misere:
		win, err := s.MisereOutcome(ctx, g.pos, misereTheory(m.req.Game))
		return Answer{HasOutcome: err == nil, Win: win}, err
	case m.outcome:
		win, err := s.Outcome(ctx, g.pos, 0)
		if err != nil {
			return Answer{}, err
		}
		return outcomeIs(win), nil
	}
	n, err := s.Nimber(ctx, g.pos)
	if err != nil {
		return Answer{}, err
	}
	return nimberIs(n), nil
}

// set records a on every option of g; an answer that proves nothing changes nothing.
func (m *moveSearch) set(g *moveGroup, a Answer) {
	for _, i := range g.members {
		o := &m.res.Options[i]
		switch {
		case a.HasNimber:
			o.Nimber, o.Known = a.Nimber, true
			o.Verdict = verdictOf(a.Nimber != 0)
		case a.HasOutcome && !o.Known:
			o.Verdict = verdictOf(a.Win)
		}
	}
}

// verdictOf is the verdict of an option whose player to move wins when win.
func verdictOf(win bool) Verdict {
	if win {
		return Winning
	}
	return Losing
}

// answer sets the position's answer from its options, after what their facts prove now
// (a search past its limit, or stopped, may have proven an option ≠ 0 on its way).
func (m *moveSearch) answer(groups []*moveGroup) {
	for _, g := range groups {
		m.set(g, m.known(g))
	}
	res, wins, undecided, unknown := m.res, false, false, false
	for _, o := range res.Options {
		wins = wins || o.Wins()
		undecided = undecided || !o.Decided()
		unknown = unknown || !o.Known
	}
	switch {
	case m.misere && (wins || !undecided):
		res.Answer = Answer{HasOutcome: true, Win: wins || len(res.Options) == 0} // no move: a misère win
	case m.misere:
	case !unknown:
		res.Answer = nimberIs(mex(res.Options))
	case wins:
		res.Answer = outcomeIs(true)
	case !undecided:
		res.Answer = nimberIs(0) // every option is proven ≠ 0
	}
	if m.outcome && !m.misere && !wins {
		m.countOpen(groups)
	}
	m.learn()
}

// countOpen sets Open on the undecided options of groups: a position stuck in a long search
// is taken up option by option (scripts/overnight.sh -s), and the option whose replies are
// nearly all answered is the one most likely to be the winning move, and the cheapest to
// prove one. A move wins when every reply is won for its player: each reply's components'
// facts are read as the option's own are, without search.
func (m *moveSearch) countOpen(groups []*moveGroup) {
	for _, g := range groups {
		if m.res.Options[g.members[0]].Decided() {
			continue
		}
		open, seen := 0, map[string]bool{}
		for r := range g.pos.Options() {
			key, reply := m.group(r)
			if seen[key] {
				continue
			}
			seen[key] = true
			if a := m.known(reply); !a.HasOutcome || !a.Win {
				open++
			}
		}
		for _, i := range g.members {
			m.res.Options[i].Open = open
		}
	}
}

// learn puts what the options proved of the position in the runner's cache, when the
// position is one component (a sum's outcome is no fact of any one key): its components'
// facts, which the result reports, then say it too, and a store keeps it.
func (m *moveSearch) learn() {
	comps := m.req.Position.Split()
	a := m.res.Answer
	if m.misere || len(comps) != 1 || !a.HasOutcome {
		return
	}
	key := comps[0].Key()
	f, _ := m.r.cache.Get(key)
	if _, known := f.Nimber(); known {
		return
	}
	switch {
	case a.HasNimber:
		m.r.cache.Put(key, f.WithNimber(a.Nimber))
	case !f.Excludes(0):
		m.r.cache.Put(key, f.Without(0))
	}
}

// addStats adds the counts of one search to those of the searches before it.
func addStats(total, st engine.Stats) engine.Stats {
	total.Nodes += st.Nodes
	total.CacheHits += st.CacheHits
	total.Lookups += st.Lookups
	total.MaxDepth = max(total.MaxDepth, st.MaxDepth)
	total.Cache = st.Cache
	return total
}

// mex returns the least nimber that no option has.
func mex(opts []Option) int {
	ns := make([]int, 0, len(opts))
	for _, o := range opts {
		ns = append(ns, o.Nimber)
	}
	slices.Sort(ns)
	m := 0
	for _, n := range ns {
		if n == m {
			m++
		} else if n > m {
			break
		}
	}
	return m
}
