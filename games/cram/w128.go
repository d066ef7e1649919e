package cram

import "math/bits"

// maxWide is the largest board a w128 holds.
const maxWide = 128

// A w128 is a set of up to 128 cells: cell p is bit p of lo when p < 64, else bit p-64 of hi.
// Its methods are the uint64 operators that the boards of bits.go use.
type w128 struct{ lo, hi uint64 }

func (x w128) and(y w128) w128    { return w128{x.lo & y.lo, x.hi & y.hi} }
func (x w128) or(y w128) w128     { return w128{x.lo | y.lo, x.hi | y.hi} }
func (x w128) andNot(y w128) w128 { return w128{x.lo &^ y.lo, x.hi &^ y.hi} }
func (x w128) zero() bool         { return x.lo|x.hi == 0 }
func (x w128) count() int         { return bits.OnesCount64(x.lo) + bits.OnesCount64(x.hi) }

// shl shifts x left by n ≥ 0 bits, losing those past 128. Go shifts by 64 or more give 0,
// and the unsigned counts wrap to such shifts where they would be negative.
func (x w128) shl(n int) w128 {
	s := uint(n)
	return w128{x.lo << s, x.hi<<s | x.lo>>(64-s) | x.lo<<(s-64)}
}

// shr shifts x right by n ≥ 0 bits.
func (x w128) shr(n int) w128 {
	s := uint(n)
	return w128{x.lo>>s | x.hi<<(64-s) | x.hi>>(s-64), x.hi >> s}
}

// first returns the index of the lowest cell of x, not empty.
func (x w128) first() int {
	if x.lo != 0 {
		return bits.TrailingZeros64(x.lo)
	}
	return 64 + bits.TrailingZeros64(x.hi)
}

// last returns the index of the highest cell of x, not empty.
func (x w128) last() int {
	if x.hi != 0 {
		return 127 - bits.LeadingZeros64(x.hi)
	}
	return 63 - bits.LeadingZeros64(x.lo)
}

// lowest returns the lowest cell of x alone, x&-x.
func (x w128) lowest() w128 {
	if x.lo != 0 {
		return w128{x.lo & -x.lo, 0}
	}
	return w128{0, x.hi & -x.hi}
}

// dropLowest returns x without its lowest cell, x&(x-1).
func (x w128) dropLowest() w128 {
	if x.lo != 0 {
		return w128{x.lo & (x.lo - 1), x.hi}
	}
	return w128{0, x.hi & (x.hi - 1)}
}

// less orders sets as the 128-bit numbers they are.
func (x w128) less(y w128) bool { return x.hi < y.hi || x.hi == y.hi && x.lo < y.lo }

// with returns x with cell p, 0 ≤ p < 128.
func (x w128) with(p int) w128 {
	if p < 64 {
		return w128{x.lo | 1<<p, x.hi}
	}
	return w128{x.lo, x.hi | 1<<(p-64)}
}

// low128 returns the n lowest bits, 0 ≤ n ≤ 128.
func low128(n int) w128 {
	if n <= 64 {
		return w128{low(n), 0}
	}
	return w128{^uint64(0), low(n - 64)}
}

// reverse returns the n lowest bits of x in reverse order: bit p goes to n-1-p.
func (x w128) reverse(n int) w128 {
	return w128{bits.Reverse64(x.hi), bits.Reverse64(x.lo)}.shr(maxWide - n)
}

func min128(x w128, ys ...w128) w128 {
	for _, y := range ys {
		if y.less(x) {
			x = y
		}
	}
	return x
}
