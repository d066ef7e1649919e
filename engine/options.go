package engine

import (
	"hash/maphash"
	"slices"
	"strconv"
	"strings"
)

// An option is one option of a component, split into its own components, with what the
// cache says of them: enough to order the options (paper §5.5) and to skip duplicates.
type option struct {
	pos   Position
	parts []part
	class int  // losing, open or winning: as far as the cache knows, for the heap at hand
	cost  int  // the hints of the components whose nimber is not known
	guess int  // the game's guess: smaller is more likely losing
	told  bool // open, and losing as the claims say (claims.go): tried first of the open ones
	hash  uint64
}

// The classes of an option, in the order they are tried.
const (
	knownLosing = iota
	open
	knownWinning
)

var partSeed = maphash.MakeSeed()

// options returns p's options without duplicates, the ones most likely to be losing and
// easiest first: known losing ones, then the open ones by increasing cost (at equal cost, by
// the game's guess), then those known to be winning (searched only to prove that (p, n) is
// losing). An option known to be losing ends the list at once: it alone proves (p, n)
// winning. The list lives in the solver's buffer for its search level: the next call at the
// same level overwrites it, so a caller that makes a second couple's options before it is
// done with the first's copies the first.
func (s *Solver) options(p part, n int) []option {
	for len(s.opts) <= s.level {
		s.opts = append(s.opts, nil)
		s.parts = append(s.parts, nil)
	}
	opts := s.opts[s.level][:0]
	defer func() { s.opts[s.level] = opts[:0] }()
	recording := s.rec != nil
	if known, ok := s.memos().get(p.key, recording); ok {
		for _, opt := range known {
			s.classify(&opt, n)
			if opt.class == knownLosing {
				return append(opts[:0], opt)
			}
			opts = append(opts, opt)
		}
	} else {
		s.parts[s.level] = s.parts[s.level][:0]
		var seen optionSet
		for o := range p.pos.Options() {
			// A position may have millions of options (a heap of 2^20 tokens), and one option
			// may take milliseconds to make (Sprouts 0*53, its canonical form): look at the
			// context before each, so that a stop is not held up by one node. It costs a few
			// nanoseconds (an atomic load), next to a microsecond or more per option.
			if s.stopped() {
				return opts // partial: not remembered, and void (s.err is set)
			}
			opt := s.newOption(o)
			if seen.contains(opts, &opt) {
				continue
			}
			s.classify(&opt, n)
			if opt.class == knownLosing {
				return append(opts[:0], opt)
			}
			opts = append(opts, opt)
			seen.added(opts)
		}
		s.keep(p.key, recording, opts)
	}
	// Ties keep the order the options were made in: deterministic, since the memo is (see
	// optionMemo), and a better guess than the order of their keys, which made recorded
	// trees larger (cram 4x8: 2 424 losing couples to 2 948, cram 5x5: 138 to 212,
	// sprouts 0*9: 500 to 670).
	slices.SortStableFunc(opts, func(a, b option) int {
		if a.class != b.class {
			return a.class - b.class
		}
		if a.told != b.told {
			return boolRank(b.told) - boolRank(a.told)
		}
		if a.cost != b.cost {
			return a.cost - b.cost
		}
		return a.guess - b.guess
	})
	return opts
}

// keep remembers the whole list of options of key, with one slab of parts of their own (the
// level's slab is reused by the next node at this depth): one allocation, not one an option.
func (s *Solver) keep(key string, recording bool, opts []option) {
	n := 0
	for i := range opts {
		n += len(opts[i].parts)
	}
	kept := make([]part, 0, n)
	for i := range opts {
		start := len(kept)
		kept = append(kept, opts[i].parts...)
		opts[i].parts = kept[start:len(kept):len(kept)]
	}
	s.memos().put(key, recording, opts)
}

func (s *Solver) newOption(o Position) option {
	comps := o.Split()
	slab := s.parts[s.level]
	start := len(slab)
	for _, c := range comps {
		slab = append(slab, part{c, c.Key()})
	}
	s.parts[s.level] = slab
	opt := option{pos: o, parts: slab[start:len(slab):len(slab)], guess: GuessOf(o)}
	if s.rec == nil && len(opt.parts) > 1 {
		// P + P has nimber 0 (the mirror strategy): equal components cancel in pairs. The
		// tree records whole sums, so that the checker sees every component.
		opt.parts = cancelPairs(opt.parts)
	}
	for _, c := range opt.parts {
		opt.hash += maphash.String(partSeed, c.key) // a sum: the order does not matter
	}
	return opt
}

