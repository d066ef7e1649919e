package export

import (
	"image/color"

	"github.com/tdewolff/canvas"

	"grundy/viz/draw"
)

// painter draws a display list on a canvas. The list is in points with Y downwards; the
// canvas is in millimetres with Y upwards, so every coordinate goes through x and y.
type painter struct {
	c     *canvas.Canvas
	fs    *fonts
	scale float64 // points of output per point of the list
}

// render returns a canvas holding pic scaled by scale.
func render(pic draw.Picture, fs *fonts, scale float64) *canvas.Canvas {
	k := scale * mmPerPt
	p := painter{c: canvas.New(pic.W*k, pic.H*k), fs: fs, scale: scale}
	for _, it := range pic.Items {
		switch it.Op {
		case draw.OpRect:
			p.rect(it)
		case draw.OpCircle:
			p.circle(it)
		case draw.OpLine:
			p.line(it)
		case draw.OpText:
			p.text(it)
		case draw.OpCurve:
			p.curve(it)
		}
	}
	return p.c
}

// x and y map a point of the list to the canvas.
func (p *painter) x(v float64) float64 { return v * p.scale * mmPerPt }
func (p *painter) y(v float64) float64 { return p.c.H - v*p.scale*mmPerPt }

func (p *painter) rect(it draw.Item) {
	path := &canvas.Path{}
	path.MoveTo(p.x(it.Min.X), p.y(it.Min.Y))
	path.LineTo(p.x(it.Max.X), p.y(it.Min.Y))
	path.LineTo(p.x(it.Max.X), p.y(it.Max.Y))
	path.LineTo(p.x(it.Min.X), p.y(it.Max.Y))
	path.Close()
	p.c.RenderPath(path, p.style(it.Style), canvas.Identity)
}

func (p *painter) circle(it draw.Item) {
	path := canvas.Circle(p.x(it.R)).Translate(p.x(it.Min.X), p.y(it.Min.Y))
	p.c.RenderPath(path, p.style(it.Style), canvas.Identity)
}

func (p *painter) line(it draw.Item) {
	path := &canvas.Path{}
	path.MoveTo(p.x(it.Min.X), p.y(it.Min.Y))
	path.LineTo(p.x(it.Max.X), p.y(it.Max.Y))
	s := p.style(it.Style)
	s.Fill = canvas.Paint{}
	p.c.RenderPath(path, s, canvas.Identity)
}

// curve strokes the Bézier pieces of a curve, with round ends and joins.
func (p *painter) curve(it draw.Item) {
	if len(it.Pts) < 4 {
		return
	}
	path := &canvas.Path{}
	path.MoveTo(p.x(it.Pts[0].X), p.y(it.Pts[0].Y))
	for i := 1; i+2 < len(it.Pts); i += 3 {
		a, b, c := it.Pts[i], it.Pts[i+1], it.Pts[i+2]
		path.CubeTo(p.x(a.X), p.y(a.Y), p.x(b.X), p.y(b.Y), p.x(c.X), p.y(c.Y))
	}
	s := p.style(it.Style)
	s.Fill = canvas.Paint{}
	s.StrokeCapper, s.StrokeJoiner = canvas.RoundCap, canvas.RoundJoin
	p.c.RenderPath(path, s, canvas.Identity)
}

// text centres the cap height of the line on the middle of the item's box.
func (p *painter) text(it draw.Item) {
	if it.Text == "" || it.Size <= 0 {
		return
	}
	face := p.fs.face(it.Font, it.Size*p.scale, paintOf(it.Style.Fill))
	capHeight := face.Metrics().CapHeight
	if capHeight <= 0 {
		capHeight = 0.7 * face.Size
	}
	cx := p.x((it.Min.X + it.Max.X) / 2)
	cy := p.y((it.Min.Y + it.Max.Y) / 2)
	line := canvas.NewTextLine(face, it.Text, canvas.Left)
	p.c.RenderText(line, canvas.Identity.Translate(cx-face.TextWidth(it.Text)/2, cy-capHeight/2))
}

// style converts a draw style, its lengths in points, to a canvas style in millimetres.
func (p *painter) style(s draw.Style) canvas.Style {
	cs := canvas.DefaultStyle
	cs.Fill = paintOf(s.Fill)
	cs.Stroke = paintOf(s.Stroke)
	cs.StrokeWidth = p.x(s.Width)
	if s.Dash > 0 {
		cs.Dashes = []float64{p.x(s.Dash), p.x(s.Dash)}
	}
	return cs
}

// paintOf converts a colour; a transparent one paints nothing.
func paintOf(c color.NRGBA) canvas.Paint {
	if c.A == 0 {
		return canvas.Paint{}
	}
	return canvas.Paint{Color: color.RGBAModel.Convert(c).(color.RGBA)}
}
