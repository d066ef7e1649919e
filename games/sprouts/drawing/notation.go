package drawing

import (
	"fmt"
	"strings"

	"grundy/games/sprouts"
)

// rawText writes regions (each a list of boundaries, each the spots met in order) in the
// notation of package sprouts, before any reduction: dead spots (3 line ends or more, as
// degree says) are left out, a spot with no line is 0, one with one line 1, and one with two
// lines, met twice, a lowercase letter when both are in one boundary and an uppercase one
// otherwise. All regions go in one land; Parse splits it.
func rawText(regions [][][]int, degree []int) string {
	type place struct{ reg, bnd int }
	first := map[int]place{}
	lower := map[int]bool{}
	for r, reg := range regions {
		for b, bnd := range reg {
			for _, s := range bnd {
				if degree[s] != 2 {
					continue
				}
				if p, ok := first[s]; ok {
					lower[s] = p == place{r, b}
				} else {
					first[s] = place{r, b}
				}
			}
		}
	}
	var sb strings.Builder
	upper := map[int]int{}
	for _, reg := range regions {
		var bs []string
		for _, bnd := range reg {
			var b strings.Builder
			names := map[int]int{}
			for _, s := range bnd {
				switch degree[s] {
				case 0, 1:
					b.WriteByte(byte('0' + degree[s]))
				case 2:
					if lower[s] {
						b.WriteString(letter(names, s, 'a', 12, "m"))
					} else {
						b.WriteString(letter(upper, s, 'A', 25, "n"))
					}
				}
			}
			if b.Len() > 0 {
				bs = append(bs, b.String())
			}
		}
		if len(bs) == 0 {
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte('|')
		}
		sb.WriteString(strings.Join(bs, "."))
	}
	if sb.Len() == 0 {
		return "!"
	}
	return sb.String()
}

// letter returns the name of spot s in names, giving it the next one when new: first, then
// the alphabet's base letters from first, then the escape esc(k).
func letter(names map[int]int, s int, first byte, base int, esc string) string {
	k, ok := names[s]
	if !ok {
		k = len(names)
		names[s] = k
	}
	if k < base {
		return string(rune(first) + rune(k))
	}
	return fmt.Sprintf("%s(%d)", esc, k+1)
}

// canonical returns the canonical notation of regions, as package sprouts writes it.
func canonical(regions [][][]int, degree []int) (string, error) {
	raw := rawText(regions, degree)
	p, err := sprouts.Parse(raw)
	if err != nil {
		return "", fmt.Errorf("drawing: the embedding reads %q: %w", raw, err)
	}
	return p.String(), nil
}

// degrees returns the line ends at each spot of d.
func (d *Drawing) degrees() []int {
	deg := make([]int, len(d.Spots))
	for _, l := range d.Lines {
		deg[l.From]++
		deg[l.To]++
	}
	return deg
}

// String returns the canonical notation of the position d draws, computed from its
// embedding, as package sprouts writes typed strings: "0*2", "0.AB|AB", "!".
func (d *Drawing) String() string {
	s, err := canonical(embed(d).regions(), d.degrees())
	if err != nil {
		panic(err) // the walks of a drawing always make a valid text
	}
	return s
}
