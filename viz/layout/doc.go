// Package layout computes tidy drawings of ordered trees, such as the solution trees of the
// workbench, whose nodes are boxes of any size: small pictures of positions, labelled
// "= n" or "≠ n". It is pure Go, with no fyne import, so the drawing rules are tested
// without a display; the viz widgets only apply its results.
//
// # Use
//
// The caller describes the nodes to draw as a Tree: children lists by node index, the
// root being node 0, and each node's box size. A view that lets the user collapse nodes
// passes only the visible ones; Prune builds such a Tree from any children function and
// an expanded set, and draws a position reached twice (a transposition) once, the other
// occurrences becoming leaves that refer to it.
//
//	p := layout.Prune(root, children, expanded, size)
//	l, err := layout.Tidy(p.Tree, layout.Options{SiblingGap: 8, LevelGap: 16})
//	ix := layout.NewIndex(l)
//	for _, i := range ix.Visible(viewport, nil) { … draw the box l.Boxes[i] … }
//	for _, p := range ix.VisibleLinks(viewport, nil) { … draw the links to p's children … }
//
// An Index answers "what meets this rectangle" without scanning the tree, so that a view
// of a tree of 10^5 nodes builds widgets only for the few hundred on screen.
//
// # Coordinates
//
// X grows to the right and Y downwards, in the caller's units. Layout.Boxes[i] is the box
// of node i, given by its top-left corner and its size (the size passed in). The drawing
// is translated so that its bounding box, Layout.Bounds, starts at (0, 0): the root's top
// is at Y = 0, and the leftmost box touches X = 0. An edge of the tree runs from the bottom
// centre of the parent to the top centre of the child (Layout.Link).
//
// # Algorithm
//
// Tidy implements A. van der Ploeg, "Drawing non-layered tidy trees in linear time",
// Software: Practice and Experience 44(12), 2014. It extends the Reingold–Tilford
// algorithm, in the linear-time form of Walker and of Buchheim, Jünger and Leipert, to
// boxes of varying height. The first walk lays out each subtree on its own, children
// before parents: each child subtree is pushed right, against the subtrees of its left
// siblings, just far enough that their contours (the outermost box at each height) keep
// apart, and the parent is centred above. Contours are followed through threads, links from
// the lowest box of a shallow subtree to the next box of a deeper one; each comparison of
// two subtrees stops at the bottom of the shallower one, so all of them together take
// linear time. A small subtree squeezed between two large ones gets the extra space shared
// out evenly (Walker's spacing). The second walk adds up the
// relative offsets into absolute positions.
//
// Why the non-layered algorithm rather than Buchheim–Jünger–Leipert with rows as tall as
// their tallest box: box heights vary a lot here (a 2x2 Cram board beside a 5x9 one; a sum
// drawn as a row of components), and rows would stretch every short subtree down to the
// tallest box of its depth. Non-layered, each child hangs LevelGap below its own parent. The
// layered drawing is still there, as Options.Layered: it only sizes each box to its row
// before running the same code, so both share one implementation and one set of tests.
//
// Three changes from the paper's text, each explained where it is made:
//   - Gaps are made by padding every box by SiblingGap in width (half on each side) and
//     LevelGap in height (below); the algorithm then packs the padded boxes edge to edge.
//   - A parent is centred over the centres of its first and last child; the paper centres
//     it over their outer edges, which differs when those children differ in width.
//   - The first pair of contour nodes, the two subtree roots, always sets the distance,
//     even one that moves the subtree left. The paper moves only right, and so can leave a
//     subtree further out than needed (d3-flextree issue 1; the paper's published code has
//     the same fix).
//
// The walks are loops over the nodes in breadth-first order, in which a node's children
// are contiguous and every node follows its parent; nothing recurses, so a path of 10^5
// nodes is as safe as a bush of 10^5. Time and memory are linear: 25 to 65 ms and 18.5 MB
// for 10^5 nodes on the (shared, 2-core) development machine, in 8 to 10 allocations
// (see BenchmarkTidy).
//
// # Guarantees
//
// The tests check these on random trees of 10 to 10^5 nodes:
//   - two boxes are at least SiblingGap apart side by side, or LevelGap apart one above
//     the other;
//   - a parent's centre is midway between the centres of its first and last child;
//   - siblings keep their order from left to right, SiblingGap apart at least;
//   - a child's top is LevelGap below its parent's bottom (in Layered mode: at least, and
//     all nodes of one depth share one top);
//   - the last child's subtree stands exactly SiblingGap from those of its left siblings:
//     nothing is further out than the rules require;
//   - the mirror image of a tree (every children list reversed) is drawn as the mirror image
//     of its drawing;
//   - identical subtrees are drawn identically, up to translation (in Layered mode, up to
//     the heights of their rows).
package layout
