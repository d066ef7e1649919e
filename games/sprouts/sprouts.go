package sprouts

import (
	"iter"
	"strings"
	"sync"

	"grundy/engine"
)

// empty is the notation of the position with no land.
const empty = "!"

// movers keeps the scratch space of Parse and Options calls for the next ones; it remembers
// no position.
var movers = sync.Pool{New: func() any { return new(mover) }}

// A Position is a Sprouts position: a sum of lands, each of which is played on its own.
// Positions are values that never change; make them with Parse. The zero Position is the
// empty one.
//
// Its Key is cheap (engine.Exact): the options of a position are written by
// canon.writeCheap, which skips the search for the one canonical text, and may write one
// position two ways. String is always the canonical text, and Exactly gives the position
// whose Key, options and components are canonical, for solution trees and their check.
type Position struct {
	s     string // lands sorted and joined with '+', or "!": canonical when exact
	lives int
	exact bool // s is the canonical notation
	full  bool // options and components are written canonical too (exact as well)
}

var (
	_ engine.Position = (*Position)(nil)
	_ engine.Hinter   = (*Position)(nil)
	_ engine.Guesser  = (*Position)(nil)
	_ engine.Exact    = (*Position)(nil)
	_ engine.Costly   = (*Position)(nil)
)

// A Game is the game of Sprouts, for the games registry.
type Game struct{}

// Name returns "sprouts".
func (Game) Name() string { return "sprouts" }

