package sprouts

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"grundy/games/parse"
)

// Limits on what Parse accepts, checked before anything big is built. The length counts
// symbols as the canonical text writes them, an escape such as m(13) for one and 0*k for the
// 2k-1 symbols of 0.0.….0, so that the canonical text of a position never exceeds the length
// of what was read and always reads back; maxBytes bounds the raw text.
const (
	maxLen    = 4096 // symbols of input
	maxBytes  = 6 * maxLen
	maxLetter = 120 // names of one case: uppercase in a land, lowercase in a boundary
	maxReach  = 4 * maxLetter
	maxLives  = maxReach / 3 // lives of one land: those of 53 fresh spots, and one more
	maxStar   = maxLives / 3
)

// The canon writes a letter's name as one byte (codeUpper or codeLower plus the name's
// index), so no land may ever name more than maxLetter letters of one case, nor may any land
// its moves lead to. A move takes one life and makes at most three spots of one life (the new
// spot, and each end that had two), and every letter is a spot of one life: after m moves a
// land of L lives and s spots of one life has at most min(L − m, s + 3m) letters, which is at
// most (3L + s) / 4; and 3L + s never grows with a move. So a land is read when its reach,
// 3L + s, is at most maxReach: its letters and those of every land after it stay within
// maxLetter. 0*53 (159 lives, none of them of a spot of one life) is the largest star; every
// land of at most 120 lives is read, as before the rule.

// The alphabet of Glop and SPOTS has 25 uppercase (A…Y) and 12 lowercase (a…l) letters.
// Past them a letter is written with an escape: m(k) is the k-th lowercase letter and n(k)
// (SPOTS) or Z(k) (Glop 2.x) the k-th uppercase one, k from 1.
const (
	upperBase = 25
	lowerBase = 12
)

// A rawLand is one land as written, in the working form, with its lives. Its dead letters
// (seen three times) are always none, since the notation writes every letter twice; the
// reduction that takes them is shared with the moves, which make dead spots.
type rawLand struct {
	codes []uint8
	dead  []uint8
	lives int
	ones  int // spots of one life: the digits 2 and the letters
}

// A letterUse records where a letter of the land under reading was seen.
type letterUse struct {
	n        int  // occurrences
	reg, bnd int  // region and boundary of the first one
	at, end  int  // offsets of the first one in the input
	upper    bool // written in uppercase
}

// A reader parses the current notation and the Glop 1.x one. Uppercase letters name spots of
// the whole land; lowercase ones only spots of their boundary, whose names start again from
// a (SPROUTS.md): "1a1a.1a1a" holds two spots named a.
type reader struct {
	s        string
	i        int
	old      bool // Glop 1.x: '.' ends a boundary, '}' a region, ']' a land, '!' the position
	land     rawLand
	upperID  [maxLetter]uint8 // letter id by uppercase name index; 0: not seen in the land yet
	lowerID  [maxLetter]uint8 // the same for lowercase names, in the boundary under reading
	lowers   []uint8          // lowercase letter ids of the boundary under reading
	use      []letterUse      // by letter id - letter0
	reg, bnd int              // counters of the land's regions and boundaries
	zeroAt   int              // offset of the first 0 of the boundary under reading, or -1
}

// read parses s into its lands.
func read(s string) ([]rawLand, error) {
	if len(s) > maxBytes {
		return nil, parse.Errorf(parse.ErrTooLarge, "sprouts", s, -1, "longer than %d bytes", maxBytes)
	}
	if n := symbols(s); n > maxLen {
		return nil, parse.Errorf(parse.ErrTooLarge, "sprouts", s, -1, "%d symbols, more than %d (0*k counts as 0.0.….0)", n, maxLen)
	}
	r := &reader{s: s, old: strings.ContainsAny(s, "}]")}
	r.skipSpace()
	if r.eof() {
		return nil, r.syntax(r.i, "empty input, want a position or ! for the empty one")
	}
	if r.old {
		return r.oldPosition()
	}
	return r.position()
}

// position reads lands separated by '+', or '!' alone.
func (r *reader) position() ([]rawLand, error) {
	if r.peek() == '!' {
		return nil, r.end(r.i + 1)
	}
	var lands []rawLand
	for {
		land, err := r.landBody()
		if err != nil {
			return nil, err
		}
		lands = append(lands, land)
		if r.eof() {
			return lands, nil
		}
		r.i++ // landBody stops only at '+' or the end
	}
}

// landBody reads regions separated by '|' up to a '+' or the end.
func (r *reader) landBody() (rawLand, error) {
	r.startLand()
	for {
		if err := r.region('.'); err != nil {
			return rawLand{}, err
		}
		r.endRegion()
		switch {
		case r.eof() || r.peek() == '+':
			return r.finishLand()
		case r.peek() == '|':
			r.i++
		default:
			return rawLand{}, r.unexpected(r.i)
		}
	}
}

