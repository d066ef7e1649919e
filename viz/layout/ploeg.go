package layout

// This file is the core of A. van der Ploeg, "Drawing non-layered tidy trees in linear time",
// Software: Practice and Experience 44(12), 2014, written from the paper's description over
// the breadth-first node slice of tree.go instead of linked records.

// tidier holds the working state of one Tidy call.
type tidier struct {
	nodes []node
	// iyl is the paper's "index and lowest y" list for the children of the node being laid
	// out which left sibling owns the right contour down to which y. It is a stack with
	// the most recent sibling last, reused from node to node.
	iyl []lowIndex
}

// lowIndex is one entry of the iyl stack: sibling index owns the right contour of the
// siblings placed so far down to lowY.
type lowIndex struct {
	lowY  float64
	index int
}

// bottom returns the y just below node v's padded box.
func (lt *tidier) bottom(v int) float64 {
	return lt.nodes[v].y + lt.nodes[v].h
}

// firstWalks lays out every subtree relative to its own root (the paper's first walk). The
// breadth-first slice read backwards visits each node after all of its descendants, which
// is all the recursion of the paper gave.
func (lt *tidier) firstWalks() {
	for v := len(lt.nodes) - 1; v >= 0; v-- {
		lt.firstWalk(v)
	}
}

// firstWalk places v's children side by side, each as far left as their contours allow,
// then centres v over them. The children's own subtrees are already laid out.
func (lt *tidier) firstWalk(v int) {
	nd := &lt.nodes[v]
	nd.tl, nd.tr = -1, -1
	if nd.count == 0 {
		nd.el, nd.er = v, v
		nd.msel, nd.mser = 0, 0
		return
	}
	f, l := nd.first, nd.first+nd.count-1
	lt.iyl = lt.iyl[:0]
	lt.pushLow(lt.bottom(lt.nodes[f].el), f)
	for i := f + 1; i <= l; i++ {
		// Read the subtree's depth before separate, which may repoint its extreme nodes.
		low := lt.bottom(lt.nodes[i].er)
		lt.separate(f, i)
		lt.pushLow(low, i)
	}
	lt.positionRoot(v)
	lt.setExtremes(v)
}

// pushLow records that sibling i reaches down to low. Entries of earlier siblings that do
// not reach lower are dropped: sibling i hides them from every later sibling.
func (lt *tidier) pushLow(low float64, i int) {
	for len(lt.iyl) > 0 && low >= lt.iyl[len(lt.iyl)-1].lowY {
		lt.iyl = lt.iyl[:len(lt.iyl)-1]
	}
	lt.iyl = append(lt.iyl, lowIndex{low, i})
}

// separate moves the subtree of sibling i until it just clears siblings f..i-1. It
// walks the right contour of those siblings (sr) and the left contour of i (cl) downwards
// together, always advancing the one that ends higher, with the sums of modifiers along
// each walk (mssr, mscl) giving absolute positions within the parent's frame.
func (lt *tidier) separate(f, i int) {
	ns := lt.nodes
	sr, cl := i-1, i
	mssr, mscl := ns[sr].mod, ns[cl].mod
	k := len(lt.iyl) - 1 // the iyl entry owning sr
	for roots := true; sr >= 0 && cl >= 0; roots = false {
		sy, cy := lt.bottom(sr), lt.bottom(cl)
		for k > 0 && sy > lt.iyl[k].lowY {
			k--
		}
		// The two roots always set the distance, even to move i left: i starts wherever its
		// own frame put it, and only then can the largest of the contour distances win. The
		// paper moves only right, which leaves i too far out when its deep left part lies
		// below its siblings (found by the author of d3-flextree, and fixed the same way in
		// the paper's published code).
		if dist := (mssr + ns[sr].prelim + ns[sr].w) - (mscl + ns[cl].prelim); dist > 0 || roots {
			mscl += dist
			lt.moveSubtree(i, lt.iyl[k].index, dist)
		}
		if sy <= cy {
			sr = lt.nextRight(sr)
			if sr >= 0 {
				mssr += ns[sr].mod
			}
		}
		if sy >= cy {
			cl = lt.nextLeft(cl)
			if cl >= 0 {
				mscl += ns[cl].mod
			}
		}
	}
	// The walk that ran out first belongs to the shallower side; thread it onto the deeper
	// contour so that later walks see one continuous contour.
	switch {
	case sr < 0 && cl >= 0:
		lt.setLeftThread(f, i, cl, mscl)
	case sr >= 0 && cl < 0:
		lt.setRightThread(i, sr, mssr)
	}
}

