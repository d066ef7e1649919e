package octal

import (
	"slices"
	"strings"

	"grundy/engine"
	"grundy/games/parse"
)

// Limits on what Parse, Subtraction and Nimbers accept; larger inputs give parse.ErrTooLarge.
const (
	MaxHeap     = 1 << 20    // tokens in one heap of a position
	MaxHeaps    = 64         // heaps in a typed position
	MaxTake     = 4096       // largest take of a subtraction game
	MaxSequence = 10_000_000 // largest heap of a sequence (grundy seq)
)

// A kind is a family of rulesets that an octal code cannot describe.
type kind uint8

const (
	kindOctal  kind = iota // a finite octal code, subtraction games included
	kindNim                // Nim: take any positive number
	kindLasker             // Lasker's Nim: take any number, or split in two
	kindGrundy             // Grundy's game: split into two unequal heaps
)

// A Game is one heap ruleset: an octal code, a subtraction set, Lasker's Nim or Grundy's game.
// Its rules are immutable, and the nimbers it sieves for Value are kept under a mutex, so it
// is safe for concurrent use.
type Game struct {
	name   string
	kind   kind
	digits []uint8 // d_0, d_1, ..., d_t for kindOctal, trailing zeros stripped
	moves  []move  // the nonzero digits, by increasing k
	splits bool    // some move leaves two heaps
	live   []bool  // live[n]: a heap of n tokens has a move, for n < len(live)
	// liveLarge reports whether heaps of len(live) tokens or more have a move.
	liveLarge bool
	tab       *table // the nimbers of single heaps for Value; nil for Nim and Lasker's Nim
}

// New returns the game of an octal code: "0.77" (Kayles), "0.07", "4.7", ".137". Its Name is
// "octal:" and the canonical code.
func New(code string) (*Game, error) {
	digits, err := parseCode(code)
	if err != nil {
		return nil, err
	}
	return newOctal("octal:"+formatCode(digits), digits), nil
}

// Subtraction returns the subtraction game whose allowed takes are set, a list such as "1,3,4":
// a move removes s tokens from one heap, for some s in set. Its Name lists the takes sorted.
func Subtraction(set string) (*Game, error) {
	takes, err := parseTakes(set)
	if err != nil {
		return nil, err
	}
	return newOctal("subtraction:"+joinTakes(takes), takesCode(takes)), nil
}

// Kayles returns Kayles, octal 0.77, named "kayles".
func Kayles() *Game { return mustOctal("kayles", "0.77") }

// DawsonsKayles returns Dawson's Kayles, octal 0.07, named "dawsons-kayles".
func DawsonsKayles() *Game { return mustOctal("dawsons-kayles", "0.07") }

// DawsonsChess returns Dawson's chess, octal 0.137, named "dawsons-chess".
func DawsonsChess() *Game { return mustOctal("dawsons-chess", "0.137") }

// Nim returns Nim, named "nim": take any positive number of tokens from a heap. A heap of
// n tokens has nimber n.
func Nim() *Game { return newGame("nim", kindNim, nil) }

// Lasker returns Lasker's Nim, named "lasker": take any number of tokens from a heap, or split
// a heap into two non-empty heaps.
func Lasker() *Game { return newGame("lasker", kindLasker, nil) }

// Grundy returns Grundy's game, named "grundys-game": split a heap into two unequal non-empty
// heaps.
func Grundy() *Game { return newGame("grundys-game", kindGrundy, nil) }

// Lookup returns the game named name: "kayles", "dawsons-kayles", "dawsons-chess", "lasker",
// "grundys-game", "octal:CODE" or "subtraction:S". An unknown name gives parse.ErrUnknownGame.
func Lookup(name string) (*Game, error) {
	switch {
	case name == "kayles":
		return Kayles(), nil
	case name == "dawsons-kayles":
		return DawsonsKayles(), nil
	case name == "dawsons-chess":
		return DawsonsChess(), nil
	case name == "lasker":
		return Lasker(), nil
	case name == "grundys-game":
		return Grundy(), nil
	case strings.HasPrefix(name, "octal:"):
		return New(name[len("octal:"):])
	case strings.HasPrefix(name, "subtraction:"):
		return Subtraction(name[len("subtraction:"):])
	}
	return nil, parse.Errorf(parse.ErrUnknownGame, "octal", name, -1, "unknown heap game")
}

// mustOctal returns the game of a code known to be valid, named name.
func mustOctal(name, code string) *Game {
	digits, err := parseCode(code)
	if err != nil {
		panic(err)
	}
	return newOctal(name, digits)
}

// newOctal returns the game of the octal digits, named name.
func newOctal(name string, digits []uint8) *Game {
	return newGame(name, kindOctal, digits)
}

// newGame builds a Game and precomputes which heaps have a move.
func newGame(name string, k kind, digits []uint8) *Game {
	g := &Game{name: name, kind: k, digits: digits, splits: k == kindLasker || k == kindGrundy}
	for i, d := range digits {
		if d != 0 {
			g.moves = append(g.moves, move{k: i, d: d})
			g.splits = g.splits || d&4 != 0
		}
	}
	// From t+2 tokens on every move of the code is possible (and every move of Lasker's Nim
	// from 1, of Grundy's game from 3), so liveness stops changing.
	g.live = make([]bool, len(digits)+4)
	for n := range g.live {
		g.live[n] = !g.heapOptions(n, func(a, b int) bool { return false })
	}
	g.liveLarge = g.live[len(g.live)-1]
	if k == kindOctal || k == kindGrundy {
		g.tab = newTable(g)
	}
	return g
}

// Name returns the game's name: "kayles", "octal:0.6", "subtraction:1,3,4", ...
func (g *Game) Name() string { return g.name }

// Code returns the canonical octal code of the game ("0.77" for Kayles, "0.3033" for
// subtraction:1,3,4), or "" for Nim, Lasker's Nim and Grundy's game, which have none.
func (g *Game) Code() string {
	if g.kind != kindOctal {
		return ""
	}
	return formatCode(g.digits)
}

// isLive reports whether a heap of n tokens has a move.
func (g *Game) isLive(n int) bool {
	if n < len(g.live) {
		return g.live[n]
	}
	return g.liveLarge
}

// sortedUnique sorts ns and drops repeats.
func sortedUnique(ns []int) []int {
	slices.Sort(ns)
	return slices.Compact(ns)
}

// Heap returns the position of one heap of n tokens. It panics if n is negative or larger than
// the constant MaxHeap; the game's own MaxHeap may be smaller, and past it Value knows
// nothing.
func (g *Game) Heap(n int) engine.Position {
	if n < 0 || n > MaxHeap {
		panic("octal: heap size out of range")
	}
	if n == 0 {
		return Position{g: g}
	}
	return Position{g: g, heaps: []int32{int32(n)}}
}
