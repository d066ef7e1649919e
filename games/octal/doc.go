// Package octal plays heap games: take-and-break games on heaps of tokens, as CGSuite's
// HeapRuleset and TBCode do. One Game type serves them all:
//
//   - octal:CODE, any octal code of Winning Ways (Berlekamp, Conway and Guy, ch. 4) whose
//     first digit is 0 or 4: "0.77" is Kayles, "0.07" Dawson's Kayles, "0.137" Dawson's
//     chess, "4.7", "0.6", ... (New);
//   - kayles, dawsons-kayles and dawsons-chess, the same games by name (Kayles, DawsonsKayles,
//     DawsonsChess);
//   - lasker, Lasker's Nim: take any positive number of tokens from a heap, or split a heap
//     into two non-empty heaps (Lasker);
//   - grundys-game, Grundy's game: split a heap into two unequal non-empty heaps (Grundy);
//   - subtraction:S, S a list of positive takes such as "1,3,4": remove s tokens from a heap,
//     for some s in S (Subtraction). It is the octal code with a 3 at each s in S.
//
// Lookup finds any of them by name. The player who cannot move loses.
//
// # Octal codes
//
// The code d_0.d_1d_2…d_t gives the moves that take k tokens from one heap in its digit d_k,
// read as a sum of bits:
//
//	1  take k tokens when the heap has exactly k, leaving no heap
//	2  take k tokens, leaving one non-empty heap
//	4  take k tokens, leaving two non-empty heaps (the rest of the heap is split in two)
//
// The digit before the point is 0 or 4; 4 lets a player split a heap in two without taking
// anything. So Kayles, 0.77, takes one or two pins from the end or the middle of a row, and
// 0.137 takes one lone token, or two from the end of a heap, or three from anywhere. Codes
// may have up to MaxCodeDigits digits after the point; ".77" stands for "0.77", and trailing
// zeros are dropped from the name ("octal:0.770" is "octal:0.77").
//
// # Positions
//
// A position is a list of heap sizes separated by spaces or commas: "12 7", "3,4". "" and "0"
// are the empty position. Its Key lists the heaps that still have a move, sorted: "7 12" and
// "12 7" share a Key, and in Dawson's Kayles, where a heap of one token has no move, so does
// "12 1 7". A position splits into its heaps, each a position of its own.
//
// # Sequences
//
// Nimbers gives the nimbers of single heaps up to a size, for `grundy seq`, with the period
// when the octal periodicity theorem proves one:
//
//	kayles          0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 ...   period 12 from heap 71
//	dawsons-chess   0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 ...   period 34 from heap 52
//	grundys-game    0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 ...   no known period
//
// # Limits
//
// A typed position has at most MaxHeaps heaps of at most MaxHeap tokens, a code at most
// MaxCodeDigits digits after the point, a subtraction set no take above MaxTake, and a
// sequence no heap above MaxSequence. Larger inputs give parse.ErrTooLarge and bad ones
// parse.ErrSyntax, both in a *parse.ParseError.
//
// # Examples
//
//	g, _ := octal.Lookup("octal:0.77") // Kayles, also octal.Kayles() by the name "kayles"
//	p, _ := g.Parse("12 7")
//	p.Split()                          // the heaps "12" and "7", each a position of its own
//	g.Heap(4)                          // options "3", "2 1", "2" and "1 1"
//	v, period, pre, _ := g.Nimbers(ctx, 100) // v[12] = 4, period 12, preperiod 71
package octal
