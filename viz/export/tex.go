package export

import (
	"bufio"
	"fmt"
	"image/color"
	"io"
	"strings"
	"unicode"

	"grundy/engine"
	"grundy/viz/draw"
)

// WriteTeX writes t as a standalone LaTeX file holding one TikZ picture, for pdflatex. The
// picture is drawn with TikZ from the same drawing as the other formats, at the same size:
// coordinates are natural points, Y downwards, scaled by the picture's x and y units, and
// its styles are named at its top ("losing" and "winning" frames, "edge", "label", and for
// Sprouts "curve", "spot" and "dead"), so that
// a user restyles a figure there. The tikzpicture environment can be pasted into a paper
// that loads tikz; it carries its colours and fonts sizes with it.
func WriteTeX(w io.Writer, t *engine.Tree, opts ...Option) error {
	return writeDrawing(w, t, opts, func(ew *errWriter, d drawing, scale float64, cfg config, fs *fonts) {
		bw := bufio.NewWriter(ew)
		x := texWriter{scale: scale, fs: fs, names: map[string]string{}}
		body := x.body(d, t)
		fmt.Fprintf(bw, texPreamble+"\\begin{tikzpicture}[x=%sbp, y=-%sbp,\n",
			oneLine(title(t, cfg)), formatNum(scale, 6), formatNum(scale, 6))
		for _, s := range x.styles {
			fmt.Fprintf(bw, "  %s/.style={%s},\n", s.name, s.keys)
		}
		bw.WriteString("]\n")
		fmt.Fprintf(bw, "\\useasboundingbox (0,0) rectangle (%s,%s);\n", x.num(d.pic.W), x.num(d.pic.H))
		bw.WriteString(body)
		bw.WriteString("\\end{tikzpicture}\n\\end{document}\n")
		ew.check(bw.Flush())
	})
}

// texPreamble opens the standalone file, under a comment that names the tree (%s).
//
// The picture is laid out with the widths of Latin Modern's 10 pt design, which the PDF and
// the SVG scale to every size; LaTeX's own designs for small sizes are wider and would crowd
// the labels, so the file declares the 10 pt design for every size of the shapes it uses:
// text (T1 lmr, lmtt) and the ≠ of math (OT1 lmr, OMS lmsy).
const texPreamble = `%% %s, drawn by Grundy Workbench.
%% Compile with pdflatex, or paste the tikzpicture environment into a document that loads
%% \usepackage{tikz} (with \usepackage[T1]{fontenc} and \usepackage{lmodern} for these fonts).
\documentclass[tikz]{standalone}
\usepackage[T1]{fontenc}
\usepackage{lmodern}
%% The picture is measured with Latin Modern's 10 pt design: keep it at the small sizes too.
\DeclareFontFamily{T1}{lmr}{}\DeclareFontShape{T1}{lmr}{m}{n}{<-> ec-lmr10}{}
\DeclareFontFamily{T1}{lmtt}{\hyphenchar\font=-1}\DeclareFontShape{T1}{lmtt}{m}{n}{<-> ec-lmtt10}{}
\DeclareFontFamily{OT1}{lmr}{}\DeclareFontShape{OT1}{lmr}{m}{n}{<-> rm-lmr10}{}
\DeclareFontFamily{OMS}{lmsy}{\skewchar\font=48}\DeclareFontShape{OMS}{lmsy}{m}{n}{<-> lmsy10}{}
\begin{document}
`

// texWriter turns a drawing's items into TikZ commands, naming each style it meets.
type texWriter struct {
	scale  float64
	fs     *fonts
	names  map[string]string // TikZ keys of a style to its name
	styles []texStyle        // in the order they were met
	counts [2]int            // styles named so far for shapes and for texts
}

// A texStyle is a named TikZ style.
type texStyle struct{ name, keys string }

