package editor

import (
	"errors"
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"grundy/games/sprouts/drawing"
)

// The colours of a drawing, those of drawing.SVG on white paper, so that the editor, the
// trees and the exports show one picture in the light and the dark theme alike.
var (
	sproutsInk     = color.NRGBA{0x1f, 0x3a, 0x93, 0xff} // lines
	sproutsSpot    = color.NRGBA{0x00, 0x00, 0x00, 0xff} // spots with lives
	sproutsDead    = color.NRGBA{0x88, 0x88, 0x88, 0xff} // dead spots, hollow
	sproutsNumber  = color.NRGBA{0xa0, 0x30, 0x30, 0xff} // spot numbers
	sproutsStroke  = color.NRGBA{0x2e, 0x8b, 0x57, 0xff} // the curve being dragged
	sproutsRefused = color.NRGBA{0xd0, 0x20, 0x20, 0xff} // a refused curve, until the next drag
)

// A SproutsCanvas shows a Sprouts drawing on white paper, its spots numbered, and plays the
// curves dragged on it: a drag from a spot to a spot (or back to the same one), its ends
// snapped to the nearest spot within a few pixels, is given to drawing.Draw. An accepted curve
// is a move (OnDrawn); a refused one changes nothing and OnRefused says why in one line.
type SproutsCanvas struct {
	widget.BaseWidget

	// OnDrawn is called with the drawing after each curve that is a move.
	OnDrawn func(d *drawing.Drawing)
	// OnRefused is called with the reason a curve is no move, one line.
	OnRefused func(reason string)

	d       *drawing.Drawing // the drawing played on
	shown   *drawing.Drawing // a move on show, not played (preview), drawn in d's place; or nil
	marked  int              // lines from this index on are a move to see, in its colour; -1 for none
	shownAt int              // the same for shown
	view    sproutsView
	refusal string // why the last curve was refused
	message string // the line written on the paper: "Refused: " and the refusal, or a note

	dragging bool
	from     int       // the spot the drag started on, or -1
	xs, ys   []float64 // the points dragged through, in pixels
	refused  bool      // xs, ys are the last curve, refused
}

// NewSproutsCanvas returns a canvas showing d.
func NewSproutsCanvas(d *drawing.Drawing) *SproutsCanvas {
	c := &SproutsCanvas{d: d, marked: -1, from: -1}
	c.ExtendBaseWidget(c)
	return c
}

// Drawing returns the drawing on show.
func (c *SproutsCanvas) Drawing() *drawing.Drawing { return c.d }

// Marked returns the first line of the move on show (drawn in its colour: the engine's last
// move, or a move selected and not played), or -1.
func (c *SproutsCanvas) Marked() int { return c.marked }

// Refusal returns why the last curve was no move, or "" after a move or a new drawing.
func (c *SproutsCanvas) Refusal() string { return c.refusal }

// SetDrawing shows d; the lines from index marked on are drawn as a move on show (-1: none).
func (c *SproutsCanvas) SetDrawing(d *drawing.Drawing, marked int) {
	c.d, c.marked, c.refusal, c.message, c.shown = d, marked, "", "", nil
	c.xs, c.ys, c.refused = nil, nil, false
	c.Refresh()
}

// SpotPosition returns where spot s is drawn, in the canvas's coordinates.
func (c *SproutsCanvas) SpotPosition(s int) fyne.Position { return c.At(c.d.Spots[s]) }

// At returns where point p of the drawing is, in the canvas's coordinates.
func (c *SproutsCanvas) At(p drawing.Point) fyne.Position {
	x, y := c.fit().screen(p)
	return fyne.NewPos(float32(x), float32(y))
}

// DrawMove draws the move to option, one of the position's options, with the curve the
// engine would draw for it (drawing.Curve), as a hand would; it reports whether the move
// has such a curve on the drawing as it stands. Scripts play with it.
func (c *SproutsCanvas) DrawMove(option string) bool {
	curve, err := c.d.Curve(option)
	if err != nil {
		return false
	}
	c.refused, c.refusal, c.message = false, "", ""
	return c.play(curve)
}

// DrawThrough drags a curve through pts, in the canvas's coordinates, as the mouse would;
// scripts and tests play moves with it.
func (c *SproutsCanvas) DrawThrough(pts ...fyne.Position) {
	for i := 1; i < len(pts); i++ {
		c.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: pts[i]}, Dragged: fyne.NewDelta(pts[i].X-pts[i-1].X, pts[i].Y-pts[i-1].Y)})
	}
	c.DragEnd()
}

