// Package parse holds what the games' notation parsers share: the kinds of error they return,
// the *ParseError that gives them context, and small scanners for common notations (lists of
// heap sizes). It sits below every game package and below the games registry, which re-exports
// the error kinds.
package parse
