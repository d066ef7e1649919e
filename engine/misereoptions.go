package engine

import (
	"slices"
	"strings"
)

// Estimated bytes the misère memo keeps: an entry (its map slot and key), and each option
// (its struct, its position, which the game owns) and each of its components (a part and
// its key).
const (
	misereEntryBytes  = 64
	misereOptionBytes = 48 + recordPosBytes
	miserePartBytes   = 32
)

// A compOption is one option of a component: the position the game made, its components
// (with their keys, sorted) and the game's guess.
type compOption struct {
	pos   Position
	parts []part
	guess int
}

// componentOptions returns the options of the component c, made once and remembered by its
// key: a whole position's options are the moves in one of its components, and a component
// comes back in many positions (Sprouts spends most of its time making options). The memo
// holds the solver's options-memo budget (WithMemoBytes), and starts again empty past it; a
// miss only costs time, since the options come out the same. A stop while they are made
// gives none (s.err is set), and nothing is remembered.
func (m *misereSearch) componentOptions(c part) []compOption {
	if opts, ok := m.memo[c.key]; ok {
		return opts
	}
	var opts []compOption
	size := int64(misereEntryBytes + len(c.key))
	for o := range c.pos.Options() {
		if m.s.stopped() { // before every option: one may take milliseconds (Sprouts)
			return nil
		}
		opt := compOption{pos: o, parts: sortParts(partsOf(o.Split())), guess: GuessOf(o)}
		size += misereOptionBytes
		for _, p := range opt.parts {
			size += miserePartBytes + int64(len(p.key))
		}
		opts = append(opts, opt)
	}
	if m.memoBytes+size > m.memoLimit() {
		clear(m.memo)
		m.memoBytes = 0
	}
	m.memo[c.key] = opts
	m.memoBytes += size
	return opts
}

// memoLimit is the bytes the memo may hold: the solver's options-memo budget, and while no
// tree is recorded, the budget of the proofs a recording would keep (WithTreeBytes), which
// a depth-first search leaves unused (a proof-number search keeps its DAG in half of it):
// with a tenth of 384 MB alone, sprouts 0*9 took 78 s, 48 s with no bound (one run each,
// same load).
func (m *misereSearch) memoLimit() int64 {
	limit := m.s.memo.limit
	if limit <= 0 {
		limit = DefaultMemoBytes
	}
	switch {
	case m.rec == nil && m.s.pns != nil:
		limit += m.s.treeBudget() / 2 // the other half is the proof-number DAG's (miserepns.go)
	case m.rec == nil:
		limit += m.s.treeBudget()
	}
	return limit
}

// option is the option of the position whose components are parts that plays o in parts[i].
func (m *misereSearch) option(parts []part, i int, o compOption) misereOption {
	opt := misereOption{pos: o.pos, parts: o.parts, rank: rank{guess: o.guess}}
	if len(parts) > 1 {
		// The other components stay: the option is their sum with o's components.
		opt.parts = make([]part, 0, len(parts)-1+len(o.parts))
		opt.parts = append(append(append(opt.parts, parts[:i]...), parts[i+1:]...), o.parts...)
		opt.pos = wholePosition(sortParts(opt.parts))
	}
	opt.key = MisereKeyPrefix + sumKey(opt.parts)
	for _, c := range opt.parts {
		opt.hint += HintOf(c.pos)
	}
	opt.lost = m.knownLost(opt.key)
	return opt
}

// sortParts sorts parts by key, so that equal components stand together.
func sortParts(parts []part) []part {
	slices.SortFunc(parts, func(a, b part) int { return strings.Compare(a.key, b.key) })
	return parts
}

// wholePosition is the position made of parts (at least one): the one, or their Sum.
func wholePosition(parts []part) Position {
	if len(parts) == 1 {
		return parts[0].pos
	}
	sum := make(Sum, len(parts))
	for i, c := range parts {
		sum[i] = c.pos
	}
	return sum
}
