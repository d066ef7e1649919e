// Package draw turns the nodes of a solution tree into pictures: display lists of rectangles,
// circles, lines and one-line texts, in points, with no renderer attached. The exporter
// (viz/export) renders them through tdewolff/canvas; the tree widget renders the same lists
// with fyne, so a node looks alike on screen and on paper.
//
// A position is drawn from its notation alone (DESIGN.md "Position notations"), parsed
// leniently:
//
//	cram     "3x3", "..#/.../..."  a grid, filled cells dark
//	chomp    "4x5", "3 3 2 1"      columns of squares, the poisoned one crossed
//	nim, kayles, dawsons-kayles, dawsons-chess, lasker, grundys-game, octal:*, subtraction:*
//	         "3 5 7"               one row of tokens per heap; past 10 tokens, a short row
//	                               and the size
//	sprouts and other games        the notation in monospace
//
// A sum "A + B" shows its terms side by side; a position with nothing left (no heap, a full
// board, Sprouts' "!") shows ∅; a notation that does not parse shows as text.
//
// Sprouts positions are drawn as people play them, as spots and curves (Sprouts, with
// OpCurve items), from games/sprouts/drawing. A drawing depends on the path to a node, not on
// its notation alone, so a tree's drawings are kept by a SproutsTree (SproutsOf shares them
// between the tree view and the exports): the root from its string, each child replaying its
// move on its parent's drawing. A caller puts them in a Couple (Drawing, PartDrawings);
// without them, a Sprouts position shows its notation.
//
// A node (Node) frames the position and writes the paper's label under it (Figure 11):
// "= n" with a solid frame on white for a losing couple (L: the nimber is n), "≠ n" with a
// dashed frame on a light shade for a winning one (W), followed by the outcome letter. A sum
// node shows its components joined by "+", each labelled with what its children prove.
//
// Sizes are natural print sizes (LabelSize is 7 pt); renderers scale a whole drawing.
// Text widths come from a Measurer: the renderer's fonts, or Estimate, which needs none.
//
//	pic := draw.Node(draw.Couple{Game: "cram", Position: "3x3", N: 0, Losing: true}, nil)
//	for _, it := range pic.Items {
//		switch it.Op {
//		case draw.OpRect: // …
//		}
//	}
package draw
