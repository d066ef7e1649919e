package editor

// A gridGeom places a grid of square cells in a widget: the pure arithmetic behind the Cram
// and Chomp boards, kept apart from fyne so that it is tested with plain numbers.
type gridGeom struct {
	x0, y0     float32 // top left corner of cell (0, 0)
	cell       float32 // side of a cell, gap included
	rows, cols int
}

// fitGrid centres a rows × cols grid of square cells in a w × h area, with cells at most
// maxCell wide.
func fitGrid(w, h float32, rows, cols int, maxCell float32) gridGeom {
	g := gridGeom{rows: rows, cols: cols}
	if rows < 1 || cols < 1 {
		return g
	}
	g.cell = min(w/float32(cols), h/float32(rows), maxCell)
	if g.cell < 0 {
		g.cell = 0
	}
	g.x0 = (w - g.cell*float32(cols)) / 2
	g.y0 = (h - g.cell*float32(rows)) / 2
	return g
}

// cellAt returns the cell under the point (x, y); ok is false outside the grid.
func (g gridGeom) cellAt(x, y float32) (i, j int, ok bool) {
	if g.cell <= 0 || x < g.x0 || y < g.y0 {
		return 0, 0, false
	}
	j = int((x - g.x0) / g.cell)
	i = int((y - g.y0) / g.cell)
	if i >= g.rows || j >= g.cols {
		return 0, 0, false
	}
	return i, j, true
}

// cellOrigin returns the top left corner of cell (i, j).
func (g gridGeom) cellOrigin(i, j int) (x, y float32) {
	return g.x0 + float32(j)*g.cell, g.y0 + float32(i)*g.cell
}

// adjacent reports whether two cells share a side.
func adjacent(i1, j1, i2, j2 int) bool {
	di, dj := i1-i2, j1-j2
	return di*di+dj*dj == 1
}
