//go:build ignore

// icon_gen draws the workbench icon, icon.png: a small solution tree in the paper's style,
// a solid "= n" node over a dashed "≠ n" node and a solid one, on a rounded blue square.
// Run it from this folder: go run icon_gen.go
package main

import (
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
)

const size = 512

var (
	blue  = color.NRGBA{0x1f, 0x4e, 0x8c, 0xff}
	paper = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	shade = color.NRGBA{0xdd, 0xe6, 0xf2, 0xff}
	ink   = color.NRGBA{0x1a, 0x1a, 0x1a, 0xff}
	edge  = color.NRGBA{0xf0, 0xf0, 0xf0, 0xff}
)

type canvas struct{ *image.NRGBA }

func (c canvas) rect(x0, y0, x1, y1 int, col color.NRGBA) {
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			c.SetNRGBA(x, y, col)
		}
	}
}

// frame draws a node: a filled box with an outline, solid or dashed, and a 2x2 Cram board
// with one domino inside.
func (c canvas) frame(x0, y0, w, h int, fill color.NRGBA, dashed bool) {
	c.rect(x0, y0, x0+w, y0+h, fill)
	t := 8
	for i := 0; i < w; i++ {
		if !dashed || (i/20)%2 == 0 {
			c.rect(x0+i, y0, x0+i+1, y0+t, ink)
			c.rect(x0+i, y0+h-t, x0+i+1, y0+h, ink)
		}
	}
	for j := 0; j < h; j++ {
		if !dashed || (j/20)%2 == 0 {
			c.rect(x0, y0+j, x0+t, y0+j+1, ink)
			c.rect(x0+w-t, y0+j, x0+w, y0+j+1, ink)
		}
	}
	cell := (w - 48) / 2
	gx, gy := x0+(w-2*cell)/2, y0+(h-2*cell)/2
	for i := 0; i < 2; i++ {
		for j := 0; j < 2; j++ {
			x, y := gx+j*cell+3, gy+i*cell+3
			c.rect(x, y, x+cell-6, y+cell-6, ink)
			if j == 1 { // free cells: the domino fills the left column
				c.rect(x+4, y+4, x+cell-10, y+cell-10, paper)
			}
		}
	}
}

// line draws a thick segment.
func (c canvas) line(x0, y0, x1, y1, width int, col color.NRGBA) {
	n := int(math.Hypot(float64(x1-x0), float64(y1-y0)))
	for k := 0; k <= n; k++ {
		x := x0 + (x1-x0)*k/n
		y := y0 + (y1-y0)*k/n
		c.rect(x-width/2, y-width/2, x+width/2, y+width/2, col)
	}
}

// roundedMask clears the corners outside a rounded square of radius r.
func (c canvas) roundedMask(r int) {
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			dx := max(r-x, x-(size-1-r), 0)
			dy := max(r-y, y-(size-1-r), 0)
			if dx*dx+dy*dy > r*r {
				c.SetNRGBA(x, y, color.NRGBA{})
			}
		}
	}
}

func main() {
	c := canvas{image.NewNRGBA(image.Rect(0, 0, size, size))}
	c.rect(0, 0, size, size, blue)
	c.line(256, 200, 140, 300, 14, edge)
	c.line(256, 200, 372, 300, 14, edge)
	c.frame(186, 56, 140, 150, paper, false)
	c.frame(62, 296, 140, 150, shade, true)
	c.frame(310, 296, 140, 150, paper, false)
	c.roundedMask(96)
	f, err := os.Create("icon.png")
	if err != nil {
		log.Fatal(err)
	}
	if err := png.Encode(f, c); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}
