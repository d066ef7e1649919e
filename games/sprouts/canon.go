package sprouts

import (
	"bytes"
	"slices"
	"strconv"
)

// Codes of the canonical comparisons. Both kinds of string sort as the notation does:
// boundary separator < digits < uppercase letters < lowercase letters < region end.
//   - Signatures ignore letter names: an uppercase letter is codeUpper plus a colour that
//     tells what can be seen of it without names (see letterCodes); a lowercase one is
//     codeLower plus the distance, forward round its boundary, to its twin.
//   - Renderings carry names: codeUpper or codeLower plus the index of the name.
const (
	codeSep   = 0
	codeDigit = 1 // 1, 2, 3 for the digits 0, 1, 2
	codeUpper = 4
	codeLower = 128
	codeEnd   = 255
)

// A canon writes lands in canonical form: of all the ways to write a land (order of regions,
// orientation of each region, order and rotation of boundaries, letters named in order of
// appearance), the smallest text. Signatures that do not depend on letter names sort the
// regions and boundaries first (classes); the search then compares texts among the choices
// they leave (search). Correctness never depends on the text being the only one, since it is
// a cache key, but it nearly always is.
type canon struct {
	codes  []uint8
	bnd    []span      // the boundaries: spans of codes, separator excluded
	reg    []span      // the regions: spans of bnd
	regOf  []int       // the region of each boundary
	bndAt  []int       // the boundary of each place of codes
	home   [256][2]int // the two regions of each letter (twice the same one: lowercase)
	occ    [256][2]int // the two places of each letter in codes
	low    [256]bool   // letters seen twice in one region
	homed  stamps
	twin   []int       // at a lowercase letter: the distance forward round its boundary to its twin
	color  []int       // class of each region
	next   []int       // classes of the next round
	ucode  []byte      // at an uppercase letter: its signature code
	place  []int       // at each spot of a rigid region: its place; -1 elsewhere
	keys   [][2]uint64 // scratch of rankUpper
	wl     []uint64    // colour of each place
	next64 []uint64
	sig    []byte
	sigAt  []span // signature of each region
	order  []int  // regions in canonical order

	// Signature codes of boundary b read forwards (k = 2b) or backwards (k = 2b+1), written
	// twice so that every rotation is a slice, and the start of the least rotation.
	cb    []byte
	cbAt  []span
	least []int
	stBuf []int  // where each least rotation begins: one place, or more when it repeats
	stAt  []span // by k
	// Boundaries of region r sorted by least rotation, read forwards (k = 2r) or backwards.
	border   []int
	borderAt []span
	orient   []int8 // per region: 0 forwards is least, 1 backwards, 2 both are equal
	pin      int    // what of the first region may not change: pinNone, pinOrientation, pinStart

	pos    [256]int // scratch of load
	s0, s1 []byte   // scratch of the signatures of one region
	grp    []int
	cands  [][2]int // boundary and start of each candidate
	group  []int
	levels [3]chooser
	trying int // depth of tries under way: no branch point is recorded inside one
	hidden int // branch points met inside tries

	names   namer
	forced  []int // choice at each branch point, in order; 0 past the end
	seen    []int // ways at each branch point met by the last rendering
	out     []byte
	bestOut []byte
	pruned  bool // the last rendering stopped early
	exact   bool // the search saw every way: the text does not depend on how the land was written

	piece    *canon // puts pieces of the land in canonical form (see pieceKey)
	pieces   pieceMemo
	sub      []uint8 // a piece
	inSub    stamps  // its regions
	kinds    []byte  // keys of the kinds of candidates met so far
	kindAt   []span
	small    []byte // key of a small piece
	rendered stamps // regions rendered so far
}

// load reads a land's codes and returns its lives.
func (c *canon) load(codes []uint8) int {
	c.codes, c.bnd, c.reg, c.regOf, c.bndAt = codes, c.bnd[:0], c.reg[:0], c.regOf[:0], c.bndAt[:0]
	c.homed.next()
	lives, lo, blo := 0, 0, 0
	for i, x := range codes {
		switch {
		case x == sepB:
			c.addBoundary(lo, i)
			lo = i + 1
		case x == sepR:
			c.reg = append(c.reg, span{blo, len(c.bnd)})
			c.bndAt = append(c.bndAt, -1)
			blo, lo = len(c.bnd), i+1
		case isLetter(x):
			lives += c.addLetter(x, i)
		default:
			lives += digitLives(x)
		}
	}
	for _, x := range codes {
		c.low[x] = isLetter(x) && c.home[x][0] == c.home[x][1]
	}
	c.pieces.reset(len(c.bnd))
	c.twins()
	return lives
}

