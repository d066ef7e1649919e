package sprouts

import (
	"math/rand/v2"
	"strings"
)

// variant writes land s (canonical, no 0*k) another way: regions and boundaries shuffled,
// boundaries rotated, some regions read the other way round, letters renamed. Every variant
// is the same position.
func variant(s string, rng *rand.Rand) string {
	regions := strings.Split(s, "|")
	rename := renaming(s, rng)
	for i, reg := range regions {
		bounds := strings.Split(reg, ".")
		rev := rng.IntN(2) == 1
		for j, b := range bounds {
			spots := spotsOf(b)
			for k := range spots {
				spots[k] = rename[spots[k]]
			}
			if rev {
				for l, r := 0, len(spots)-1; l < r; l, r = l+1, r-1 {
					spots[l], spots[r] = spots[r], spots[l]
				}
			}
			k := rng.IntN(len(spots))
			bounds[j] = strings.Join(append(spots[k:], spots[:k]...), "")
		}
		rng.Shuffle(len(bounds), func(a, b int) { bounds[a], bounds[b] = bounds[b], bounds[a] })
		regions[i] = strings.Join(bounds, ".")
	}
	rng.Shuffle(len(regions), func(a, b int) { regions[a], regions[b] = regions[b], regions[a] })
	return strings.Join(regions, "|")
}

// spotsOf splits a boundary into its spots, a letter with its primes.
func spotsOf(b string) []string {
	var out []string
	for i := 0; i < len(b); i++ {
		j := i + 1
		for j < len(b) && b[j] == '\'' {
			j++
		}
		out = append(out, b[i:j])
		i = j - 1
	}
	return out
}

// renaming maps each letter of s to another of its case, at random; digits stay.
func renaming(s string, rng *rand.Rand) map[string]string {
	m := map[string]string{"0": "0", "1": "1", "2": "2"}
	var upper, lower []string
	for _, b := range strings.FieldsFunc(s, func(r rune) bool { return r == '|' || r == '.' }) {
		for _, x := range spotsOf(b) {
			if _, ok := m[x]; ok {
				continue
			}
			m[x] = ""
			if x[0] <= 'Z' {
				upper = append(upper, x)
			} else {
				lower = append(lower, x)
			}
		}
	}
	for _, names := range [][]string{upper, lower} {
		perm := rng.Perm(len(names))
		for i, x := range names {
			m[x] = names[perm[i]]
		}
	}
	return m
}
