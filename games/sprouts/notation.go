package sprouts

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"grundy/games/parse"
)

// Limits on what Parse accepts, checked as the input is read, before anything big is built.
const (
	maxLen    = 4096 // bytes of input
	maxLives  = 120  // lives of one land: those of 40 fresh spots
	maxLetter = 120  // letters of one case in one land
	maxStar   = maxLives / 3
)

// The Glop alphabet has 25 uppercase (A…Y) and 12 lowercase (a…l) letters. Larger positions
// need more: a prime after a letter counts one more round of its alphabet, so A' is the 26th
// uppercase letter and a with two primes the 25th lowercase one.
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
}

// A letterUse records where a letter of the land under reading was seen.
type letterUse struct {
	n        int  // occurrences
	reg, bnd int  // region and boundary of the first one
	at, end  int  // offsets of the first one in the input
	upper    bool // written in uppercase
}

// A reader parses the current notation and the Glop 1.x one.
type reader struct {
	s        string
	i        int
	old      bool // Glop 1.x: '.' ends a boundary, '}' a region, ']' a land, '!' the position
	land     rawLand
	id       [2][maxLetter]uint8 // letter id by case and name index; 0: not seen yet
	use      []letterUse         // by letter id - letter0
	reg, bnd int                 // counters of the land's regions and boundaries
}

// read parses s into its lands.
func read(s string) ([]rawLand, error) {
	if len(s) > maxLen {
		return nil, parse.Errorf(parse.ErrTooLarge, "sprouts", s, -1, "longer than %d bytes", maxLen)
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
	start, at := len(r.land.codes), r.i
	for !r.eof() && !strings.ContainsRune(".|+!}]", rune(r.peek())) {
		if err := r.spot(); err != nil {
			return err
		}
		r.skipSpace()
	}
	n := len(r.land.codes) - start
	if n == 0 {
		return r.syntax(r.i, "empty boundary")
	}
	if n > 1 && strings.IndexByte(r.s[at:r.i], '0') >= 0 {
		return r.syntax(at+strings.IndexByte(r.s[at:r.i], '0'), "a spot with no line (0) must be alone in its boundary")
	}
	r.land.codes = append(r.land.codes, sepB)
	r.bnd++
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
		return nil
	case c >= 'A' && c <= 'Y', c >= 'a' && c <= 'l':
		r.i++
		for !r.eof() && r.peek() == '\'' {
			r.i++
		}
		return r.letter(at)
	}
	return r.unexpected(at)
}

// letter records the letter written at s[at:r.i].
func (r *reader) letter(at int) error {
	upper, idx := nameIndex(r.s[at:r.i])
	if idx >= maxLetter {
		return parse.Errorf(parse.ErrTooLarge, "sprouts", r.s, at, "more than %d letters of one case", maxLetter)
	}
	cs := 0
	if upper {
		cs = 1
	}
	id := r.id[cs][idx]
	if id == 0 {
		id = letter0 + uint8(len(r.use))
		r.id[cs][idx] = id
		r.use = append(r.use, letterUse{reg: r.reg, bnd: r.bnd, at: at, end: r.i, upper: upper})
	}
	r.land.codes = append(r.land.codes, id)
	return r.seen(&r.use[id-letter0], at)
}

// seen checks one more occurrence of a letter against the alphabet of SPROUTS.md: a
// lowercase letter is seen twice in one boundary, an uppercase one once in each of two
// regions. The working forms that the reduction takes (an uppercase letter seen once, or three
// times for a dead spot, or twice in one boundary) are not the notation and are refused, so
// that a typing slip such as 0.AB|A is not read silently as another position.
func (r *reader) seen(u *letterUse, at int) error {
	u.n++
	name := r.s[u.at:u.end]
	switch {
	case u.n == 2 && u.upper && u.bnd == r.bnd:
		return r.syntax(at, "uppercase letter %s is twice in one boundary, want a lowercase letter there", name)
	case u.n == 3 && u.upper:
		return r.syntax(at, "uppercase letter %s is seen three times, want once in each of two regions", name)
	case u.n == 2 && u.bnd != r.bnd && u.reg == r.reg:
		return r.syntax(at, "letter %s is in two boundaries of one region", name)
	case u.n == 2 && u.reg != r.reg && !u.upper:
		return r.syntax(at, "lowercase letter %s is in two regions, want twice in one boundary", name)
	case u.n == 3 && !u.upper:
		return r.syntax(at, "lowercase letter %s is seen more than twice", name)
	case u.n > 3:
		return r.syntax(at, "letter %s is seen more than three times", name)
	}
	return nil
}

// nameIndex returns the case and index of a letter name such as C, a or A' (the 26th uppercase).
func nameIndex(name string) (upper bool, idx int) {
	c, primes := name[0], len(name)-1
	if c <= 'Z' {
		return true, int(c-'A') + upperBase*primes
	}
	return false, int(c-'a') + lowerBase*primes
}

// startLand forgets the letters of the previous land.
func (r *reader) startLand() {
	r.land = rawLand{}
	r.id = [2][maxLetter]uint8{}
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
		switch {
		case u.n == 1 && !u.upper:
			return rawLand{}, r.syntax(u.at, "lowercase letter %s is seen once, want twice in one boundary", r.s[u.at:u.end])
		case u.n == 1:
			return rawLand{}, r.syntax(u.at, "uppercase letter %s is seen once, want once in each of two regions (a 1-life spot seen once is 2)", r.s[u.at:u.end])
		default:
			r.land.lives++
		}
	}
	if r.land.lives > maxLives {
		return rawLand{}, parse.Errorf(parse.ErrTooLarge, "sprouts", r.s, -1, "a land has %d lives, more than %d", r.land.lives, maxLives)
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

// appendName appends the name of letter number idx (from 0) of the given case.
func appendName(dst []byte, upper bool, idx int) []byte {
	base, first := lowerBase, byte('a')
	if upper {
		base, first = upperBase, 'A'
	}
	dst = append(dst, first+byte(idx%base))
	for range idx / base {
		dst = append(dst, '\'')
	}
	return dst
}
