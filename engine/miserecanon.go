package engine

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"slices"
	"strings"
)

// Misère canonical forms (Conway, On Numbers and Games, ch. 12; the "reduced canonical trees"
// Lemoine and Viennot decided misère Sprouts with). Under misère play two games G and H are
// equal when G + X and H + X have the same outcome for every game X; nimbers do not say it,
// but a game's simplest form does, and a sum's form is made from its components' forms alone.
//
// Simplification: let C be a game whose options are all options of G, such that every option
// of G that is not one of C has C itself as an option (it is reversible through C), and such
// that G and C have the same outcome (the proviso: it only matters when C has no option at
// all, and then some option of G must be a loss). Then G = C: against any X, whoever wins
// C + X wins G + X, answering a move to an extra option by the move back to C. A game whose
// options are in simplest form, and of which no such C is an option of an option, is in
// simplest form; two games in simplest form are equal only when they are the same tree.
//
// MisereForms keeps every form met, once (hash-consed), numbered: 0 is the game with no
// option. The outcome of a form is read off it (a win when it has no option or one of its
// options is a loss), the form of a sum from its two terms' forms (memoised), and a component's
// form from its options' forms (memoised by its key). A component whose game tree is larger
// than a budget, or whose Hint passes MaxHint, is large: it is left to the search
// (misereCanonSearch), which carries the forms of the small components of a position as one
// form beside the large ones.
type MisereForms struct {
	opts  [][]int32          // the options of each form, sorted, distinct
	win   []bool             // the misère outcome of each form for the player to move
	name  []string           // each form's name in the keys of positions (nameOf)
	index map[string]int32   // forms by their options (formKey)
	sums  map[[2]int32]int32 // the form of a sum of two forms, the smaller first
	comps map[string]formed  // the form of a component and its size, by its key
	large map[string]bool    // components whose form passed the budget
	work  int                // the size left to the component being formed
	count []int32            // scratch of reversible, by form: 0 between calls
	// optionsOf, when set, gives a component's options (the search's memo of them), else
	// they are made by Options.
	optionsOf func(part) []compOption
	// Budget is the largest game tree (components, counted again wherever one comes back) of
	// a component formed; a larger one is called large and left to the search.
	Budget int
	// MaxHint, when not 0, calls large without trying every component whose Hint passes it
	// (Sprouts: its lives).
	MaxHint int
}

// DefaultMisereBudget is the largest game tree of a component formed (MisereForms.Budget).
const DefaultMisereBudget = 4000

// NewMisereForms returns an empty table of forms holding the game with no option.
func NewMisereForms() *MisereForms {
	f := &MisereForms{index: map[string]int32{}, sums: map[[2]int32]int32{},
		comps: map[string]formed{}, large: map[string]bool{}, Budget: DefaultMisereBudget}
	f.opts = append(f.opts, nil)
	f.win = append(f.win, true) // no move: under misère play, a win
	f.name = append(f.name, "")
	f.index[""] = 0
	return f
}

// Len is the number of forms kept.
func (f *MisereForms) Len() int { return len(f.opts) }

// Win reports whether form id is a misère win for the player to move.
func (f *MisereForms) Win(id int32) bool { return f.win[id] }

// Options returns the options of form id (not to be changed).
func (f *MisereForms) Options(id int32) []int32 { return f.opts[id] }

// String writes form id as nested braces: "{}" for the game with no option, "{{}}" for *.
func (f *MisereForms) String(id int32) string {
	b := []byte{'{'}
	for i, o := range f.opts[id] {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, f.String(o)...)
	}
	return string(append(b, '}'))
}

// Node returns the form of the game whose options have forms opts (which it may reorder).
func (f *MisereForms) Node(opts []int32) int32 {
	slices.Sort(opts)
	opts = slices.Compact(opts)
	if c, ok := f.reversible(opts); ok {
		return c
	}
	key := formKey(opts)
	if id, ok := f.index[key]; ok {
		return id
	}
	id := int32(len(f.opts))
	win := false
	for _, o := range opts {
		win = win || !f.win[o]
	}
	f.opts = append(f.opts, slices.Clone(opts))
	f.win = append(f.win, win)
	f.name = append(f.name, "") // named when a key needs it (nameOf)
	f.index[key] = id
	return id
}

// formPart begins a form's name among the component keys of a position's key: no game's
// key starts so.
const formPart = "~form:"

