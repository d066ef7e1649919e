package editor

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/games"
	"grundy/games/parse"
)

// circleHint is the line over a position with circles.
const circleHint = "Circles of tokens (oN) beside rows: use + and − to size them, or add a circle or a row."

// Sizes of a drawn circle, in fyne units.
const (
	ringSide   = 96 // the side of the square a circle is drawn in
	maxRingDot = 48 // tokens drawn on a circle; a larger one shows its size in the middle
)

// ringPoints returns the centres of n tokens spaced evenly on a circle of radius r about
// (cx, cy), the first at the top, going clockwise.
func ringPoints(n int, cx, cy, r float32) []fyne.Position {
	out := make([]fyne.Position, n)
	for k := range out {
		a := 2*math.Pi*float64(k)/float64(n) - math.Pi/2
		out[k] = fyne.NewPos(cx+r*float32(math.Cos(a)), cy+r*float32(math.Sin(a)))
	}
	return out
}

// ringTokens draws one circle of n tokens as dots on a ring.
type ringTokens struct {
	widget.BaseWidget
	n int
}

func newRingTokens(n int) *ringTokens {
	t := &ringTokens{n: n}
	t.ExtendBaseWidget(t)
	return t
}

func (t *ringTokens) MinSize() fyne.Size { return fyne.NewSquareSize(ringSide) }

func (t *ringTokens) CreateRenderer() fyne.WidgetRenderer {
	r := &ringRenderer{t: t, ring: canvas.NewCircle(nil), label: canvas.NewText("", nil)}
	r.objects = []fyne.CanvasObject{r.ring}
	for range min(t.n, maxRingDot) {
		d := canvas.NewCircle(nil)
		r.dots = append(r.dots, d)
		r.objects = append(r.objects, d)
	}
	r.objects = append(r.objects, r.label)
	r.Refresh()
	return r
}

type ringRenderer struct {
	t       *ringTokens
	ring    *canvas.Circle
	dots    []*canvas.Circle
	label   *canvas.Text
	objects []fyne.CanvasObject
}

func (r *ringRenderer) Destroy()                     {}
func (r *ringRenderer) MinSize() fyne.Size           { return r.t.MinSize() }
func (r *ringRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *ringRenderer) Layout(size fyne.Size) {
	side := min(size.Width, size.Height)
	cx, cy := size.Width/2, size.Height/2
	dot := min(float32(tokenSide-4), side*math.Pi/float32(max(len(r.dots), 1))*0.7)
	radius := side/2 - dot/2 - 1
	r.ring.Move(fyne.NewPos(cx-radius, cy-radius))
	r.ring.Resize(fyne.NewSquareSize(2 * radius))
	for k, p := range ringPoints(len(r.dots), cx, cy, radius) {
		r.dots[k].Move(fyne.NewPos(p.X-dot/2, p.Y-dot/2))
		r.dots[k].Resize(fyne.NewSquareSize(dot))
	}
	ls := r.label.MinSize()
	r.label.Move(fyne.NewPos(cx-ls.Width/2, cy-ls.Height/2))
	r.label.Resize(ls)
}

func (r *ringRenderer) Refresh() {
	r.ring.FillColor, r.ring.StrokeColor, r.ring.StrokeWidth = nil, boardLine, 1
	for _, d := range r.dots {
		d.FillColor = theme.Color(theme.ColorNamePrimary)
	}
	r.label.Text = ""
	if r.t.n > maxRingDot {
		r.label.Text = strconv.Itoa(r.t.n)
	}
	r.label.Color = theme.Color(theme.ColorNameForeground)
	r.Layout(r.t.Size())
	canvas.Refresh(r.t)
}

// A circleRower is a position that has circles beside its rows (games/octal's positions).
type circleRower interface {
	Circles() []int
	Heaps() []int
}

// circlePicture shows a position of an octal game with circles: each circle drawn as tokens
// on a ring, each row as a row of tokens, with steppers and remove buttons, and buttons that
// add a circle or a row.
type circlePicture struct {
	widget.BaseWidget
	game     games.Game
	circles  []int
	rows     []int
	box      *fyne.Container
	notes    notes
	onChange func(string)
}

func newCirclePicture(g games.Game) *circlePicture {
	p := &circlePicture{game: g, box: container.NewVBox(), notes: newNotes(circleHint)}
	p.ExtendBaseWidget(p)
	return p
}