// nextLeft returns the node after v on a left contour: its first child, else its thread.
func (lt *tidier) nextLeft(v int) int {
	if nd := &lt.nodes[v]; nd.count > 0 {
		return nd.first
	}
	return lt.nodes[v].tl
}

// nextRight returns the node after v on a right contour: its last child, else its thread.
func (lt *tidier) nextRight(v int) int {
	if nd := &lt.nodes[v]; nd.count > 0 {
		return nd.first + nd.count - 1
	}
	return lt.nodes[v].tr
}

// moveSubtree shifts sibling i's subtree right by dist, and spreads the same amount over
// the siblings strictly between si (the sibling i collided with) and i, so that smaller
// subtrees squeezed between two big ones end up evenly spaced (after Walker).
func (lt *tidier) moveSubtree(i, si int, dist float64) {
	nd := &lt.nodes[i]
	nd.mod += dist
	nd.msel += dist
	nd.mser += dist
	if si == i-1 {
		return
	}
	// Only recorded here; addChildSpacing applies it in the second walk. The middle
	// subtrees never lie on the parent's outer contours, so later walks need not see it.
	part := dist / float64(i-si)
	lt.nodes[si+1].shift += part
	nd.shift -= part
	nd.change -= dist - part
}

// setLeftThread links the lowest node of the left contour of siblings f..i-1 to cl, the next
// node down on i's left contour, and makes i's extreme left node theirs. The thread's
// target sits in another subtree, so the source's modifier is corrected to give the right
// sum when the thread is followed, and its prelim by the opposite amount to stay in place.
func (lt *tidier) setLeftThread(f, i, cl int, mscl float64) {
	ns := lt.nodes
	li := ns[f].el
	ns[li].tl = cl
	diff := (mscl - ns[cl].mod) - ns[f].msel
	ns[li].mod += diff
	ns[li].prelim -= diff
	ns[f].el, ns[f].msel = ns[i].el, ns[i].msel
}

// setRightThread is setLeftThread's mirror: i's lowest right contour node is linked to sr,
// the next node down on the right contour of its left siblings.
func (lt *tidier) setRightThread(i, sr int, mssr float64) {
	ns := lt.nodes
	ri := ns[i].er
	ns[ri].tr = sr
	diff := (mssr - ns[sr].mod) - ns[i].mser
	ns[ri].mod += diff
	ns[ri].prelim -= diff
	ns[i].er, ns[i].mser = ns[i-1].er, ns[i-1].mser
}

// positionRoot centres v over the centres of its first and last child. The paper centres
// it over their outer edges instead; centres give the usual Walker look and the property
// the tests check (the two differ when the end children differ in width).
func (lt *tidier) positionRoot(v int) {
	ns := lt.nodes
	f, l := ns[v].first, ns[v].first+ns[v].count-1
	left := ns[f].prelim + ns[f].mod + ns[f].w/2
	right := ns[l].prelim + ns[l].mod + ns[l].w/2
	ns[v].prelim = (left+right)/2 - ns[v].w/2
}

// setExtremes gives v the extreme nodes of its subtree: those of its first and last child.
func (lt *tidier) setExtremes(v int) {
	ns := lt.nodes
	f, l := ns[v].first, ns[v].first+ns[v].count-1
	ns[v].el, ns[v].msel = ns[f].el, ns[f].msel
	ns[v].er, ns[v].mser = ns[l].er, ns[l].mser
}

// secondWalk turns relative positions into absolute ones, parents before children (the
// breadth-first order), applying the pending spacing of each node's children on the way.
// Afterwards mod holds the sum of the modifiers from the root down to the node.
func (lt *tidier) secondWalk() {
	for v := range lt.nodes {
		nd := &lt.nodes[v]
		if nd.parent >= 0 {
			nd.mod += lt.nodes[nd.parent].mod
		}
		nd.x = nd.prelim + nd.mod
		lt.addChildSpacing(v)
	}
}

// addChildSpacing applies the shifts recorded by moveSubtree to v's children: shift is the
// change in step from one child to the next, change a one-off correction.
func (lt *tidier) addChildSpacing(v int) {
	nd := lt.nodes[v]
	var step, total float64
	for i := nd.first; i < nd.first+nd.count; i++ {
		c := &lt.nodes[i]
		step += c.shift
		total += step + c.change
		c.mod += total
	}
}