// addBoundary records the boundary codes[lo:hi], in the region being read.
func (c *canon) addBoundary(lo, hi int) {
	c.bnd = append(c.bnd, span{lo, hi})
	c.regOf = append(c.regOf, len(c.reg))
	for range hi + 1 - lo {
		c.bndAt = append(c.bndAt, len(c.bnd)-1)
	}
}

// addLetter records letter x seen at codes[i], in the region being read, and returns its
// life the first time.
func (c *canon) addLetter(x uint8, i int) int {
	r := len(c.reg)
	if c.homed.set(x) {
		c.home[x][1], c.occ[x][1] = r, i
		return 0
	}
	c.home[x], c.occ[x] = [2]int{r, r}, [2]int{i, i}
	return 1
}

// twins measures the distance between the two places of each lowercase letter.
func (c *canon) twins() {
	c.twin = slices.Grow(c.twin[:0], len(c.codes))[:len(c.codes)]
	for _, b := range c.bnd {
		for i := b.lo; i < b.hi; i++ {
			if x := c.codes[i]; c.lower(x) {
				c.pos[x] = i // the second place overwrites, after use
			}
		}
		for i := b.lo; i < b.hi; i++ {
			if x := c.codes[i]; c.lower(x) && c.pos[x] != i {
				d := c.pos[x] - i
				c.twin[i], c.twin[c.pos[x]] = d, b.len()-d
			}
		}
	}
}

// write appends the canonical text of the loaded land to dst.
func (c *canon) write(dst []byte) []byte {
	c.exact = true
	if k := c.zeros(); k > 1 {
		return strconv.AppendInt(append(dst, "0*"...), int64(k), 10)
	}
	c.classes(maxRounds)
	c.search()
	return c.text(dst)
}

// writeCheap appends a cheap text of the loaded land to dst, the Key of positions that are
// not exact (see Position): the regions and boundaries sorted by the first signatures, with
// no refinement, and one rendering that takes the first way at every branch point (search
// walks them all). About 2.5 % of the lands met get a text that depends on how they were
// written (TestCheapKeyFaithful: 2.6 %); solving 0*10 and 0*11 takes 0.63–0.83 times the
// user CPU by proof numbers, 0.65 by couples, for 2–25 % more nodes (docs/design/proof-numbers.md).
//
// The text is still a faithful key, which the cache needs: it is a rendering, so it writes
// every region, every boundary and every spot of the land, each letter with one name at both
// its places (uppercase names through the land, lowercase ones within a boundary), and
// parsing it gives the same land back. Two different lands never share a text.
func (c *canon) writeCheap(dst []byte) []byte {
	c.exact = false
	if k := c.zeros(); k > 1 {
		return strconv.AppendInt(append(dst, "0*"...), int64(k), 10)
	}
	c.classes(0)
	c.forced, c.bestOut = c.forced[:0], c.bestOut[:0]
	c.render()
	return c.text(dst)
}

// zeros returns k when the land is k isolated spots alone in one region, else 0.
func (c *canon) zeros() int {
	if len(c.reg) != 1 {
		return 0
	}
	for _, b := range c.bnd {
		if b.len() != 1 || c.codes[b.lo] != spot0 {
			return 0
		}
	}
	return len(c.bnd)
}

// signatures computes the boundary codes and the signature of every region.
func (c *canon) signatures() {
	c.cb, c.cbAt, c.least = c.cb[:0], c.cbAt[:0], c.least[:0]
	c.stBuf, c.stAt = c.stBuf[:0], c.stAt[:0]
	for b := range c.bnd {
		c.rotations(b, false)
		c.rotations(b, true)
	}
	c.border, c.borderAt, c.orient = c.border[:0], c.borderAt[:0], c.orient[:0]
	c.sig, c.sigAt = c.sig[:0], c.sigAt[:0]
	for r := range c.reg {
		c.sortBoundaries(r, 0)
		c.sortBoundaries(r, 1)
		c.s0, c.s1 = c.regionSig(c.s0[:0], r, 0), c.regionSig(c.s1[:0], r, 1)
		lo := len(c.sig)
		switch cmp := bytes.Compare(c.s0, c.s1); {
		case cmp < 0 || r == 0 && c.pin != pinNone:
			c.sig, c.orient = append(c.sig, c.s0...), append(c.orient, 0)
		case cmp > 0:
			c.sig, c.orient = append(c.sig, c.s1...), append(c.orient, 1)
		default:
			c.sig, c.orient = append(c.sig, c.s0...), append(c.orient, 2)
		}
		c.sigAt = append(c.sigAt, span{lo, len(c.sig)})
	}
}

