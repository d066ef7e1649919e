// Package cram plays Cram: on a board of cells, the players in turn place a domino on two
// free cells that are orthogonally adjacent; the player who cannot move loses. It implements
// engine.Position for boards of up to 128 cells: a Board of at most 64 cells kept in one
// uint64, as the engine's main speed benchmark asks (paper §6.2), and a Wide of more, kept in
// two. Both give the same keys to the same boards, and a Wide's components of at most 64
// cells are Boards, so a wide board's search returns to the one-word code as it splits.
//
// # Notation
//
// A board is written "RxC" when all its cells are free, R rows of C cells each, or else as
// its rows from top to bottom, joined by '/', with '.' for a free cell and '#' for a filled
// one. All rows have the same length:
//
//	3x4            3 rows of 4 free cells
//	..#/.../...    a 3x3 board with its top right cell filled
//	.#../####      a free cell, a filled one and a free pair, above a filled row
//
// Parse reads the notation of a Board, ParseWide of a Wide, and Game.Parse of either, by
// size; String writes it. Errors are *parse.ParseError values of kind parse.ErrSyntax or
// parse.ErrTooLarge, such as
//
//	cram: parsing "..#/x": invalid cell 'x' at 4
//	cram: parsing "12x11": board has 132 cells, at most 128
//
// # Positions
//
// Options yields a board for each domino placement, of the same shape. Split gives the
// connected components of the free cells, each cut to its bounding box, and drops the free
// cells with no free neighbour, which no domino can ever cover. Key folds the 8 symmetries of
// the rectangle and those dropped cells: 3x4 and 4x3 share a key, as do "..#/.../..." and
// ".../.../#..". SymmetricZero recognises boards that the second player wins by playing
// the half-turn image of each move, as on every even×even board. Value gives the nimbers
// known without search: those boards, paths and cycles, and every connected region of at
// most 12 cells, from a table computed once (endgame.bin).
//
// Known values, checked by the tests (testdata/published.txt): the 3×n boards for n = 3, …, 9
// have nimbers 0, 1, 1, 4, 1, 3, 1 (paper, Figure 13); 4x5 has nimber 2 and 5x5 nimber 0
// (Figure 14); a 1×n strip is Dawson's Kayles, octal game 0.07.
package cram
