package sprouts

import "slices"

// The piece of a boundary b of region r is b with the regions hanging from it: those reached
// through b's letters without going through r. When they reach r nowhere but at b, the piece
// can be told apart from the rest of the land, and two boundaries whose pieces have one
// canonical text can be swapped without changing the game. The mover uses this to play on one
// boundary of each kind; the canon to try one of several equal choices.

// What of the first region of a land may not change while it is put in canonical form.
const (
	pinNone        = iota
	pinOrientation // it is not read backwards
	pinStart       // nor from another start (it has one boundary)
)

// A pieceMemo remembers, for one land, the regions of each boundary's piece and the keys
// computed so far.
type pieceMemo struct {
	regs   []int  // regions of all pieces
	regsAt []span // by boundary: {1, 0} not computed yet, {0, -1} no piece
	keys   []byte
	keyAt  []pieceKey
}

// A pieceKey is where the key of a boundary read one way is, in pieceMemo.keys.
type pieceKey struct {
	b, o, start, pin int
	at               span
}

// reset forgets the pieces of the last land, which had n boundaries.
func (p *pieceMemo) reset(n int) {
	p.regs, p.keys, p.keyAt, p.regsAt = p.regs[:0], p.keys[:0], p.keyAt[:0], p.regsAt[:0]
	for range n {
		p.regsAt = append(p.regsAt, span{1, 0})
	}
}

// pieceRegions returns the regions hanging from boundary b, and false when b has no piece:
// they reach b's region elsewhere, or make more than half of the land (then the piece's text
// costs about as much as the choices it saves).
func (c *canon) pieceRegions(b int) ([]int, bool) {
	p := &c.pieces
	switch sp := p.regsAt[b]; {
	case sp.hi < 0:
		return nil, false
	case sp.lo <= sp.hi:
		return p.regs[sp.lo:sp.hi], true
	}
	lo, size := len(p.regs), c.bnd[b].len()
	c.inSub.next()
	ok := c.reach(b, c.codes[c.bnd[b].lo:c.bnd[b].hi], &size)
	for k := lo; ok && k < len(p.regs); k++ { // p.regs grows as regions are found
		ok = c.reach(b, c.regionCodes(p.regs[k]), &size)
	}
	if !ok {
		p.regs, p.regsAt[b] = p.regs[:lo], span{0, -1}
		return nil, false
	}
	p.regsAt[b] = span{lo, len(p.regs)}
	return p.regs[lo:], true
}

// reach adds to the piece of boundary b the regions that the uppercase letters of codes lead
// to; it reports false when one leads back to b's region elsewhere than b, or when the piece
// grows past half of the land.
func (c *canon) reach(b int, codes []uint8, size *int) bool {
	r := c.regOf[b]
	for _, x := range codes {
		if !isLetter(x) || c.lower(x) {
			continue
		}
		for side, q := range c.home[x] {
			switch {
			case q == r && c.bndAt[c.occ[x][side]] != b:
				return false
			case q != r && !c.inSub.set(uint8(q)):
				c.pieces.regs = append(c.pieces.regs, q)
				if *size += len(c.regionCodes(q)); 2**size > len(c.codes) {
					return false
				}
			}
		}
	}
	return true
}

// regionCodes returns the codes of region q, separators included.
func (c *canon) regionCodes(q int) []uint8 {
	rg := c.reg[q]
	return c.codes[c.bnd[rg.lo].lo : c.bnd[rg.hi-1].hi+2]
}

// pieceKey returns the key of boundary b read in orientation o from start: the canonical text
// of its piece, where b, a region of its own, keeps what pin says. ok is false when b has no
// piece.
func (c *canon) pieceKey(b, o, start, pin int) (key []byte, ok bool) {
	p := &c.pieces
	for _, k := range p.keyAt {
		if k.b == b && k.o == o && k.start == start && k.pin == pin {
			return p.keys[k.at.lo:k.at.hi], true
		}
	}
	regs, ok := c.pieceRegions(b)
	if !ok {
		return nil, false
	}
	c.buildPiece(b, o, start, regs)
	lo := len(p.keys)
	p.keys = c.pieceText(p.keys, pin)
	p.keyAt = append(p.keyAt, pieceKey{b, o, start, pin, span{lo, len(p.keys)}})
	return p.keys[lo:], true
}

