package engine

import (
	"context"
	"fmt"
)

// The conventions a Tree may prove under (its Convention field). A tree without the field
// is a normal-play one: every file written before misère trees existed.
const (
	Normal = ""       // normal play: who cannot move loses
	Misere = "misere" // misère play: who cannot move wins
)

// A misereProof is one whole position proven under misère play: a win with the key of its
// losing option (none when it has no move at all), a loss with the keys of all its options.
type misereProof struct {
	pos  Position
	win  bool
	kids []string
}

// A misereRecorder keeps every position a misère search proves, with its proof, so that the
// tree can be read out after the search whatever the cache forgot.
type misereRecorder struct {
	facts  map[string]Fact
	proofs map[string]*misereProof
	bytes  int64 // estimated memory kept: the search stops past the solver's tree budget
}

func (r *misereRecorder) add(key string, pr *misereProof) {
	if _, ok := r.proofs[key]; ok {
		return
	}
	r.proofs[key] = pr
	r.facts[key] = misereFact(pr.win)
	r.bytes += proofBytes + factBytes + recordPosBytes + int64(2*len(key))
	for _, k := range pr.kids {
		r.bytes += kidBytes + int64(len(k))
	}
}

// over is the error of a recorder whose proofs passed their budget of bytes, nil while within.
func (r *misereRecorder) over(budget int64) error { return proofsOver(len(r.proofs), r.bytes, budget) }

// proofsOver is the error of a misère recording that keeps n proofs in size bytes: too many
// to write, or more than its budget of bytes; nil while within both.
func proofsOver(n int, size, budget int64) error {
	switch {
	case n > MaxRecorded:
		return ErrTreeTooLarge
	case size > budget:
		return &TreeTooLargeError{Budget: budget}
	}
	return nil
}

// ProveMisere finds the misère outcome of p and records its solution tree: each position that
// is a win with one losing option, each loss with all its options, down to positions with no
// move, which are wins. It reads no cache and no theory (it writes what it proves to the
// cache), so that the tree holds a proof of everything it uses; Check verifies it.
func (s *Solver) ProveMisere(ctx context.Context, game string, p Position) (*Tree, error) {
	p = Exactly(p) // a tree's nodes are exact positions, as in prove
	rec := &misereRecorder{facts: map[string]Fact{}, proofs: map[string]*misereProof{}}
	m := &misereSearch{s: s, rec: rec, memo: map[string][]compOption{}}
	s.begin(ctx)
	parts := sortParts(partsOf(p.Split()))
	root := MisereKeyPrefix + sumKey(parts)
	m.outcome(p, parts, root)
	var t *Tree
	var err error
	if s.err == nil {
		t, err = rec.tree(game, root, s.stopped)
	}
	if stopErr := s.end(); stopErr != nil {
		return nil, stopErr
	}
	return t, err
}

// tree reads the proof of root out of the recorder, numbering nodes breadth first. stop is
// looked at now and then: a stop gives no tree (the caller's error says why).
func (r *misereRecorder) tree(game, root string, stop func() bool) (*Tree, error) {
	var keys []string
	var at []Position
	halted := func(i int) bool { return i%1024 == 0 && stop() }
	nodes, stopped, err := readOut(root, func(key string) (Node, []string, error) {
		pr, ok := r.proofs[key]
		if !ok {
			return Node{}, nil, fmt.Errorf("engine: no misère proof recorded for %q", key)
		}
		keys, at = append(keys, key), append(at, pr.pos)
		return Node{Result: result(pr.win)}, pr.kids, nil
	}, halted)
	if err == nil && !stopped {
		stopped = asReached(nodes, keys, at, MisereKey, MisereKey, halted) // each node as its parent's move reaches it
	}
	if err != nil || stopped {
		return nil, err
	}
	return &Tree{Format: TreeFormat, Convention: Misere, Game: game, Split: rootRule(at), Nodes: nodes}, nil
}