// nameOf names the form id by its tree alone, whatever the table: a hash of its options'
// names, sorted (the ids are the table's own, in the order the forms came). Two tables, or
// two runs, name one form alike, so the key of a position with small components is the same
// in every search, and a cache or a store shared by them may keep it. 128 bits of SHA-256:
// two forms named alike are out of reach of any search. A form is named the first time a
// key needs its name: most forms a sum's form is made of are never in a key (a quarter of
// forming a land of 13 lives went to naming them all).
func (f *MisereForms) nameOf(id int32) string {
	if id == 0 || f.name[id] != "" {
		return f.name[id]
	}
	opts := f.opts[id]
	names := make([]string, len(opts))
	for i, o := range opts {
		names[i] = f.nameOf(o)
	}
	slices.Sort(names)
	h := sha256.New()
	for _, n := range names {
		h.Write([]byte(n))
		h.Write([]byte{0})
	}
	f.name[id] = formPart + hex.EncodeToString(h.Sum(nil)[:16])
	return f.name[id]
}

// reversible returns the first form c, an option of an option of the game with options
// opts (sorted, distinct), that the game equals by the simplification above, in the order of
// opts and of their options: c's options are among opts, every other option has c as an
// option, and the outcomes agree.
//
// No option of the game is both an option of c and a game with c as an option (c would be an
// option of its own option), so the options of the game that have c as an option are all of
// them but c's own exactly when they number len(opts) - len(c's options), and c's options are
// among opts. Counting them for every c at once costs a pass over the options' options; trying
// each c in turn cost a pass over opts for each (a large sum's form is made with hundreds of
// options, each with hundreds).
func (f *MisereForms) reversible(opts []int32) (int32, bool) {
	if len(f.count) < len(f.opts) {
		f.count = slices.Grow(f.count[:0], len(f.opts))[:len(f.opts)]
	}
	for _, g := range opts {
		for _, c := range f.opts[g] {
			f.count[c]++
		}
	}
	// Each count is read once and left at 0 for the next call. A c met again was tried
	// already; it reads 0 and fails (len(opts) options of c would be opts, c's parent among
	// them).
	for i, g := range opts {
		for _, c := range f.opts[g] {
			n := f.count[c]
			f.count[c] = 0
			if int(n)+len(f.opts[c]) == len(opts) && f.reversibleThrough(opts, c) {
				for _, g := range opts[i:] {
					for _, c := range f.opts[g] {
						f.count[c] = 0
					}
				}
				return c, true
			}
		}
	}
	return 0, false
}

// reversibleThrough reports whether the game with options opts, len(opts) - len(c's
// options) of which have c as an option, equals the form c: c's options are among opts, and
// the outcomes agree.
func (f *MisereForms) reversibleThrough(opts []int32, c int32) bool {
	co := f.opts[c]
	j := 0
	for _, o := range opts {
		if j < len(co) && co[j] == o {
			j++
		}
	}
	if j < len(co) {
		return false // an option of c is not one of the game's
	}
	if len(co) == 0 { // the proviso: c is a win with no move, so must the game be
		for _, o := range opts {
			if !f.win[o] {
				return true
			}
		}
		return false
	}
	return true
}

// formKey identifies a list of options.
func formKey(opts []int32) string {
	b := make([]byte, 4*len(opts))
	for i, o := range opts {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(o))
	}
	return string(b)
}

// Sum returns the form of the sum of forms a and b: its options are a's options plus b, and
// a plus b's options.
func (f *MisereForms) Sum(a, b int32) int32 {
	switch {
	case a == 0:
		return b
	case b == 0:
		return a
	case a > b:
		a, b = b, a
	}
	if id, ok := f.sums[[2]int32{a, b}]; ok {
		return id
	}
	opts := make([]int32, 0, len(f.opts[a])+len(f.opts[b]))
	for _, o := range f.opts[a] {
		opts = append(opts, f.Sum(o, b))
	}
	for _, o := range f.opts[b] {
		opts = append(opts, f.Sum(a, o))
	}
	id := f.Node(opts)
	f.sums[[2]int32{a, b}] = id
	return id
}

// Of returns the form of the whole position p, with no budget (every component formed):
// for small games and tests.
func (f *MisereForms) Of(p Position) int32 {
	f.work = int(^uint(0) >> 1)
	id, _ := f.position(p, nil)
	return id
}

// position is the form of p, the sum of its components' forms; ok is false when one of them
// passed the work left or stop said to stop.
func (f *MisereForms) position(p Position, stop func() bool) (int32, bool) {
	id := int32(0)
	for _, c := range p.Split() {
		ci, _, ok := f.component(part{c, c.Key()}, stop)
		if !ok {
			return 0, false
		}
		id = f.Sum(id, ci)
	}
	return id, true
}

