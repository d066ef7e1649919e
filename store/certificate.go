package store

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"grundy/engine"
)

// A Certificate is what Certify derived of a position from a database's losing couples (and
// the game's theory), with the proof and the couples it used.
type Certificate struct {
	Position  string // the position, in its game's notation
	HasNimber bool   // the database (or the theory) gives the nimber of every component left (see Certify)
	Nimber    int    // then its nimber, the XOR of theirs
	Win       bool   // the outcome of the position played alone, (P, 0)
	// Tree is the proof, a grundy-tree/1 that engine.Check (`grundy check`) verifies from the
	// rules alone: of (P, nimber) losing when HasNimber, else of (P, 0) winning.
	Tree *engine.Tree
	// Used is the losing couples of components the proof rests on, sorted by key: the
	// smallest database in the sense of this check. Where a winning couple had several losing
	// options in the database, the check took, greedily, the one needing the fewest couples
	// not proven yet (then the first the game makes) whose proof held: every couple in Used
	// is needed by the proof given, but another choice might need fewer in all. It holds
	// the couples the proof took from the game's theory too, so that Used alone certifies
	// the position without the theory, as Glop's check would.
	Used []Record
	// Theory is how many couples of Used the game's theory gave, not the database.
	Theory int
}

// A CertifyError names the couple the check could not derive from the database, and why.
type CertifyError struct {
	Position string
	N        int
	Why      string
	// Lacking is, for a winning couple none of whose options the database shows losing, the
	// components whose nimber alone the database lacks to show an option losing: one of them
	// may be a line removed or forgotten. The message names the first few.
	Lacking []string
}

func (e *CertifyError) Error() string {
	return fmt.Sprintf("couple (%s, %d): %s%s", engine.Quote(e.Position), e.N, e.Why, lackingNote(e.Lacking))
}

