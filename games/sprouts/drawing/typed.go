package drawing

import (
	"fmt"
	"iter"
	"strings"

	"grundy/games/sprouts"
)

// Limits of the search of FromString: a typed position is drawn when a game of at most
// maxRootSpots fresh spots reaches it and the search meets it among its first searchBudget
// positions.
const (
	maxRootSpots = 12
	searchBudget = 60000
	extraSpots   = 3 // root sizes tried past the least one the lives allow
)

// FromString returns a drawing of the position s, typed in the notation of package sprouts
// (any valid string: lands, regions, boundaries with spots of 1, 2 or 3 lives). Fresh spots
// ("0*k") are drawn on a circle. Any other position is drawn as it is met in play: a game
// from fresh spots that ends at s is searched for on the strings alone (no drawing; each move
// leaves at least one life fewer, and a position with fewer lives or fresh spots than s
// cannot reach it), then drawn move by move with Replay. The drawing's string is s, or the
// same position written another way. It fails when s does not parse or when the search,
// which is bounded, finds no game to s.
func FromString(s string) (*Drawing, error) {
	p, err := sprouts.Parse(s)
	if err != nil {
		return nil, err
	}
	want := p.String()
	if k, ok := freshSpots(want); ok {
		return New(k), nil
	}
	var last error
	for g := range gamesTo(p) {
		d, err := ForPath(fmt.Sprintf("0*%d", g.spots), g.moves)
		if err == nil && samePosition(d.String(), want) {
			return d, nil
		}
		if err == nil {
			err = fmt.Errorf("the game drawn reads %s", d.String())
		}
		last = err
	}
	if last != nil {
		return nil, fmt.Errorf("drawing: no drawing for %s: %w", want, last)
	}
	return nil, fmt.Errorf("drawing: no drawing for %s: no game of at most %d spots found that reaches it", want, maxRootSpots)
}

// A game is a root of fresh spots and the moves that lead from it to a position.
type game struct {
	spots int
	moves []string
}

// gamesTo yields games that end at p, shortest first from the fewest fresh spots its lives
// allow upward, until the search's budget is spent.
func gamesTo(p *sprouts.Position) iter.Seq[game] {
	return func(yield func(game) bool) {
		want := p.String()
		lives, zeros := p.Lives(), freshCount(want)
		lo := max(zeros, lives/3+1, 1)
		budget := searchBudget
		for k := lo; k <= min(lo+extraSpots, maxRootSpots) && budget > 0; k++ {
			for moves := range search(k, want, lives, zeros, &budget) {
				if !yield(game{k, moves}) {
					return
				}
			}
		}
	}
}

// search yields, breadth first from k fresh spots, the games that end at the position want,
// of lives lives and zeros fresh spots; it spends the budget of positions met.
func search(k int, want string, lives, zeros int, budget *int) iter.Seq[[]string] {
	return func(yield func([]string) bool) {
		start, err := sprouts.Parse(fmt.Sprintf("0*%d", k))
		if err != nil {
			return
		}
		parent := map[string]string{start.String(): ""}
		queue := []*sprouts.Position{start}
		for len(queue) > 0 && *budget > 0 {
			q := queue[0]
			queue = queue[1:]
			for o := range q.Options() {
				r := o.(*sprouts.Position)
				s := r.String()
				if _, seen := parent[s]; seen {
					continue
				}
				*budget--
				n, z := r.Lives(), freshCount(s)
				// Moves never add lives or fresh spots, and one move uses two fresh spots at most.
				if n < lives || z < zeros || z-zeros > 2*(n-lives) {
					continue
				}
				parent[s] = q.String()
				if n > lives {
					queue = append(queue, r)
				} else if samePosition(s, want) && !yield(pathTo(parent, s)) {
					return
				}
			}
		}
	}
}

// pathTo returns the moves from the root of parent to s.
func pathTo(parent map[string]string, s string) []string {
	var moves []string
	for ; parent[s] != ""; s = parent[s] {
		moves = append(moves, s)
	}
	for i, j := 0, len(moves)-1; i < j; i, j = i+1, j-1 {
		moves[i], moves[j] = moves[j], moves[i]
	}
	return moves
}

// freshCount returns the number of spots with no line in canonical text s.
func freshCount(s string) int {
	n := 0
	for _, land := range strings.Split(s, "+") {
		if k, ok := freshSpots(land); ok {
			n += k
			continue
		}
		depth := 0
		for _, c := range land {
			switch {
			case c == '(':
				depth++
			case c == ')':
				depth--
			case c == '0' && depth == 0:
				n++
			}
		}
	}
	return n
}
