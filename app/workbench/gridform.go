package workbench

import "fyne.io/fyne/v2"

// gridFormLayout lays out name/value pairs in pairs columns: each pair's name as wide as the
// widest name, its value as the rest of the pair's column.
type gridFormLayout struct{ pairs int }

func newGridFormLayout(pairs int) fyne.Layout { return gridFormLayout{pairs} }

// cells returns the widths of a pair's name and value, and the rows' heights.
func (g gridFormLayout) cells(objs []fyne.CanvasObject, width float32) (nameW, valueW float32, rows []float32) {
	for i := 0; i+1 < len(objs); i += 2 {
		nameW = max(nameW, objs[i].MinSize().Width)
		r := i / 2 / g.pairs
		h := max(objs[i].MinSize().Height, objs[i+1].MinSize().Height)
		if r == len(rows) {
			rows = append(rows, h)
		} else {
			rows[r] = max(rows[r], h)
		}
	}
	valueW = max(width/float32(g.pairs)-nameW, 0)
	return nameW, valueW, rows
}

// Layout places the pairs row by row.
func (g gridFormLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	nameW, valueW, rows := g.cells(objs, size.Width)
	y := float32(0)
	for i := 0; i+1 < len(objs); i += 2 {
		k := i / 2
		r, c := k/g.pairs, k%g.pairs
		if c == 0 && r > 0 {
			y += rows[r-1]
		}
		x := float32(c) * (nameW + valueW)
		objs[i].Move(fyne.NewPos(x, y))
		objs[i].Resize(fyne.NewSize(nameW, rows[r]))
		objs[i+1].Move(fyne.NewPos(x+nameW, y))
		objs[i+1].Resize(fyne.NewSize(valueW, rows[r]))
	}
}

// minValue is the least width given to a value: values truncate rather than widen the panel.
const minValue = 60

// MinSize is the widest name and minValue for every pair, and the rows' heights.
func (g gridFormLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	nameW, _, rows := g.cells(objs, 0)
	valueW := float32(minValue)
	h := float32(0)
	for _, r := range rows {
		h += r
	}
	return fyne.NewSize(float32(g.pairs)*(nameW+valueW), h)
}
