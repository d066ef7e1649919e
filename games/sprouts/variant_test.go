package sprouts

import (
	"math/rand/v2"
	"strings"
)

// variant writes land s (canonical, no 0*k) another way: regions and boundaries shuffled,
// boundaries rotated, some regions read the other way round, letters renamed (uppercase ones
// through the land, lowercase ones in each boundary on its own, since their names are local
// to it) and some written with escapes, SPOTS's or Glop's. Every variant is the same position.
func variant(s string, rng *rand.Rand) string {
	regions := strings.Split(s, "|")
	upper := renaming(s, true, rng)
	for i, reg := range regions {
		bounds := strings.Split(reg, ".")
		rev := rng.IntN(2) == 1
		for j, b := range bounds {
			spots := spotsOf(b)
			lower := renaming(b, false, rng)
			names := make([]string, len(spots))
			for k, x := range spots {
				switch {
				case x.digit != 0:
					names[k] = string(x.digit)
				case x.upper:
					names[k] = randomName(true, upper[x.idx], rng)
				default:
					names[k] = randomName(false, lower[x.idx], rng)
				}
			}
			if rev {
				for l, r := 0, len(names)-1; l < r; l, r = l+1, r-1 {
					names[l], names[r] = names[r], names[l]
				}
			}
			k := rng.IntN(len(names))
			bounds[j] = strings.Join(append(names[k:], names[:k]...), "")
		}
		rng.Shuffle(len(bounds), func(a, b int) { bounds[a], bounds[b] = bounds[b], bounds[a] })
		regions[i] = strings.Join(bounds, ".")
	}
	rng.Shuffle(len(regions), func(a, b int) { regions[a], regions[b] = regions[b], regions[a] })
	return strings.Join(regions, "|")
}

// A textSpot is a spot of a canonical text: a digit, or a letter's case and name index.
type textSpot struct {
	digit byte
	upper bool
	idx   int
}

// spotsOf splits a boundary into its spots.
func spotsOf(b string) []textSpot {
	var out []textSpot
	for i := 0; i < len(b); {
		upper, idx, end, ok := letterAt(b, i)
		if !ok {
			out = append(out, textSpot{digit: b[i]})
			i++
			continue
		}
		out = append(out, textSpot{upper: upper, idx: idx})
		i = end
	}
	return out
}

// renaming maps the name indexes of the letters of one case in s to others, distinct, at
// random, sometimes past the alphabet.
func renaming(s string, upper bool, rng *rand.Rand) map[int]int {
	var idx []int
	seen := map[int]bool{}
	for _, b := range strings.FieldsFunc(s, func(r rune) bool { return r == '|' || r == '.' }) {
		for _, x := range spotsOf(b) {
			if x.digit == 0 && x.upper == upper && !seen[x.idx] {
				seen[x.idx] = true
				idx = append(idx, x.idx)
			}
		}
	}
	perm := rng.Perm(len(idx) + 2)
	m := map[int]int{}
	for i, x := range idx {
		m[x] = perm[i]
	}
	return m
}

// randomName writes letter idx of the given case plainly or, at random or when it has to,
// with an escape: m(k) lowercase, n(k) or Z(k) uppercase.
func randomName(upper bool, idx int, rng *rand.Rand) string {
	base := lowerBase
	if upper {
		base = upperBase
	}
	plain := idx < base && rng.IntN(3) > 0
	name := string(appendName(nil, upper, idx, !plain))
	if !plain && upper && rng.IntN(2) == 0 {
		name = "Z" + name[1:]
	}
	return name
}