// Certify is Glop's check of a database of losing couples (Lemoine and Viennot): it derives
// the outcome of p, and its nimber when the database gives the nimber of each of p's
// components, searching nothing. A couple (P, n) of a component is losing only when the
// database says nimber(P) = n, and it is shown so by every option — (Pⁱ, n) for each option Pⁱ,
// (P, i) for i < n — being winning. A winning couple is shown by one option that is losing:
// the heap moved to nimber(P) when the database gives a smaller one, else an option (Pⁱ, n)
// whose components' nimbers, all from the database, XOR to n (each of those proven in turn;
// of several, the one that adds the fewest couples to the proof).
// A sum is played as the paper's Algorithm 2: the nimbers of all its components but one from
// the database, the last against their XOR. Equal components cancel first, two by two (P + P
// = 0, the mirror strategy, as the search plays them): a sum of pairs needs no nimber of
// them, which no search may have written, and its tree node leaves them out (engine.Check).
// Any couple the database cannot settle so — a component it lacks, a winning couple none of
// whose options it gives as losing, a losing couple one of whose options it gives as losing
// — fails the check, naming that couple.
//
// Only the facts with a nimber count: values proven ≠ are not losing couples.
//
// A component the database lacks takes its nimber from the game's theory (an engine.Valuer:
// Cram's paths, cycles and half-turn symmetric boards, the octal games' tables), as the
// search reads it, unless DatabaseOnly is given. A store keeps the facts the search took
// from theory, but not the facts of their options, which no search wrote: (Q, n) "= n" from
// theory, yet nothing of an option of Q. The proof derives such a nimber from the rules as
// it does the database's: every option of the couple shown winning, each by a losing option
// whose nimber the database or the theory gives.
func Certify(ctx context.Context, game string, db *Database, p engine.Position, opts ...CertifyOption) (*Certificate, error) {
	p = engine.Exactly(p) // options keyed as the database's positions are: canonical, not cheap
	c := newCertifier(ctx, game)
	for _, o := range opts {
		o(c)
	}
	for _, r := range db.Records {
		if n, ok := r.Fact.Nimber(); ok {
			c.nimbers[r.Key] = n
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("check stopped: %w", err)
	}
	cert := &Certificate{Position: p.String()}
	x, all := 0, true
	for _, comp := range engine.CancelPairs(p.Split()) {
		n, ok := c.nimber(comp, comp.Key())
		x ^= n
		all = all && ok
	}
	var root int
	var err error
	if all {
		root, err = c.lose(p, x)
		cert.HasNimber, cert.Nimber, cert.Win = true, x, x != 0
	} else {
		root, err = c.win(p, 0)
		cert.Win = true
	}
	if err != nil {
		return nil, err
	}
	cert.Tree, cert.Used, cert.Theory = c.readOut(root)
	cert.Tree.Split = engine.SplitRuleOf(p) // as the positions were read: split so when checked
	return cert, nil
}

func newCertifier(ctx context.Context, game string) *certifier {
	return &certifier{ctx: ctx, game: game, nimbers: map[string]int{}, theory: map[string]int{}, useTheory: true,
		ids: map[coupleID]int{}, failed: map[coupleID]error{}}
}

// A CertifyOption changes how Certify derives.
type CertifyOption func(*certifier)

// DatabaseOnly makes Certify take every nimber from the database, never from the game's
// theory: Glop's check proper, which asks whether the database alone is a certificate.
func DatabaseOnly() CertifyOption { return func(c *certifier) { c.useTheory = false } }

// A coupleID names a couple as the tree checker does: the position by its components' keys.
type coupleID struct {
	key string
	n   int
}

// certifier keeps the couples proven so far, as nodes of the tree being built.
type certifier struct {
	ctx     context.Context
	game    string
	nimbers map[string]int // component key → nimber, from the database
	// lookup, when not nil, gives the nimbers the map does not: a database too large for
	// memory (an import's stage), or the facts a store proved.
	lookup func(key string) (int, bool)
	// trusted, when not nil, gives the nimbers of components checked before (a cluster's
	// coordinator's): a losing couple it gives is taken as proven, and not derived again.
	trusted func(key string) (int, bool)
	// theory is what the game's theory said of the components the database lacks: key →
	// nimber, -1 when it gives none; asked only when useTheory.
	theory    map[string]int
	useTheory bool
	nodes     []engine.Node
	keys      []string // the component key of each couple node ("" for sums and terminals)
	ids       map[coupleID]int
	failed    map[coupleID]error
	work      int
}

// nimber returns the nimber of the component comp, whose key is key: the database's, else
// the game's theory's (see Certify).
func (c *certifier) nimber(comp engine.Position, key string) (int, bool) {
	if n, ok := c.nimbers[key]; ok {
		return n, true
	}
	if c.lookup != nil {
		if n, ok := c.lookup(key); ok {
			return n, true
		}
	}
	if c.trusted != nil {
		if n, ok := c.trusted(key); ok {
			return n, true
		}
	}
	if !c.useTheory {
		return 0, false
	}
	n, asked := c.theory[key]
	if !asked {
		n = -1
		if v, ok := comp.(engine.Valuer); ok {
			if m, known := v.Value(); known {
				n = m
			}
		}
		c.theory[key] = n
	}
	return n, n >= 0
}

// fromTheory reports whether the nimber of the component with key came from the theory.
func (c *certifier) fromTheory(key string) bool {
	_, inDatabase := c.nimbers[key]
	if !inDatabase && c.lookup != nil {
		_, inDatabase = c.lookup(key)
	}
	return !inDatabase && c.theory[key] >= 0
}

// idOf names the couple (q, n) by the keys of q's components.
func idOf(comps []engine.Position, n int) coupleID {
	if len(comps) == 1 {
		return coupleID{comps[0].Key(), n}
	}
	keys := make([]string, len(comps))
	for i, c := range comps {
		keys[i] = c.Key()
	}
	slices.Sort(keys)
	var b strings.Builder
	b.WriteString("\x00sum") // sums and the empty position: no game writes a key so
	for _, k := range keys {
		b.WriteString(":" + strconv.Itoa(len(k)) + ":" + k)
	}
	return coupleID{b.String(), n}
}

func failure(pos string, n int, format string, args ...any) error {
	return &CertifyError{Position: pos, N: n, Why: fmt.Sprintf(format, args...)}
}

// node adds a proven couple and returns its index.
func (c *certifier) node(id coupleID, pos string, n int, losing, sum bool, key string, kids []int) int {
	nd := engine.Node{ID: len(c.nodes), Position: pos, N: n, Result: "W", Children: kids}
	if losing {
		nd.Result = "L"
	}
	if sum {
		nd.Kind = engine.KindSum
	}
	c.nodes = append(c.nodes, nd)
	c.keys = append(c.keys, key)
	c.ids[id] = nd.ID
	return nd.ID
}

// memo runs prove once for each couple: a second call returns its node, or its failure.
func (c *certifier) memo(id coupleID, prove func() (int, error)) (int, error) {
	if i, ok := c.ids[id]; ok {
		return i, nil
	}
	if err, ok := c.failed[id]; ok {
		return 0, err
	}
	i, err := prove()
	if err != nil {
		c.failed[id] = err
	}
	return i, err
}

// tick counts an option derived and looks at the context now and then.
func (c *certifier) tick() error {
	if c.work++; c.work%256 == 0 && c.ctx.Err() != nil {
		return fmt.Errorf("check stopped: %w", c.ctx.Err())
	}
	return nil
}

// lose proves (q, n) losing.
func (c *certifier) lose(q engine.Position, n int) (int, error) {
	comps := q.Split()
	id := idOf(comps, n)
	if len(comps) == 1 {
		return c.lose1(comps[0], id, n)
	}
	return c.memo(id, func() (int, error) {
		if len(comps) == 0 {
			if n != 0 {
				return 0, failure(q.String(), n, "no move is left, so the couple is winning (move the heap to 0), not losing")
			}
			return c.node(id, q.String(), 0, true, false, "", nil), nil
		}
		return c.loseSum(q, comps, id, n)
	})
}

// loseSum proves a sum (q, n) losing: the nimbers of its components left when equal ones
// cancel in pairs XOR to n (none left: n is 0).
func (c *certifier) loseSum(q engine.Position, comps []engine.Position, id coupleID, n int) (int, error) {
	left := engine.CancelPairs(comps)
	if len(left) == 0 && n != 0 {
		return 0, failure(q.String(), n, "its components cancel in pairs (P + P = 0), so the couple is winning, not losing")
	}
	kids := make([]int, 0, len(left))
	x := 0
	for _, comp := range left {
		m, ok := c.nimber(comp, comp.Key())
		if !ok {
			return 0, failure(comp.String(), 0, "a component of %s, not in the database: its nimber would have to be searched for", engine.Quote(q.String()))
		}
		k, err := c.lose1(comp, coupleID{comp.Key(), m}, m)
		if err != nil {
			return 0, err
		}
		kids, x = append(kids, k), x^m
	}
	if x != n {
		return 0, failure(q.String(), n, "its components' nimbers in the database XOR to %d: the couple is winning, not losing", x)
	}
	return c.node(id, q.String(), n, true, true, "", kids), nil
}

// lose1 proves (comp, n) losing for a component: the database gives nimber(comp) = n, and
// every option of the couple is shown winning.
func (c *certifier) lose1(comp engine.Position, id coupleID, n int) (int, error) {
	return c.memo(id, func() (int, error) {
		m, ok := c.nimber(comp, id.key)
		switch {
		case !ok:
			return 0, failure(comp.String(), n, "not in the database: its nimber would have to be searched for")
		case m != n:
			return 0, failure(comp.String(), n, "the database gives nimber %d", m)
		}
		if c.trusted != nil {
			if t, ok := c.trusted(id.key); ok && t == n {
				return c.node(id, comp.String(), n, true, false, id.key, nil), nil // checked before
			}
		}
		var kids []int
		seen := map[coupleID]bool{}
		for o := range comp.Options() {
			if err := c.tick(); err != nil {
				return 0, err
			}
			oc := o.Split()
			oid := idOf(oc, n)
			if seen[oid] {
				continue
			}
			seen[oid] = true
			k, err := c.winSplit(o, oc, oid, n)
			if err != nil {
				return 0, err
			}
			kids = append(kids, k)
		}
		for i := 0; i < n; i++ {
			k, err := c.win1(comp, coupleID{id.key, i}, i)
			if err != nil {
				return 0, err
			}
			kids = append(kids, k)
		}
		return c.node(id, comp.String(), n, true, false, id.key, kids), nil
	})
}
