package draw

import "strings"

// parseGrid reads a board of cells, "RxC" (every cell full when fullDims is set, else every
// cell empty) or rows of on and off joined by '/', as rows of cells, true where on.
func parseGrid(s string, on, off byte, fullDims bool) ([][]bool, bool) {
	if r, c, ok := parseDims(s); ok {
		rows := make([][]bool, r)
		for i := range rows {
			rows[i] = make([]bool, c)
			for j := range rows[i] {
				rows[i][j] = fullDims
			}
		}
		return rows, true
	}
	lines := strings.Split(s, "/")
	if len(lines) > maxSide || len(lines[0]) == 0 || len(lines[0]) > maxSide {
		return nil, false
	}
	rows := make([][]bool, len(lines))
	for i, line := range lines {
		if len(line) != len(lines[0]) {
			return nil, false
		}
		rows[i] = make([]bool, len(line))
		for j := range len(line) {
			switch line[j] {
			case off:
			case on:
				rows[i][j] = true
			default:
				return nil, false
			}
		}
	}
	return rows, true
}

// parseBars reads a Breaking Chocolates position: bars separated by spaces, each rows of 'b'
// and 'w' joined by '/', true where white; "0" is no bar.
func parseBars(s string) ([][][]bool, bool) {
	fields := strings.Fields(s)
	if len(fields) > maxHeaps {
		return nil, false
	}
	var out [][][]bool
	for _, f := range fields {
		if f == "0" {
			continue
		}
		if _, _, dims := parseDims(f); dims {
			return nil, false // bars are written cell by cell
		}
		rows, ok := parseGrid(f, 'w', 'b', false)
		if !ok {
			return nil, false
		}
		out = append(out, rows)
	}
	return out, true
}

// stonesPicture draws a Boxing Match board: a grid, a dark disc on each cell holding a stone;
// a board with no stone is Empty.
func stonesPicture(rows [][]bool) Picture {
	if len(rows) == 0 || len(rows[0]) == 0 || !anyOn(rows) {
		return Empty()
	}
	p := grid(rows, func(p *Picture, x, y float64, on bool) {
		if on {
			p.circle(x+Cell/2, y+Cell/2, Cell*0.36, tokenStyle)
		}
	})
	return p
}

// barsPicture draws bars of chocolate side by side, black cells dark and white ones light;
// no bar is Empty.
func barsPicture(bs [][][]bool) Picture {
	var p Picture
	for k, rows := range bs {
		if len(rows) == 0 || len(rows[0]) == 0 {
			continue
		}
		bar := grid(rows, func(p *Picture, x, y float64, white bool) {
			if !white {
				p.rect(x, y, x+Cell, y+Cell, filledStyle)
			}
		})
		if k > 0 {
			p.W += Cell
		}
		p.Add(bar, p.W, 0)
		p.W += bar.W
		p.H = max(p.H, bar.H)
	}
	if p.W == 0 {
		return Empty()
	}
	return p
}

// grid draws rows of cells on paper, cell drawing each cell's contents, under grid lines and
// a border.
func grid(rows [][]bool, cell func(p *Picture, x, y float64, on bool)) Picture {
	nr, nc := len(rows), len(rows[0])
	p := Picture{W: float64(nc) * Cell, H: float64(nr) * Cell}
	p.rect(0, 0, p.W, p.H, Style{Fill: Paper})
	for i, row := range rows {
		for j, on := range row {
			cell(&p, float64(j)*Cell, float64(i)*Cell, on)
		}
	}
	for i := 1; i < nr; i++ {
		p.line(0, float64(i)*Cell, p.W, float64(i)*Cell, gridStyle)
	}
	for j := 1; j < nc; j++ {
		p.line(float64(j)*Cell, 0, float64(j)*Cell, p.H, gridStyle)
	}
	p.rect(0, 0, p.W, p.H, borderStyle)
	return p
}

// anyOn reports whether a cell of rows is on.
func anyOn(rows [][]bool) bool {
	for _, row := range rows {
		for _, on := range row {
			if on {
				return true
			}
		}
	}
	return false
}
