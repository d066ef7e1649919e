package games

import (
	"fmt"
	"strings"

	"grundy/games/parse"
)

// An Entry is one game of the registry, as `grundy games` lists it.
type Entry struct {
	Name     string // as typed on the command line; "octal:CODE" takes a parameter
	Notation string // how its positions are written
	Example  string // a position
	open     func(param string) (Game, error)
}

// Param reports whether the name takes a parameter after a colon.
func (e Entry) Param() bool { return strings.Contains(e.Name, ":") }

// base is the name before the colon.
func (e Entry) base() string { name, _, _ := strings.Cut(e.Name, ":"); return name }

// List returns the games in a fixed order.
func List() []Entry { return registry }

// Lookup returns the game named name: "cram", "octal:0.77", "subtraction:1,3,4".
func Lookup(name string) (Game, error) {
	base, param, hasParam := strings.Cut(name, ":")
	for _, e := range registry {
		if e.base() != base {
			continue
		}
		if hasParam != e.Param() {
			if e.Param() {
				return nil, unknown(name, fmt.Sprintf("%s needs a parameter: %s", base, e.Name))
			}
			return nil, unknown(name, fmt.Sprintf("%s takes no parameter", base))
		}
		return e.open(param)
	}
	return nil, unknown(name, "see `grundy games`")
}

func unknown(name, why string) error {
	return &parse.ParseError{Game: "games", Input: name, Offset: -1, Msg: "unknown game: " + why, Err: ErrUnknownGame}
}

// noParam adapts a constructor with no parameter to the registry.
func noParam(g Game) func(string) (Game, error) {
	return func(string) (Game, error) { return g, nil }
}
