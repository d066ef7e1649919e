// Package games is the registry of the games the workbench plays. Each game lives in its own
// sub-package (games/cram, games/octal, ...) and implements engine.Position; this package lists
// them in a fixed order, parses game names such as "octal:0.77", and parses sums of positions
// written with " + ".
package games

import (
	"context"
	"strings"

	"grundy/engine"
	"grundy/games/parse"
)

// The kinds of error the parsers return, for errors.Is.
var (
	ErrSyntax      = parse.ErrSyntax
	ErrTooLarge    = parse.ErrTooLarge
	ErrUnknownGame = parse.ErrUnknownGame
)

// A Game is one ruleset: it names itself and reads the notation of its positions.
type Game interface {
	// Name is the full name, parameter included: "cram", "octal:0.77", "subtraction:1,3,4".
	Name() string
	// Parse reads one position (no " + "); the position may still split into components.
	Parse(s string) (engine.Position, error)
}

// A HeapGame is a game whose positions are sums of heaps; `grundy seq` works on those.
type HeapGame interface {
	Game
	// Sequence returns the nimbers of single heaps of size 0..n, with the period when one
	// is found and proven; ctx stops a long computation.
	Sequence(ctx context.Context, n int) (Sequence, error)
	// MaxHeap is the largest heap a position may hold: one whose nimber the game's theory
	// gives in about a second.
	MaxHeap() int
}

// A Sequence is the nimbers of heaps 0..len(Values)-1.
type Sequence struct {
	Values    []int
	Period    int // 0 when no period was found
	Preperiod int // the values are periodic from this heap size on
}

// Parse reads a position of g, possibly a sum of several written with " + ".
func Parse(g Game, s string) (engine.Position, error) {
	terms := strings.Split(s, " + ")
	if len(terms) == 1 {
		return g.Parse(strings.TrimSpace(s))
	}
	sum := make(engine.Sum, 0, len(terms))
	for _, t := range terms {
		p, err := g.Parse(strings.TrimSpace(t))
		if err != nil {
			return nil, err
		}
		sum = append(sum, p)
	}
	return sum, nil
}