// cancelPairs drops components two by two where their keys are equal.
func cancelPairs(parts []part) []part {
	slices.SortFunc(parts, func(a, b part) int { return strings.Compare(a.key, b.key) })
	out := parts[:0]
	for i := 0; i < len(parts); i++ {
		if i+1 < len(parts) && parts[i].key == parts[i+1].key {
			i++
			continue
		}
		out = append(out, parts[i])
	}
	return out
}

// classify sets o's class and cost from what the cache knows of its parts.
func (s *Solver) classify(o *option, n int) {
	o.cost = 0
	x, unknown := n, 0
	var last Fact
	for _, c := range o.parts {
		f, _ := s.fact(c)
		if m, ok := f.Nimber(); ok {
			x ^= m
			continue
		}
		unknown++
		last = f
		// The hardest unknown component sets the cost: solving pieces separately is
		// far cheaper than one piece of their total size.
		o.cost = max(o.cost, HintOf(c.pos))
	}
	switch {
	case unknown == 0 && x == 0:
		o.class = knownLosing
	case unknown == 0, unknown == 1 && last.Excludes(x):
		o.class = knownWinning
	default:
		o.class = open
	}
	o.told = o.class == open && s.claimedLosing(o, n)
}

// scanOptions is how long a list of options is searched for duplicates by a linear scan;
// past it, an optionSet indexes the list by hash. The scan is faster on the short lists of
// most games (a Cram board has at most 112 options, most nodes far fewer), the index keeps
// long ones linear (a heap of 10^5 Kayles tokens has 10^5 options, a scan 10^10 steps).
const scanOptions = 32

// An optionSet finds the options already in a list being made, in constant time per option
// once the list is long.
type optionSet struct {
	index map[uint64]int32 // the first option of the list with each hash, once it is long
}

// contains reports whether opts already holds an option with o's components.
func (set *optionSet) contains(opts []option, o *option) bool {
	if len(opts) <= scanOptions {
		return containsOption(opts, o)
	}
	if set.index == nil {
		set.index = make(map[uint64]int32, 4*len(opts))
		for i := range opts {
			set.add(opts, i)
		}
	}
	i, ok := set.index[o.hash]
	switch {
	case !ok:
		return false
	case sameParts(opts[i].parts, o.parts):
		return true
	}
	return containsOption(opts[i+1:], o) // two sums with one hash: rare
}

// added indexes the option just appended to opts.
func (set *optionSet) added(opts []option) {
	if set.index != nil {
		set.add(opts, len(opts)-1)
	}
}

func (set *optionSet) add(opts []option, i int) {
	if _, ok := set.index[opts[i].hash]; !ok {
		set.index[opts[i].hash] = int32(i)
	}
}

// containsOption reports whether opts holds an option with o's components.
func containsOption(opts []option, o *option) bool {
	for i := range opts {
		if opts[i].hash == o.hash && sameParts(opts[i].parts, o.parts) {
			return true
		}
	}
	return false
}

func sameParts(a, b []part) bool {
	switch {
	case len(a) != len(b):
		return false
	case len(a) == 1:
		return a[0].key == b[0].key
	case len(a) == 2:
		return a[0].key == b[0].key && a[1].key == b[1].key ||
			a[0].key == b[1].key && a[1].key == b[0].key
	}
	return slices.Equal(sortedKeys(a), sortedKeys(b))
}

func sortedKeys(parts []part) []string {
	keys := make([]string, len(parts))
	for i, c := range parts {
		keys[i] = c.key
	}
	slices.Sort(keys)
	return keys
}

// sumKey identifies a sum of components in the recorded proofs. Keys may hold any byte, so
// each is prefixed by its length: no two sums share a sumKey.
func sumKey(parts []part) string { return keysText(sortedKeys(parts)) }

// keysText writes keys one after the other, each after its length: a list no key's bytes
// can be read into otherwise.
func keysText(keys []string) string {
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(strconv.Itoa(len(k)))
		b.WriteByte(':')
		b.WriteString(k)
	}
	return b.String()
}

// ref names the couple (o, n) in the recorded proofs.
func (o *option) ref(n int) ref {
	switch len(o.parts) {
	case 0:
		return ref{emptyKey, n, false}
	case 1:
		return ref{o.parts[0].key, n, false}
	}
	return ref{sumKey(o.parts), n, true}
}
