package draw

import (
	"image/color"
	"unicode/utf8"
)

// An Op is the kind of an Item.
type Op uint8

// The kinds of item.
const (
	// OpRect is the rectangle with corners Min and Max.
	OpRect Op = iota
	// OpCircle is the circle centred at Min with radius R.
	OpCircle
	// OpLine is the segment from Min to Max.
	OpLine
	// OpText is one line of Text, centred horizontally and vertically in the box from Min to
	// Max: a renderer centres its cap height on the box's middle, so digits and capitals sit
	// in the middle whatever the font's ascent.
	OpText
	// OpCurve is a smooth open curve, stroked: cubic Bézier pieces from Pts[0], each given by
	// the next three points of Pts (two control points, then its end). Min and Max are unused.
	OpCurve
)

// A Point is a position in points (1/72 in): X grows to the right, Y downwards, as in
// viz/layout.
type Point struct {
	X, Y float64
}

// A Style says how an item is painted. A colour whose alpha is 0 paints nothing.
type Style struct {
	Fill   color.NRGBA // the inside of a rectangle or circle, or the colour of a text
	Stroke color.NRGBA // the outline of a rectangle or circle, or a line
	Width  float64     // the stroke width in points
	Dash   float64     // the length of dashes and of the gaps between them; 0 is a solid line
}

// A Font is the family a text item asks for. Renderers map it to a font they have.
type Font uint8

// The font families.
const (
	// Serif is for labels such as "= 2" and "≠ 0": a font with ≠, like the paper's.
	Serif Font = iota
	// Mono is for position notations shown as text.
	Mono
)

// An Item is one primitive of a display list. Which fields count depends on Op.
type Item struct {
	Op       Op
	Min, Max Point
	R        float64 // OpCircle: the radius
	Style    Style
	Text     string  // OpText: one line
	Size     float64 // OpText: the font size in points
	Font     Font    // OpText: the family
	Pts      []Point // OpCurve: the start, then three points a piece
}

// A Picture is a display list: items in back-to-front order, in a box from (0, 0) to (W, H)
// in points. It is plain data, so that the exporter and the fyne widget draw the same thing.
type Picture struct {
	W, H  float64
	Items []Item
}

// Add appends the items of q to p, moved by (dx, dy). It does not change p's size.
func (p *Picture) Add(q Picture, dx, dy float64) {
	for _, it := range q.Items {
		it.Min.X += dx
		it.Min.Y += dy
		if it.Op != OpCircle {
			it.Max.X += dx
			it.Max.Y += dy
		}
		if len(it.Pts) > 0 {
			pts := make([]Point, len(it.Pts))
			for i, p := range it.Pts {
				pts[i] = Point{p.X + dx, p.Y + dy}
			}
			it.Pts = pts
		}
		p.Items = append(p.Items, it)
	}
}

// rect appends a rectangle.
func (p *Picture) rect(x0, y0, x1, y1 float64, s Style) {
	p.Items = append(p.Items, Item{Op: OpRect, Min: Point{x0, y0}, Max: Point{x1, y1}, Style: s})
}

// circle appends a circle.
func (p *Picture) circle(x, y, r float64, s Style) {
	p.Items = append(p.Items, Item{Op: OpCircle, Min: Point{x, y}, R: r, Style: s})
}

// line appends a segment.
func (p *Picture) line(x0, y0, x1, y1 float64, s Style) {
	p.Items = append(p.Items, Item{Op: OpLine, Min: Point{x0, y0}, Max: Point{x1, y1}, Style: s})
}

// text appends a text centred in the box (x0, y0)–(x1, y1).
func (p *Picture) text(s string, f Font, size float64, x0, y0, x1, y1 float64, col color.NRGBA) {
	p.Items = append(p.Items, Item{Op: OpText, Min: Point{x0, y0}, Max: Point{x1, y1},
		Style: Style{Fill: col}, Text: s, Size: size, Font: f})
}

// A Measurer gives the advance width, in points, of one line of text in a font family at a
// size in points. The exporter measures with the fonts it embeds; a widget with its own.
type Measurer interface {
	Measure(text string, f Font, size float64) float64
}

// Estimate is a Measurer that needs no font: it errs on the wide side of common fonts
// (Latin Modern, Go, Noto), so text measured with it fits the fonts renderers use.
type Estimate struct{}

// Measure returns an estimate of the width of text.
func (Estimate) Measure(text string, f Font, size float64) float64 {
	if f == Mono {
		return 0.6 * size * float64(utf8.RuneCountInString(text))
	}
	w := 0.0
	for _, r := range text {
		w += serifWidth(r)
	}
	return w * size
}

// serifWidth estimates the advance of r in ems.
func serifWidth(r rune) float64 {
	switch {
	case r == ' ':
		return 0.33
	case r >= '0' && r <= '9':
		return 0.55
	case r == '=' || r == '≠' || r == '+' || r == '…':
		return 0.8
	case r == 'W' || r == 'M':
		return 1.0
	case r == '(' || r == ')' || r == 'i' || r == 'l' || r == '.':
		return 0.4
	}
	return 0.65
}
