package layout

// A Size is the width and height of a node's box, in the caller's units (fyne uses
// device-independent pixels).
type Size struct {
	W, H float64
}

// A Point is a position in drawing coordinates: X grows to the right, Y grows downwards.
type Point struct {
	X, Y float64
}

// A Rect is an axis-aligned rectangle given by its top-left corner and its size.
type Rect struct {
	X, Y, W, H float64
}

// Center returns the centre of r.
func (r Rect) Center() Point {
	return Point{r.X + r.W/2, r.Y + r.H/2}
}

// Intersects reports whether r and s share at least one point. Edges count, so a box that
// only touches a viewport's border is reported: drawing one widget too many is harmless,
// and a zero-width box can still be found.
func (r Rect) Intersects(s Rect) bool {
	return r.X <= s.X+s.W && s.X <= r.X+r.W &&
		r.Y <= s.Y+s.H && s.Y <= r.Y+r.H
}

// union returns the smallest rectangle holding both r and s.
func (r Rect) union(s Rect) Rect {
	x0, y0 := min(r.X, s.X), min(r.Y, s.Y)
	x1, y1 := max(r.X+r.W, s.X+s.W), max(r.Y+r.H, s.Y+s.H)
	return Rect{x0, y0, x1 - x0, y1 - y0}
}

// spanning returns the smallest rectangle holding the points p and q.
func spanning(p, q Point) Rect {
	x0, y0 := min(p.X, q.X), min(p.Y, q.Y)
	return Rect{x0, y0, max(p.X, q.X) - x0, max(p.Y, q.Y) - y0}
}