// component is the form of the component c, formed from its options' forms, and the size of
// its game tree (the components formed, counted again wherever one comes back, at most
// maxSize); ok is false when the sizes passed the work left (f.work) or stop said to stop.
func (f *MisereForms) component(c part, stop func() bool) (id int32, size int, ok bool) {
	if e, ok := f.comps[c.key]; ok {
		f.work -= int(e.size)
		return e.id, int(e.size), f.work >= 0
	}
	if f.large[c.key] {
		return 0, 0, false
	}
	if f.work--; f.work < 0 {
		return 0, 0, false
	}
	size = 1
	var opts []int32
	option := func(parts []part) bool {
		if stop != nil && stop() {
			return false
		}
		id := int32(0)
		for _, p := range parts {
			pi, n, ok := f.component(p, stop)
			if !ok {
				return false
			}
			id = f.Sum(id, pi)
			size = min(size+n, maxSize)
		}
		opts = append(opts, id)
		return true
	}
	if f.optionsOf != nil {
		for _, o := range f.optionsOf(c) {
			if !option(o.parts) {
				return 0, 0, false
			}
		}
	} else {
		for o := range c.pos.Options() {
			if !option(partsOf(o.Split())) {
				return 0, 0, false
			}
		}
	}
	if stop != nil && stop() {
		// A stop while the options were made gives none (componentOptions): formed now,
		// c would be kept as the form of no move, in a table that may serve later searches.
		return 0, 0, false
	}
	id = f.Node(opts)
	f.comps[c.key] = formed{id, int32(size)}
	return id, size, true
}

// maxSize is the largest size of a game tree component counts.
const maxSize = 1 << 30

// A formed component is its form and the size of its game tree.
type formed struct {
	id, size int32
}

// tryComponent is the form of c if its game tree holds at most f.Budget components: ok is
// false when it holds more (c is remembered large) or stop said to stop.
func (f *MisereForms) tryComponent(c part, stop func() bool) (int32, bool) {
	// The hint first: a search asks for the large components of every position it expands,
	// and two lookups by key were a sixth of what absorbing a position's lands cost. Where
	// options have smaller hints (Sprouts' lives), no component past MaxHint is ever formed;
	// elsewhere one would be searched instead of read from its form, as soundly.
	if f.MaxHint > 0 && HintOf(c.pos) > f.MaxHint {
		return 0, false
	}
	if e, ok := f.comps[c.key]; ok {
		return e.id, true
	}
	if f.large[c.key] {
		return 0, false
	}
	f.work = f.Budget
	id, _, ok := f.component(c, stop)
	if !ok && (stop == nil || !stop()) {
		f.large[c.key] = true
	}
	return id, ok
}

// MisereOutcomeByForms reports whether the player to move wins p under misère play, as
// MisereOutcome does, but with the components' misère forms: the search plays in the large
// components (whose forms passed forms.Budget) and carries all the small ones as one form,
// their sum, so that positions whose small components differ but have the same sum are one.
// forms may be kept from one call to the next (nil: a fresh table). Every position searched
// is kept in a memo of the call and in the solver's cache, under its misère key (keyOf:
// the same in every table).
func (s *Solver) MisereOutcomeByForms(ctx context.Context, p Position, forms *MisereForms) (win bool, err error) {
	s.begin(ctx)
	m, done := s.canonSearch(forms)
	defer done()
	large, t := m.absorb(nil, partsOf(p.Split()), 0)
	switch {
	case s.err != nil:
	case s.pns != nil:
		win = m.proofNumbers(large, t)
	default:
		win = m.outcome(large, t)
	}
	return win, s.end()
}

// canonSearch starts a search by forms with forms (nil: a fresh table), which makes the
// options of the components it forms through the search's memo until done is called.
func (s *Solver) canonSearch(forms *MisereForms) (m *misereCanonSearch, done func()) {
	if forms == nil {
		forms = NewMisereForms()
	}
	m = &misereCanonSearch{misereSearch: misereSearch{s: s, memo: map[string][]compOption{}},
		f: forms, seen: map[string]bool{}}
	forms.optionsOf = m.componentOptions
	return m, func() { forms.optionsOf = nil }
}

// misereCanonSearch is one search by forms: the options memo of the misère search, the forms,
// and the outcomes of the positions with small components.
type misereCanonSearch struct {
	misereSearch
	f    *MisereForms
	seen map[string]bool
}

// maxSeen bounds the memo of positions with small components; past it, it starts again.
const maxSeen = 4 << 20

// absorb adds the components parts to the position of large components large and form t:
// each small one's form goes into t, the large ones join large (a new slice, sorted).
func (m *misereCanonSearch) absorb(large []part, parts []part, t int32) ([]part, int32) {
	out, t, ok := m.f.absorb(large, parts, t, m.s.stopped)
	if !ok {
		return nil, 0
	}
	return out, t
}