// Parse reads a position in the notation of Parse.
func (Game) Parse(s string) (engine.Position, error) {
	p, err := Parse(s)
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Parse reads a position: "0*k" for k fresh spots, a string of the current notation such as
// "0.AB|AB" or "1a1a+AB|AB", "!" for the empty position, or the Glop 1.x form such as
// "0.0.}]!". The position is reduced and put in canonical form. Errors are *parse.ParseError
// values wrapping parse.ErrSyntax or, past the limits, parse.ErrTooLarge.
func Parse(s string) (*Position, error) {
	p, _, err := readPosition(s)
	return p, err
}

// readPosition parses s, and reports whether the canonical text of every land was found by
// a full search (see canon.search): then any other writing of the position gets the same.
func readPosition(s string) (*Position, bool, error) {
	lands, err := read(s)
	if err != nil {
		return nil, false, err
	}
	m := movers.Get().(*mover)
	defer movers.Put(m)
	w := &m.ws
	w.reset()
	w.cheap = false
	for _, l := range lands {
		w.add(l.codes, l.dead)
	}
	return &Position{s: w.joined(), lives: w.lives, exact: true}, w.exact, nil
}

// String returns the canonical notation of p.
func (p *Position) String() string {
	switch {
	case p.s == "":
		return empty // the zero Position
	case p.exact:
		return p.s
	}
	q, _, err := readPosition(p.s)
	if err != nil {
		panic("sprouts: key " + p.s + " does not parse: " + err.Error()) // a rendering always does
	}
	return q.s
}

// Key returns the notation of p as its options were written (see Position): one position
// may have more than one key, but two different positions never share one.
func (p *Position) Key() string {
	if p.s == "" {
		return empty
	}
	return p.s
}

// Exactly returns p with its canonical text as its Key, whose options and components have
// theirs too (engine.Exact).
func (p *Position) Exactly() engine.Position {
	if p.full {
		return p
	}
	return &Position{s: p.String(), lives: p.lives, exact: true, full: true}
}

// Lives returns the number of moves left to play at most: 3 for every 0, 2 for every 1,
// 1 for every 2 and every letter.
func (p *Position) Lives() int { return p.lives }

// Hint returns the lives of p: fewer lives, less to search.
func (p *Position) Hint() int { return p.lives }

// Guess ranks p among the options of one position, smaller first, as likely to be losing:
// first the more fresh spots p keeps (0s, then 1s), then the smaller its largest region.
// Measured on the couples search for the outcome of 0*p (nodes, same run): p = 9 takes
// 431 with both, 30 547 with fresh spots alone, 556 687 with neither; p = 11 takes 1 473,
// 1 178 513 and was out of reach.
func (p *Position) Guess() int {
	f := shape(p.Key()) // what it counts does not depend on how p is written
	return -(100*f.zeros+f.ones)*1000 + min(f.largest, 999)
}

// A shapeCount is what Guess reads of a position: its spots with no line and with one, and
// the size of its largest region in half-lives (an uppercase letter gives one life to each
// of its two regions, a lowercase one half a life at each of its two places).
type shapeCount struct{ zeros, ones, largest int }

// shape counts the shape of a position's canonical text.
func shape(s string) shapeCount {
	var f shapeCount
	for land := range strings.SplitSeq(s, "+") {
		if k, ok := freshSpots(land); ok {
			f.zeros += k
			f.largest = max(f.largest, 6*k)
			continue
		}
		region := 0
		for i := 0; i < len(land); i++ {
			switch c := land[i]; {
			case c == '|':
				f.largest, region = max(f.largest, region), 0
			case c == '0':
				f.zeros++
				region += 6
			case c == '1':
				f.ones++
				region += 4
			case c == '2':
				region += 2
			default:
				if upper, _, end, ok := letterAt(land, i); ok {
					region, i = region+1, end-1
					if upper { // one life in each of its two regions
						region++
					}
				}
			}
		}
		f.largest = max(f.largest, region)
	}
	return f
}

// freshSpots returns k when the canonical land is written "0*k": k spots with no line, alone
// in one region.
func freshSpots(land string) (int, bool) {
	rest, ok := strings.CutPrefix(land, "0*")
	if !ok {
		return 0, false
	}
	k := 0
	for _, c := range rest {
		k = 10*k + int(c-'0')
	}
	return k, true
}

// Lands returns the notation of each land of p (canonical when p is exact), in order; none
// for the empty position.
func (p *Position) Lands() []string { return splitLands(p.s) }

// Split returns the lands of p as positions: p itself when it has one land, none when no
// move remains.
func (p *Position) Split() []engine.Position {
	lands := p.Lands()
	if len(lands) <= 1 {
		if len(lands) == 0 {
			return nil
		}
		return []engine.Position{p}
	}
	out := make([]engine.Position, len(lands))
	for i, l := range lands {
		out[i] = &Position{s: l, lives: landLives(l), exact: p.exact, full: p.full}
	}
	return out
}

// Options yields every position one move away from p, each once.
func (p *Position) Options() iter.Seq[engine.Position] {
	return func(yield func(engine.Position) bool) {
		lands := p.Lands()
		seen := make(map[string]struct{})
		m := movers.Get().(*mover)
		defer movers.Put(m)
		for i, land := range lands {
			rest := p.lives - landLives(land)
			ok := m.options(land, func() bool {
				o := p.option(&m.ws, m.raw, m.dead, lands, i, rest)
				if _, dup := seen[o.s]; dup {
					return true
				}
				seen[o.s] = struct{}{}
				return yield(o)
			})
			if !ok {
				return
			}
		}
	}
}

// CostlyOptions marks p's options as dear to make (engine.Costly): each is put in canonical
// form, most of a search's work.
func (p *Position) CostlyOptions() {}

// option makes, with ws, the option of a move in lands[i] that left its codes raw and killed
// the letters dead; rest is the lives of the other lands.
func (p *Position) option(ws *workspace, raw, dead []uint8, lands []string, i, rest int) *Position {
	ws.cheap = !p.full
	ws.reset()
	ws.add(raw, dead)
	child := ws.joined()
	if len(lands) > 1 {
		child = replaceLand(lands, i, child)
	}
	return &Position{s: child, lives: rest + ws.lives, exact: p.full, full: p.full}
}

// replaceLand returns the position made of lands with lands[i] replaced by child (a
// position: lands joined with '+', or "!").
func replaceLand(lands []string, i int, child string) string {
	next := make([]string, 0, len(lands)+1)
	next = append(append(next, lands[:i]...), lands[i+1:]...)
	return joinLands(append(next, splitLands(child)...))
}

// landLives counts the lives of a canonical land, where every letter is seen twice.
func landLives(s string) int {
	if k, ok := freshSpots(s); ok {
		return 3 * k
	}
	n, letters := 0, 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '2' {
			n += digitLives(c - '0')
		} else if _, _, end, ok := letterAt(s, i); ok {
			letters++
			i = end - 1
		}
	}
	return n + letters/2
}
