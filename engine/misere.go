package engine

import (
	"context"
	"slices"
	"strings"
)

// Misère play: the player who makes the last move loses; a player with no move wins. Nimbers
// do not decide sums under misère play (P + P need not be a loss, a heap of one token is not
// a heap of none), so the search here never splits a position by nimbers: it is the
// elementary search of §4.1 on whole positions, with the misère rule at the leaves. A move
// in a sum is a move in one of its components, as in normal play.
//
// What it proves goes in the same Cache as the normal-play search, in a key space of its own:
// MisereKeyPrefix, then the multiset of the position's components' keys. The Fact kept there
// is the outcome written as of a nimber: "= 0" (WithNimber(0)) for a misère loss, "≠ 0"
// (Without(0)) for a misère win; its Outcome(0) reads it back. The numbers are no nimbers,
// and since no normal-play key starts with the prefix, a misère fact is never read as a
// normal-play one, nor the other way round.
//
// A game's Key must fold only what keeps the game itself (symmetries, cells or spots that no
// move can use, the order of components): then equal keys mean the same game, which decides
// misère play as it does normal play. The games of this workbench fold no more than that.

// MisereKeyPrefix begins the key of every misère fact in a cache. No game's key starts with
// it (no notation holds an 'è').
const MisereKeyPrefix = "misère:"

// IsMisereKey reports whether key is the key of a misère fact: a persistent store keeps such
// facts apart from the nimbers, or not at all.
func IsMisereKey(key string) bool { return strings.HasPrefix(key, MisereKeyPrefix) }

// MisereKey is the cache key of the whole position p under misère play: the prefix, then the
// keys of p's components, sorted, each prefixed by its length (so that no two multisets share
// a key, whatever bytes the game's keys hold).
func MisereKey(p Position) string { return misereKey(p.Split()) }

func misereKey(comps []Position) string { return MisereKeyPrefix + sumKey(partsOf(comps)) }

// MisereKeyOf is the misère key of a position whose components (and form, in a search by
// forms) have keys keys, in any order; it sorts keys.
func MisereKeyOf(keys []string) string {
	slices.Sort(keys)
	return MisereKeyPrefix + keysText(keys)
}

// partsOf pairs each component with its key.
func partsOf(comps []Position) []part {
	parts := make([]part, len(comps))
	for i, c := range comps {
		parts[i] = part{c, c.Key()}
	}
	return parts
}

// A MisereTheory knows the misère outcome of some positions without search, from the
// position's components (its Split); ok is false when it does not know. NimTheory is one.
type MisereTheory func(comps []Position) (win, ok bool)

// A Heaper is a position made of heaps, which gives their sizes (games/octal's positions).
type Heaper interface {
	Heaps() []int
}

// MisereNim is the misère outcome of Nim with these heaps (C. L. Bouton, 1902): the player to
// move loses exactly when every heap holds at most one token and an odd number of them hold
// one, or when some heap holds two or more and the heaps' nim-sum is 0. Heaps of 0 count for
// nothing: with no heap at all, the player to move cannot move, and wins.
func MisereNim(heaps []int) (win bool) {
	x, ones, big := 0, 0, false
	for _, h := range heaps {
		x ^= h
		if h == 1 {
			ones++
		}
		big = big || h >= 2
	}
	if !big {
		return ones%2 == 0
	}
	return x != 0
}

// NimTheory is misère Nim's closed form as a MisereTheory: it answers when every component
// gives its heaps (Heaper). Only a game whose moves are Nim's may use it: Kayles' positions
// give heaps too.
func NimTheory(comps []Position) (win, ok bool) {
	var heaps []int
	for _, c := range comps {
		h, isHeaps := c.(Heaper)
		if !isHeaps {
			return false, false
		}
		heaps = append(heaps, h.Heaps()...)
	}
	return MisereNim(heaps), true
}

// MisereOutcome reports whether the player to move wins p under misère play, searching the
// whole position (theory, when not nil, answers the positions it knows, unless the solver was
// made WithoutTheory). It uses the solver's cache, counters, progress, node limit and stop
// like the other searches: when ctx ends first it returns ctx's error wrapped, and what was
// proven stays in the cache.
func (s *Solver) MisereOutcome(ctx context.Context, p Position, theory MisereTheory) (win bool, err error) {
	s.begin(ctx)
	m := &misereSearch{s: s, theory: theory, memo: map[string][]compOption{}}
	parts := sortParts(partsOf(p.Split()))
	win = m.outcome(p, parts, MisereKeyPrefix+sumKey(parts))
	return win, s.end()
}

// misereSearch is one misère search: the solver it counts in, the theory it may ask, the
// recorder when it records a tree, and the options of the components expanded last.
type misereSearch struct {
	s         *Solver
	theory    MisereTheory
	rec       *misereRecorder
	memo      map[string][]compOption // by component key (misereoptions.go)
	memoBytes int64
}

// A misereOption is an option of a whole position: the position, its components and its
// misère key.
type misereOption struct {
	pos   Position
	parts []part
	key   string
	rank  // lost: known to be a misère loss for the player to move there
}

