package workbench

import (
	"image"
	"image/color"
)

// Colours of the sequence plot.
var (
	plotPoint = color.RGBA{0x20, 0x40, 0xa0, 0xff}
	plotRare  = color.RGBA{0xd0, 0x30, 0x20, 0xff}
)

// plotSequence draws G(n) for the heaps 0..n-1 in a w×h picture: heap n at column
// n·w/len, value v at row (h−1) − v·(h−1)/largest. at gives G(n), and rare reports whether
// a heap is rare (drawn in red, over the others); rare may be nil. Nothing else is drawn:
// the picture is the sequence, as people expect a plot of one.
func plotSequence(n int, at func(int) int, rare func(int) bool, w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	largest := 0
	for m := range n {
		largest = max(largest, at(m))
	}
	if n == 0 || w < 1 || h < 1 {
		return img
	}
	point := func(m int, c color.RGBA) {
		x := int(int64(m) * int64(w) / int64(n))
		y := h - 1
		if largest > 0 {
			y = h - 1 - at(m)*(h-1)/largest
		}
		img.SetRGBA(x, y, c)
	}
	for m := range n {
		point(m, plotPoint)
	}
	if rare != nil {
		for m := range n {
			if rare(m) {
				point(m, plotRare)
			}
		}
	}
	return img
}
