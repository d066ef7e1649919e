package sprouts

import (
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// SPOTS (Čížek, Balko and Schmid) keeps its nimbers under the exact text of a land as its own
// canonicalisation writes it, and looks a land up by that text alone. Its canonicalisation is
// not ours, and is not even a function of the position: it renames letters in order of
// appearance in the text it starts from, then sorts with ties between equal shapes broken by
// those names, so one land reached from two parents may be written two ways (its database of
// 0*7 holds 9 lands twice). This file writes a land as SPOTS would (SPOTSText), and every way
// SPOTS may write it (SPOTSTexts), so that a database we export is found by SPOTS.
//
// The algorithm, read from SPOTS (cizektom/spots at da73572, Land::canonize and what it
// calls), with its order of symbols 0 < 1 < 2 < 3 < lowercase < uppercase < '.' < '|' < '+':
//  1. name uppercase letters in order of first appearance (regions, boundaries, spots as
//     they stand);
//  2. sort: each region turns every boundary to its least rotation, sorts its boundaries,
//     does the same with every boundary reversed, and keeps the smaller of the two; then the
//     regions are sorted;
//  3. name lowercase letters again in order of appearance in each boundary and uppercase
//     ones through the land; when a name changed, sort once more (without renaming).
//
// Sequences compare first by the shape of their common prefix (a letter counts for its case
// only), then, when the shapes agree, lexicographically by names and length. A boundary
// compares with its '.' after it, a region with its boundaries and a '|', a land with its
// regions and a '+'. Lands are sorted the same way and joined with '+'; a class of letters is
// escaped (m(k), n(k)) through the whole position when one letter of it needs it; and runs of
// two or more fresh-spot boundaries are written 0*k.

// A spotsSym is a symbol of SPOTS's order: digits, then lowercase letters by name, then
// uppercase ones, then the separators.
type spotsSym int32

const (
	symLower spotsSym = 16      // lowercase letter number 0
	symUpper spotsSym = 1 << 12 // uppercase letter number 0
	symSep   spotsSym = 1 << 24 // ends a boundary; +1 a region, +2 a land
)

func (s spotsSym) lower() bool { return s >= symLower && s < symUpper }
func (s spotsSym) upper() bool { return s >= symUpper && s < symSep }

// class is what the first pass of a comparison sees: a letter's case, any other symbol itself.
func (s spotsSym) class() spotsSym {
	switch {
	case s.lower():
		return symLower
	case s.upper():
		return symUpper
	}
	return s
}

type (
	spotsBoundary []spotsSym
	spotsRegion   []spotsBoundary
	spotsLand     []spotsRegion
)

// A spotsSorter sorts SPOTS's way and counts ties: comparisons that shapes alone do not
// decide, of sequences with letters. A sort with none put every part where its shape alone says, so that the land's
// text does not depend on how it was written before (see SPOTSTexts).
type spotsSorter struct{ ties int }

// less compares two sequences as SPOTS does: shapes over the common prefix first, then
// names and length.
func (s *spotsSorter) less(a, b []spotsSym) bool {
	for i := range min(len(a), len(b)) {
		if ca, cb := a[i].class(), b[i].class(); ca != cb {
			return ca < cb
		}
	}
	if hasLetter(a) {
		s.ties++
	}
	return slices.Compare(a, b) < 0
}

// hasLetter reports whether seq holds a letter. Two sequences of one shape that differ are
// told apart by names; two equal ones with letters might differ under other names: both are
// ties. Without letters, one shape is one sequence whatever the names.
func hasLetter(seq []spotsSym) bool {
	return slices.ContainsFunc(seq, func(s spotsSym) bool { return s.lower() || s.upper() })
}

// size is the length of the boundary's sequence.
func (b spotsBoundary) size() int { return len(b) + 1 }

func (r spotsRegion) size() int {
	n := 1
	for _, b := range r {
		n += b.size()
	}
	return n
}

func (l spotsLand) size() int {
	n := 1
	for _, r := range l {
		n += r.size()
	}
	return n
}

// seq appends the boundary and its separator.
func (b spotsBoundary) seq(dst []spotsSym) []spotsSym { return append(append(dst, b...), symSep) }

// seq appends the region's boundaries and its separator.
func (r spotsRegion) seq(dst []spotsSym) []spotsSym {
	for _, b := range r {
		dst = b.seq(dst)
	}
	return append(dst, symSep+1)
}

// seq appends the land's regions and its separator.
func (l spotsLand) seq(dst []spotsSym) []spotsSym {
	for _, r := range l {
		dst = r.seq(dst)
	}
	return append(dst, symSep+2)
}

// leastRotation turns b in place to its first least rotation.
func (s *spotsSorter) leastRotation(b spotsBoundary) {
	best := 0
	for k := 1; k < len(b); k++ {
		if s.rotationLess(b, k, best) {
			best = k
		}
	}
	rotate(b, best)
}

// rotate turns b in place to start at b[k], by three reversals.
func rotate(b spotsBoundary, k int) {
	if k == 0 {
		return
	}
	slices.Reverse(b[:k])
	slices.Reverse(b[k:])
	slices.Reverse(b)
}

// rotationLess reports whether b turned to start at i is smaller than b turned to start at j
// (less on the two rotations, which have one length).
func (s *spotsSorter) rotationLess(b spotsBoundary, i, j int) bool {
	n := len(b)
	for k := range n {
		if ci, cj := b[(i+k)%n].class(), b[(j+k)%n].class(); ci != cj {
			return ci < cj
		}
	}
	if hasLetter(b) {
		s.ties++
	}
	for k := range n {
		if si, sj := b[(i+k)%n], b[(j+k)%n]; si != sj {
			return si < sj
		}
	}
	return false
}

// sortBoundaries turns each boundary of r to its least rotation and sorts them.
func (s *spotsSorter) sortBoundaries(r spotsRegion) {
	for _, b := range r {
		s.leastRotation(b)
	}
	slices.SortStableFunc(r, func(a, b spotsBoundary) int {
		switch {
		case s.lessBoundary(a, b):
			return -1
		case s.lessBoundary(b, a):
			return 1
		}
		return 0
	})
}

// lessBoundary is less on the two boundaries' sequences (each followed by its separator),
// without writing them.
func (s *spotsSorter) lessBoundary(a, b spotsBoundary) bool {
	at := func(x spotsBoundary, i int) spotsSym {
		if i == len(x) {
			return symSep
		}
		return x[i]
	}
	n := min(len(a), len(b)) + 1
	for i := range n {
		if ca, cb := at(a, i).class(), at(b, i).class(); ca != cb {
			return ca < cb
		}
	}
	if hasLetter(a) {
		s.ties++
	}
	for i := range n {
		if x, y := at(a, i), at(b, i); x != y {
			return x < y
		}
	}
	return false // one shape over min+1 symbols: one length
}

// sortRegion sorts r both ways round and keeps the smaller: the reversed one unless the other is
// strictly smaller.
func (s *spotsSorter) sortRegion(r spotsRegion) {
	s.sortBoundaries(r)
	both := r.seq(make([]spotsSym, 0, 2*r.size()))
	n := len(both)
	for _, b := range r {
		slices.Reverse(b)
	}
	s.sortBoundaries(r)
	if both = r.seq(both); s.less(both[:n], both[n:]) {
		r.load(both[:n])
	}
}

// load makes r's boundaries the ones written in seq (a region's sequence), in its array.
func (r spotsRegion) load(seq []spotsSym) {
	start := 0
	for i := range r {
		end := start + slices.Index(seq[start:], symSep)
		r[i] = spotsBoundary(seq[start:end:end])
		start = end + 1
	}
}

// clone copies r, its boundaries in one array.
func (r spotsRegion) clone() spotsRegion {
	c := make(spotsRegion, len(r))
	all := make([]spotsSym, 0, r.size())
	for i, b := range r {
		all = append(all, b...)
		c[i] = all[len(all)-len(b) : len(all) : len(all)]
	}
	return c
}

func (l spotsLand) clone() spotsLand {
	c := make(spotsLand, len(l))
	for i, r := range l {
		c[i] = r.clone()
	}
	return c
}

// sortLand sorts every region, then the regions.
func (s *spotsSorter) sortLand(l spotsLand) {
	for _, r := range l {
		s.sortRegion(r)
	}
	sortBySeq(s, l)
}

// sortBySeq sorts the parts of a boundary list, region list or land list by their sequences.
// SPOTS's order is total (parts that compare neither way are equal), so any sort gives its
// result.
func sortBySeq[T interface {
	seq([]spotsSym) []spotsSym
	size() int
}](s *spotsSorter, parts []T) {
	if len(parts) < 2 {
		return
	}
	n := 0
	for _, p := range parts {
		n += p.size()
	}
	type keyed struct {
		key  []spotsSym
		part T
	}
	all := make([]spotsSym, 0, n)
	byKey := make([]keyed, len(parts))
	for i, p := range parts {
		start := len(all)
		all = p.seq(all)
		byKey[i] = keyed{all[start:len(all):len(all)], p}
	}
	slices.SortStableFunc(byKey, func(a, b keyed) int {
		switch {
		case s.less(a.key, b.key):
			return -1
		case s.less(b.key, a.key):
			return 1
		}
		return 0
	})
	for i, k := range byKey {
		parts[i] = k.part
	}
}

// renameUpper names uppercase letters in order of appearance through the land.
func (l spotsLand) renameUpper() {
	var buf [64]spotsSym
	seen := buf[:0] // old names, in order of appearance: the new name is the index
	for _, r := range l {
		for _, b := range r {
			seen = renameInOrder(b, seen, spotsSym.upper, symUpper)
		}
	}
}

// renameInOrder renames the letters of b that isCase selects in order of appearance, from first on,
// after those of seen (their old names in order), and returns seen with b's new ones.
func renameInOrder(b spotsBoundary, seen []spotsSym, isCase func(spotsSym) bool, first spotsSym) []spotsSym {
	for i, s := range b {
		if !isCase(s) {
			continue
		}
		k := slices.Index(seen, s)
		if k < 0 {
			k, seen = len(seen), append(seen, s)
		}
		b[i] = first + spotsSym(k)
	}
	return seen
}

// renameLower names lowercase letters in order of appearance in each boundary.
func (l spotsLand) renameLower() {
	for _, r := range l {
		for _, b := range r {
			b.renameLower()
		}
	}
}

func (b spotsBoundary) renameLower() {
	var buf [32]spotsSym
	renameInOrder(b, buf[:0], spotsSym.lower, symLower)
}

// canonize puts l in SPOTS's canonical form in place (Land::canonize), and returns the ties
// of its first sort: with none, every writing of l gets the same text.
func (l spotsLand) canonize() (ties int) {
	var first, again spotsSorter
	l.renameUpper()
	first.sortLand(l)
	before := l.clone()
	l.renameLower()
	l.renameUpper()
	if !before.equal(l) {
		again.sortLand(l)
	}
	return first.ties
}

// equal reports whether l and m are the same symbols in the same places.
func (l spotsLand) equal(m spotsLand) bool {
	return slices.EqualFunc(l, m, func(r, q spotsRegion) bool {
		return slices.EqualFunc(r, q, func(b, c spotsBoundary) bool { return slices.Equal(b, c) })
	})
}

// SPOTSText returns p as SPOTS writes it when it reads p's canonical text: each land in
// SPOTS's canonical form, the lands sorted its way. SPOTS reads it back as p (Parse gives p's
// canonical text again), and finds it in a database when it reaches p the same way; see
// SPOTSTexts for the other ways.
func SPOTSText(p *Position) string {
	lands := p.Lands()
	out := make([]spotsLand, len(lands))
	for i, text := range lands {
		out[i] = parseSPOTSLand(text)
		out[i].canonize()
	}
	return writeSPOTS(out)
}

// SPOTSTexts returns every text SPOTS's canonicalisation may give a land of one land p,
// sorted, SPOTSText(p) among them. When the first sort of SPOTSText's canonicalisation meets
// no tie (two parts of one shape, or a boundary whose turns or a region whose two ways round
// have one shape), every part goes where its shape says whatever the text SPOTS starts from,
// and that text is the only one. Otherwise it canonizes p's land written in many orders of
// its regions and boundaries, each boundary turned and each region reversed or not, chosen
// at random but the same each time for one land, and stops when maxQuiet orders in a row give
// no new text (maxOrders in all). Every line of SPOTS's own databases (0*6 … 0*12 by pns,
// 0*6 … 0*10 by dfs, 0*6 … 0*8 by dfpn) is among the texts so found. A position of several lands (SPOTS keeps lands
// alone) gets SPOTSText only.
func SPOTSTexts(p *Position) []string {
	lands := p.Lands()
	if len(lands) != 1 {
		return []string{SPOTSText(p)}
	}
	land := parseSPOTSLand(lands[0])
	first := land.clone()
	if first.canonize() == 0 {
		return []string{writeSPOTS([]spotsLand{first})}
	}
	h := fnv.New64a()
	h.Write([]byte(lands[0]))
	rng := rand.New(rand.NewPCG(h.Sum64(), 0x5905))
	seen := map[string]bool{writeSPOTS([]spotsLand{first}): true}
	for quiet, n := 0, 0; quiet < maxQuiet && n < maxOrders; n++ {
		l := land.shuffled(rng)
		l.canonize()
		text := writeSPOTS([]spotsLand{l})
		if seen[text] {
			quiet++
			continue
		}
		seen[text], quiet = true, 0
	}
	texts := make([]string, 0, len(seen))
	for t := range seen {
		texts = append(texts, t)
	}
	slices.Sort(texts)
	return texts
}

// How long SPOTSTexts looks for other texts of a land with ties. With 64, every line of
// SPOTS's databases is found (with 32, 6 301 of the 6 304 of 0*9 dfs); 128 finds 3 % more
// texts for that database's lands, none of them a line of it.
const (
	maxQuiet  = 64
	maxOrders = 4096
)

// shuffled returns l written another way, as SPOTS may meet it: regions and boundaries in
// another order, each region reversed or not, each boundary turned, and lowercase letters
// named in order of appearance from where the boundary now starts (as SPOTS's reduction
// names them). Uppercase names are kept: canonize names them again.
func (l spotsLand) shuffled(rng *rand.Rand) spotsLand {
	c := l.clone()
	rng.Shuffle(len(c), func(i, j int) { c[i], c[j] = c[j], c[i] })
	for _, r := range c {
		rng.Shuffle(len(r), func(i, j int) { r[i], r[j] = r[j], r[i] })
		reverse := rng.IntN(2) == 1
		for _, b := range r {
			if reverse {
				slices.Reverse(b)
			}
			rotate(b, rng.IntN(len(b)))
			b.renameLower()
		}
	}
	return c
}

// parseSPOTSLand reads a land written in our notation or SPOTS's (0*k wherever it stands,
// digits, letters, escapes), keeping its names: lowercase ones are local to their boundary,
// uppercase ones to the land. The text is a canonical one, or one this file wrote.
func parseSPOTSLand(text string) spotsLand {
	var land spotsLand
	for _, rt := range strings.Split(text, "|") {
		var r spotsRegion
		for _, bt := range strings.Split(rt, ".") {
			if k, ok := freshSpots(bt); ok {
				for range k {
					r = append(r, spotsBoundary{0})
				}
				continue
			}
			r = append(r, parseSPOTSBoundary(bt))
		}
		land = append(land, r)
	}
	return land
}

func parseSPOTSBoundary(text string) spotsBoundary {
	var b spotsBoundary
	for i := 0; i < len(text); {
		upper, idx, end, ok := letterAt(text, i)
		switch {
		case ok && upper:
			b = append(b, symUpper+spotsSym(idx))
		case ok:
			b = append(b, symLower+spotsSym(idx))
		default: // a digit: the text is canonical
			b, end = append(b, spotsSym(text[i]-'0')), i+1
		}
		i = end
	}
	return b
}

// writeSPOTS sorts the lands SPOTS's way and writes them as SPOTS does.
func writeSPOTS(lands []spotsLand) string {
	if len(lands) == 0 {
		return empty
	}
	sortBySeq(new(spotsSorter), lands)
	lower, upper := false, false
	for _, l := range lands {
		for _, s := range l.seq(nil) {
			lower = lower || s.lower() && s-symLower >= spotsSym(lowerBase)
			upper = upper || s.upper() && s-symUpper >= spotsSym(upperBase)
		}
	}
	var dst []byte
	for i, l := range lands {
		if i > 0 {
			dst = append(dst, '+')
		}
		for j, r := range l {
			if j > 0 {
				dst = append(dst, '|')
			}
			dst = appendSPOTSRegion(dst, r, lower, upper)
		}
	}
	return string(dst)
}

// appendSPOTSRegion writes a region's boundaries, a run of two or more fresh spots as 0*k.
func appendSPOTSRegion(dst []byte, r spotsRegion, lower, upper bool) []byte {
	for j := 0; j < len(r); {
		if j > 0 {
			dst = append(dst, '.')
		}
		if run := freshBoundaries(r[j:]); run >= 2 {
			dst = strconv.AppendInt(append(dst, "0*"...), int64(run), 10)
			j += run
			continue
		}
		for _, s := range r[j] {
			switch {
			case s.upper():
				dst = appendName(dst, true, int(s-symUpper), upper)
			case s.lower():
				dst = appendName(dst, false, int(s-symLower), lower)
			default:
				dst = append(dst, '0'+byte(s))
			}
		}
		j++
	}
	return dst
}

// freshBoundaries counts the boundaries at the start of r that are one fresh spot each.
func freshBoundaries(r spotsRegion) int {
	k := 0
	for k < len(r) && len(r[k]) == 1 && r[k][0] == 0 {
		k++
	}
	return k
}
