package parse

import (
	"errors"
	"fmt"
)

// The kinds of error a parser returns, wrapped in a *ParseError. Callers test them with errors.Is.
var (
	ErrSyntax      = errors.New("invalid syntax")
	ErrTooLarge    = errors.New("position too large")
	ErrUnknownGame = errors.New("unknown game")
)

// A ParseError records a failed parse of a position or a game name.
type ParseError struct {
	Game   string // the game, e.g. "cram"
	Input  string // the text that was parsed
	Offset int    // byte offset of the problem in Input, or -1 when it is not one place
	Msg    string // what was wrong, in words, e.g. "invalid cell 'x'"
	Err    error  // ErrSyntax, ErrTooLarge, ...
}

// Error returns the message, with the input quoted and cut at MaxQuoted characters (see Quote).
func (e *ParseError) Error() string {
	at := ""
	if e.Offset >= 0 {
		at = fmt.Sprintf(" at %d", e.Offset)
	}
	msg := e.Msg
	if msg == "" {
		msg = e.Err.Error()
	}
	return fmt.Sprintf("%s: parsing %s: %s%s", e.Game, Quote(e.Input), msg, at)
}

func (e *ParseError) Unwrap() error { return e.Err }

// Errorf returns a *ParseError of kind err for game and input, at offset (-1: nowhere in
// particular), with a message formatted from format and args.
func Errorf(err error, game, input string, offset int, format string, args ...any) error {
	return &ParseError{Game: game, Input: input, Offset: offset, Msg: fmt.Sprintf(format, args...), Err: err}
}