// outcome is the misère outcome of the whole position p, whose components are parts and key
// its misère key: a win as soon as one option is a loss, a win with no option at all.
func (m *misereSearch) outcome(p Position, parts []part, key string) bool {
	if win, ok := m.known(parts, key); ok {
		return win
	}
	s := m.s
	if m.tick(); s.err != nil {
		return false
	}
	s.c.enter()
	defer s.c.leave()
	opts, held := m.options(parts)
	defer func() { s.held -= held }()
	if s.err != nil {
		return false
	}
	for i := range opts {
		// Options known from the cache cost no node: look at the context by options too.
		if s.stopped() {
			return false
		}
		lost := !m.outcome(opts[i].pos, opts[i].parts, opts[i].key)
		if s.err != nil {
			return false
		}
		if lost {
			return m.learn(p, key, true, []string{opts[i].key})
		}
	}
	if len(opts) == 0 {
		return m.learn(p, key, true, nil) // no move: under misère play, a win
	}
	keys := make([]string, len(opts))
	for i := range opts {
		keys[i] = opts[i].key
	}
	return m.learn(p, key, false, keys)
}

// tick counts a node, and stops a recording whose proofs passed their budget.
func (m *misereSearch) tick() {
	s := m.s
	s.tick()
	if m.rec != nil && s.err == nil {
		s.err = m.rec.over(s.treeBudget())
	}
}

// known returns what is known of the position with key: while recording, only what this
// recording proved; else the cache, then the theory (whose answer is cached).
func (m *misereSearch) known(parts []part, key string) (win, ok bool) {
	s := m.s
	s.c.lookups.Add(1)
	var f Fact
	if m.rec != nil {
		f, ok = m.rec.facts[key]
	} else {
		f, ok = s.cache.Get(key)
	}
	if ok {
		if known, win := f.Outcome(0); known {
			s.c.hits.Add(1)
			return win, true
		}
	}
	if m.rec != nil || s.noTheory || m.theory == nil {
		return false, false
	}
	comps := make([]Position, len(parts))
	for i, c := range parts {
		comps[i] = c.pos
	}
	if win, ok = m.theory(comps); ok {
		s.cache.Put(key, misereFact(win))
	}
	return win, ok
}

// misereFact is how a misère outcome is kept: "≠ 0" for a win, "= 0" for a loss.
func misereFact(win bool) Fact {
	if win {
		return Fact{}.Without(0)
	}
	return Fact{}.WithNimber(0)
}

// learn keeps the outcome of the position with key, in the cache and, while recording, with
// the keys of the options that prove it; it returns win.
func (m *misereSearch) learn(p Position, key string, win bool, kids []string) bool {
	if m.rec != nil {
		m.rec.add(key, &misereProof{pos: p, win: win, kids: kids})
	}
	m.s.cache.Put(key, misereFact(win))
	return win
}

// options lists the options of the position whose components are parts, once each (by misère key): the
// moves in each component, whose options are made once for all the positions it is part of
// (componentOptions). They come in the order the elementary search tries them: those known
// to be losses first, then the easiest (§5.5), then by the game's guess. held is the memory
// they take, counted against the solver's budget; a stop while they are made gives none
// (s.err is set).
func (m *misereSearch) options(parts []part) (opts []misereOption, held int64) {
	s := m.s
	seen := map[string]bool{}
	// An option's guess is its component's, plus those of the components that stay: the
	// guess of the whole option when the game's guess adds up over components (Sprouts'
	// counts of fresh spots do), and the same order as the game's own for one component.
	guesses, total := make([]int, len(parts)), 0
	if len(parts) > 1 {
		for i, c := range parts {
			guesses[i] = GuessOf(c.pos)
			total += guesses[i]
		}
	}
	for i, c := range parts {
		if i > 0 && c.key == parts[i-1].key {
			continue // the same moves as in the one before: parts are sorted by key
		}
		for _, o := range m.componentOptions(c) {
			if s.err != nil {
				return nil, held
			}
			opt := m.option(parts, i, o)
			opt.guess += total - guesses[i]
			if seen[opt.key] {
				continue
			}
			seen[opt.key] = true
			n := heldOption + int64(len(opt.key))
			held += n
			if !s.hold(n) {
				return nil, held
			}
			opts = append(opts, opt)
		}
		if s.err != nil {
			return nil, held
		}
	}
	slices.SortStableFunc(opts, func(a, b misereOption) int { return a.rank.compare(b.rank) })
	return opts, held
}

// knownLost reports whether the position with key is known to be a misère loss, without
// asking the theory (the option is searched, and asks it, if it comes to that).
func (m *misereSearch) knownLost(key string) bool {
	var f Fact
	var ok bool
	if m.rec != nil {
		f, ok = m.rec.facts[key]
	} else {
		f, ok = m.s.cache.Get(key)
	}
	known, win := f.Outcome(0)
	return ok && known && !win
}
