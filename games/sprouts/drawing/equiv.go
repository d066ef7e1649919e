package drawing

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"grundy/games/sprouts"
)

// The canonical form merges the spots of a region with 2 or 3 lives into one boundary, as
// their shape no longer changes the game (SPROUTS.md, reduction step 4). A drawing keeps the
// shape, so a move of the engine in such a region may have no drawn move with its string:
// in 0.A|0.B|2AB the engine joins A and B with the 2 on one side, while the drawing, where
// that spot is met twice (AaBa), has it on both. Such a move is drawn as a move to an equal
// game: the same lands of more than 3 lives, and small lands of the same nim-sum.

// smallLives is the most lives a land may have and be compared by its nimber alone.
const smallLives = 3

// gameKey returns the lands of position s with more than smallLives lives, and the nim-sum
// of the others, as one text: positions with one key are equal games.
func gameKey(s string) string {
	p, err := sprouts.Parse(s)
	if err != nil {
		return s
	}
	var big []string
	x := 0
	for _, l := range p.Lands() {
		q, _ := sprouts.Parse(l)
		if q.Lives() > smallLives {
			big = append(big, l)
		} else {
			x ^= nimber(q, map[string]int{})
		}
	}
	slices.Sort(big)
	return strings.Join(big, "+") + " *" + strconv.Itoa(x)
}

// nimber returns the nimber of a small position by the mex of its options' nimbers.
func nimber(p *sprouts.Position, memo map[string]int) int {
	key := p.String()
	if n, ok := memo[key]; ok {
		return n
	}
	seen := map[int]bool{}
	for o := range p.Options() {
		q, _ := sprouts.Parse(o.(*sprouts.Position).String())
		x := 0
		for _, l := range q.Lands() {
			r, _ := sprouts.Parse(l)
			x ^= nimber(r, memo)
		}
		seen[x] = true
	}
	n := 0
	for seen[n] {
		n++
	}
	memo[key] = n
	return n
}

// The canonical text is a cache key and need not be unique: a land so symmetric that many
// writings remain keeps the smallest one found, which may depend on the text it started
// from (package sprouts, "Canonical form"). samePosition tells whether two canonical texts
// are one position: by their shapes first, which differ when the positions do, then by
// writing the first one other ways (regions and boundaries reordered, boundaries turned,
// regions reflected) until one canonises into the second.
func samePosition(a, b string) bool {
	if a == b {
		return true
	}
	pa, pb := parts(a), parts(b)
	if shapeOf(pa) != shapeOf(pb) {
		return false
	}
	rng := rand.New(rand.NewPCG(uint64(len(a)), 30))
	for range tries {
		p, err := sprouts.Parse(write(shuffle(pa, rng)))
		if err == nil && p.String() == b {
			return true
		}
	}
	return false
}

// tries bounds the other writings samePosition canonises.
const tries = 200

// A text in parts: lands, regions, boundaries, symbols (a letter with its escape is one).
type textParts [][][][]string

var star = regexp.MustCompile(`0\*(\d+)`)

// parts splits a canonical text, "0*k" written as k boundaries 0.
func parts(s string) textParts {
	if s == "!" {
		return nil
	}
	s = star.ReplaceAllStringFunc(s, func(m string) string {
		k, _ := strconv.Atoi(m[2:])
		return strings.TrimSuffix(strings.Repeat("0.", k), ".")
	})
	var out textParts
	for _, land := range strings.Split(s, "+") {
		var l [][][]string
		for _, reg := range strings.Split(land, "|") {
			var r [][]string
			for _, bnd := range strings.Split(reg, ".") {
				var b []string
				for i := 0; i < len(bnd); i++ {
					j := i + 1
					if j < len(bnd) && bnd[j] == '(' {
						j = strings.IndexByte(bnd[i:], ')') + i + 1
					}
					b = append(b, bnd[i:j])
					i = j - 1
				}
				r = append(r, b)
			}
			l = append(l, r)
		}
		out = append(out, l)
	}
	return out
}

// write joins parts into a text.
func write(p textParts) string {
	if len(p) == 0 {
		return "!"
	}
	return p.join(func(b []string) string { return strings.Join(b, "") }, false)
}

// shapeOf writes p with every letter as its case alone, each boundary at its least turn
// either way round, and boundaries, regions and lands sorted: equal positions have one shape.
func shapeOf(p textParts) string { return p.join(shapeBoundary, true) }

// join writes p, each boundary by bnd, the parts of each level sorted when sorted is set.
func (p textParts) join(bnd func([]string) string, sorted bool) string {
	level := func(parts []string, sep string) string {
		if sorted {
			slices.Sort(parts)
		}
		return strings.Join(parts, sep)
	}
	var lands []string
	for _, l := range p {
		var regs []string
		for _, r := range l {
			var bs []string
			for _, b := range r {
				bs = append(bs, bnd(b))
			}
			regs = append(regs, level(bs, "."))
		}
		lands = append(lands, level(regs, "|"))
	}
	return level(lands, "+")
}

// shapeBoundary writes boundary b as its shape: its least turn with letters as their case.
func shapeBoundary(b []string) string {
	var s []byte
	for _, sym := range b {
		switch c := sym[0]; {
		case c >= '0' && c <= '2':
			s = append(s, c)
		case c >= 'a' && c <= 'l' || c == 'm':
			s = append(s, 'a')
		default:
			s = append(s, 'A')
		}
	}
	return leastTurn(s)
}

// leastTurn returns the least of the turns of s, read either way round.
func leastTurn(s []byte) string {
	best := ""
	r := slices.Clone(s)
	slices.Reverse(r)
	for _, t := range [][]byte{s, r} {
		for i := range t {
			if c := string(t[i:]) + string(t[:i]); best == "" || c < best {
				best = c
			}
		}
	}
	return best
}

// shuffle returns p written another way: lands, regions and boundaries reordered, each
// boundary turned, each region reflected or not.
func shuffle(p textParts, rng *rand.Rand) textParts {
	out := make(textParts, len(p))
	for i, l := range p {
		nl := make([][][]string, len(l))
		for j, r := range l {
			flip := rng.IntN(2) == 1
			nr := make([][]string, len(r))
			for k, b := range r {
				nb := slices.Clone(b)
				if flip {
					slices.Reverse(nb)
				}
				t := rng.IntN(len(nb))
				nr[k] = append(nb[t:], nb[:t]...)
			}
			rng.Shuffle(len(nr), func(x, y int) { nr[x], nr[y] = nr[y], nr[x] })
			nl[j] = nr
		}
		rng.Shuffle(len(nl), func(x, y int) { nl[x], nl[y] = nl[y], nl[x] })
		out[i] = nl
	}
	rng.Shuffle(len(out), func(x, y int) { out[x], out[y] = out[y], out[x] })
	return out
}
