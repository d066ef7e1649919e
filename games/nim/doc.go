// Package nim plays Nim, the game every impartial game is equivalent to (Sprague–Grundy).
//
// # Rules
//
// A position is a number of heaps of tokens. A move takes any positive number of tokens from
// one heap, up to the whole heap. The player who cannot move, all heaps being empty, loses.
// The nimber of a heap of n tokens is n, and that of a position the nim-sum (bitwise XOR) of
// its heaps: "3 5 7" has nimber 3 ⊕ 5 ⊕ 7 = 1, a win for the player to move.
//
// # Notation
//
// Heap sizes separated by spaces or commas: "3 5 7", "3,5,7". "" and "0" are the empty
// position, and empty heaps are dropped. A position has at most MaxHeaps heaps of at most
// MaxHeap tokens; more gives parse.ErrTooLarge. String writes the heaps as typed, separated by
// single spaces; Key sorts them, so "7 5 3" and "3 5 7" share a Key.
//
// # Examples
//
//	g := nim.New()
//	p, _ := g.Parse("3 5 7")
//	p.Split()  // the heaps "3", "5" and "7", each a position of its own
//	p.Key()    // "3 5 7"
//	g.Heap(4)  // the position "4", whose options are "0", "1", "2" and "3"
package nim
