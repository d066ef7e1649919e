// Package sprouts plays Sprouts, the game of Conway and Paterson, in the string notation of
// Glop 2.x and SPOTS (Lemoine and Viennot; Čížek, Balko and Schmid), following
// shared/SPROUTS.md.
//
// # Rules
//
// The game starts with p spots. A move draws a line from a spot to a spot, possibly the same
// one, crossing no line, and puts a new spot on it. No spot may end more than 3 lines (a loop
// counts twice). Whoever cannot move loses. The nimbers of p = 1 … 6 spots are 0, 0, 1, 1, 1, 0.
//
// # Notation
//
// A position is a sum of lands separated by '+', or "!" when no land is left. A land is
// regions separated by '|', a region boundaries separated by '.', and a boundary the spots met
// walking round one connected piece of drawing (the outer boundary counterclockwise, inner ones
// clockwise). A spot is written
//
//	0        a spot with no line (3 lives), alone in its boundary
//	1        a spot with one line (2 lives)
//	2        a spot with one life seen once in the whole position
//	A … Y    a spot with one life seen in two regions, once in each
//	a … l    a spot with one life seen twice in one boundary
//
// Uppercase names belong to the land; lowercase names to their boundary only, where each is
// seen exactly twice: every boundary names its own from a again, so "1a1a.1a1a" is two
// lines, each between two spots, and "0*2.AB.C|0.1aCa|1a2a.AB" (as SPOTS writes it) holds
// two spots named a. "0*k" is
// k isolated spots, alone in one region ("0*3" is "0.0.0") or beside other boundaries
// ("0*2.AB"). The lives of a land are 3 − d for every digit d and one for every letter.
//
// Letters past the alphabet are written with escapes, as Glop 2.x and SPOTS write them: m(k)
// is the k-th lowercase letter (m(1) is a), n(k) the k-th uppercase one (SPOTS; Glop 2.x
// writes Z(k)). Parse reads all three, mixed with plain letters; String writes SPOTS's form,
// and when a position needs one letter of a class past l or Y it writes every letter of that
// class with the escape, in all its lands. Parse also reads the Glop 1.x form, where '.' ends
// each boundary, '}' each region, ']' each land and '!' the position: "0.0.}]!" is "0*2".
// Spaces are ignored. A land holds at most 160 lives (0*53 is the largest star), and 3 ×
// its lives + its spots of one life are at most 480, so that no land a game leads to names
// more than 120 letters of one case; a text holds at most 4096 symbols (an escape counts one, 0*k the 2k−1 of 0.0.….0): String never writes more
// symbols than Parse read, so what it writes always reads back.
//
// # Moves
//
// Moves stay in one region. A line between two spots of one boundary (or a loop on a spot
// with 2 lives or more) cuts the region in two, and every other boundary of the region goes
// to one side or the other: each way is a move. A line between spots of two boundaries joins
// them into one, which meets each end twice (once on each side of the new line) unless it was
// an isolated spot, then the new spot, then the other boundary, then the new spot again. Each
// end loses a life, and the new spot has one. Options plays all of them, once for boundaries
// that can be swapped without changing the game (isolated spots, or equal loops).
//
// # Canonical form
//
// Parse and Options reduce every position as SPROUTS.md says (dead spots go, a letter next to
// itself is kept once, empty boundaries and regions where no move fits go, regions of 2 or 3
// lives keep their spots in one boundary, an uppercase letter seen once becomes 2, regions that
// share no letter become lands) and write it in canonical form: the smallest text over every
// order of regions and boundaries, rotation of boundaries and reflection of regions,
// uppercase letters named in order of appearance through the land and lowercase ones in order
// of appearance in their boundary, lands sorted. The text is the position's Key, so "a1a2" and
// "1a2a", or "BA|AB.0" and "0.AB|AB", are one position. Choices are first narrowed by
// signatures that ignore names; a land so symmetric that more than 64 renderings remain to
// compare keeps the smallest text found, which is right but may differ from another writing.
//
// # Search order
//
// Hint is the lives of a position: the search leaves the land with most lives for last in a
// sum and tries options split into small lands first. Guess orders options of equal hint
// (engine.Guesser): first those that keep the most fresh spots (0s, then 1s), then those
// whose largest region is smallest, the balanced splits. Both are guesses that an option
// loses, measured on the outcome of 0*p: with both, 0*11 takes 2 336 nodes; with fresh
// spots alone, 1.18 million; with neither, 0*10 was not decided in 40 minutes.
//
// # Example
//
// The 2-spot game, worked in SPROUTS.md (nimbers in brackets):
//
//	0*2        [0]  options: 0.AB|AB [2]   1a1a [2]
//	0.AB|AB    [2]  options: 0 [0]   0.2 [1]   1a2a [1]   AB.CD|AB|CD [3]
//	1a1a       [2]  options: 1AB|AB [3]   1a2a [1]   ABCD|ABCD [0]
//	1a2a       [1]  options: 12 [0]   222 [0]   2AB|AB [2]   ABC|ABC [0]
//	0          [0]  options: AB|AB [1]          AB|AB [1] options: ! [0]
//	ABCD|ABCD  [0]  options: 2AB|AB [2]   AB|AC|BC [1]
//
// In code:
//
//	p, err := sprouts.Parse("0*2")
//	for q := range p.Options() {
//		fmt.Println(q) // 0.AB|AB, then 1a1a
//	}
package sprouts
