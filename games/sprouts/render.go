package sprouts

import "bytes"

// maxRenders bounds how many renderings one land may try at its branch points; very
// symmetric lands stop there, with a text that is right but maybe not the only one.
const maxRenders = 64

// A namer names letters in order of appearance, uppercase ones through the land and
// lowercase ones within their boundary (each boundary starts again from a: see
// renderBoundary), and can take names back to try another choice.
type namer struct {
	name     [256]int // index of the name plus one; 0: no name yet
	log      []uint8  // letters named, in order
	up, down int      // names given so far: uppercase in the land, lowercase in the boundary
}

// A mark is a state of a namer to roll back to.
type mark struct{ log, up, down int }

func (n *namer) mark() mark { return mark{len(n.log), n.up, n.down} }

func (n *namer) rollback(m mark) {
	for _, s := range n.log[m.log:] {
		n.name[s] = 0
	}
	n.log, n.up, n.down = n.log[:m.log], m.up, m.down
}

func (n *namer) reset() { n.rollback(mark{}) }

// code returns the rendering code of spot s, naming it if it is a new letter.
func (n *namer) code(s uint8, lower bool) byte {
	if !isLetter(s) {
		return codeDigit + s
	}
	if n.name[s] == 0 {
		if lower {
			n.down++
			n.name[s] = n.down
		} else {
			n.up++
			n.name[s] = n.up
		}
		n.log = append(n.log, s)
	}
	if lower {
		return byte(codeLower + n.name[s] - 1)
	}
	return byte(codeUpper + n.name[s] - 1)
}

// A chooser holds the scratch of one level of choice: regions, orientations, boundaries.
type chooser struct {
	trial, best []byte
	bestLog     []uint8 // letters named by the best try, in order
	tied        []int
}

// Levels of choice, outermost first.
const (
	levelRegion = iota
	levelOrient
	levelBoundary
)

// search finds the smallest text over every way to choose at the branch points, a depth-first
// walk over them that drops a way as soon as its text grows past the best one. A branch
// point is a choice between equal texts that name new uppercase letters: the names they give
// differ, and so may the rest. The walk stops after maxRenders renderings; c.exact then
// reports false (the text is right, but another writing of the land may get another).
func (c *canon) search() {
	c.forced, c.exact = c.forced[:0], true
	c.bestOut = c.bestOut[:0]
	for renders := 1; ; renders++ {
		c.render()
		if !c.pruned {
			c.bestOut = append(c.bestOut[:0], c.out...)
		}
		if !c.nextWay() {
			break
		}
		if renders == maxRenders {
			c.exact = false
			break
		}
	}
	c.out = append(c.out[:0], c.bestOut...)
}

// nextWay sets c.forced to the next way through the branch points met by the last
// rendering, as an odometer whose last digit turns fastest; it reports false after the last.
func (c *canon) nextWay() bool {
	for len(c.forced) < len(c.seen) {
		c.forced = append(c.forced, 0)
	}
	c.forced = c.forced[:len(c.seen)]
	for i := len(c.seen) - 1; i >= 0; i-- {
		if c.forced[i]+1 < c.seen[i] {
			c.forced[i]++
			c.forced = c.forced[:i+1]
			return true
		}
	}
	return false
}

// render renders the regions in signature order, following c.forced at branch points and
// recording in c.seen how many ways each one had. It stops early, setting c.pruned, once
// its text is past the best one.
func (c *canon) render() {
	c.names.reset()
	c.rendered.next()
	c.out, c.seen, c.pruned = c.out[:0], c.seen[:0], false
	for i := 0; i < len(c.order); {
		j := i + 1
		for j < len(c.order) && bytes.Equal(c.sigOf(c.order[j]), c.sigOf(c.order[i])) {
			j++
		}
		c.group = append(c.group[:0], c.order[i:j]...)
		for g := c.group; len(g) > 0; {
			k := c.renderNext(g)
			c.rendered.set(uint8(g[k]))
			if len(c.bestOut) > 0 && bytes.Compare(c.out, c.bestOut[:len(c.out)]) > 0 {
				c.pruned = true
				return
			}
			g = remove(g, k)
		}
		i = j
	}
}

// renderNext appends to c.out the region of g (regions of one signature) whose text is
// smallest, and returns its index in g.
func (c *canon) renderNext(g []int) int {
	k, done := 0, false
	if len(g) > 1 {
		upper, named := c.regionLetters(g)
		k, done = c.pick(levelRegion, len(g), upper, named, func(x int, dst []byte) []byte { return c.renderRegion(dst, g[x]) })
	}
	if done {
		c.out = c.commit(levelRegion, c.out)
	} else {
		c.out = c.renderRegion(c.out, g[k])
	}
	c.out = append(c.out, codeEnd)
	return k
}

