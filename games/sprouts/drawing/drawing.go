package drawing

import (
	"fmt"
	"math"
	"slices"
)

// A Line is one curve of a drawing, from spot From to spot To (the same spot for a loop),
// drawn as the polyline Path, whose first and last points are those of its spots.
type Line struct {
	From, To int
	Path     []Point
}

// A Drawing is a Sprouts position drawn in the plane: spots and the lines between them,
// which never cross. Drawings are values: moves return new ones.
type Drawing struct {
	Spots []Point
	Lines []Line

	moves map[string][]plan // the plans of the embedding emb, made by Replay
	emb   *embedding
}

// radius is the radius of the circle the spots of New stand on.
const radius = 100

// New returns n spots with no line, on a circle.
func New(n int) *Drawing {
	d := &Drawing{}
	for i := range n {
		t := math.Pi/2 - 2*math.Pi*float64(i)/float64(n)
		d.Spots = append(d.Spots, polar(radius, t))
	}
	if n == 1 {
		d.Spots[0] = Point{}
	}
	return d
}

// Clone returns a copy of d that shares nothing with it.
func (d *Drawing) Clone() *Drawing {
	e := &Drawing{Spots: slices.Clone(d.Spots), Lines: slices.Clone(d.Lines)}
	for i := range e.Lines {
		e.Lines[i].Path = slices.Clone(e.Lines[i].Path)
	}
	return e
}

// Degree returns the number of line ends at spot s (a loop counts twice).
func (d *Drawing) Degree(s int) int {
	n := 0
	for _, l := range d.Lines {
		n += btoi(l.From == s) + btoi(l.To == s)
	}
	return n
}

// Lives returns the lives left to spot s: 3 less its line ends.
func (d *Drawing) Lives(s int) int { return max(0, 3-d.Degree(s)) }

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Check reports the first flaw of d, as read from a file: two spots at one place, lines that
// do not end at their spots, cross, or pass through a spot, a spot that ends more than 3
// lines; nil when d is a drawing.
func (d *Drawing) Check() error {
	for s, p := range d.Spots {
		if t := d.spotAt(p); t != s {
			return fmt.Errorf("spots %d and %d are at one place", t, s)
		}
	}
	for i, l := range d.Lines {
		if len(l.Path) < 2 || l.Path[0] != d.Spots[l.From] || l.Path[len(l.Path)-1] != d.Spots[l.To] {
			return fmt.Errorf("line %d does not end at its spots", i)
		}
		if err := d.curveFlaw(l.Path, l.From, l.To, i); err != nil { // against the lines before
			return fmt.Errorf("line %d %v", i, err)
		}
	}
	for s := range d.Spots {
		if d.Degree(s) > 3 {
			return fmt.Errorf("spot %d ends %d lines, more than 3", s, d.Degree(s))
		}
	}
	return nil
}

// curveFlaw reports why curve, from spot a to spot b, cannot be drawn among the first upto
// lines of d: it crosses one of them or itself, or passes through a spot.
func (d *Drawing) curveFlaw(curve []Point, a, b, upto int) error {
	for k := 1; k < len(curve); k++ {
		p, q := curve[k-1], curve[k]
		if p == q {
			return fmt.Errorf("has a segment of length 0")
		}
		for s, o := range d.Spots {
			if (s == a && k == 1 && o == p) || (s == b && k == len(curve)-1 && o == q) {
				continue
			}
			if segDist(p, q, o) == 0 {
				return fmt.Errorf("passes through spot %d", s)
			}
		}
		for _, l := range d.Lines[:upto] {
			for m := 1; m < len(l.Path); m++ {
				r, s := l.Path[m-1], l.Path[m]
				if crossesAtEnds(p, q, r, s, d.Spots[a], d.Spots[b]) {
					return fmt.Errorf("crosses the line from spot %d to spot %d", l.From, l.To)
				}
			}
		}
		for m := 1; m < k-1; m++ { // not adjacent segments
			if k == len(curve)-1 && m == 1 && a == b {
				if crossesAtEnds(p, q, curve[0], curve[1], d.Spots[a], d.Spots[a]) {
					return fmt.Errorf("crosses itself")
				}
				continue
			}
			if segsMeet(p, q, curve[m-1], curve[m]) {
				return fmt.Errorf("crosses itself")
			}
		}
		if k >= 2 && curve[k-2] != p { // adjacent segments may not fold back on each other
			u, v := curve[k-2].sub(p), q.sub(p)
			if u.cross(v) == 0 && u.dot(v) > 0 {
				return fmt.Errorf("crosses itself")
			}
		}
	}
	return nil
}

// crossesAtEnds reports whether segments pq and rs meet other than by touching at one of the
// curve's ends ea, eb, where they may share an end unless they leave it the same way.
func crossesAtEnds(p, q, r, s, ea, eb Point) bool {
	for _, o := range []Point{ea, eb} {
		if (p == o || q == o) && (r == o || s == o) {
			return segsCross(p, q, r, s, o, true)
		}
	}
	return segsMeet(p, q, r, s)
}
