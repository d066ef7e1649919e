// Package export writes solution trees (engine.Tree) as figures for papers: SVG, PDF, PNG and
// TikZ (.tex), drawn the way the paper's Figures 6 and 9–11 are, with every node showing its
// position.
//
// One pipeline serves the four formats. The part of the tree to draw is pruned and laid out
// by viz/layout (a transposition, a node met again, is drawn once in full and then as a
// leaf marked "repeat"); each node is a viz/draw picture, so a node looks as it does in the
// workbench's tree view; edges join a parent's bottom centre to its children's top centres.
// For PDF and PNG the drawing is painted with github.com/tdewolff/canvas and handed to its
// PDF or raster renderer. SVG and TikZ are written from the drawing's items directly: the
// canvas SVG writer draws text as paths or names a single font, and writes compact path
// syntax that ImageMagick misreads.
//
// A tree of Sprouts shows its positions as spots and curves (viz/draw's SproutsTree: each
// node its parent's drawing with the move's curve added), made as the export needs them,
// about 0.1 s a move, and kept for the next export of the same tree; a tree of more than
// 300 nodes to draw, or the Text option, shows the strings.
//
// The visual language, chosen to survive black-and-white print: a losing couple (L, "= n":
// the position's nimber is n) has a solid dark frame on white; a winning couple (W, "≠ n")
// a dashed grey frame on a light shade. A sum node shows its components joined by "+", each
// with what was proven about it.
//
// Sizes fit a paper column. A drawing is scaled down to MaxWidth (default 240 pt, a column
// of a two-column paper) but never so far that labels shrink below MinLabelSize (default
// 5 pt): a tree too wide for that keeps readable labels and is wider than asked. Measure
// tells the size an export will have and its smallest label, FitDepth the largest depth that
// fits a width. Depth cuts a large tree, leaving a stub under each node whose children are
// not drawn; Root exports a subtree. Every format has the same size.
//
// The fonts are Latin Modern (the look of LaTeX), shipped inside Go modules, so that text is
// measured alike on every machine. PDF embeds subsets of them. SVG names them, with
// fallbacks, in <text> elements that stay editable, and draws shapes as plain <rect>, <line>
// and <circle> elements; its output is byte-for-byte deterministic (the tests keep goldens
// in testdata; go test -update rewrites them). The .tex file is a standalone document with
// one tikzpicture, to compile with pdflatex or to paste into a paper; its styles (losing,
// winning, edge, label) are named at the top of the picture. A PNG is drawn at DPI (default
// 300) on white and records the resolution in a pHYs chunk, so that it keeps its printed
// size.
//
//	f, _ := os.Create("tree.pdf")
//	err := export.Write(f, ".pdf", tree, export.Depth(4))
//
// Exports are serialised by a package lock; the fonts are loaded once.
package export
