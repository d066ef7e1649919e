package drawing

import (
	"errors"
	"fmt"
)

// ErrRefused is wrapped by the errors of Draw: the curve is not a move.
var ErrRefused = errors.New("drawing: move refused")

// snap is how near a spot a curve's end must start to be read as starting there.
const snap = 1e-6

// Draw plays the move that curve draws: from the spot at its first point to the spot at its
// last (the same spot for a loop), crossing no line and passing through no spot, with the new
// spot halfway along it. It returns the drawing after the move, or an error wrapping
// ErrRefused that says why the curve is no move: it does not start or end at a spot, it
// crosses a line or itself, it passes through a spot, or it uses a spot with too few lives.
// A curve that crosses no line stays in one face.
func (d *Drawing) Draw(curve []Point) (*Drawing, error) {
	if len(curve) < 2 {
		return nil, fmt.Errorf("%w: a curve needs two points at least", ErrRefused)
	}
	a, b := d.spotAt(curve[0]), d.spotAt(curve[len(curve)-1])
	switch {
	case a < 0:
		return nil, fmt.Errorf("%w: the curve does not start at a spot", ErrRefused)
	case b < 0:
		return nil, fmt.Errorf("%w: the curve does not end at a spot", ErrRefused)
	}
	c := append([]Point{d.Spots[a]}, curve[1:len(curve)-1]...)
	c = append(c, d.Spots[b])
	if err := d.livesFlaw(a, b); err != nil {
		return nil, err
	}
	if err := d.curveFlaw(c, a, b, len(d.Lines)); err != nil {
		return nil, fmt.Errorf("%w: the curve %v", ErrRefused, err)
	}
	if a == b && len(c) < 4 {
		return nil, fmt.Errorf("%w: a loop needs three points besides its spot", ErrRefused)
	}
	return d.add(c, a, b), nil
}

// livesFlaw reports why no line may join spots a and b: one is dead, or a loop on a spot
// with one life.
func (d *Drawing) livesFlaw(a, b int) error {
	for _, s := range []int{a, b} {
		if d.Lives(s) == 0 {
			return fmt.Errorf("%w: spot %d is dead (it ends 3 lines)", ErrRefused, s)
		}
	}
	if a == b && d.Lives(a) < 2 {
		return fmt.Errorf("%w: a loop on spot %d needs 2 lives, it has 1", ErrRefused, a)
	}
	return nil
}

// spotAt returns the spot within snap of p, or -1.
func (d *Drawing) spotAt(p Point) int {
	for s, o := range d.Spots {
		if o.dist(p) <= snap {
			return s
		}
	}
	return -1
}

// add returns d with curve c drawn from spot a to spot b and a new spot halfway along it.
func (d *Drawing) add(c []Point, a, b int) *Drawing {
	half := pathLen(c) / 2
	k, run := 1, 0.0
	for ; k < len(c)-1 && run+c[k].dist(c[k-1]) < half; k++ {
		run += c[k].dist(c[k-1])
	}
	m := lerp(c[k-1], c[k], (half-run)/c[k].dist(c[k-1]))
	if tiny := 1e-6 * c[k].dist(c[k-1]); m.dist(c[k]) < tiny && k < len(c)-1 {
		m = c[k]
	} else if m.dist(c[k-1]) < tiny && k > 1 {
		m = c[k-1]
	}
	first := append(append([]Point{}, c[:k]...), m)
	second := append([]Point{m}, c[k:]...)
	if m == c[k] { // the middle is a point of the curve already
		second = append([]Point{}, c[k:]...)
	}
	if m == c[k-1] {
		first = append([]Point{}, c[:k]...)
	}
	e := d.Clone()
	n := len(e.Spots)
	e.Spots = append(e.Spots, m)
	e.Lines = append(e.Lines, Line{From: a, To: n, Path: first}, Line{From: n, To: b, Path: second})
	return e
}