// rotations writes the signature codes of boundary b read one way, and where its least
// rotations begin.
func (c *canon) rotations(b int, rev bool) {
	lo, st := len(c.cb), len(c.stBuf)
	c.cb = c.boundaryCodes(c.cb, b, rev)
	c.cbAt = append(c.cbAt, span{lo, len(c.cb)})
	if b == 0 && c.pin == pinStart {
		c.stBuf = append(c.stBuf, 0)
	} else {
		c.stBuf = leastRotations(c.stBuf, c.cb[lo:])
	}
	c.least = append(c.least, c.stBuf[st])
	c.stAt = append(c.stAt, span{st, len(c.stBuf)})
}

// boundaryCodes appends the signature codes of boundary b, backwards when rev, twice.
func (c *canon) boundaryCodes(dst []byte, b int, rev bool) []byte {
	bnd := c.bnd[b]
	n, lo := bnd.len(), len(dst)
	for m := range n {
		i := bnd.lo + m
		if rev {
			i = bnd.hi - 1 - m
		}
		x := c.codes[i]
		switch {
		case !isLetter(x):
			dst = append(dst, codeDigit+x)
		case c.lower(x):
			d := c.twin[i]
			if rev {
				d = n - d
			}
			dst = append(dst, byte(codeLower+min(d, codeEnd-1-codeLower)))
		default:
			dst = append(dst, c.ucode[i])
		}
	}
	return append(dst, dst[lo:]...)
}

// leastRotations appends to dst where the least rotations of the doubled codes a begin, in
// order: one place, or more when a repeats itself.
func leastRotations(dst []int, a []byte) []int {
	n, lo := len(a)/2, len(dst)
	dst = append(dst, 0)
	for p := 1; p < n; p++ {
		best := dst[lo]
		if a[p] > a[best] {
			continue
		}
		cmp := -1
		if a[p] == a[best] {
			cmp = bytes.Compare(a[p:p+n], a[best:best+n])
		}
		switch {
		case cmp < 0:
			dst = append(dst[:lo], p)
		case cmp == 0:
			dst = append(dst, p)
		}
	}
	return dst
}

// rot returns the least rotation of boundary b read forwards (o = 0) or backwards (o = 1).
func (c *canon) rot(b, o int) []byte {
	k := 2*b + o
	a := c.cb[c.cbAt[k].lo:c.cbAt[k].hi]
	n := len(a) / 2
	return a[c.least[k] : c.least[k]+n]
}

// sortBoundaries sorts the boundaries of region r by least rotation in orientation o.
func (c *canon) sortBoundaries(r, o int) {
	lo := len(c.border)
	for b := c.reg[r].lo; b < c.reg[r].hi; b++ {
		c.border = append(c.border, b)
	}
	g := c.border[lo:]
	for i := 1; i < len(g); i++ { // few boundaries: insertion sort, stable
		for j := i; j > 0 && bytes.Compare(c.rot(g[j], o), c.rot(g[j-1], o)) < 0; j-- {
			g[j], g[j-1] = g[j-1], g[j]
		}
	}
	c.borderAt = append(c.borderAt, span{lo, len(c.border)})
}

// sorted returns the boundaries of region r sorted in orientation o.
func (c *canon) sorted(r, o int) []int {
	sp := c.borderAt[2*r+o]
	return c.border[sp.lo:sp.hi]
}

// regionSig appends the signature of region r in orientation o: its boundaries' least
// rotations in order, then codeEnd.
func (c *canon) regionSig(dst []byte, r, o int) []byte {
	for i, b := range c.sorted(r, o) {
		if i > 0 {
			dst = append(dst, codeSep)
		}
		dst = append(dst, c.rot(b, o)...)
	}
	return append(dst, codeEnd)
}

func (c *canon) sigOf(r int) []byte { return c.sig[c.sigAt[r].lo:c.sigAt[r].hi] }

// lower reports whether letter s is seen twice in one region.
func (c *canon) lower(s uint8) bool { return c.low[s] }
