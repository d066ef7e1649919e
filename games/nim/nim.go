package nim

import "grundy/games/octal"

// Limits on positions and sequences, those of the heap games.
const (
	MaxHeap     = octal.MaxHeap
	MaxHeaps    = octal.MaxHeaps
	MaxSequence = octal.MaxSequence
)

// New returns Nim, the heap ruleset of games/octal in which a move takes any positive number
// of tokens: its positions, notation and nimbers are those of the other heap games, and the
// engine needs no search for them (their Value is the nim-sum of the heaps).
func New() *octal.Game { return octal.Nim() }