// hasCircles reports whether term writes a circle ("o19").
func hasCircles(term string) bool { return strings.Contains(term, "o") }

func (p *circlePicture) SetTerm(term string) error {
	pos, err := p.game.Parse(term)
	if err != nil {
		return err
	}
	cr, ok := pos.(circleRower)
	if !ok {
		return parse.Errorf(parse.ErrSyntax, p.game.Name(), term, -1, "not a position of rows and circles")
	}
	if n := len(cr.Circles()) + len(cr.Heaps()); n > maxEditedHeaps {
		return parse.Errorf(parse.ErrTooLarge, p.game.Name(), term, -1, "%d rows and circles, more than the %d the editor shows", n, maxEditedHeaps)
	}
	p.circles, p.rows = cr.Circles(), cr.Heaps()
	p.notes.setMove("")
	p.rebuild()
	return nil
}

// Term writes the circles, then the rows, as games/octal does; "0" for nothing.
func (p *circlePicture) Term() string {
	var parts []string
	for _, c := range p.circles {
		parts = append(parts, "o"+strconv.Itoa(c))
	}
	for _, r := range p.rows {
		parts = append(parts, strconv.Itoa(r))
	}
	if len(parts) == 0 {
		return "0"
	}
	return strings.Join(parts, " ")
}

func (p *circlePicture) SetOnChanged(f func(string)) { p.onChange = f }
func (p *circlePicture) pictureNotes() notes         { return p.notes }

// Circles returns the sizes of the circles on show.
func (p *circlePicture) Circles() []int { return append([]int(nil), p.circles...) }

// set changes entry k of sizes to n, when it stays a size the editor reads.
func (p *circlePicture) set(sizes []int, k, n int) {
	if k < len(sizes) && n >= 0 && n <= maxEditedHeap {
		sizes[k] = n
		p.edited()
	}
}

func (p *circlePicture) edited() {
	p.notes.setMove("")
	p.rebuild()
	if p.onChange != nil {
		p.onChange(p.Term())
	}
}

func (p *circlePicture) add(circle bool) {
	if len(p.circles)+len(p.rows) >= maxEditedHeaps {
		return
	}
	if circle {
		p.circles = append(p.circles, 6)
	} else {
		p.rows = append(p.rows, 3)
	}
	p.edited()
}

// rebuild makes one line per circle, then one per row, then the buttons that add them.
func (p *circlePicture) rebuild() {
	var objs []fyne.CanvasObject
	for k, n := range p.circles {
		objs = append(objs, p.line(&p.circles, k, "o"+strconv.Itoa(n), newRingTokens(n)))
	}
	for k, n := range p.rows {
		objs = append(objs, p.line(&p.rows, k, strconv.Itoa(n), newHeapTokens(n, func(m int) { p.set(p.rows, k, m) })))
	}
	objs = append(objs, container.NewHBox(
		smallButton("Add circle", theme.ContentAddIcon(), func() { p.add(true) }),
		smallButton("Add row", theme.ContentAddIcon(), func() { p.add(false) })))
	p.box.Objects = objs
	p.box.Refresh()
}

// line returns the line of entry k of *sizes: its name, a stepper down, its tokens, a
// stepper up, remove.
func (p *circlePicture) line(sizes *[]int, k int, name string, tokens fyne.CanvasObject) fyne.CanvasObject {
	label := widget.NewLabelWithStyle(name, fyne.TextAlignTrailing, fyne.TextStyle{Monospace: true})
	return container.NewHBox(
		container.NewGridWrap(fyne.NewSize(56, label.MinSize().Height), label),
		smallButton("", theme.ContentRemoveIcon(), func() { p.set(*sizes, k, (*sizes)[k]-1) }),
		container.NewCenter(tokens),
		smallButton("", theme.ContentAddIcon(), func() { p.set(*sizes, k, (*sizes)[k]+1) }),
		smallButton("", theme.DeleteIcon(), func() {
			*sizes = append((*sizes)[:k], (*sizes)[k+1:]...)
			p.edited()
		}),
	)
}

// showMove says what the move to term leaves: a circle opened into a row, or a row changed.
func (p *circlePicture) showMove(term string) {
	p.notes.setMove(fmt.Sprintf("the move leaves %s", term))
}
func (p *circlePicture) clearMove()       { p.notes.setMove("") }
func (p *circlePicture) moveNote() string { return p.notes.move.Text }

func (p *circlePicture) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(p.notes.line(), nil, nil, nil, p.box))
}
