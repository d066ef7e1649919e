package engine

import (
	"bytes"
	"errors"
	"math"
	"testing"
)

// exclusions returns the fact that proves the nimber ≠ each of ns.
func exclusions(ns ...int) Fact {
	var f Fact
	for _, n := range ns {
		f = f.Without(n)
	}
	return f
}

func TestFactBinary_RoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    Fact
		size int // bytes of its binary form
	}{
		{"nothing", Fact{}, 3},
		{"= 0", Fact{}.WithNimber(0), 2},
		{"= 5", Fact{}.WithNimber(5), 2},
		{"= 300", Fact{}.WithNimber(300), 3},
		{"= max", Fact{}.WithNimber(math.MaxInt - 1), 10},
		{"≠ 0", exclusions(0), 3},
		{"≠ 0 1 63", exclusions(0, 1, 63), 12},
		{"≠ 64", exclusions(64), 4},
		{"≠ 2 200", exclusions(2, 200), 7},
		{"≠ 10000", exclusions(10000), 4 + 155 + 3},
	} {
		b, err := tc.f.MarshalBinary()
		if err != nil {
			t.Fatalf("%s: MarshalBinary: %v", tc.name, err)
		}
		if len(b) != tc.size {
			t.Errorf("%s: %d bytes (%x), want %d", tc.name, len(b), b, tc.size)
		}
		var g Fact
		if err := g.UnmarshalBinary(b); err != nil {
			t.Fatalf("%s: UnmarshalBinary(%x): %v", tc.name, b, err)
		}
		if !g.Equal(tc.f) {
			t.Errorf("%s: decoded %+v, want %+v", tc.name, g, tc.f)
		}
		for n := range 10050 {
			if g.Excludes(n) != tc.f.Excludes(n) {
				t.Fatalf("%s: decoded Excludes(%d) = %v, want %v", tc.name, n, g.Excludes(n), tc.f.Excludes(n))
			}
		}
		if pre, _ := tc.f.AppendBinary([]byte("ab")); !bytes.Equal(pre, append([]byte("ab"), b...)) {
			t.Errorf("%s: AppendBinary(ab) = %x, want ab then %x", tc.name, pre, b)
		}
	}
}

func TestDecodeFact_Bad(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"unknown kind", []byte{7, 1}},
		{"nimber missing", []byte{factNimber}},
		{"nimber truncated", []byte{factNimber, 0x80}},
		{"nimber too large", []byte{factNimber, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}},
		{"bytes past the end", []byte{factNimber, 3, 0}},
		{"words missing", []byte{factExcludes, 1}},
		{"more words than bytes", []byte{factExcludes, 1, 5, 1}},
		{"word truncated", []byte{factExcludes, 1, 1, 0x81}},
		{"overlong number", []byte{factExcludes, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0}},
	} {
		f := Fact{}.WithNimber(9)
		err := f.UnmarshalBinary(tc.data)
		if !errors.Is(err, ErrFactEncoding) {
			t.Errorf("%s: UnmarshalBinary(%x) = %v, want ErrFactEncoding", tc.name, tc.data, err)
		}
		if n, _ := f.Nimber(); n != 9 {
			t.Errorf("%s: a failed UnmarshalBinary changed the fact to %+v", tc.name, f)
		}
	}
}

func TestFact_EqualAndConflicts(t *testing.T) {
	two := Fact{}.WithNimber(2)
	for _, tc := range []struct {
		name         string
		f, g         Fact
		equal, clash bool
	}{
		{"same nimber", two, Fact{}.WithNimber(2), true, false},
		{"two nimbers", two, Fact{}.WithNimber(3), false, true},
		{"nimber and its exclusion", two, exclusions(0, 2), false, true},
		{"exclusion and the nimber", exclusions(2), two, false, true},
		{"nimber and other exclusions", two, exclusions(0, 1, 3, 100), false, false},
		{"exclusions", exclusions(1, 70), exclusions(70, 1), true, false},
		{"far words differ", exclusions(70), exclusions(71), false, false},
		{"trailing zero words", exclusions(1), exclusions(1).Merge(Fact{far: &[]uint64{0, 0}}), true, false},
		{"nothing", Fact{}, exclusions(), true, false},
	} {
		if got := tc.f.Equal(tc.g); got != tc.equal {
			t.Errorf("%s: Equal = %v, want %v", tc.name, got, tc.equal)
		}
		if got := tc.f.Conflicts(tc.g); got != tc.clash {
			t.Errorf("%s: Conflicts = %v, want %v", tc.name, got, tc.clash)
		}
		if got := tc.g.Conflicts(tc.f); got != tc.clash {
			t.Errorf("%s: reversed Conflicts = %v, want %v", tc.name, got, tc.clash)
		}
	}
}

// FuzzDecodeFact: no input panics, and what decodes encodes to a canonical form that
// decodes to the same fact.
func FuzzDecodeFact(f *testing.F) {
	for _, seed := range [][]byte{
		{factNimber, 0},                // = 0
		{factNimber, 0xac, 0x02},       // = 300
		{factExcludes, 5, 0},           // ≠ 0, 2
		{factExcludes, 0, 2, 0, 1},     // ≠ 128
		{factExcludes, 0, 2, 1, 0},     // ≠ 64, a trailing zero word
		{factExcludes, 0, 0xff, 0xff},  // too many words
		{9},                            // unknown kind
		{factNimber, 0x80, 0x80, 0x80}, // truncated
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := DecodeFact(data)
		if err != nil {
			return
		}
		b, _ := g.MarshalBinary()
		h, err := DecodeFact(b)
		if err != nil {
			t.Fatalf("DecodeFact(%x) = %+v, whose form %x does not decode: %v", data, g, b, err)
		}
		if !h.Equal(g) {
			t.Fatalf("DecodeFact(%x) = %+v, re-encoded and decoded %+v", data, g, h)
		}
		if b2, _ := h.MarshalBinary(); !bytes.Equal(b, b2) {
			t.Fatalf("the form of %x is not canonical: %x then %x", data, b, b2)
		}
	})
}
