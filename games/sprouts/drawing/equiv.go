package drawing

import (
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
