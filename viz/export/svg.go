package export

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"grundy/engine"
	"grundy/viz/draw"
)

// Fonts of an SVG. The texts name one family each in their attributes, Latin Modern Math
// (the face the exports are measured with, which has ≠ and the digits of Latin Modern Roman)
// and Latin Modern Mono, because ImageMagick's renderer reads a list of families as one
// name; a style sheet, which it ignores and other viewers prefer to attributes, gives the
// fallbacks of the same look and then the generic families.
const (
	svgSerif = "Latin Modern Math"
	svgMono  = "Latin Modern Mono"
	svgFonts = `<style>
text { font-family: 'Latin Modern Math', 'Latin Modern Roman', 'CMU Serif', 'Times New Roman', serif }
text.mono { font-family: 'Latin Modern Mono', 'CMU Typewriter Text', 'Courier New', monospace }
</style>
`
)

// WriteSVG writes t as SVG 1.1 in points (one user unit is 1 pt), with the labels as <text>
// elements naming Latin Modern with fallbacks (see svgFonts), so that they can be edited, and
// shapes as plain <rect>, <line>, <circle> and (the curves of Sprouts drawings) <path> elements, which browsers, librsvg, Inkscape and
// ImageMagick draw alike. Each node is a <g>; consecutive items styled alike share a <g>
// carrying their style. The output is deterministic: the same tree and options give the
// same bytes.
func WriteSVG(w io.Writer, t *engine.Tree, opts ...Option) error {
	return writeDrawing(w, t, opts, func(ew *errWriter, d drawing, scale float64, cfg config, fs *fonts) {
		bw := bufio.NewWriter(ew)
		s := svgWriter{w: bw, scale: scale, fs: fs}
		s.document(d, title(t, cfg))
		ew.check(bw.Flush())
	})
}

// svgWriter writes a drawing's items as SVG elements, scaled.
type svgWriter struct {
	w     *bufio.Writer
	scale float64
	fs    *fonts
}

// document writes the whole SVG: the edges, then each node in a group.
func (s *svgWriter) document(d drawing, name string) {
	W, H := s.num(d.pic.W), s.num(d.pic.H)
	fmt.Fprintf(s.w, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+
		`<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%spt" height="%spt" viewBox="0 0 %s %s"`+
		// ImageMagick strokes what names no stroke, and takes the first face of a family
		// when no style is named, often an italic.
		` stroke="none" font-family="%s" font-style="normal" font-weight="normal" text-anchor="middle">`+"\n",
		W, H, W, H, svgSerif)
	s.w.WriteString("<title>")
	xml.EscapeText(s.w, []byte(name))
	s.w.WriteString("</title>\n" + svgFonts)
	edges := len(d.pic.Items)
	if len(d.nodes) > 0 {
		edges = d.nodes[0].first
	}
	s.runs(d.pic.Items[:edges])
	for _, n := range d.nodes {
		s.w.WriteString("<g>\n")
		s.runs(d.pic.Items[n.first:n.end])
		s.w.WriteString("</g>\n")
	}
	s.w.WriteString("</svg>\n")
}

// runs writes items, putting each run of two or more items styled alike in one <g> that
// carries the style.
func (s *svgWriter) runs(items []draw.Item) {
	for i := 0; i < len(items); {
		style := s.style(items[i])
		j := i + 1
		for j < len(items) && s.style(items[j]) == style {
			j++
		}
		if j-i == 1 {
			s.element(items[i], style)
		} else {
			fmt.Fprintf(s.w, "<g%s>\n", style)
			for _, it := range items[i:j] {
				s.element(it, "")
			}
			s.w.WriteString("</g>\n")
		}
		i = j
	}
}