// ProveMisereByForms finds the misère outcome of p by its components' forms, as
// MisereOutcomeByForms does (by proof numbers when the solver uses them), then reads its
// solution tree out of whole positions, as ProveMisere's: a loss with all its options, a win
// with one option the same search shows lost — one the tree holds already, else one the
// search proved, else the easiest it then proves. The forms only say where to look: each
// node is a whole position the rules make, a loss has every option the rules give, and a
// choice the rules contradict ends the reading with an error, so the tree proves what it
// says whatever the search did, and Check verifies it from the rules alone. The reading
// costs searches of the options the tree holds, not a search of whole positions.
func (s *Solver) ProveMisereByForms(ctx context.Context, game string, p Position, forms *MisereForms) (*Tree, error) {
	p = Exactly(p)
	s.begin(ctx)
	m, done := s.canonSearch(forms)
	defer done()
	r := &misereReader{m: m, rec: &misereRecorder{facts: map[string]Fact{}, proofs: map[string]*misereProof{}}}
	parts := sortParts(partsOf(p.Split()))
	root := MisereKeyPrefix + sumKey(parts)
	r.prove(p, parts, root) // the root's first question to the search decides it
	var t *Tree
	var err error
	if s.err == nil {
		t, err = r.rec.tree(game, root, s.stopped)
	}
	if stopErr := s.end(); stopErr != nil {
		return nil, stopErr
	}
	return t, err
}

// A misereReader reads a misère tree out of whole positions, each one's outcome asked of a
// search by forms.
type misereReader struct {
	m   *misereCanonSearch
	rec *misereRecorder
}

// prove records the proof of the whole position pos, whose components are parts and misère
// key key, and returns its outcome (false, with s.err set, when it stops).
func (r *misereReader) prove(pos Position, parts []part, key string) (win bool) {
	if f, ok := r.rec.facts[key]; ok {
		_, win := f.Outcome(0)
		return win
	}
	s := r.m.s
	if r.m.tick(); s.err != nil || s.stopped() {
		return false
	}
	if s.err = r.rec.over(s.treeBudget()); s.err != nil {
		return false
	}
	opts, held := r.m.options(parts)
	defer func() { s.held -= held }()
	if s.err != nil {
		return false
	}
	if len(opts) == 0 {
		r.rec.add(key, &misereProof{pos: pos, win: true}) // no move: under misère play, a win
		return true
	}
	if r.lost(parts) {
		keys := make([]string, len(opts))
		for i, o := range opts {
			if !r.prove(o.pos, o.parts, o.key) && s.err == nil {
				s.err = disagree("%q lost, yet its option %q is lost", pos, o.pos)
			}
			if s.err != nil {
				return false
			}
			keys[i] = o.key
		}
		r.rec.add(key, &misereProof{pos: pos, win: false, kids: keys})
		return false
	}
	o, ok := r.losingOption(opts)
	if s.err != nil {
		return false
	}
	switch {
	case !ok && s.err == nil:
		s.err = disagree("%q won, yet none of its options is lost", pos)
	case ok && r.prove(o.pos, o.parts, o.key) && s.err == nil:
		s.err = disagree("%q won by its option %q, yet that option is won", pos, o.pos)
	}
	if s.err != nil {
		return false
	}
	r.rec.add(key, &misereProof{pos: pos, win: true, kids: []string{o.key}})
	return true
}

// losingOption is the option of a won position the tree proves lost: one the tree holds as
// lost already, else one the search proved lost, else the first in the search's order
// (known losses, the easiest, the game's guess) that a search then shows lost.
func (r *misereReader) losingOption(opts []misereOption) (misereOption, bool) {
	for _, o := range opts {
		if f, ok := r.rec.facts[o.key]; ok {
			if _, win := f.Outcome(0); !win {
				return o, true
			}
		}
	}
	type formed struct {
		large []part
		t     int32
	}
	as := make([]formed, len(opts))
	for i, o := range opts {
		large, t := r.m.absorb(nil, o.parts, 0)
		if r.m.s.err != nil {
			return o, false
		}
		if r.m.lost(large, t) {
			return o, true
		}
		as[i] = formed{large, t}
	}
	for i, o := range opts {
		if r.m.lostFormed(as[i].large, as[i].t) {
			return o, true
		}
		if r.m.s.err != nil {
			return o, false
		}
	}
	return misereOption{}, false
}

// lost asks the search by forms whether the position of components parts is a misère loss.
func (r *misereReader) lost(parts []part) bool {
	large, t := r.m.absorb(nil, parts, 0)
	if r.m.s.err != nil {
		return false
	}
	return r.m.lostFormed(large, t)
}

// lostFormed asks the search whether the position of large components large and form t is
// a misère loss: by proof numbers when the solver uses them, which keep what they prove (the
// position's losing option among it) for the questions that follow. Both read out a form
// alone (no large component) at once.
func (m *misereCanonSearch) lostFormed(large []part, t int32) bool {
	if m.s.pns != nil {
		return !m.proofNumbers(large, t)
	}
	return !m.outcome(large, t)
}

// disagree is the error of a search by forms whose outcome the rules contradict.
func disagree(format string, args ...any) error {
	return fmt.Errorf("engine: the misère search by forms and the rules disagree: "+format, args...)
}
