package drawing

import (
	"fmt"
	"slices"
)

// Curve returns the curve Replay draws on d for option, before the drawing is relaxed and
// from spot to spot: a curve a hand could drag on d for that move. When Replay had to move
// pieces of d across to find room (Draw refuses the curve on d), it fails: that move cannot
// be drawn on d as d stands.
func (d *Drawing) Curve(option string) ([]Point, error) {
	next, err := d.play(option)
	if err != nil {
		return nil, err
	}
	n := len(d.Lines)
	c := append(slices.Clone(next.Lines[n].Path), next.Lines[n+1].Path[1:]...)
	if _, err := d.Draw(c); err != nil {
		return nil, fmt.Errorf("drawing: the move to %s needs room made first: %w", option, err)
	}
	return c, nil
}

// Bounds returns the box round d's spots and the points of its lines ((−1, −1) to (1, 1) with
// no spot).
func (d *Drawing) Bounds() (lo, hi Point) { return d.bounds() }