// absorb adds the components parts to the position of large components large and form t, as
// misereCanonSearch.absorb; ok is false when stop said to stop.
func (f *MisereForms) absorb(large []part, parts []part, t int32, stop func() bool) (out []part, _ int32, ok bool) {
	out = slices.Clone(large)
	for _, c := range parts {
		if id, ok := f.tryComponent(c, stop); ok {
			t = f.Sum(t, id)
			continue
		}
		if stop() {
			return nil, 0, false
		}
		out = append(out, c)
	}
	return sortParts(out), t, true
}

// outcome is the misère outcome of the position made of the large components large and the
// form t: a win as soon as one option is a loss, a win with no option.
func (m *misereCanonSearch) outcome(large []part, t int32) bool {
	if len(large) == 0 {
		return m.f.win[t]
	}
	s := m.s
	key := m.f.keyOf(large, t)
	if known, win := m.known(key); known {
		return win
	}
	s.c.lookups.Add(1)
	if s.tick(); s.err != nil {
		return false
	}
	s.c.enter()
	defer s.c.leave()
	win := m.search(large, t)
	if s.err != nil {
		return false
	}
	m.remember(key, win)
	return win
}

// known is what the search has proven of the position with key, or the cache holds of it
// (a key names the form of the small components the same in every table: keyOf).
func (m *misereCanonSearch) known(key string) (known, win bool) {
	if win, ok := m.seen[key]; ok {
		return true, win
	}
	if f, ok := m.s.cache.Get(key); ok {
		if known, win := f.Outcome(0); known {
			m.s.c.hits.Add(1)
			return true, win
		}
	}
	return false, false
}

// remember keeps a proven outcome in the search's memo and in the cache.
func (m *misereCanonSearch) remember(key string, win bool) {
	if len(m.seen) >= maxSeen {
		clear(m.seen)
	}
	m.seen[key] = win
	m.s.cache.Put(key, misereFact(win))
}

// search tries the options of the position (large, t): the moves in the large components in
// the order of moves, then the moves in the form, which are few.
func (m *misereCanonSearch) search(large []part, t int32) bool {
	for _, mv := range m.moves(large, t) {
		if !m.outcome(mv.large, mv.t) {
			return true
		}
		if m.s.err != nil {
			return false
		}
	}
	if m.s.err != nil {
		return false
	}
	for _, o := range m.f.opts[t] {
		if !m.outcome(large, o) {
			return true
		}
		if m.s.err != nil {
			return false
		}
	}
	return false
}

// A formMove is an option of a position searched by forms: its large components and form.
type formMove struct {
	large []part
	t     int32
	rank
}

// moves lists the options of (large, t) by moves in its large components, in the order of
// the misère search: those known to be losses first, then the easiest, then by the game's
// guess. It is nil when the search stops (s.err set).
func (m *misereCanonSearch) moves(large []part, t int32) []formMove {
	var moves []formMove
	for i, c := range large {
		if i > 0 && c.key == large[i-1].key {
			continue // the same moves as the one before
		}
		opts := m.componentOptions(c)
		if m.s.err != nil {
			return nil
		}
		rest := make([]part, 0, len(large)-1)
		rest = append(append(rest, large[:i]...), large[i+1:]...)
		for _, o := range opts {
			if m.s.stopped() {
				return nil
			}
			nl, nt := m.absorb(rest, o.parts, t)
			if m.s.err != nil {
				return nil
			}
			mv := formMove{large: nl, t: nt, rank: rank{guess: o.guess, lost: m.lost(nl, nt)}}
			for _, p := range nl {
				mv.hint += HintOf(p.pos)
			}
			moves = append(moves, mv)
		}
	}
	slices.SortStableFunc(moves, func(a, b formMove) int { return a.rank.compare(b.rank) })
	return moves
}

// lost reports whether the position (large, t) is known to be a misère loss.
func (m *misereCanonSearch) lost(large []part, t int32) bool {
	if len(large) == 0 {
		return !m.f.win[t]
	}
	key := m.f.keyOf(large, t)
	win, ok := m.seen[key]
	return ok && !win
}

// keyOf is the key of the position of large components large and form t: a misère key,
// whose list of keys holds t's name beside the components' when t has an option (the misère
// key of large alone when it has none), sorted with them (MisereKeyOf, as a store writes a
// misère key again). It is the same in every table.
func (f *MisereForms) keyOf(large []part, t int32) string {
	if t == 0 {
		return MisereKeyPrefix + sumKey(large)
	}
	return MisereKeyOf(append(sortedKeys(large), f.nameOf(t)))
}

// IsFormName reports whether key, one of a misère key's list, names a form (a sum of small
// components carried as one) rather than a component.
func IsFormName(key string) bool { return strings.HasPrefix(key, formPart) }
