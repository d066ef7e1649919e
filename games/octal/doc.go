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
// # Circles
//
// Beside its rows, a position of an octal game whose first digit is 0 (kayles,
// dawsons-kayles, dawsons-chess, octal:0.…) may hold circles of tokens, written "oN":
// "o19", "o20 7" (seed 004: Richard Penn's dots on a circle). A circle has no ends: a move
// takes a contiguous run of k tokens, the whole circle when it has exactly k and d_k has the
// bit 1, or a run with tokens on both sides, leaving one row of N−k, when d_k has the bit 4.
// In Dawson's chess a circle of N ≥ 4 thus has the single option row N−3, and circles of 1,
// 2 and 3 dots the single option of nothing (crossing out a dot and its neighbours takes them
// all); in Kayles a circle of N leaves a row of N−1 or N−2. Circles are written before the
// rows ("7 o20" prints "o20 7") and keep their 'o' in the Key. Nim, lasker, grundys-game,
// subtraction:S and codes whose first digit is 4 have no circles, and Parse refuses "oN" for
// them: "lasker: parsing "o5": circles are not defined for lasker, a game of heaps: only octal
// codes play on rows and circles at 0". See circle.go.
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
// The values of an octal code and of Grundy's game come from a Run (run.go), which
// computes them in increasing order by the rare/common method of the sparse space
// (sparse.go): a mask, chosen from the values found so far and again as they grow, splits
// the values into common ones and rare ones, and a heap costs a pass over the rare heaps
// plus a short scan, not a pass over all of its options. Where no mask leaves few rare
// values it is the plain mex. A Run keeps one byte a value while the values are below 256,
// looks for a period as it grows, and a File (seqfile.go) streams it to disk and resumes
// from what the file holds:
//
//	grundys-game   2^21 values: largest 231 (heap 763622), 1274 rare (mask 0xfe), the last at 82860
//	octal:0.16     period 149459 from 105351, proven with 509622 values
//	octal:0.354    period 1180 from 10061916, proven with 20126195 values
//
// # Values from theory
//
// A Position is an engine.Valuer: its Value is the nim-sum of its heaps' nimbers, so the
// search needs no couples for a heap game. Nim's heap of n tokens is worth n (Bouton), and
// Lasker's Nim follows its closed form. The other games take their values from a values
// file when UseValues read one (heaps up to what it holds), else from the plain sieve, kept
// in the Game and grown on demand, in doubling stages (under a mutex, so
// a Game stays safe for concurrent use). For an octal code the stages end, as in Nimbers,
// with an attempt to prove a period by the periodicity theorem while the sieve is within
// 16384 heaps; a proven period values every larger heap, g(h) = g(e + (h−e) mod p).
//
// # Limits
//
// A typed position has at most MaxHeaps heaps, a code at most MaxCodeDigits digits after the
// point, a subtraction set no take above MaxTake, and a sequence no heap above MaxSequence.
// A heap has at most g.MaxHeap() tokens: the constant MaxHeap, 2^20, when a closed form or a
// proven period gives every value, else the largest heap the sieve reaches within a fixed
// budget of steps, under a second of work on the 2-core machine where it was measured. The
// budget is counted, not timed, so a game's limit is the same everywhere:
//
//	nim, lasker, kayles, dawsons-kayles, dawsons-chess   1048576
//	subtraction:S                                        1048576, unless S has over 377
//	                                                     takes and no period proven in
//	                                                     16384 heaps (1,2,…,4096: 99607)
//	grundys-game                                         56552
//	octal:0.6 (unsolved)                                 56549
//	octal:4.444…4 (32 digits, no period found)            9858
//
// The sieve of a code that splits heaps costs about the square of the heap times its
// splitting digits, hence the smaller limits. For such a code g.MaxHeap() first looks for the
// period (Kayles: 256 heaps, microseconds; 0.6: 16384 heaps, 0.1 s; at most the budget);
// Parse asks it only for a heap above what the sieve surely reaches. Larger inputs give
// parse.ErrTooLarge ("kayles: parsing "2000000": heap 2000000 is larger than 1048576 at 0")
// and bad ones parse.ErrSyntax, both in a *parse.ParseError.
//
// # Examples
//
//	g, _ := octal.Lookup("octal:0.77") // Kayles, also octal.Kayles() by the name "kayles"
//	p, _ := g.Parse("12 7")
//	p.Split()                          // the heaps "12" and "7", each a position of its own
//	g.Heap(4)                          // options "3", "2 1", "2" and "1 1"
//	v, period, pre, _ := g.Nimbers(ctx, 100) // v[12] = 4, period 12, preperiod 71
//	q, _ := g.Parse("1048576 3")
//	q.(octal.Position).Value()         // 1 ^ 3 = 2, true: the period gives heap 1048576
//	octal.Grundy().MaxHeap()           // 56552
package octal