// buildPiece writes into c.sub the piece of boundary b read in orientation o from start,
// with the regions regs hanging from it.
func (c *canon) buildPiece(b, o, start int, regs []int) {
	bnd := c.bnd[b]
	n := bnd.len()
	c.sub = c.sub[:0]
	for m := range n {
		i := (start + m) % n
		if o == 1 {
			i = n - 1 - i
		}
		c.sub = append(c.sub, c.codes[bnd.lo+i])
	}
	c.sub = append(c.sub, sepB, sepR)
	for _, q := range regs {
		c.sub = append(c.sub, c.regionCodes(q)...)
	}
}

// orbits keeps in c.cands one candidate of each kind (see pickBoundary): two are of one kind
// when their pieces have one key, pinned at the start, and no region of them is rendered yet;
// then a symmetry of the land maps one to the other.
func (c *canon) orbits(grp []int, o int) {
	c.kinds, c.kindAt = c.kinds[:0], c.kindAt[:0]
	kept := c.cands[:0]
	for _, cand := range c.cands {
		b := grp[cand[0]]
		key, ok := c.smallPieceKey(b)
		if !ok {
			key, ok = c.pieceKey(b, o, cand[1], pinStart)
		}
		if ok {
			regs, _ := c.pieceRegions(b)
			for _, q := range regs {
				ok = ok && !c.rendered.has(uint8(q))
			}
		}
		if ok && c.seenKind(key) {
			continue
		}
		if ok {
			lo := len(c.kinds)
			c.kinds = append(c.kinds, key...)
			c.kindAt = append(c.kindAt, span{lo, len(c.kinds)})
		}
		kept = append(kept, cand)
	}
	c.cands = kept
}

// seenKind reports whether key is one of the kinds met so far.
func (c *canon) seenKind(key []byte) bool {
	for _, sp := range c.kindAt {
		if string(c.kinds[sp.lo:sp.hi]) == string(key) {
			return true
		}
	}
	return false
}

// smallPieceKey returns a key for the piece of boundary b when it is one region with at most
// 3 lives: the order of such a region does not matter, so every start of b with the least
// rotation is alike, and so is every boundary of one signature with such a piece holding the
// same digits. The key is those digits, after a byte no canonical text begins with.
func (c *canon) smallPieceKey(b int) ([]byte, bool) {
	regs, ok := c.pieceRegions(b)
	if !ok || len(regs) != 1 {
		return nil, false
	}
	rg := c.reg[regs[0]]
	if rg.len() != 1 || c.bnd[rg.lo].len() > 3 {
		return nil, false
	}
	c.small = append(c.small[:0], 0xFF)
	for _, x := range c.codes[c.bnd[rg.lo].lo:c.bnd[rg.lo].hi] {
		if !isLetter(x) {
			c.small = append(c.small, x)
		}
	}
	slices.Sort(c.small[1:])
	return c.small, true
}

// pieceText appends the canonical text of the piece in c.sub, its first region keeping what
// pin says, from the shared memo when it remembers it.
func (c *canon) pieceText(dst []byte, pin int) []byte {
	key := append(c.sub, uint8(pin)) // the codes, then the pin
	slot := &pieceMemoTable[landHash(key)&(1<<pieceMemoBits-1)]
	if e := slot.Load(); e != nil && e.codes == string(key) && !landMemoOff.Load() {
		return append(dst, e.text...)
	}
	if c.piece == nil {
		c.piece = new(canon)
	}
	c.piece.load(c.sub)
	c.piece.pin = pin
	lo := len(dst)
	dst = c.piece.write(dst)
	c.piece.pin = pinNone
	slot.Store(&landText{codes: string(key), text: string(dst[lo:])})
	return dst
}
