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
// A board has at most 64 rows, 64 columns and MaxCells = 256 cells. The search solves sparse
// boards of up to 64 cells and full boards up to about 4x5 (nimber 2, 240 nodes); a full 5x5
// board was not solved within 190 000 nodes (each node has up to 55 squares to try, and
// groups rarely split). Larger boards are accepted for what
// symmetry answers at once: the full 10x20 board of seed 003 is a first-player win, by taking
// the middle 10x10 square, which leaves two equal 5x10 rectangles, and `grundy solve
// boxing-match 10x20 --outcome-only` answers W in milliseconds. Its nimber, and most other
// large boards, are beyond the search: --timeout stops it with what it proved.
//
// # Positions
//
// Options yields a board for each full square, the largest squares first, of the same shape.
//
// Split gives the 4-connected groups of stones (cells joined through a common side), each cut
// to its bounding box. They are independent games: a square is contiguous, so its cells are
// joined through sides and all lie in one group, and removing stones never joins two groups.
// Two groups touching only at a corner share no square either (a square holding both would
// hold the cells beside the corner, which are empty).
//
// Equal components cancel, P + P having nimber 0 (the second player mirrors each move in the
// other copy). The engine's search does it as it sorts the options of a position
// (engine/options.go, cancelPairs, on the components Split gives): the option of 10x20 that
// takes the middle 10x10 splits into two 5x10 groups with equal keys, so the search knows it
// losing as soon as it is made, the largest squares being made first, without solving a 5x10
// half. Split itself does not cancel pairs: the misère search (engine/misere.go) plays whole
// positions made of Split's components, and under misère play P + P need not be a loss.
// Recorded trees keep whole sums too (so `grundy tree boxing-match 10x20` would have to
// solve the halves).
//
// Key folds the 8 symmetries of the rectangle into each component's canonical form and sorts
// them: equal keys mean equal positions up to symmetry and the order of the groups.
//
// Value knows, without search, the boards with no full 2x2 square: every move then takes one
// stone, and none can ever make a 2x2 square, so every game lasts as many moves as there are
// stones, and the nimber is their number mod 2. Hint is the number of stones.
package boxing