// pick tries n candidates, render(x, dst) appending the text of candidate x, and returns
// the one with the smallest text. Among equal smallest texts it takes the first, but at a
// branch point (outside of any try) the one c.forced names. The caller tells whether the
// candidates hold uppercase letters, and whether any of those is named already: when none
// is, every candidate has one text (their signatures are equal) and none needs a try.
// When done is true the caller takes the text of the try (see commit) instead of rendering
// the candidate again; it is false when the try hid branch points of its own.
func (c *canon) pick(level, n int, upper, named bool, render func(x int, dst []byte) []byte) (x int, done bool) {
	if !named {
		if !upper {
			return 0, false
		}
		if c.trying > 0 {
			c.hidden++
			return 0, false
		}
		return c.branch(n, nil), false
	}
	ch := &c.levels[level]
	fresh, hidden := c.tryAll(ch, n, render)
	switch {
	case len(ch.tied) == 1 || !fresh:
		return ch.tied[0], !hidden
	case c.trying > 0:
		c.hidden++
		return ch.tied[0], false
	}
	return c.branch(len(ch.tied), ch.tied), false
}

// tryAll renders each of n candidates and keeps in ch the smallest text, the letters it
// names and the candidates that tie with it. It reports whether that text names new
// uppercase letters, and whether its try met branch points of its own.
func (c *canon) tryAll(ch *chooser, n int, render func(x int, dst []byte) []byte) (fresh, hidden bool) {
	c.trying++
	for x := range n {
		m, h := c.names.mark(), c.hidden
		ch.trial = render(x, ch.trial[:0])
		switch cmp := bytes.Compare(ch.trial, ch.best); {
		case x == 0 || cmp < 0:
			ch.best = append(ch.best[:0], ch.trial...)
			ch.bestLog = append(ch.bestLog[:0], c.names.log[m.log:]...)
			ch.tied = append(ch.tied[:0], x)
			fresh, hidden = c.names.up > m.up, c.hidden > h
		case cmp == 0:
			ch.tied = append(ch.tied, x)
		}
		c.names.rollback(m)
	}
	c.trying--
	return fresh, hidden
}

// commit appends the text of the best try at level and gives its letters their names again.
func (c *canon) commit(level int, dst []byte) []byte {
	ch := &c.levels[level]
	for _, s := range ch.bestLog {
		c.names.code(s, c.lower(s))
	}
	return append(dst, ch.best...)
}

// branch records a branch point of n ways (tied, or all when nil) and returns the way
// c.forced names, the first by default.
func (c *canon) branch(n int, tied []int) int {
	bp := len(c.seen)
	c.seen = append(c.seen, n)
	x := 0
	if bp < len(c.forced) {
		x = c.forced[bp]
	}
	if tied != nil {
		return tied[x]
	}
	return x
}

// letters reports whether codes[lo:hi] hold uppercase letters, and whether any of them is
// named already.
func (c *canon) letters(lo, hi int) (upper, named bool) {
	for _, x := range c.codes[lo:hi] {
		if isLetter(x) && !c.lower(x) {
			upper = true
			if c.names.name[x] != 0 {
				return true, true
			}
		}
	}
	return upper, false
}

// regionLetters is letters over the regions of g.
func (c *canon) regionLetters(g []int) (upper, named bool) {
	for _, r := range g {
		u, n := c.letters(c.bnd[c.reg[r].lo].lo, c.bnd[c.reg[r].hi-1].hi)
		upper, named = upper || u, named || n
	}
	return upper, named
}

// renderRegion appends the rendering of region r in its least orientation, or in the one
// with the smaller text when both orientations have one signature.
func (c *canon) renderRegion(dst []byte, r int) []byte {
	o := int(c.orient[r])
	if o == 2 {
		upper, named := c.regionLetters([]int{r})
		var done bool
		o, done = c.pick(levelOrient, 2, upper, named, func(x int, dst []byte) []byte { return c.renderOriented(dst, r, x) })
		if done {
			return c.commit(levelOrient, dst)
		}
	}
	return c.renderOriented(dst, r, o)
}

