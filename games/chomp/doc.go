// Package chomp plays Chomp on a rectangle of squares whose bottom left square is poisoned.
// A move takes a remaining square together with every square above it and to its right;
// taking the poisoned square is not allowed, so the player left with it alone cannot move
// and loses (the normal play form of "whoever eats the poison loses").
//
// A position is a Young diagram: the heights of the columns, from left to right, never
// increase. Boards have at most 64 rows and 64 columns.
//
// # Notation
//
// A board is written "RxC" when it is a full rectangle of R rows and C columns, or else as the
// heights of its columns from left to right, separated by spaces (or commas):
//
//	4x5        4 rows of 5 squares: heights 4 4 4 4 4
//	3 3 2 1    a staircase of 9 squares
//	5 1 1 1    an L: a column of 5 and a row of 4; the same game as Nim with heaps 4 and 3
//
// Parse reads the notation and String writes it; errors are *parse.ParseError values of kind
// parse.ErrSyntax or parse.ErrTooLarge, such as
//
//	chomp: parsing "3 4": column 2 is higher than column 1 at 2
//	chomp: parsing "100x100": board has 100 rows, at most 64 at 0
//
// # Positions
//
// Positions never split. Key folds the transpose: a diagram and its conjugate (the board
// seen from across its diagonal) are the same game, so "3 1" and "2 1 1" share a key. The
// hint is the number of squares.
//
// Every rectangle but 1x1 is a first-player win, by strategy stealing; on two rows, the
// losing boards are those whose top row is one square shorter than the bottom one. The tests
// check both.
package chomp