// element writes one item with the style attributes attrs.
func (s *svgWriter) element(it draw.Item, attrs string) {
	switch it.Op {
	case draw.OpRect:
		x0, x1 := min(it.Min.X, it.Max.X), max(it.Min.X, it.Max.X)
		y0, y1 := min(it.Min.Y, it.Max.Y), max(it.Min.Y, it.Max.Y)
		fmt.Fprintf(s.w, `<rect x="%s" y="%s" width="%s" height="%s"%s/>`+"\n",
			s.num(x0), s.num(y0), s.num(x1-x0), s.num(y1-y0), attrs)
	case draw.OpLine:
		fmt.Fprintf(s.w, `<line x1="%s" y1="%s" x2="%s" y2="%s"%s/>`+"\n",
			s.num(it.Min.X), s.num(it.Min.Y), s.num(it.Max.X), s.num(it.Max.Y), attrs)
	case draw.OpCircle:
		fmt.Fprintf(s.w, `<circle cx="%s" cy="%s" r="%s"%s/>`+"\n", s.num(it.Min.X), s.num(it.Min.Y), s.num(it.R), attrs)
	case draw.OpCurve:
		if len(it.Pts) < 4 {
			return
		}
		var d strings.Builder
		fmt.Fprintf(&d, "M%s %s", s.num(it.Pts[0].X), s.num(it.Pts[0].Y))
		for i := 1; i+2 < len(it.Pts); i += 3 {
			a, b, c := it.Pts[i], it.Pts[i+1], it.Pts[i+2]
			fmt.Fprintf(&d, " C%s %s %s %s %s %s", s.num(a.X), s.num(a.Y), s.num(b.X), s.num(b.Y), s.num(c.X), s.num(c.Y))
		}
		fmt.Fprintf(s.w, `<path d="%s"%s/>`+"\n", d.String(), attrs)
	case draw.OpText:
		if it.Text == "" || it.Size <= 0 {
			return
		}
		x, y := textAnchor(it, s.fs)
		fmt.Fprintf(s.w, `<text x="%s" y="%s"%s>`, s.num(x), s.num(y), attrs)
		xml.EscapeText(s.w, []byte(it.Text))
		s.w.WriteString("</text>\n")
	}
}

// textAnchor returns where a text item's baseline meets its horizontal centre, in points at
// natural size: its box's centre, lowered by half the font's cap height, as the PDF has it.
func textAnchor(it draw.Item, fs *fonts) (x, y float64) {
	return (it.Min.X + it.Max.X) / 2, (it.Min.Y+it.Max.Y)/2 + fs.capHeight(it.Font, it.Size)/2
}

// style returns the SVG attributes of an item's style, each with a leading space.
func (s *svgWriter) style(it draw.Item) string {
	var b strings.Builder
	st := it.Style
	switch it.Op {
	case draw.OpText:
		if it.Font == draw.Mono { // the root names the serif family, and centres texts
			fmt.Fprintf(&b, ` class="mono" font-family="%s"`, svgMono)
		}
		fmt.Fprintf(&b, ` font-size="%s"`, s.num(it.Size))
		paint(&b, "fill", st.Fill)
		return b.String()
	case draw.OpLine:
		b.WriteString(` fill="none"`)
	case draw.OpCurve:
		b.WriteString(` fill="none" stroke-linecap="round" stroke-linejoin="round"`)
	default:
		paint(&b, "fill", st.Fill)
	}
	if st.Stroke.A == 0 || st.Width <= 0 {
		return b.String()
	}
	paint(&b, "stroke", st.Stroke)
	fmt.Fprintf(&b, ` stroke-width="%s"`, s.num(st.Width))
	if st.Dash > 0 {
		fmt.Fprintf(&b, ` stroke-dasharray="%s %s"`, s.num(st.Dash), s.num(st.Dash))
	}
	return b.String()
}

// paint writes the attribute name for colour c: "none" when it is transparent, an opacity
// when it is translucent.
func paint(b *strings.Builder, name string, c color.NRGBA) {
	if c.A == 0 {
		fmt.Fprintf(b, ` %s="none"`, name)
		return
	}
	fmt.Fprintf(b, ` %s="#%02x%02x%02x"`, name, c.R, c.G, c.B)
	if c.A < 0xff {
		fmt.Fprintf(b, ` %s-opacity="%s"`, name, formatNum(float64(c.A)/0xff, 3))
	}
}

// num formats a length at natural size scaled to the output, in points to the hundredth.
func (s *svgWriter) num(v float64) string {
	return formatNum(v*s.scale, 2)
}

// formatNum formats v with at most prec decimals and no trailing zeros, always with a digit
// before the point: the plainest number syntax, which every SVG and TeX reader takes.
func formatNum(v float64, prec int) string {
	p := math.Pow(10, float64(prec))
	v = math.Round(v*p) / p
	if v == 0 {
		return "0" // not "-0"
	}
	out := strconv.FormatFloat(v, 'f', prec, 64)
	if strings.Contains(out, ".") {
		out = strings.TrimRight(strings.TrimRight(out, "0"), ".")
	}
	return out
}
