package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// A treeScanner reads a tree file a byte at a time for ReadCheckTree, giving the tokens
// encoding/json's Decoder gives treeReader, with the same errors, in the same order, but
// with nothing allocated a token: a string or a number is left in text, a name is compared
// there. Its states are the Decoder's (json/stream.go), so that a file refused by ReadTree is
// refused here with the same words.
type treeScanner struct {
	r     io.Reader
	buf   []byte // read from r; buf[pos:] is still to be scanned
	pos   int
	rerr  error // what r said when last read, returned once buf is scanned
	state int   // the Decoder's tokenState
	stack []int // its tokenStack
	kind  tokenKind
	delim byte   // the last token, when a delimiter
	text  []byte // the last string (unquoted) or number
	raw   []byte // a string as written, while it is unquoted
}

// A tokenKind is the type of a json.Token.
type tokenKind uint8

const (
	tokDelim tokenKind = iota
	tokString
	tokNumber
	tokTrue
	tokFalse
	tokNull
)

// The Decoder's token states.
const (
	tokenTopValue = iota
	tokenArrayStart
	tokenArrayValue
	tokenArrayComma
	tokenObjectStart
	tokenObjectKey
	tokenObjectColon
	tokenObjectValue
	tokenObjectComma
)

// scanBuffer is how many bytes a treeScanner reads at once, after its first reads.
const scanBuffer = 64 << 10

func newTreeScanner(r io.Reader) *treeScanner {
	return &treeScanner{r: r, buf: make([]byte, 0, 512)}
}

// fill reads more of the file once buf is scanned; false at its end or on an error, in rerr.
// buf grows to scanBuffer as the file proves longer than it.
func (s *treeScanner) fill() bool {
	if s.rerr != nil {
		return false
	}
	if len(s.buf) == cap(s.buf) && cap(s.buf) < scanBuffer {
		s.buf = make([]byte, 0, 2*cap(s.buf))
	}
	for s.rerr == nil {
		n, err := s.r.Read(s.buf[:cap(s.buf)])
		s.buf, s.pos, s.rerr = s.buf[:n], 0, err
		if n > 0 {
			return true
		}
	}
	return false
}

// readByte returns the next byte; false at the end of the file or on an error.
func (s *treeScanner) readByte() (byte, bool) {
	if s.pos == len(s.buf) && !s.fill() {
		return 0, false
	}
	c := s.buf[s.pos]
	s.pos++
	return c, true
}

