// Package treeview is the workbench's solution-tree explorer: a fyne widget that shows an
// engine.Tree the way the paper's Figure 11 draws one, node by node as viz/draw pictures
// them (so the screen and the exported figure agree), laid out by viz/layout.
//
// The widget keeps its rules in pure code, tested without a display: model.go decides which
// nodes are on show (a tree opens collapsed to the depth that shows about StartNodes nodes;
// taps expand and collapse), lays them out once per change, and answers which node is under a
// point; view.go maps the drawing to the screen (zoom about a point, pan, fit). The renderer
// only hands pooled canvas objects to the items of the nodes in view, found through
// layout.Index, so a tree of 10^5 nodes costs what is on screen.
//
// The nodes of a Sprouts tree show their strings until their drawings (spots and curves, see
// viz/draw's SproutsTree) are made, in the background, a node at a time; the tree is laid
// out again as they come, at most every quarter of a second.
//
//	tv := treeview.New()
//	tv.OnSelected = func(id int) { details.Show(tree.Nodes[id]) }
//	tv.SetTree(tree)
//	tv.Fit()
package treeview
