package games

import (
	"context"
	"fmt"

	"grundy/games/boxing"
	"grundy/games/chocolate"
	"grundy/games/chomp"
	"grundy/games/cram"
	"grundy/games/nim"
	"grundy/games/octal"
	"grundy/games/sprouts"
)

// registry is the table of games, in the order `grundy games` lists them. It is written out
// here, with no init side effects, so that the order is stable and the list is one place.
var registry = []Entry{
	{"nim", "heap sizes", "3 5 7", noParam(heaps(nim.New()))},
	{"kayles", "row sizes, and circles oN; octal 0.77", "12 7, o10", noParam(heaps(octal.Kayles()))},
	{"dawsons-kayles", "row sizes, and circles oN; octal 0.07", "10 4", noParam(heaps(octal.DawsonsKayles()))},
	{"dawsons-chess", "row sizes, and circles oN; octal 0.137", "19, o20 7", noParam(heaps(octal.DawsonsChess()))},
	{"octal:CODE", "heap sizes; CODE as in Winning Ways (0.77, 0.137, 4.7, ...)", "octal:0.77 12 7", octalGame},
	{"lasker", "heap sizes", "3 4", noParam(heaps(octal.Lasker()))},
	{"grundys-game", "heap sizes", "9", noParam(heaps(octal.Grundy()))},
	{"subtraction:S", "heap sizes; S the allowed takes", "subtraction:1,3,4 10", subtractionGame},
	{"cram", "RxC, or rows of . (free) and # (filled) joined by /", "3x4, ..#/.../...", noParam(cram.Game{})},
	{"chomp", "RxC, or column heights, non-increasing", "4x5, 3 3 2 1", noParam(chomp.Game{})},
	{"sprouts", "0*k for k spots, or the strings of Glop and SPOTS", "0*6, 0.AB|AB, 1a1a", noParam(sprouts.Game{})},
	{"boxing-match", "RxC full, or rows of o (stone) and . (empty) joined by /", "oo./ooo, 10x20", noParam(boxing.Game{})},
	{"breaking-chocolates", "bars of rows of b (black) and w (white) joined by /", "bw/wb, wwb/bww w", noParam(chocolate.Game{})},
}

// A nimberer computes the nimbers of single heaps; heaps turns it into a HeapGame.
type nimberer interface {
	Game
	Nimbers(ctx context.Context, n int) (values []int, period, preperiod int, err error)
	MaxHeap() int
}

type heapGame struct{ nimberer }

func heaps(g nimberer) HeapGame { return heapGame{g} }

func (h heapGame) Sequence(ctx context.Context, n int) (Sequence, error) {
	v, p, e, err := h.Nimbers(ctx, n)
	return Sequence{Values: v, Period: p, Preperiod: e}, err
}

// IsNotationKey is the heap game's (games/octal), a heap's key being its notation.
func (h heapGame) IsNotationKey(s string) bool {
	nk, ok := h.nimberer.(NotationKeyer)
	return ok && nk.IsNotationKey(s)
}

// DigitKeys is the heap game's (games/octal), or none.
func (h heapGame) DigitKeys() (lo, hi int) {
	if dk, ok := h.nimberer.(DigitKeyer); ok {
		return dk.DigitKeys()
	}
	return 1, 0
}

func octalGame(code string) (Game, error) {
	g, err := octal.New(code)
	if err != nil {
		return nil, err
	}
	return heaps(g), nil
}

func subtractionGame(set string) (Game, error) {
	g, err := octal.Subtraction(set)
	if err != nil {
		return nil, err
	}
	return heaps(g), nil
}

// A ValuesFile is a heap game whose values can be streamed to a file and read back from it
// (octal codes and Grundy's game): `grundy seq --file` and `grundy solve --values` use it.
type ValuesFile interface {
	// OpenValues opens the values file at path, created if missing, to grow it.
	OpenValues(path string) (*octal.File, error)
	// UseValues reads the values file at path and values the heaps it covers from it.
	UseValues(path string) error
}

// valuesFiler is what a nimberer needs to be a ValuesFile.
type valuesFiler interface {
	OpenFile(path string) (*octal.File, error)
	UseValues(path string) error
}

func (h heapGame) OpenValues(path string) (*octal.File, error) {
	if f, ok := h.nimberer.(valuesFiler); ok {
		return f.OpenFile(path)
	}
	return nil, fmt.Errorf("%s: %w: no values file, its nimbers have a closed form", h.Name(), ErrSyntax)
}

func (h heapGame) UseValues(path string) error {
	if f, ok := h.nimberer.(valuesFiler); ok {
		return f.UseValues(path)
	}
	return fmt.Errorf("%s: %w: no values file, its nimbers have a closed form", h.Name(), ErrSyntax)
}
