package sprouts

import (
	"bytes"
	"cmp"
	"slices"
)

// Rounds of refinement. Signatures only have to be invariants: finer ones leave fewer equal
// choices to the search (see search), which finds the same text whatever they are. So a few
// rounds are enough, and stopping early costs speed, never the canonical form.
const (
	maxRounds   = 1 // of region classes and letter codes
	placeRounds = 3 // of colours of places, within one round
)

// classes computes the signatures of the regions and sorts them, with at most rounds rounds
// of refinement. An uppercase letter stands
// for what can be told of its other place without names; at first only that it is uppercase.
// When that leaves a choice (regions of one class, or a region that reads more than one way),
// rounds of refinement (see letterCodes) split classes and codes.
func (c *canon) classes(rounds int) {
	n := len(c.reg)
	c.color = slices.Grow(c.color[:0], n)[:n]
	clear(c.color)
	c.ucode = slices.Grow(c.ucode[:0], len(c.codes))[:len(c.codes)]
	c.place = slices.Grow(c.place[:0], len(c.codes))[:len(c.codes)]
	for i := range c.ucode {
		c.ucode[i] = codeUpper
	}
	c.signatures()
	k, u := c.rank(), 0
	for range rounds {
		if n == 1 || k == n && c.rigid() {
			return // one region (no uppercase letter), or one way to write the land
		}
		u2 := c.letterCodes()
		c.signatures()
		k2 := c.rank()
		if k2 == k && u2 == u {
			return
		}
		k, u = k2, u2
	}
}

// rigid reports whether every region reads one way only (see places).
func (c *canon) rigid() bool {
	for r := range c.reg {
		if !c.places(r) {
			return false
		}
	}
	return true
}

// rank sorts the regions by class, then signature, into c.order, sets their new classes and
// returns how many there are. Sorting by the old class first keeps every round a refinement
// of the one before: the first round, on shapes alone, decides the order whenever it can.
func (c *canon) rank() int {
	c.order = c.order[:0]
	for r := range c.reg {
		c.order = append(c.order, r)
	}
	slices.SortStableFunc(c.order, func(a, b int) int {
		if c.color[a] != c.color[b] {
			return c.color[a] - c.color[b]
		}
		return bytes.Compare(c.sigOf(a), c.sigOf(b))
	})
	c.next = append(c.next[:0], c.color...)
	k := 0
	for i, r := range c.order {
		if q := c.order[max(i-1, 0)]; i > 0 && (c.color[r] != c.color[q] || !bytes.Equal(c.sigOf(r), c.sigOf(q))) {
			k++
		}
		c.next[r] = k
	}
	copy(c.color, c.next)
	return k + 1
}

// letterCodes sets the code of every uppercase letter, and returns how many codes there are.
// The codes come from colours of the places of spots (Weisfeiler–Leman): a place starts from
// its region's class, its spot and its place in a rigid region, then adds its two neighbours
// (unordered: orientation is not known yet) and its letter's other place. Colours are hashes;
// the codes are their ranks.
func (c *canon) letterCodes() int {
	for r := range c.reg {
		c.places(r)
	}
	c.wl = slices.Grow(c.wl[:0], len(c.codes))[:len(c.codes)]
	for b, bnd := range c.bnd {
		for i := bnd.lo; i < bnd.hi; i++ {
			c.wl[i] = mix(uint64(c.color[c.regOf[b]]), uint64(c.spotCode(i, bnd.len())), uint64(c.place[i]+1))
		}
	}
	for range placeRounds {
		c.next64 = slices.Grow(c.next64[:0], len(c.codes))[:len(c.codes)]
		for _, bnd := range c.bnd {
			n := bnd.len()
			for m := range n {
				i := bnd.lo + m
				p, q := c.wl[bnd.lo+(m+n-1)%n], c.wl[bnd.lo+(m+1)%n]
				t := uint64(0)
				if x := c.codes[i]; isLetter(x) {
					t = c.wl[c.occ[x][0]+c.occ[x][1]-i]
				}
				c.next64[i] = mix(c.wl[i], min(p, q), max(p, q)) ^ mix(t, 0, 1)
			}
		}
		c.wl, c.next64 = c.next64, c.wl
	}
	return c.rankUpper()
}

// mix hashes three words into one (the finalizer of SplitMix64 over a combination).
func mix(a, b, c uint64) uint64 {
	z := a*0x9E3779B97F4A7C15 ^ b*0xBF58476D1CE4E5B9 ^ c*0x94D049BB133111EB + 0x2545F4914F6CDD1D
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// rankUpper sets the code of each uppercase letter's place to the rank of its colour, and
// returns how many colours there are.
func (c *canon) rankUpper() int {
	c.keys = c.keys[:0]
	for i, x := range c.codes {
		if isLetter(x) && !c.lower(x) {
			c.keys = append(c.keys, [2]uint64{c.wl[i], uint64(i)})
		}
	}
	slices.SortFunc(c.keys, func(a, b [2]uint64) int { return cmp.Compare(a[0], b[0]) })
	k := 0
	for j, key := range c.keys {
		if j > 0 && key[0] != c.keys[j-1][0] {
			k++
		}
		c.ucode[key[1]] = byte(codeUpper + min(k, codeLower-1-codeUpper))
	}
	return k + 1
}

// spotCode is the first colour of the spot at codes[i], in a boundary of n spots.
func (c *canon) spotCode(i, n int) byte {
	switch x := c.codes[i]; {
	case !isLetter(x):
		return codeDigit + x
	case c.lower(x): // the distance to its twin either way round: orientation is not known
		d := c.twin[i]
		return byte(codeLower + min(d, n-d, codeEnd-1-codeLower))
	}
	return codeUpper
}

// places numbers the spots of region r when it reads one way only: one orientation, distinct
// boundaries, each with one least rotation, and reports whether it does. Otherwise its
// spots have no place (-1).
func (c *canon) places(r int) bool {
	o, rigid := int(c.orient[r]), c.orient[r] < 2
	sorted := c.sorted(r, min(o, 1))
	for k, b := range sorted {
		if !rigid {
			break
		}
		rigid = (k == 0 || !bytes.Equal(c.rot(b, o), c.rot(sorted[k-1], o))) && len(c.rotStarts(b, o)) == 1
	}
	for k, b := range sorted {
		bnd := c.bnd[b]
		n := bnd.len()
		for m := range n {
			i := (c.least[2*b+min(o, 1)] + m) % n
			if o == 1 {
				i = n - 1 - i
			}
			c.place[bnd.lo+i] = -1
			if rigid {
				c.place[bnd.lo+i] = k<<8 | min(m, 255)
			}
		}
	}
	return rigid
}