// DragCurve drags a curve through pts, points of the drawing, as DrawThrough does, with a
// few steps of the pointer between each two.
func (c *SproutsCanvas) DragCurve(pts ...drawing.Point) {
	const steps = 5
	var at []fyne.Position
	for i, p := range pts {
		for k := 1; i > 0 && k < steps; k++ {
			q, t := pts[i-1], float64(k)/steps
			at = append(at, c.At(drawing.Point{X: q.X + t*(p.X-q.X), Y: q.Y + t*(p.Y-q.Y)}))
		}
		at = append(at, c.At(p))
	}
	c.DrawThrough(at...)
}

// Cursor is a crosshair: the canvas is drawn on.
func (c *SproutsCanvas) Cursor() desktop.Cursor { return desktop.CrosshairCursor }

// fit returns the view of the drawing in the canvas's current size.
func (c *SproutsCanvas) fit() sproutsView {
	s := c.Size()
	return fitView(c.d, float64(s.Width), float64(s.Height))
}

// Dragged follows a drag: it starts on the spot nearest the press, and the curve follows
// the pointer.
func (c *SproutsCanvas) Dragged(ev *fyne.DragEvent) {
	if c.d == nil {
		return
	}
	if !c.dragging {
		c.dragging, c.refused, c.refusal, c.message, c.shown = true, false, "", "", nil
		c.view = c.fit() // fixed for the whole drag
		start := ev.Position.Subtract(ev.Dragged)
		c.from = c.view.spotNear(c.d, float64(start.X), float64(start.Y))
		c.xs, c.ys = []float64{float64(start.X)}, []float64{float64(start.Y)}
	}
	c.xs = append(c.xs, float64(ev.Position.X))
	c.ys = append(c.ys, float64(ev.Position.Y))
	c.Refresh()
}

// DragEnd plays the curve dragged, from the spot it started on to the spot it ends on.
func (c *SproutsCanvas) DragEnd() {
	if !c.dragging {
		return
	}
	c.dragging = false
	last := len(c.xs) - 1
	to := c.view.spotNear(c.d, c.xs[last], c.ys[last])
	switch {
	case c.from < 0:
		c.refuse("a curve starts on a spot: press on a spot and drag to a spot")
		return
	case to < 0:
		c.refuse("the curve does not end at a spot")
		return
	}
	c.play(c.view.curveOf(c.d, c.from, to, c.xs[1:], c.ys[1:]))
}

// play draws curve, in drawing units, as a move: it reports whether it was one.
func (c *SproutsCanvas) play(curve []drawing.Point) bool {
	next, err := c.d.Draw(curve)
	if err != nil {
		c.refuse(refusalText(err))
		return false
	}
	c.d, c.marked, c.xs, c.ys, c.shown = next, -1, nil, nil, nil
	c.Refresh()
	if c.OnDrawn != nil {
		c.OnDrawn(next)
	}
	return true
}

// refuse keeps the drawing, shows the curve refused, and says why.
func (c *SproutsCanvas) refuse(why string) {
	c.refused, c.refusal, c.message = true, why, "Refused: "+why+"."
	c.Refresh()
	if c.OnRefused != nil {
		c.OnRefused(why)
	}
}

// preview draws d, a move from the drawing on show, in its place, the move's lines from index
// marked on; nil takes it away. The drawing played on stays; a drag takes the preview away.
func (c *SproutsCanvas) preview(d *drawing.Drawing, marked int) {
	c.shown, c.shownAt = d, marked
	c.Refresh()
}

// setMessage writes s on the paper, one line in red; "" takes it away.
func (c *SproutsCanvas) setMessage(s string) {
	c.message = s
	c.Refresh()
}

// refusalText is the reason of a refused move, without the package's prefix.
func refusalText(err error) string {
	s := err.Error()
	if errors.Is(err, drawing.ErrRefused) {
		s = strings.TrimPrefix(s, drawing.ErrRefused.Error()+": ")
	}
	return s
}

// MinSize is room for a few spots: small, so that the line over the drawing and its buttons
// fit in a small editor.
func (c *SproutsCanvas) MinSize() fyne.Size { return fyne.NewSize(200, 130) }

// CreateRenderer returns the canvas's renderer; its objects are made anew on each refresh,
// as many as the drawing has segments.
func (c *SproutsCanvas) CreateRenderer() fyne.WidgetRenderer {
	r := &sproutsRenderer{c: c, paper: canvas.NewRectangle(boardPaper)}
	r.paper.StrokeColor, r.paper.StrokeWidth = boardLine, 1
	return r
}