// renderOriented appends the rendering of region r read in orientation o: boundaries in
// signature order, equal ones (and equal rotations of one) in the order of their texts.
func (c *canon) renderOriented(dst []byte, r, o int) []byte {
	order := c.sorted(r, o)
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && bytes.Equal(c.rot(order[j], o), c.rot(order[i], o)) {
			j++
		}
		c.grp = append(c.grp[:0], order[i:j]...) // picked from; the order stays for another try
		for grp := c.grp; len(grp) > 0; {
			k, start := c.pickBoundary(grp, o)
			if i > 0 || len(grp) < j-i {
				dst = append(dst, codeSep)
			}
			dst = c.renderBoundary(dst, grp[k], o, start)
			grp = remove(grp, k)
		}
		i = j
	}
	return dst
}

// pickBoundary chooses, among boundaries grp with one least rotation in orientation o, the
// boundary and the start whose text is smallest.
func (c *canon) pickBoundary(grp []int, o int) (k, start int) {
	c.cands = c.cands[:0]
	upper, named := false, false
	for i, b := range grp {
		for _, p := range c.rotStarts(b, o) {
			c.cands = append(c.cands, [2]int{i, p})
		}
		u, n := c.letters(c.bnd[b].lo, c.bnd[b].hi)
		upper, named = upper || u, named || n
	}
	if len(c.cands) > 2 && upper && !named && c.trying == 0 {
		c.orbits(grp, o) // a branch point of many ways: try one of each kind
	}
	x := 0
	if len(c.cands) > 1 {
		best := &c.levels[levelBoundary].best
		x, _ = c.pick(levelBoundary, len(c.cands), upper, named, func(x int, dst []byte) []byte {
			if x == 0 { // nothing to beat yet
				return c.renderBoundary(dst, grp[c.cands[x][0]], o, c.cands[x][1])
			}
			return c.renderBoundaryBelow(dst, grp[c.cands[x][0]], o, c.cands[x][1], *best)
		})
	}
	return c.cands[x][0], c.cands[x][1]
}

// rotStarts returns where the rotations of boundary b in orientation o equal to the least
// one begin.
func (c *canon) rotStarts(b, o int) []int {
	sp := c.stAt[2*b+o]
	return c.stBuf[sp.lo:sp.hi]
}

// renderBoundary appends the rendering of boundary b read in orientation o from start. Its
// lowercase letters are named from a: both places of one are in it, so their names depend on
// the boundary and where it is read from only, never on what was rendered before.
func (c *canon) renderBoundary(dst []byte, b, o, start int) []byte {
	return c.renderBoundaryBelow(dst, b, o, start, nil)
}

// renderBoundaryBelow is renderBoundary, but it stops as soon as the text it writes is past
// best, the smallest text of another candidate: that text can only lose, whatever its end.
func (c *canon) renderBoundaryBelow(dst []byte, b, o, start int, best []byte) []byte {
	bnd, lo := c.bnd[b], len(dst)
	n := bnd.len()
	c.names.down = 0
	i, step := bnd.lo+start, 1 // forwards from start, or backwards from its mirror
	if o == 1 {
		i, step = bnd.hi-1-start, -1
	}
	for range n {
		s := c.codes[i]
		dst = append(dst, c.names.code(s, c.lower(s)))
		if m := len(dst) - lo - 1; m < len(best) {
			switch x := dst[lo+m]; {
			case x > best[m]:
				return dst
			case x < best[m]:
				best = nil // smaller already: write it whole
			}
		}
		if i += step; i == bnd.hi {
			i = bnd.lo
		} else if i < bnd.lo {
			i = bnd.hi - 1
		}
	}
	return dst
}

// text appends the notation of the rendering to dst, with escapes for a class of letters
// when one of them is past the alphabet.
func (c *canon) text(dst []byte) []byte {
	lower, upper := false, false
	for _, x := range c.out {
		lower = lower || x >= codeLower+lowerBase && x != codeEnd
		upper = upper || x >= codeUpper+upperBase && x < codeLower
	}
	for i, x := range c.out {
		switch {
		case x == codeEnd:
			if i < len(c.out)-1 {
				dst = append(dst, '|')
			}
		case x == codeSep:
			dst = append(dst, '.')
		case x < codeUpper:
			dst = append(dst, '0'+x-codeDigit)
		case x < codeLower:
			dst = appendName(dst, true, int(x-codeUpper), upper)
		default:
			dst = appendName(dst, false, int(x-codeLower), lower)
		}
	}
	return dst
}

// remove deletes g[k], keeping the order of the rest.
func remove(g []int, k int) []int {
	copy(g[k:], g[k+1:])
	return g[:len(g)-1]
}