// body returns the commands of the drawing: the edges, then the nodes, each after a comment
// naming its couple.
func (x *texWriter) body(d drawing, t *engine.Tree) string {
	var b strings.Builder
	edges := len(d.pic.Items)
	if len(d.nodes) > 0 {
		edges = d.nodes[0].first
	}
	if edges > 0 {
		b.WriteString("% edges\n")
	}
	x.items(&b, d.pic.Items[:edges])
	for _, n := range d.nodes {
		nd := &t.Nodes[n.id]
		fmt.Fprintf(&b, "%% (%s, %d) %s\n", oneLine(nd.Position), nd.N, draw.Label(nd.N, nd.Losing()))
		x.items(&b, d.pic.Items[n.first:n.end])
	}
	return b.String()
}

// items writes one command per item.
func (x *texWriter) items(b *strings.Builder, items []draw.Item) {
	for _, it := range items {
		switch it.Op {
		case draw.OpRect:
			if st := x.style(it); st != "" {
				fmt.Fprintf(b, "\\path[%s] (%s,%s) rectangle (%s,%s);\n", st,
					x.num(it.Min.X), x.num(it.Min.Y), x.num(it.Max.X), x.num(it.Max.Y))
			}
		case draw.OpLine:
			if st := x.style(it); st != "" {
				fmt.Fprintf(b, "\\path[%s] (%s,%s) -- (%s,%s);\n", st,
					x.num(it.Min.X), x.num(it.Min.Y), x.num(it.Max.X), x.num(it.Max.Y))
			}
		case draw.OpCircle:
			if st := x.style(it); st != "" {
				fmt.Fprintf(b, "\\path[%s] (%s,%s) circle[radius=%s];\n", st,
					x.num(it.Min.X), x.num(it.Min.Y), x.num(it.R))
			}
		case draw.OpCurve:
			if st := x.style(it); st != "" && len(it.Pts) >= 4 {
				fmt.Fprintf(b, "\\path[%s] (%s,%s)", st, x.num(it.Pts[0].X), x.num(it.Pts[0].Y))
				for i := 1; i+2 < len(it.Pts); i += 3 {
					p, q, r := it.Pts[i], it.Pts[i+1], it.Pts[i+2]
					fmt.Fprintf(b, " .. controls (%s,%s) and (%s,%s) .. (%s,%s)",
						x.num(p.X), x.num(p.Y), x.num(q.X), x.num(q.Y), x.num(r.X), x.num(r.Y))
				}
				b.WriteString(";\n")
			}
		case draw.OpText:
			if it.Text == "" || it.Size <= 0 {
				continue
			}
			cx, cy := textAnchor(it, x.fs)
			fmt.Fprintf(b, "\\node[%s] at (%s,%s) {%s};\n", x.style(it), x.num(cx), x.num(cy),
				texEscape(it.Text, it.Font == draw.Mono))
		}
	}
}

// style returns the name of the item's style, naming it when it is new, or "" when the item
// paints nothing.
func (x *texWriter) style(it draw.Item) string {
	keys, kind := x.keys(it)
	if keys == "" {
		return ""
	}
	if name, ok := x.names[keys]; ok {
		return name
	}
	name := ""
	for _, n := range texNamed {
		if it.Op == n.op && it.Style == n.style {
			name = n.name
		}
	}
	switch {
	case name != "":
	case it.Op == draw.OpText && it.Font == draw.Serif && it.Size == draw.LabelSize && it.Style.Fill == draw.Ink:
		name = "label"
	default:
		x.counts[kind]++
		name = fmt.Sprintf("%s%d", [2]string{"shape", "text"}[kind], x.counts[kind])
	}
	x.names[keys] = name
	x.styles = append(x.styles, texStyle{name, keys})
	return name
}

// texNamed names the styles of the shapes a user may want to restyle.
var texNamed = []struct {
	op    draw.Op
	style draw.Style
	name  string
}{
	{draw.OpRect, draw.LosingFrame, "losing"},
	{draw.OpRect, draw.WinningFrame, "winning"},
	{draw.OpLine, draw.EdgeStyle, "edge"},
	{draw.OpCurve, draw.CurveStyle, "curve"},
	{draw.OpCircle, draw.SpotStyle, "spot"},
	{draw.OpCircle, draw.DeadStyle, "dead"},
}

