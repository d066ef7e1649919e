package editor

import (
	"errors"
	"fmt"
	"strings"

	"grundy/games"
	"grundy/games/parse"
)

// A Catalog is the list of games the editor offers and the way to open one by name.
type Catalog struct {
	// Entries are the games in the order of the game menu. An entry whose name has a
	// parameter ("octal:CODE") gets a field for it.
	Entries []games.Entry
	// Lookup opens a game by its full name ("octal:0.77").
	Lookup func(name string) (games.Game, error)
}

// DefaultCatalog is the games registry.
func DefaultCatalog() Catalog {
	return Catalog{Entries: games.List(), Lookup: games.Lookup}
}

// entry returns the catalog entry of the full game name, and the parameter in it.
func (c Catalog) entry(name string) (e games.Entry, param string, ok bool) {
	base, param, _ := strings.Cut(name, ":")
	for _, e := range c.Entries {
		if b, _, _ := strings.Cut(e.Name, ":"); b == base {
			return e, param, true
		}
	}
	return games.Entry{}, "", false
}

// defaultParams are the parameters first proposed for games that take one.
var defaultParams = map[string]string{"octal": "0.77", "subtraction": "1,2,3"}

// fullName returns the name to look up for catalog entry e with parameter param.
func fullName(e games.Entry, param string) string {
	base, _, has := strings.Cut(e.Name, ":")
	if !has {
		return base
	}
	return base + ":" + param
}

// exampleOf returns the first example position of e, without the game's name: registry
// examples may list several ("3x4, ..#/...") and name the parameter ("octal:0.77 12 7").
func exampleOf(e games.Entry) string {
	ex, _, _ := strings.Cut(e.Example, ", ")
	if e.Param() {
		if head, rest, ok := strings.Cut(ex, " "); ok && strings.Contains(head, ":") {
			ex = rest
		}
	}
	return strings.TrimSpace(ex)
}

// splitTerms returns the terms of a sum written with " + ", trimmed.
func splitTerms(s string) []string {
	terms := strings.Split(s, " + ")
	for i := range terms {
		terms[i] = strings.TrimSpace(terms[i])
	}
	return terms
}

// joinTerms writes terms as a sum.
func joinTerms(terms []string) string { return strings.Join(terms, " + ") }

// Explain says in words what is wrong with an entry, for the line under the notation field:
// the parser's message and, when it points at one place, the character it points at.
func Explain(err error) string {
	var pe *parse.ParseError
	if !errors.As(err, &pe) {
		return err.Error()
	}
	msg := pe.Msg
	if msg == "" {
		msg = pe.Err.Error()
	}
	if pe.Offset < 0 {
		return fmt.Sprintf("%s: %s", pe.Game, msg)
	}
	at := "the end"
	if pe.Offset < len(pe.Input) {
		at = fmt.Sprintf("character %d (%q)", pe.Offset+1, pe.Input[pe.Offset:pe.Offset+1])
	}
	return fmt.Sprintf("%s: %s, at %s of %q", pe.Game, msg, at, pe.Input)
}
