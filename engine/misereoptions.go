package engine

import (
	"slices"
	"strings"
)

// misereMemoMax bounds the components whose options a misère search remembers: past it the
// memo starts again empty.
const misereMemoMax = 1 << 15

// A compOption is one option of a component: the position the game made, its components
// (with their keys, sorted) and the game's guess.
type compOption struct {
	pos   Position
	parts []part
	guess int
}

// componentOptions returns the options of the component c, made once and remembered by its
// key: a whole position's options are the moves in one of its components, and a component
// comes back in many positions (Sprouts spends most of its time making options). A stop
// while they are made gives none (s.err is set), and nothing is remembered.
func (m *misereSearch) componentOptions(c part) []compOption {
	if opts, ok := m.memo[c.key]; ok {
		return opts
	}
	var opts []compOption
	for o := range c.pos.Options() {
		if m.s.stopped() { // before every option: one may take milliseconds (Sprouts)
			return nil
		}
		opts = append(opts, compOption{pos: o, parts: sortParts(partsOf(o.Split())), guess: guess(o)})
	}
	if len(m.memo) >= misereMemoMax {
		clear(m.memo)
	}
	m.memo[c.key] = opts
	return opts
}

// option is the option of the position whose components are parts that plays o in parts[i].
func (m *misereSearch) option(parts []part, i int, o compOption) misereOption {
	opt := misereOption{pos: o.pos, parts: o.parts, guess: o.guess}
	if len(parts) > 1 {
		// The other components stay: the option is their sum with o's components.
		opt.parts = make([]part, 0, len(parts)-1+len(o.parts))
		opt.parts = append(append(append(opt.parts, parts[:i]...), parts[i+1:]...), o.parts...)
		opt.pos = wholePosition(sortParts(opt.parts))
	}
	opt.key = MisereKeyPrefix + sumKey(opt.parts)
	for _, c := range opt.parts {
		opt.hint += hint(c.pos)
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
