// Package chocolate plays Breaking Chocolates (seed 003, CMU 15-251 lecture 6, after SPOJ
// problem BCHOCO): bars of chocolate made of black and white cells. A bar that is all black
// is discarded (that is no move); a bar that is all white is not broken further, and eating
// it is a move; a bar with both colours must be broken along one horizontal or vertical line
// between its cells into two bars, and that is a move. The players move in turn in any one
// bar; the player who cannot move loses.
//
// So an all-black bar is worth 0, an all-white bar 1 (its one move leaves nothing), and a
// mixed bar the mex, over its breaks, of the nim-sum of its two pieces. The seed states the
// rules and asks for an algorithm; it publishes no values. The tests check what follows from
// the rules: "b" is 0, "w" and "ww/ww" are 1, "bw" is 0 (its one break leaves "b" + "w",
// worth 1), "wbw" is 0 (both breaks leave a "w" and a "bw"), and every bar up to 3x3 against
// a brute force.
//
// # Notation
//
// A bar is written as its rows from top to bottom, joined by '/', with 'b' for a black cell
// and 'w' for a white one; all rows have the same length. A position of several bars writes
// them separated by spaces; "0" is the position with no bar:
//
//	bw/wb          a 2x2 bar, a chequer
//	wwb/bww        a 2x3 bar
//	bw/wb w b      a chequer, a white cell and a black one
//
// A position holds at most 64 cells in all (MaxCells), and so at most 64 bars. Errors are
// *parse.ParseError values of kind parse.ErrSyntax or parse.ErrTooLarge, found before
// anything is allocated:
//
//	breaking-chocolates: parsing "bx": invalid cell 'x' at 1
//	breaking-chocolates: parsing "bw/b": row has 1 cells, want 2 at 3
//
// # Positions
//
// Options yields, for each bar (one of equal bars), eating it when it is all white, else
// each break, the two pieces taking the bar's place (all-black pieces are discarded at once).
// Split gives each bar that is not all black, a position of its own. Key folds the 8
// symmetries of each bar's rectangle, counts every all-white bar as one cell (they are all
// the same game: one move, to nothing), drops the all-black ones and sorts the rest. Value
// knows the all-white and all-black bars; Hint is the number of cells of the other bars.
package chocolate
