package draw

import "image/color"

// The palette: greys only, so that a figure prints the same in black and white.
var (
	Ink   = color.NRGBA{0x1a, 0x1a, 0x1a, 0xff} // text, L frames, filled cells
	Grey  = color.NRGBA{0x55, 0x55, 0x55, 0xff} // W frames, the outcome letter, grid lines
	Shade = color.NRGBA{0xee, 0xee, 0xee, 0xff} // the inside of W frames
	Paper = color.NRGBA{0xff, 0xff, 0xff, 0xff} // the inside of L frames, free cells
)

// Sizes in points, chosen for a figure printed at its natural size: a label as large as a
// caption's small print, a 3×3 board under a centimetre wide.
const (
	LabelSize = 7.0 // the "= n" / "≠ n" label of a node
	Cell      = 5.0 // the side of a Cram or Chomp square
	Token     = 4.5 // the distance between two tokens of a heap
	pad       = 3.0 // between a node's frame and what it holds
)

// Derived sizes.
const (
	letterSize = LabelSize * 0.75 // the outcome letter beside the label
	partSize   = LabelSize * 0.9  // the labels of a sum's components, "repeat"
	monoSize   = LabelSize * 0.9  // notations drawn as text
	rowHeight  = LabelSize * 1.25 // one line of text
	stubHeight = 11.0             // the "…" under a cut node
)

// EdgeStyle is how a tree's edges are drawn, from a parent's bottom centre to a child's top
// centre.
var EdgeStyle = Style{Stroke: Ink, Width: 0.5}

// Frame styles: an L node ("= n") has a solid dark frame on white; a W node ("≠ n") a dashed
// grey frame on a light shade, so the two stay apart in black-and-white print.
var (
	LosingFrame  = Style{Fill: Paper, Stroke: Ink, Width: 0.7}
	WinningFrame = Style{Fill: Shade, Stroke: Grey, Width: 0.6, Dash: 2.2}
)

// Styles of the position pictures.
var (
	gridStyle   = Style{Stroke: Grey, Width: 0.35}
	borderStyle = Style{Stroke: Ink, Width: 0.6}
	filledStyle = Style{Fill: Ink}
	squareStyle = Style{Fill: Paper, Stroke: Ink, Width: 0.4}
	poisonStyle = Style{Stroke: Ink, Width: 0.6}
	tokenStyle  = Style{Fill: Ink}
	emptyStyle  = Style{Stroke: Ink, Width: 0.6}
)
