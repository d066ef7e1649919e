package engine

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// The binary form of a Fact, as the facts store keeps it: one byte of kind, then
//
//	factNimber:   the nimber, a uvarint
//	factExcludes: the bits of the values 0..63 proven ≠, a uvarint; the number of words of
//	              the values from 64 on, a uvarint; each word, a uvarint (trailing zero
//	              words are not written)
//
// A nimber fact, the common one, takes two bytes for nimbers under 128.
const (
	factNimber   = 1
	factExcludes = 2
)

// ErrFactEncoding is the error of bytes that are not a Fact's binary form.
var ErrFactEncoding = errors.New("not an encoded fact")

// AppendBinary appends the fact's binary form to b (encoding.BinaryAppender). It never fails.
func (f Fact) AppendBinary(b []byte) ([]byte, error) {
	if n, ok := f.Nimber(); ok {
		return binary.AppendUvarint(append(b, factNimber), uint64(n)), nil
	}
	b = binary.AppendUvarint(append(b, factExcludes), f.notEq)
	words := trimWords(f.words())
	b = binary.AppendUvarint(b, uint64(len(words)))
	for _, w := range words {
		b = binary.AppendUvarint(b, w)
	}
	return b, nil
}

// MarshalBinary returns the fact's binary form (encoding.BinaryMarshaler).
func (f Fact) MarshalBinary() ([]byte, error) { return f.AppendBinary(nil) }

// UnmarshalBinary sets f to the fact of data, all of it, or fails with an error that Is
// ErrFactEncoding and leaves f unchanged.
func (f *Fact) UnmarshalBinary(data []byte) error {
	g, err := DecodeFact(data)
	if err != nil {
		return err
	}
	*f = g
	return nil
}

// DecodeFact returns the fact whose binary form is data, all of it.
func DecodeFact(data []byte) (Fact, error) {
	if len(data) == 0 {
		return Fact{}, fmt.Errorf("%w: empty", ErrFactEncoding)
	}
	r := factReader{b: data[1:]}
	var f Fact
	switch data[0] {
	case factNimber:
		n := r.uvarint()
		if n >= math.MaxInt {
			return Fact{}, fmt.Errorf("%w: nimber %d too large", ErrFactEncoding, n)
		}
		f = Fact{nimber: int(n) + 1}
	case factExcludes:
		f.notEq = r.uvarint()
		count := r.uvarint()
		if count > uint64(len(r.b)) { // each word takes a byte at least
			return Fact{}, fmt.Errorf("%w: %d words in %d bytes", ErrFactEncoding, count, len(r.b))
		}
		words := make([]uint64, count)
		for i := range words {
			words[i] = r.uvarint()
		}
		if words = trimWords(words); len(words) > 0 {
			f.far = &words
		}
	default:
		return Fact{}, fmt.Errorf("%w: unknown kind %d", ErrFactEncoding, data[0])
	}
	switch {
	case r.bad:
		return Fact{}, fmt.Errorf("%w: truncated or overlong number", ErrFactEncoding)
	case len(r.b) > 0:
		return Fact{}, fmt.Errorf("%w: %d bytes past its end", ErrFactEncoding, len(r.b))
	}
	return f, nil
}

// factReader reads uvarints, remembering the first failure.
type factReader struct {
	b   []byte
	bad bool
}

func (r *factReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.bad, r.b = true, nil
		return 0
	}
	r.b = r.b[n:]
	return v
}

// trimWords drops the trailing zero words, which exclude nothing.
func trimWords(w []uint64) []uint64 {
	for len(w) > 0 && w[len(w)-1] == 0 {
		w = w[:len(w)-1]
	}
	return w
}

// Equal reports whether f and g know the same.
func (f Fact) Equal(g Fact) bool {
	if f.nimber != g.nimber || f.notEq != g.notEq {
		return false
	}
	a, b := trimWords(f.words()), trimWords(g.words())
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Conflicts reports whether f and g cannot both be true: two different nimbers, or a nimber
// that the other excludes.
func (f Fact) Conflicts(g Fact) bool {
	if n, ok := f.Nimber(); ok {
		return g.Excludes(n)
	}
	if m, ok := g.Nimber(); ok {
		return f.Excludes(m)
	}
	return false
}
