package export

import (
	"grundy/engine"
	"grundy/viz/draw"
)

// A Size is what the picture of a tree measures once exported: every format draws it at the
// same size.
type Size struct {
	// Width and Height are the picture's, in points; a PNG has them times DPI/72 pixels.
	Width, Height float64
	// Scale is the factor the drawing is scaled by to fit the width: 1 is natural size.
	Scale float64
	// MinLabelPt is the size, in points, of the smallest label once scaled: the couples'
	// "= n" and "≠ n", the labels of a sum's components, heap sizes and notations written as
	// text. The outcome letter beside each label, smaller, repeats what "=" or "≠" says and
	// is not counted.
	MinLabelPt float64
}

// Measure returns the size of the picture of t that the exports with the same options
// produce. A picture wider than the MaxWidth option is one that could not fit it without
// labels under MinLabelSize; FitDepth then says how deep a drawing fits.
func Measure(t *engine.Tree, opts ...Option) (Size, error) {
	renderMu.Lock()
	defer renderMu.Unlock()
	d, scale, _, _, err := prepare(t, opts)
	if err != nil {
		return Size{}, err
	}
	return sizeOf(d, scale), nil
}

// sizeOf is the Size of d drawn at scale.
func sizeOf(d drawing, scale float64) Size {
	return Size{Width: d.pic.W * scale, Height: d.pic.H * scale, Scale: scale,
		MinLabelPt: smallestLabel(d.pic) * scale}
}

// FitDepth returns the largest depth d such that the picture of t cut at Depth(d) is at most
// widthPt points wide with no label under the MinLabelSize option (other options, such as
// Root, apply as given; a Depth option is ignored). Every depth up to d fits as well. When
// the whole tree fits, d is the depth of its deepest node drawn, so that Depth(d) draws it
// all. It returns -1 when not even the root alone fits, or when t cannot be drawn (Measure
// says why).
func FitDepth(t *engine.Tree, widthPt float64, opts ...Option) int {
	renderMu.Lock()
	defer renderMu.Unlock()
	fits := func(depth int) (drawing, bool) {
		o := append(opts[:len(opts):len(opts)], MaxWidth(widthPt), Depth(depth))
		d, scale, _, _, err := prepare(t, o)
		if err != nil {
			return d, false
		}
		return d, d.pic.W*scale <= widthPt+widthSlack
	}
	if whole, ok := fits(-1); ok {
		return whole.levels
	}
	best := -1
	for depth := 0; ; depth++ {
		d, ok := fits(depth)
		if !ok || d.levels < depth { // too wide, or nothing deeper to draw
			return best
		}
		best = depth
	}
}

// widthSlack is the rounding, in points, allowed when a width is compared with the one asked.
const widthSlack = 0.01

// fit returns the scale that brings a drawing within the maximum width, never above 1 and
// never below what keeps its smallest label at the minimum size.
func fit(d drawing, c config) float64 {
	w := d.pic.W
	if c.maxWidth <= 0 || w <= c.maxWidth {
		return 1
	}
	return max(c.maxWidth/w, min(1, c.minLabel/smallestLabel(d.pic)))
}

// smallestLabel returns the size of the smallest text of pic that Size.MinLabelPt counts,
// or draw.LabelSize when it has none.
func smallestLabel(pic draw.Picture) float64 {
	least := draw.LabelSize
	for _, it := range pic.Items {
		if it.Op != draw.OpText || it.Text == draw.Outcome(true) || it.Text == draw.Outcome(false) {
			continue // the outcome letter repeats what "=" or "≠" says
		}
		least = min(least, it.Size)
	}
	return least
}
