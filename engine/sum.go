package engine

import (
	"iter"
	"slices"
	"strings"
)

// A Sum is a sum of independent positions, possibly of several games: a move is a move in one
// of them. The search never plays a Sum as one position (it splits it, Algorithm 2), but the
// elementary baseline of §4.1 does, and a typed "3x3 + 2x5" is one.
type Sum []Position

var _ Position = Sum(nil)

// Options yields the positions reached by one move in one term.
func (s Sum) Options() iter.Seq[Position] {
	return func(yield func(Position) bool) {
		for i, p := range s {
			for o := range p.Options() {
				next := slices.Clone(s)
				next[i] = o
				if !yield(next) {
					return
				}
			}
		}
	}
}

// Split returns the components of every term.
func (s Sum) Split() []Position {
	var out []Position
	for _, p := range s {
		out = append(out, p.Split()...)
	}
	return out
}

// Key joins the sorted keys of the components with " + ".
func (s Sum) Key() string {
	parts := s.Split()
	keys := make([]string, len(parts))
	for i, p := range parts {
		keys[i] = p.Key()
	}
	slices.Sort(keys)
	return strings.Join(keys, " + ")
}

// String joins the terms' notations with " + ".
func (s Sum) String() string {
	parts := make([]string, len(s))
	for i, p := range s {
		parts[i] = p.String()
	}
	return strings.Join(parts, " + ")
}

// Hint adds up the terms' hints.
func (s Sum) Hint() int {
	h := 0
	for _, p := range s {
		h += HintOf(p)
	}
	return h
}
