// Package export writes solution trees (engine.Tree) as figures for papers: SVG, PDF and PNG,
// drawn the way the paper's Figures 6 and 9–11 are, with every node showing its position.
//
// One pipeline serves the three formats. The part of the tree to draw is pruned and laid out
// by viz/layout (a transposition, a node met again, is drawn once in full and then as a
// leaf marked "repeat"); each node is a viz/draw picture, so a node looks as it does in the
// workbench's tree view; edges join a parent's bottom centre to its children's top centres.
// The drawing is then painted with github.com/tdewolff/canvas and handed to its SVG, PDF or
// raster renderer.
//
// The visual language, chosen to survive black-and-white print: a losing couple (L, "= n":
// the position's nimber is n) has a solid dark frame on white; a winning couple (W, "≠ n")
// a dashed grey frame on a light shade. A sum node shows its components joined by "+", each
// with what was proven about it.
//
// Sizes fit a paper column. A drawing is scaled down to MaxWidth (default 240 pt, a column
// of a two-column paper) but never so far that labels shrink below MinLabelSize (default
// 5 pt): a tree too wide for that keeps readable labels and is wider than asked. Depth cuts
// a large tree, leaving a stub under each node whose children are not drawn; Root exports a
// subtree.
//
// Output is the same on every machine: the fonts are Latin Modern (the look of LaTeX),
// shipped inside Go modules. SVG text is drawn as paths, and SVG output is byte-for-byte
// deterministic (the tests keep goldens in testdata; go test -update rewrites them). PDF
// embeds subsets of the fonts. A PNG is drawn at DPI (default 300) on white and records the
// resolution in a pHYs chunk, so that it keeps its printed size.
//
//	f, _ := os.Create("tree.pdf")
//	err := export.Write(f, ".pdf", tree, export.Depth(4))
//
// Exports are serialised by a package lock; the fonts are loaded once.
package export