// peek returns the next byte that is not white space, and leaves it to be read.
func (s *treeScanner) peek() (byte, error) {
	for {
		for ; s.pos < len(s.buf); s.pos++ {
			if c := s.buf[s.pos]; c > ' ' || !isSpace(c) {
				return c, nil
			}
		}
		if !s.fill() {
			return 0, s.rerr
		}
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// more is Decoder.More.
func (s *treeScanner) more() bool {
	c, err := s.peek()
	return err == nil && c != ']' && c != '}'
}

func (s *treeScanner) valueAllowed() bool {
	switch s.state {
	case tokenTopValue, tokenArrayStart, tokenArrayValue, tokenObjectValue:
		return true
	}
	return false
}

func (s *treeScanner) valueEnd() {
	switch s.state {
	case tokenArrayStart, tokenArrayValue:
		s.state = tokenArrayComma
	case tokenObjectValue:
		s.state = tokenObjectComma
	}
}

// token is Decoder.Token: it reads the next token into kind, delim and text.
func (s *treeScanner) token() error {
	for {
		c, err := s.peek()
		if err != nil {
			return err
		}
		switch c {
		case '[', '{':
			if !s.valueAllowed() {
				return s.tokenError(c)
			}
			s.pos++
			s.stack = append(s.stack, s.state)
			s.state = tokenArrayStart
			if c == '{' {
				s.state = tokenObjectStart
			}
			s.kind, s.delim = tokDelim, c
			return nil
		case ']', '}':
			if c == ']' && s.state != tokenArrayStart && s.state != tokenArrayComma ||
				c == '}' && s.state != tokenObjectStart && s.state != tokenObjectComma {
				return s.tokenError(c)
			}
			s.pos++
			s.state = s.stack[len(s.stack)-1]
			s.stack = s.stack[:len(s.stack)-1]
			s.valueEnd()
			s.kind, s.delim = tokDelim, c
			return nil
		case ':':
			if s.state != tokenObjectColon {
				return s.tokenError(c)
			}
			s.pos++
			s.state = tokenObjectValue
			continue
		case ',':
			switch s.state {
			case tokenArrayComma:
				s.state = tokenArrayValue
			case tokenObjectComma:
				s.state = tokenObjectKey
			default:
				return s.tokenError(c)
			}
			s.pos++
			continue
		case '"':
			if s.state == tokenObjectStart || s.state == tokenObjectKey {
				s.pos++
				if err := s.scanString(); err != nil {
					return err
				}
				s.kind, s.state = tokString, tokenObjectColon
				return nil
			}
		}
		if !s.valueAllowed() {
			return s.tokenError(c)
		}
		if err := s.value(c); err != nil {
			return err
		}
		s.valueEnd()
		return nil
	}
}

// tokenError is Decoder.tokenError.
func (s *treeScanner) tokenError(c byte) error {
	var context string
	switch s.state {
	case tokenTopValue, tokenArrayStart, tokenArrayValue, tokenObjectValue:
		context = " looking for beginning of value"
	case tokenArrayComma:
		context = " after array element"
	case tokenObjectKey:
		context = " looking for beginning of object key string"
	case tokenObjectColon:
		context = " after object key"
	case tokenObjectComma:
		context = " after object key:value pair"
	}
	return errors.New("invalid character " + quoteChar(c) + context)
}

// syntaxError is the scanner's error at c.
func syntaxError(c byte, context string) error {
	return errors.New("invalid character " + quoteChar(c) + " " + context)
}

// quoteChar is encoding/json's: c quoted for a message.
func quoteChar(c byte) string {
	if c == '\'' {
		return `'\''`
	}
	if c == '"' {
		return `'"'`
	}
	q := strconv.Quote(string(rune(c)))
	return "'" + q[1:len(q)-1] + "'"
}

// value reads a string, a number or a literal, starting at c, as the Decoder's scanner reads
// one value: an error names the first byte that cannot be there, and a file that ends
// within the value is io.ErrUnexpectedEOF.
func (s *treeScanner) value(c byte) error {
	s.pos++
	switch {
	case c == '"':
		s.kind = tokString
		return s.scanString()
	case c == '-' || '0' <= c && c <= '9':
		s.kind = tokNumber
		return s.scanNumber(c)
	case c == 't':
		s.kind = tokTrue
		return s.scanLiteral("true")
	case c == 'f':
		s.kind = tokFalse
		return s.scanLiteral("false")
	case c == 'n':
		s.kind = tokNull
		return s.scanLiteral("null")
	}
	return syntaxError(c, "looking for beginning of value")
}

// eof is the error of a file that ends within a value.
func (s *treeScanner) eof() error {
	if s.rerr == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return s.rerr
}

func (s *treeScanner) scanLiteral(word string) error {
	for i := 1; i < len(word); i++ {
		c, ok := s.readByte()
		if !ok {
			return s.eof()
		}
		if c != word[i] {
			return syntaxError(c, fmt.Sprintf("in literal %s (expecting %s)", word, quoteChar(word[i])))
		}
	}
	return nil
}

// scanNumber reads a number whose first byte, c, is read, into text. The number ends at the
// first byte that cannot continue it, which is left to be read.
func (s *treeScanner) scanNumber(c byte) error {
	s.text = append(s.text[:0], c)
	digits := func() {
		for {
			for i := s.pos; i < len(s.buf); i++ {
				if c := s.buf[i]; c < '0' || c > '9' {
					s.text = append(s.text, s.buf[s.pos:i]...)
					s.pos = i
					return
				}
			}
			s.text = append(s.text, s.buf[s.pos:]...)
			s.pos = len(s.buf)
			if !s.fill() {
				return
			}
		}
	}
	// next is the byte after the number so far, not read; false at the end of the file.
	next := func() (byte, bool) {
		if s.pos == len(s.buf) && !s.fill() {
			return 0, false
		}
		return s.buf[s.pos], true
	}
	// need reads one byte of the number that must be there: a digit, or one of also.
	need := func(context, also string) error {
		c, ok := s.readByte()
		switch {
		case !ok:
			return s.eof()
		case '0' <= c && c <= '9' || bytes.IndexByte([]byte(also), c) >= 0:
			s.text = append(s.text, c)
			return nil
		}
		return syntaxError(c, context)
	}
	if c == '-' {
		if err := need("in numeric literal", ""); err != nil {
			return err
		}
		c = s.text[1]
	}
	if c != '0' {
		digits()
	}
	if c, ok := next(); ok && c == '.' {
		s.text = append(s.text, c)
		s.pos++
		if err := need("after decimal point in numeric literal", ""); err != nil {
			return err
		}
		digits()
	}
	if c, ok := next(); ok && (c == 'e' || c == 'E') {
		s.text = append(s.text, c)
		s.pos++
		if err := need("in exponent of numeric literal", "+-"); err != nil {
			return err
		}
		if c := s.text[len(s.text)-1]; c == '+' || c == '-' {
			if err := need("in exponent of numeric literal", ""); err != nil {
				return err
			}
		}
		digits()
	}
	if s.pos == len(s.buf) && s.rerr != nil && s.rerr != io.EOF {
		return s.rerr
	}
	return nil
}

// scanString reads a string whose opening quote is read, into text, unquoted as encoding/json
// does: escapes decoded, a lone surrogate and each byte of invalid UTF-8 made U+FFFD.
func (s *treeScanner) scanString() error {
	s.text = s.text[:0]
	plain := true // no escape, nothing but ASCII
	for {
		i := s.pos
		for ; i < len(s.buf); i++ {
			c := s.buf[i]
			if c == '"' || c == '\\' || c < ' ' || c >= utf8.RuneSelf {
				break
			}
		}
		s.text = append(s.text, s.buf[s.pos:i]...)
		s.pos = i
		if i == len(s.buf) {
			if !s.fill() {
				return s.eof()
			}
			continue
		}
		c := s.buf[i]
		s.pos++
		switch {
		case c == '"':
			if !plain {
				s.raw = append(s.raw[:0], s.text...)
				s.text = unquote(s.text[:0], s.raw)
			}
			return nil
		case c < ' ':
			return syntaxError(c, "in string literal")
		case c >= utf8.RuneSelf:
			plain = false
			s.text = append(s.text, c)
		default: // a backslash
			plain = false
			if err := s.escape(); err != nil {
				return err
			}
		}
	}
}

// escape reads an escape, its backslash read, into text as written.
func (s *treeScanner) escape() error {
	c, ok := s.readByte()
	if !ok {
		return s.eof()
	}
	switch c {
	case 'b', 'f', 'n', 'r', 't', '\\', '/', '"':
		s.text = append(s.text, '\\', c)
		return nil
	case 'u':
		s.text = append(s.text, '\\', c)
		for range 4 {
			c, ok := s.readByte()
			if !ok {
				return s.eof()
			}
			if !isHex(c) {
				return syntaxError(c, "in \\u hexadecimal character escape")
			}
			s.text = append(s.text, c)
		}
		return nil
	}
	return syntaxError(c, "in string escape code")
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// unquote appends to b the string raw (as written, between its quotes, its escapes valid)
// means, as encoding/json's unquoteBytes makes it.
func unquote(b, raw []byte) []byte {
	for r := 0; r < len(raw); {
		c := raw[r]
		switch {
		case c == '\\' && raw[r+1] == 'u':
			rr := getu4(raw[r:])
			r += 6
			if utf16.IsSurrogate(rr) {
				if dec := utf16.DecodeRune(rr, getu4(raw[r:])); dec != unicode.ReplacementChar {
					b = utf8.AppendRune(b, dec)
					r += 6
					continue
				}
				rr = unicode.ReplacementChar
			}
			b = utf8.AppendRune(b, rr)
		case c == '\\':
			b = append(b, unescaped[raw[r+1]])
			r += 2
		case c < utf8.RuneSelf:
			b = append(b, c)
			r++
		default:
			rr, size := utf8.DecodeRune(raw[r:])
			b = utf8.AppendRune(b, rr)
			r += size
		}
	}
	return b
}

// unescaped is the byte each one-letter escape stands for.
var unescaped = [256]byte{'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', '\\': '\\', '/': '/', '"': '"'}

// getu4 is the rune of the \uXXXX escape at the start of s, or -1.
func getu4(s []byte) rune {
	if len(s) < 6 || s[0] != '\\' || s[1] != 'u' {
		return -1
	}
	r, err := strconv.ParseUint(string(s[2:6]), 16, 32)
	if err != nil {
		return -1
	}
	return rune(r)
}

// skip is Decoder.Decode of a value nobody reads, after a name: its colon, then the value
// whole. The value is read by a Decoder, which checks it as the Decoder that ReadTree reads
// with does; what that Decoder read past the value is put back into buf.
func (s *treeScanner) skip() error {
	c, err := s.peek()
	if err != nil {
		return err
	}
	if c != ':' {
		return errors.New("expected colon after object key")
	}
	s.pos++
	var rest io.Reader = s.r
	if s.rerr != nil {
		rest = errReader{s.rerr}
	}
	br := bytes.NewReader(s.buf[s.pos:])
	dec := json.NewDecoder(io.MultiReader(br, rest))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return err
	}
	past, _ := io.ReadAll(dec.Buffered())
	tail := s.buf[len(s.buf)-br.Len():] // not read by dec
	if n := len(past) + len(tail); n > cap(s.buf) {
		s.buf = make([]byte, 0, n)
	}
	s.buf = s.buf[:len(past)+len(tail)]
	copy(s.buf[len(past):], tail)
	copy(s.buf, past)
	s.pos = 0
	s.state = tokenObjectComma
	return nil
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// describe names the last token in an error message, as describe does a json.Token.
func (s *treeScanner) describe() string {
	switch s.kind {
	case tokDelim:
		return fmt.Sprintf("%q", string(rune(s.delim)))
	case tokString:
		return "string " + Quote(string(s.text))
	case tokNumber:
		return "number " + Quote(string(s.text))
	case tokTrue:
		return "true"
	case tokFalse:
		return "false"
	}
	return "null"
}

// internedBytes is interned(string(b), common...), allocating only for a string not common.
func internedBytes(b []byte, common ...string) string {
	for _, c := range common {
		if string(b) == c {
			return c
		}
	}
	return string(b)
}

// object is treeReader.object.
func (s *treeScanner) object(known []string, field func(name string) error) (namesSeen, error) {
	if err := s.delimiter('{', "an object"); err != nil {
		return 0, err
	}
	var seen namesSeen
	var others map[string]bool // the unknown names, made when one comes
	for s.more() {
		if err := s.token(); err != nil {
			return 0, err
		}
		i := knownIndex(known, s.text)
		if i >= 0 {
			if seen&(1<<i) != 0 {
				return 0, fmt.Errorf("%s appears twice", Quote(known[i]))
			}
			seen |= 1 << i
			if err := field(known[i]); err != nil {
				return 0, err
			}
			continue
		}
		if err := unknownName(&others, known, string(s.text)); err != nil {
			return 0, err
		}
		if err := s.skip(); err != nil {
			return 0, err
		}
	}
	return seen, s.delimiter('}', "the end of an object")
}

// knownIndex is the index of name in known, or -1.
func knownIndex(known []string, name []byte) int {
	for i, k := range known {
		if k == string(name) {
			return i
		}
	}
	return -1
}

// delimiter is treeReader.delim.
func (s *treeScanner) delimiter(d byte, what string) error {
	err := s.token()
	if err == io.EOF {
		return fmt.Errorf("unexpected end of file, want %s", what)
	}
	if err != nil {
		return err
	}
	if s.kind != tokDelim || s.delim != d {
		return fmt.Errorf("%s, want %s", s.describe(), what)
	}
	return nil
}

// string reads a string into text.
func (s *treeScanner) string(name string) error {
	if err := s.token(); err != nil {
		return err
	}
	if s.kind != tokString {
		return fmt.Errorf("%q is %s, want a string", name, s.describe())
	}
	return nil
}

// str is treeReader.str.
func (s *treeScanner) str(name string) (string, error) {
	if err := s.string(name); err != nil {
		return "", err
	}
	return string(s.text), nil
}

// array is treeReader.array.
func (s *treeScanner) array(what string, item func() error) error {
	if err := s.delimiter('[', what); err != nil {
		return err
	}
	for s.more() {
		if err := item(); err != nil {
			return err
		}
	}
	return s.delimiter(']', "the end of "+what)
}

func (s *treeScanner) atEnd() bool {
	_, err := s.peek()
	return err == io.EOF
}

// number is treeReader.number: an integer from 0 to MaxTreeNumber, written as one.
func (s *treeScanner) number(name string) (int, error) {
	if err := s.token(); err != nil {
		return 0, err
	}
	if s.kind != tokNumber {
		return 0, fmt.Errorf("%q is %s, want an integer", name, s.describe())
	}
	v := 0
	for _, c := range s.text {
		if c < '0' || c > '9' || v > MaxTreeNumber/10 {
			v = -1
			break
		}
		v = v*10 + int(c-'0')
	}
	if v < 0 || v > MaxTreeNumber {
		return 0, fmt.Errorf("%q is %s, want an integer from 0 to %d", name, Quote(string(s.text)), MaxTreeNumber)
	}
	return v, nil
}