// region reads boundaries separated by '.'.
func (r *reader) region(sep byte) error {
	for {
		if err := r.boundary(); err != nil {
			return err
		}
		if r.eof() || r.peek() != sep {
			return nil
		}
		r.i++
	}
}

// oldPosition reads the Glop 1.x form: lands, each ended by ']', then '!'.
func (r *reader) oldPosition() ([]rawLand, error) {
	var lands []rawLand
	for {
		switch {
		case r.eof():
			return nil, r.syntax(r.i, "missing final !")
		case r.peek() == '!':
			return lands, r.end(r.i + 1)
		}
		land, err := r.oldLand()
		if err != nil {
			return nil, err
		}
		lands = append(lands, land)
	}
}

// oldLand reads regions, each ended by '}', up to the ']' that ends the land.
func (r *reader) oldLand() (rawLand, error) {
	r.startLand()
	for {
		for {
			if err := r.boundary(); err != nil {
				return rawLand{}, err
			}
			if err := r.expect('.'); err != nil {
				return rawLand{}, err
			}
			if !r.eof() && r.peek() == '}' {
				break
			}
		}
		r.i++
		r.endRegion()
		r.skipSpace()
		if !r.eof() && r.peek() == ']' {
			r.i++
			r.skipSpace()
			return r.finishLand()
		}
	}
}

// boundary reads the spots of one boundary, or 0*k (k boundaries holding one 0 each).
func (r *reader) boundary() error {
	r.skipSpace()
	if r.star() {
		return r.readStar()
	}
	start := len(r.land.codes)
	r.zeroAt, r.lowers = -1, r.lowers[:0]
	for !r.eof() && !strings.ContainsRune(".|+!}]", rune(r.peek())) {
		if err := r.spot(); err != nil {
			return err
		}
		r.skipSpace()
	}
	n := len(r.land.codes) - start
	switch {
	case n == 0:
		return r.syntax(r.i, "empty boundary")
	case n > 1 && r.zeroAt >= 0:
		return r.syntax(r.zeroAt, "a spot with no line (0) must be alone in its boundary")
	}
	if err := r.endBoundary(); err != nil {
		return err
	}
	r.land.codes = append(r.land.codes, sepB)
	r.bnd++
	return nil
}

// endBoundary checks that each lowercase letter of the boundary just read is seen twice in
// it, and forgets their names: the next boundary names its own from a again.
func (r *reader) endBoundary() error {
	for _, id := range r.lowers {
		if u := &r.use[id-letter0]; u.n == 1 {
			return r.syntax(u.at, "lowercase letter %s is seen once in its boundary, want twice (lowercase names are local to their boundary)", r.s[u.at:u.end])
		}
	}
	clear(r.lowerID[:])
	return nil
}

// star reports whether the input continues with "0*".
func (r *reader) star() bool {
	if r.eof() || r.peek() != '0' {
		return false
	}
	j := r.i + 1
	for j < len(r.s) && isSpace(r.s[j]) {
		j++
	}
	return j < len(r.s) && r.s[j] == '*'
}

// readStar reads 0*k.
func (r *reader) readStar() error {
	r.i = strings.IndexByte(r.s[r.i:], '*') + r.i + 1
	r.skipSpace()
	at := r.i
	for !r.eof() && r.peek() >= '0' && r.peek() <= '9' {
		r.i++
	}
	if r.i == at {
		return r.syntax(at, "want a number of spots after 0*")
	}
	k, err := strconv.Atoi(r.s[at:r.i])
	if err != nil || k > maxStar {
		return parse.Errorf(parse.ErrTooLarge, "sprouts", r.s, at, "0*%s has more than %d spots", r.s[at:r.i], maxStar)
	}
	for range k {
		r.land.codes = append(r.land.codes, spot0, sepB)
		r.bnd++
	}
	r.land.lives += 3 * k
	r.skipSpace()
	return nil
}

// spot reads one digit or letter.
func (r *reader) spot() error {
	c, at := r.peek(), r.i
	switch {
	case c >= '0' && c <= '2':
		r.i++
		r.land.codes = append(r.land.codes, c-'0')
		r.land.lives += digitLives(c - '0')
		if c == '2' {
			r.land.ones++
		}
		if c == '0' && r.zeroAt < 0 {
			r.zeroAt = at
		}
		return nil
	case c >= 'A' && c <= 'Y':
		r.i++
		return r.letter(at, true, int(c-'A'))
	case c >= 'a' && c <= 'l':
		r.i++
		return r.letter(at, false, int(c-'a'))
	case isEscape(c) && at+1 < len(r.s) && r.s[at+1] == '(':
		k, err := r.escape()
		if err != nil {
			return err
		}
		return r.letter(at, c != 'm', k-1)
	case c == '\'':
		return r.syntax(at, "a prime is no part of a letter's name: past Y write n(k), past l m(k)")
	}
	return r.unexpected(at)
}

