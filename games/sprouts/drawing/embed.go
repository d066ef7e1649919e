package drawing

import (
	"math"
	"slices"
)

// The embedding of a drawing is read from its geometry. A line l has two half-edges, 2l
// from its From spot and 2l+1 from its To spot. Round each spot, its half-edges are sorted
// counterclockwise by the direction they leave in (the rotation system); a walk follows
// half-edges keeping its face on the left, turning at each spot to the half-edge next
// clockwise from the one it came back along.

// A corner is one passage of a walk at a spot: in is the half-edge it arrives by, out the
// one it leaves by; both -1 at an isolated spot.
type corner struct{ spot, in, out int }

// A walk is the boundary of one connected piece of the drawing round one face: its corners
// in order, the face on the left.
type walk struct {
	corners []corner
	comp    int     // its connected piece
	area    float64 // signed area of its polygon
	poly    []Point // the polygon traced
}

// An embedding is the faces of a drawing, each the walks round it; faces[0] is the unbounded
// face, and every other face begins with its outer walk.
type embedding struct {
	walks []walk
	faces [][]int // walks of each face
	rot   [][]int // half-edges leaving each spot, counterclockwise
	ang   []float64
}

func origin(d *Drawing, h int) int {
	if h%2 == 0 {
		return d.Lines[h/2].From
	}
	return d.Lines[h/2].To
}

// halfPath returns the polyline of half-edge h, from its origin.
func halfPath(d *Drawing, h int) []Point {
	p := d.Lines[h/2].Path
	if h%2 == 0 {
		return p
	}
	r := slices.Clone(p)
	slices.Reverse(r)
	return r
}

// embed computes the embedding of d.
func embed(d *Drawing) *embedding {
	e := &embedding{rot: make([][]int, len(d.Spots)), ang: make([]float64, 2*len(d.Lines))}
	for h := range 2 * len(d.Lines) {
		p := halfPath(d, h)
		e.ang[h] = p[1].sub(p[0]).angle()
		e.rot[origin(d, h)] = append(e.rot[origin(d, h)], h)
	}
	for _, r := range e.rot {
		slices.SortFunc(r, func(a, b int) int {
			if e.ang[a] < e.ang[b] {
				return -1
			}
			return btoi(e.ang[a] > e.ang[b])
		})
	}
	comp := components(d)
	seen := make([]bool, 2*len(d.Lines))
	for h := range seen {
		if seen[h] {
			continue
		}
		var w walk
		for g := h; !seen[g]; g = e.next(d, g) {
			seen[g] = true
			w.corners = append(w.corners, corner{spot: origin(d, g), out: g})
			w.poly = append(w.poly, halfPath(d, g)[:len(halfPath(d, g))-1]...)
		}
		for i := range w.corners {
			w.corners[i].in = w.corners[(i+len(w.corners)-1)%len(w.corners)].out
		}
		w.comp = comp[w.corners[0].spot]
		w.area = area(w.poly)
		e.walks = append(e.walks, w)
	}
	for s, r := range e.rot {
		if len(r) == 0 {
			e.walks = append(e.walks, walk{corners: []corner{{s, -1, -1}}, comp: comp[s], poly: []Point{d.Spots[s]}})
		}
	}
	e.nest(d, comp)
	return e
}

// next returns the half-edge that follows h on its walk.
func (e *embedding) next(d *Drawing, h int) int {
	t := h ^ 1
	r := e.rot[origin(d, t)]
	i := slices.Index(r, t)
	return r[(i+len(r)-1)%len(r)]
}

// components returns the connected piece of each spot, numbered from 0.
func components(d *Drawing) []int {
	up := make([]int, len(d.Spots))
	for i := range up {
		up[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for up[i] != i {
			up[i] = up[up[i]]
			i = up[i]
		}
		return i
	}
	for _, l := range d.Lines {
		up[find(l.From)] = find(l.To)
	}
	for i := range up {
		up[i] = find(i)
	}
	return up
}

// nest sorts the walks into faces: in each piece the walk of least area is its outer walk,
// and the others bound faces of their own; the outer walk of a piece lies in the smallest
// face of another piece that holds its spots, or in the unbounded face.
func (e *embedding) nest(d *Drawing, comp []int) {
	outer := map[int]int{} // piece → its outer walk
	for i, w := range e.walks {
		if o, ok := outer[w.comp]; !ok || w.area < e.walks[o].area {
			outer[w.comp] = i
		}
	}
	e.faces = [][]int{nil}
	faceOf := map[int]int{} // bounded walk → its face
	for i, w := range e.walks {
		if outer[w.comp] != i {
			faceOf[i] = len(e.faces)
			e.faces = append(e.faces, []int{i})
		}
	}
	for c, o := range sortedMap(outer) {
		p := d.Spots[e.walks[o].corners[0].spot]
		best, bestArea := 0, math.Inf(1)
		for i, w := range e.walks {
			if w.comp == c || outer[w.comp] == i || w.area >= bestArea {
				continue
			}
			if inside(w.poly, p) {
				best, bestArea = faceOf[i], w.area
			}
		}
		e.faces[best] = append(e.faces[best], o)
	}
}

// sortedMap returns the pairs of m by key, as (key, value) in a map iteration order that is
// always the same.
func sortedMap(m map[int]int) func(yield func(int, int) bool) {
	return func(yield func(int, int) bool) {
		keys := make([]int, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			if !yield(k, m[k]) {
				return
			}
		}
	}
}

// regions returns the spots of each walk of each face, the form written by rawText.
func (e *embedding) regions() [][][]int {
	var out [][][]int
	for _, f := range e.faces {
		var reg [][]int
		for _, w := range f {
			var b []int
			for _, c := range e.walks[w].corners {
				b = append(b, c.spot)
			}
			reg = append(reg, b)
		}
		out = append(out, reg)
	}
	return out
}
