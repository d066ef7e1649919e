// Package games is the registry of the games the workbench plays. Each game lives in its own
// sub-package (games/cram, games/octal, ...) and implements engine.Position; this package lists
// them in a fixed order, parses game names such as "octal:0.77", and parses sums of positions
// written with " + ".
package games

import (
	"context"
	"fmt"
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

// A KeyDecoder is a game whose keys are no notation (Cram's are bytes) but can be turned back
// into a position, found on a Game by type assertion: the store writes the facts it keeps
// under such keys as positions, in the game's notation.
type KeyDecoder interface {
	// FromKey returns a position whose Key is key, or an error for a string that is no key
	// of the game's, or whose position cannot be written.
	FromKey(key string) (engine.Position, error)
}

// A NotationKeyer is a game some of whose keys are their own notation, and which tells them
// apart without parsing, found on a Game by type assertion: the store reads and writes the
// positions of its files so, at a tenth of the cost of a parse.
type NotationKeyer interface {
	// IsNotationKey reports whether Parse(s) is one component whose Key and String are both
	// s. false may also mean that only a parse tells.
	IsNotationKey(s string) bool
}

// A DigitKeyer is a NotationKeyer that tells at once which keys of decimal digits are their
// own notation: every key of digits without a leading zero whose number is lo to hi, of
// DigitKeys() at the moment (hi may grow, never shrink). An export asks once a game rather
// than once a key.
type DigitKeyer interface {
	DigitKeys() (lo, hi int)
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

// Parse reads a position of g, possibly a sum of several written with " + ". Every term of a
// sum must be there: "3 + ", "+ 3" and "3 + + 4" are errors (ErrSyntax), not 3 or 3 + 4.
func Parse(g Game, s string) (engine.Position, error) { return parseTerms(g, s, g.Parse) }

// parseTerms reads s, a position or a sum of them, each term by parse.
func parseTerms(g Game, s string, parse func(string) (engine.Position, error)) (engine.Position, error) {
	terms, err := splitSum(g.Name(), s)
	if err != nil {
		return nil, err
	}
	if len(terms) == 1 {
		return parse(terms[0])
	}
	sum := make(engine.Sum, 0, len(terms))
	for _, t := range terms {
		p, err := parse(t)
		if err != nil {
			return nil, err
		}
		sum = append(sum, p)
	}
	return sum, nil
}

// A RuleParser is a game whose way of splitting positions into components has changed
// (engine.SplitRuler): ParseRule reads a position to be split by the rule a solution tree
// names, "" being the game's first.
type RuleParser interface {
	ParseRule(rule, s string) (engine.Position, error)
}

// ParseRule reads s as Parse does, to be split by rule, the way a solution tree was written
// with (engine.Tree's Split): `grundy check` reads a tree's positions so. A game that never
// changed its way knows only "".
func ParseRule(g Game, rule, s string) (engine.Position, error) {
	rp, ok := g.(RuleParser)
	if !ok {
		if rule != "" {
			return nil, fmt.Errorf("%s: a tree whose positions split by the rule %q, which the game does not have", g.Name(), rule)
		}
		return Parse(g, s)
	}
	return parseTerms(g, s, func(t string) (engine.Position, error) { return rp.ParseRule(rule, t) })
}

// splitSum returns the terms of s, trimmed: the text between the '+' signs that stand apart,
// with blanks or an end of s on both sides. A '+' within a term (Sprouts' "0*2+1a1a") is the
// term's own. A '+' with no term on one side is an error at its offset.
func splitSum(game, s string) ([]string, error) {
	var terms []string
	start := 0
	for i := 0; i < len(s); i++ {
		if !isPlus(s, i) {
			continue
		}
		t := strings.TrimSpace(s[start:i])
		if t == "" {
			return nil, parse.Errorf(ErrSyntax, game, s, i, "empty term before '+'")
		}
		terms, start = append(terms, t), i+1
	}
	t := strings.TrimSpace(s[start:])
	if t == "" && len(terms) > 0 {
		return nil, parse.Errorf(ErrSyntax, game, s, start-1, "empty term after '+'")
	}
	return append(terms, t), nil
}

// isPlus reports whether s[i] is a '+' joining two terms: blanks or an end on both sides.
func isPlus(s string, i int) bool {
	return s[i] == '+' && (i == 0 || isBlank(s[i-1])) && (i == len(s)-1 || isBlank(s[i+1]))
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
