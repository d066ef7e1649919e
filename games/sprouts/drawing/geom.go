package drawing

import "math"

// A Point is a place in the plane, y growing upwards (counterclockwise is the positive turn).
type Point struct{ X, Y float64 }

func (p Point) add(q Point) Point      { return Point{p.X + q.X, p.Y + q.Y} }
func (p Point) sub(q Point) Point      { return Point{p.X - q.X, p.Y - q.Y} }
func (p Point) scale(k float64) Point  { return Point{k * p.X, k * p.Y} }
func (p Point) dot(q Point) float64    { return p.X*q.X + p.Y*q.Y }
func (p Point) cross(q Point) float64  { return p.X*q.Y - p.Y*q.X }
func (p Point) len() float64           { return math.Hypot(p.X, p.Y) }
func (p Point) angle() float64         { return math.Atan2(p.Y, p.X) }
func (p Point) dist(q Point) float64   { return p.sub(q).len() }
func orient(a, b, c Point) float64     { return b.sub(a).cross(c.sub(a)) }
func lerp(a, b Point, t float64) Point { return a.add(b.sub(a).scale(t)) }
func polar(r, t float64) Point         { return Point{r * math.Cos(t), r * math.Sin(t)} }

// ccw returns the counterclockwise turn from angle a to angle b, in [0, 2π).
func ccw(a, b float64) float64 {
	t := math.Mod(b-a, 2*math.Pi)
	if t < 0 {
		t += 2 * math.Pi
	}
	return t
}

// segsMeet reports whether segments pq and rs have a point in common.
func segsMeet(p, q, r, s Point) bool {
	d1, d2 := orient(r, s, p), orient(r, s, q)
	d3, d4 := orient(p, q, r), orient(p, q, s)
	if (d1 > 0 && d2 < 0 || d1 < 0 && d2 > 0) && (d3 > 0 && d4 < 0 || d3 < 0 && d4 > 0) {
		return true
	}
	return d1 == 0 && onSeg(r, s, p) || d2 == 0 && onSeg(r, s, q) ||
		d3 == 0 && onSeg(p, q, r) || d4 == 0 && onSeg(p, q, s)
}

// onSeg reports whether c, collinear with ab, lies on segment ab.
func onSeg(a, b, c Point) bool {
	return min(a.X, b.X) <= c.X && c.X <= max(a.X, b.X) && min(a.Y, b.Y) <= c.Y && c.Y <= max(a.Y, b.Y)
}

// segsCross reports whether segments pq and rs meet anywhere but at a common end o, where
// they may touch unless they leave o in the same direction.
func segsCross(p, q, r, s Point, o Point, shared bool) bool {
	if shared {
		pe, re := p == o || q == o, r == o || s == o
		if pe && re {
			u, v := p, r
			if p == o {
				u = q
			}
			if r == o {
				v = s
			}
			du, dv := u.sub(o), v.sub(o)
			return du.cross(dv) == 0 && du.dot(dv) > 0
		}
	}
	return segsMeet(p, q, r, s)
}

// segDist returns the distance from c to segment ab.
func segDist(a, b, c Point) float64 { return c.dist(nearest(a, b, c)) }

// nearest returns the point of segment ab nearest to c.
func nearest(a, b, c Point) Point {
	ab := b.sub(a)
	l := ab.dot(ab)
	if l == 0 {
		return a
	}
	t := math.Max(0, math.Min(1, c.sub(a).dot(ab)/l))
	return a.add(ab.scale(t))
}

// area returns the signed area of the closed polygon pts: positive counterclockwise.
func area(pts []Point) float64 {
	s := 0.0
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		s += p.cross(q)
	}
	return s / 2
}

// inside reports whether p is inside the closed polygon pts by the parity of the crossings
// of a ray going up from p; edges traced twice cancel.
func inside(pts []Point, p Point) bool {
	in := false
	for i, a := range pts {
		b := pts[(i+1)%len(pts)]
		if rayCrosses(p, a, b) {
			in = !in
		}
	}
	return in
}

// rayCrosses reports whether segment ab crosses the vertical ray going up from p, ends
// counted on one side only.
func rayCrosses(p, a, b Point) bool {
	if (a.X < p.X) == (b.X < p.X) {
		return false
	}
	y := a.Y + (p.X-a.X)*(b.Y-a.Y)/(b.X-a.X)
	return y > p.Y
}

// pathLen returns the length of polyline pts.
func pathLen(pts []Point) float64 {
	l := 0.0
	for i := 1; i < len(pts); i++ {
		l += pts[i].dist(pts[i-1])
	}
	return l
}

// onSegment reports whether c lies on segment ab.
func onSegment(a, b, c Point) bool { return orient(a, b, c) == 0 && onSeg(a, b, c) }