// letter records the letter written at s[at:r.i], of the given case and name index (from 0).
func (r *reader) letter(at int, upper bool, idx int) error {
	ids := &r.lowerID
	if upper {
		ids = &r.upperID
	}
	id := ids[idx]
	if id == 0 {
		if len(r.use) == maxLetter { // each letter is a spot of one life: the land is too large
			return parse.Errorf(parse.ErrTooLarge, "sprouts", r.s, at, "a land has more than %d letters", maxLetter)
		}
		id = letter0 + uint8(len(r.use))
		ids[idx] = id
		r.use = append(r.use, letterUse{reg: r.reg, bnd: r.bnd, at: at, end: r.i, upper: upper})
		if !upper {
			r.lowers = append(r.lowers, id)
		}
	}
	r.land.codes = append(r.land.codes, id)
	return r.seen(&r.use[id-letter0], at)
}

// seen checks one more occurrence of a letter against the alphabet of SPROUTS.md: a
// lowercase letter is seen twice in its boundary, where its name means one spot (endBoundary
// refuses one seen once), an uppercase one once in each of two regions. The working forms
// that the reduction takes (an uppercase letter seen once, or three times for a dead spot,
// or twice in one boundary) are not the notation and are refused, so that a typing slip
// such as 0.AB|A is not read silently as another position.
func (r *reader) seen(u *letterUse, at int) error {
	u.n++
	name := r.s[u.at:u.end]
	switch {
	case !u.upper && u.n > 2:
		return r.syntax(at, "lowercase letter %s is seen %s in one boundary, want twice", name, times(u.n))
	case !u.upper:
		return nil
	case u.n == 2 && u.bnd == r.bnd:
		return r.syntax(at, "uppercase letter %s is twice in one boundary, want a lowercase letter there", name)
	case u.n == 2 && u.reg == r.reg:
		return r.syntax(at, "uppercase letter %s is in two boundaries of one region, want once in each of two regions", name)
	case u.n > 2:
		return r.syntax(at, "uppercase letter %s is seen %s, want once in each of two regions", name, times(u.n))
	}
	return nil
}

// startLand forgets the letters of the previous land.
func (r *reader) startLand() {
	r.land = rawLand{}
	clear(r.upperID[:])
	r.use = r.use[:0]
	r.reg, r.bnd = 0, 0
}

func (r *reader) endRegion() {
	r.land.codes = append(r.land.codes, sepR)
	r.reg++
}

// finishLand checks the letters seen once and counts lives: one for each letter.
func (r *reader) finishLand() (rawLand, error) {
	for _, u := range r.use {
		if u.n == 1 { // lowercase letters seen once are refused at the end of their boundary
			return rawLand{}, r.syntax(u.at, "uppercase letter %s is seen once, want once in each of two regions (a 1-life spot seen once is 2)", r.s[u.at:u.end])
		}
		r.land.lives++
		r.land.ones++
	}
	if r.land.lives > maxLives {
		return rawLand{}, parse.Errorf(parse.ErrTooLarge, "sprouts", r.s, -1, "a land has %d lives, more than %d", r.land.lives, maxLives)
	}
	if reach := 3*r.land.lives + r.land.ones; reach > maxReach {
		return rawLand{}, parse.Errorf(parse.ErrTooLarge, "sprouts", r.s, -1,
			"a land has %d lives, %d of them spots of one life: 3 × lives + spots of one life is %d, more than %d (the games after it could name more letters than a land may hold)",
			r.land.lives, r.land.ones, reach, maxReach)
	}
	return r.land, nil
}

// end checks that nothing but spaces follows offset i.
func (r *reader) end(i int) error {
	r.i = i
	r.skipSpace()
	if !r.eof() {
		return r.unexpected(r.i)
	}
	return nil
}

// expect consumes c, after spaces.
func (r *reader) expect(c byte) error {
	r.skipSpace()
	if r.eof() || r.peek() != c {
		return r.syntax(r.i, "want %q", rune(c))
	}
	r.i++
	r.skipSpace()
	return nil
}

func (r *reader) eof() bool  { return r.i >= len(r.s) }
func (r *reader) peek() byte { return r.s[r.i] }

func (r *reader) skipSpace() {
	for !r.eof() && isSpace(r.peek()) {
		r.i++
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// unexpected reports the character at offset at.
func (r *reader) unexpected(at int) error {
	if at >= len(r.s) {
		return r.syntax(at, "unexpected end")
	}
	c, _ := utf8.DecodeRuneInString(r.s[at:])
	return r.syntax(at, "unexpected %q", c)
}

func (r *reader) syntax(at int, format string, args ...any) error {
	return parse.Errorf(parse.ErrSyntax, "sprouts", r.s, at, format, args...)
}