// sproutsRenderer draws a SproutsCanvas: the paper, the lines sampled along their smooth
// curves, the spots and their numbers (made again only when the drawing or the size change),
// then the curve being dragged and the message.
type sproutsRenderer struct {
	c       *SproutsCanvas
	paper   *canvas.Rectangle
	objects []fyne.CanvasObject
	base    int       // objects[:base] are the paper and the drawing
	made    baseState // what they show
}

// A baseState is what the paper and the drawing of a renderer show.
type baseState struct {
	d      *drawing.Drawing
	marked int
	size   fyne.Size
}

func (r *sproutsRenderer) Destroy()                     {}
func (r *sproutsRenderer) MinSize() fyne.Size           { return r.c.MinSize() }
func (r *sproutsRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *sproutsRenderer) Refresh() {
	r.Layout(r.c.Size())
	canvas.Refresh(r.c)
}

// Layout makes the objects of the drawing in size.
func (r *sproutsRenderer) Layout(size fyne.Size) {
	c := r.c
	st := baseState{c.d, c.marked, size}
	if c.shown != nil {
		st.d, st.marked = c.shown, c.shownAt
	}
	if st != r.made || r.base == 0 {
		r.made = st
		r.paper.Resize(size)
		r.objects = append(r.objects[:0], r.paper)
		if st.d != nil {
			r.drawing(fitView(st.d, float64(size.Width), float64(size.Height)), st.d, st.marked)
		}
		r.base = len(r.objects)
	}
	r.objects = r.objects[:r.base]
	if len(c.xs) > 1 && (c.dragging || c.refused) {
		ink := color.Color(sproutsStroke)
		if c.refused {
			ink = sproutsRefused
		}
		for i := 1; i < len(c.xs); i++ {
			r.segment(c.xs[i-1], c.ys[i-1], c.xs[i], c.ys[i], ink, 2)
		}
	}
	if c.message != "" {
		t := canvas.NewText(c.message, sproutsRefused)
		t.TextStyle.Bold = true
		t.TextSize = 13
		t.Move(fyne.NewPos(8, 4)) // on top: a small editor scrolls the paper's bottom away
		r.objects = append(r.objects, t)
	}
}

// drawing draws the lines of d, those from index marked on in the colour of a move, and its
// spots.
func (r *sproutsRenderer) drawing(v sproutsView, d *drawing.Drawing, marked int) {
	for i, l := range d.Lines {
		ink, width := color.Color(sproutsInk), float32(2)
		if marked >= 0 && i >= marked {
			ink, width = moveStroke, 3.5
		}
		r.polyline(v, smoothed(l.Path, 3), ink, width)
	}
	r.spots(v, d)
}

// spots draws the spots, black while they have lives and hollow once dead, each numbered
// (refusals name spots by number).
func (r *sproutsRenderer) spots(v sproutsView, d *drawing.Drawing) {
	const rad = 5
	for s, p := range d.Spots {
		x, y := v.screen(p)
		dot := canvas.NewCircle(sproutsSpot)
		if d.Lives(s) == 0 {
			dot.FillColor, dot.StrokeColor, dot.StrokeWidth = boardPaper, sproutsDead, 1.5
		}
		dot.Move(fyne.NewPos(float32(x)-rad, float32(y)-rad))
		dot.Resize(fyne.NewSize(2*rad, 2*rad))
		num := canvas.NewText(strconv.Itoa(s), sproutsNumber)
		num.TextSize = 10
		num.Move(fyne.NewPos(float32(x)+rad, float32(y)-rad-12))
		r.objects = append(r.objects, dot, num)
	}
}

// polyline draws the segments of pts, drawing units, in ink.
func (r *sproutsRenderer) polyline(v sproutsView, pts []drawing.Point, ink color.Color, width float32) {
	for i := 1; i < len(pts); i++ {
		x1, y1 := v.screen(pts[i-1])
		x2, y2 := v.screen(pts[i])
		r.segment(x1, y1, x2, y2, ink, width)
	}
}

// segment draws one segment, pixels, in ink.
func (r *sproutsRenderer) segment(x1, y1, x2, y2 float64, ink color.Color, width float32) {
	l := canvas.NewLine(ink)
	l.StrokeWidth = width
	l.Position1 = fyne.NewPos(float32(x1), float32(y1))
	l.Position2 = fyne.NewPos(float32(x2), float32(y2))
	r.objects = append(r.objects, l)
}
