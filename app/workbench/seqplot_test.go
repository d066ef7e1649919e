package workbench

import (
	"image/color"
	"testing"
)

// TestPlotSequence_Points places each value where it belongs, on a picture wider than high
// and with more columns than heaps, and the rare heaps in their colour.
func TestPlotSequence_Points(t *testing.T) {
	values := []int{0, 1, 2, 3, 1, 4} // Kayles' first values
	at := func(m int) int { return values[m] }
	rare := func(m int) bool { return m == 3 }
	img := plotSequence(len(values), at, rare, 12, 5)
	for m, v := range values {
		x, y := m*12/len(values), 4-v*4/4
		want := plotPoint
		if m == 3 {
			want = plotRare
		}
		if got := img.RGBAAt(x, y); got != want {
			t.Errorf("heap %d (value %d): pixel (%d, %d) = %v, want %v", m, v, x, y, got, want)
		}
	}
	if got := img.RGBAAt(1, 0); got != (color.RGBA{0xff, 0xff, 0xff, 0xff}) {
		t.Errorf("pixel (1, 0), no heap: %v, want the background", got)
	}
	if img := plotSequence(0, at, nil, 3, 2); img.Bounds().Dx() != 3 || img.Bounds().Dy() != 2 {
		t.Errorf("empty plot: %v, want 3×2", img.Bounds())
	}
}
