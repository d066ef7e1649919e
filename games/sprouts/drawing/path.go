package drawing

import (
	"fmt"
	"strings"

	"grundy/games/sprouts"
)

// ForPath returns the drawing of the position reached from root by moves, each an option of
// the position before it (as the nodes of a solution tree are reached from its root): root
// drawn as fresh spots ("0*k", "0.0", "0"), or as FromString draws a typed string, then each
// move replayed.
func ForPath(root string, moves []string) (*Drawing, error) {
	p, err := sprouts.Parse(root)
	if err != nil {
		return nil, err
	}
	d, err := FromString(p.String())
	if err != nil {
		return nil, err
	}
	for i, m := range moves {
		next, err := d.Replay(m)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		d = next
	}
	return d, nil
}

// freshSpots returns k when canonical position s is k spots with no line in one region.
func freshSpots(s string) (int, bool) {
	switch {
	case s == "0":
		return 1, true
	case s == "!":
		return 0, true
	}
	rest, ok := strings.CutPrefix(s, "0*")
	if !ok {
		return 0, false
	}
	k := 0
	for _, c := range rest {
		if c < '0' || c > '9' {
			return 0, false
		}
		k = 10*k + int(c-'0')
	}
	return k, true
}

// Shows reports whether d is a drawing of position pos: its string is pos's canonical text,
// or the same position written another way, or, after a move Replay drew in a region the
// canonical form merges, an equal game (see equiv.go).
func (d *Drawing) Shows(pos string) bool {
	p, err := sprouts.Parse(pos)
	if err != nil {
		return false
	}
	got, want := d.String(), p.String()
	return samePosition(got, want) || gameKey(got) == gameKey(want)
}
