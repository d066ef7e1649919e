// Package boxing plays Boxing Match (seed 003, CMU 15-251 lecture 6, after a POTM programming
// contest): an n×m board holds 0 or 1 stone on each cell; the players in turn remove all the
// stones of a full square subarray, k×k cells for some k ≥ 1 that all hold a stone; the
// player who takes the last stone wins (normal play: who cannot move loses).
//
// # Notation
//
// A board is written "RxC" when every cell holds a stone, R rows of C cells, or else as its
// rows from top to bottom, joined by '/', with 'o' for a stone and '.' for an empty cell; all
// rows have the same length:
//
//	10x20          the full board of seed 003
//	oo./ooo        a 2x3 board whose top right cell is empty
//	o.o/.o./o.o    five stones, none touching another by a side
//
// Parse reads the notation and String writes it; errors are *parse.ParseError values of kind
// parse.ErrSyntax or parse.ErrTooLarge, found before anything is allocated:
//
//	boxing-match: parsing "oo/x": invalid cell 'x' at 3
//	boxing-match: parsing "17x17": board has 289 cells, at most 256
//
// # Limits
//
// A board has at most 64 rows, 64 columns and MaxCells = 256 cells. The search solves boards
// of up to about 64 cells (the other games' limit; a full 8x8 board is far beyond plain
// search), and larger boards are accepted for what symmetry and theory answer at once: the
// full 10x20 board of seed 003 is a first-player win, by taking the middle 10x10 square,
// which leaves two equal 5x10 rectangles. `grundy solve boxing-match 10x20 --outcome-only`
// answers W in milliseconds; without --outcome-only, or on other large boards, the search may
// run for ever, and --timeout stops it with what it proved.
//
// # Positions
//
// Options yields a board for each full square, the largest squares first, of the same shape.
//
// Split gives the 4-connected groups of stones (cells joined through a common side), each cut
// to its bounding box. They are independent games: a square is contiguous, so its cells are
// joined through sides and all lie in one group, and removing it never joins two groups. Two
// groups touching only at a corner share no square either (a square holding both would hold
// the cells beside the corner, which are empty). Equal components cancel: P + P has nimber 0
// (the second player mirrors each move in the other copy), so Split drops components two by
// two where they are equal up to the 8 symmetries, and a board made of pairs splits into
// nothing at all. That is how the search finds the winning move of 10x20 without solving a
// 5x10 half: the option is known losing as soon as it is made. The checker of solution trees
// (grundy check) takes Split from the game, so it accepts the cancelled pairs.
//
// Key folds the 8 symmetries of the rectangle into each component's canonical form and sorts
// them; it does not cancel pairs, so that equal keys mean equal positions up to symmetry, as
// misère play needs ("oo/oo + o" and "o" have equal nimbers but not equal keys).
//
// Value knows, without search, the boards with no full 2x2 square: every move then takes one
// stone, and none can ever make a 2x2 square, so every game lasts as many moves as there are
// stones, and the nimber is their number mod 2. Hint is the number of stones of the
// components Split keeps.
package boxing