// keys returns the TikZ keys of an item's style, scaled, and whether it is a shape (0) or a
// text (1).
func (x *texWriter) keys(it draw.Item) (string, int) {
	st := it.Style
	if it.Op == draw.OpText {
		size := it.Size * x.scale
		font := fmt.Sprintf(`\fontsize{%sbp}{%sbp}\selectfont`, formatNum(size, 2), formatNum(size*1.2, 2))
		if it.Font == draw.Mono {
			font = `\ttfamily` + font
		}
		return fmt.Sprintf("font=%s, text=%s, inner sep=0pt, anchor=base", font, texColor(st.Fill)), 1
	}
	var keys []string
	if st.Fill.A > 0 && it.Op != draw.OpLine && it.Op != draw.OpCurve {
		keys = append(keys, "fill="+texColor(st.Fill))
	}
	if it.Op == draw.OpCurve {
		keys = append(keys, "line cap=round", "line join=round")
	}
	if st.Stroke.A > 0 && st.Width > 0 {
		keys = append(keys, "draw="+texColor(st.Stroke), "line width="+formatNum(st.Width*x.scale, 3)+"bp")
		if st.Dash > 0 {
			dash := formatNum(st.Dash*x.scale, 3)
			keys = append(keys, fmt.Sprintf("dash pattern=on %sbp off %sbp", dash, dash))
		}
	}
	return strings.Join(keys, ", "), 0
}

// num formats a coordinate at natural size: the picture's units do the scaling.
func (x *texWriter) num(v float64) string { return formatNum(v, 2) }

// texColor writes a colour for xcolor: a grey as a share of black, which reads well and
// edits easily, any other colour in RGB. An opacity is left out: the palette is opaque.
func texColor(c color.NRGBA) string {
	if c.R == c.G && c.G == c.B {
		switch c.R {
		case 0xff:
			return "white"
		case 0:
			return "black"
		}
		return "black!" + formatNum(float64(0xff-int(c.R))*100/0xff, 1)
	}
	return fmt.Sprintf("{rgb,255:red,%d;green,%d;blue,%d}", c.R, c.G, c.B)
}

// texEscape writes s for TeX's text mode: the characters TeX gives a meaning are escaped,
// ≠ is \neq, and a character the T1 fonts lack is a question mark, so that any notation
// compiles; the accented letters of Latin-1 are kept. In a monospace notation every space is kept.
func texEscape(s string, mono bool) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\textbackslash{}`)
		case '{', '}', '$', '&', '%', '#', '_':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '^':
			b.WriteString(`\^{}`)
		case '~':
			b.WriteString(`\textasciitilde{}`)
		case '\'':
			b.WriteString(`\textquotesingle{}`) // not a curly quote
		case '`':
			b.WriteString(`\textasciigrave{}`)
		case '|':
			b.WriteString(`\textbar{}`)
		case '<':
			b.WriteString(`\textless{}`)
		case '>':
			b.WriteString(`\textgreater{}`)
		case '-', ',', '!', '?': // break the ligatures --, ,, !` and ?`
			b.WriteRune(r)
			b.WriteString("{}")
		case ' ':
			if mono {
				b.WriteByte('~')
			} else {
				b.WriteByte(' ')
			}
		case '≠':
			b.WriteString(`$\neq$`)
		case '…':
			if mono { // one character wide, as Latin Modern Mono's ellipsis, which T1 lacks
				b.WriteString(`\makebox[0.525em]{.\kern-0.35em.\kern-0.35em.}`)
			} else {
				b.WriteString(`\dots{}`)
			}
		case '∅':
			b.WriteString(`$\emptyset$`)
		default:
			if r < ' ' || r > '~' && !(r >= 0xc0 && r <= 0xff && unicode.IsLetter(r)) {
				r = '?' // not in the T1 fonts, or not set up for pdflatex
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// oneLine returns s with its line breaks as spaces, for a TeX comment.
func oneLine(s string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
}
