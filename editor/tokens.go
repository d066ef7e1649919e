package editor

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Token sizes of a heap row, in fyne units.
const (
	tokenSide   = 16 // a token's diameter plus the gap after it
	maxTokens   = 20 // tokens drawn; a larger heap shows its size after them
	tokenHeight = 20
)

// heapTokens draws one heap as a row of tokens; a tap on the k-th token sets the heap to k.
type heapTokens struct {
	widget.BaseWidget
	n        int
	taken    [2]int // tokens taken[0] to taken[1]-1 are those a move on show takes
	onChange func(n int)
}

func newHeapTokens(n int, onChange func(int)) *heapTokens {
	t := &heapTokens{n: n, onChange: onChange}
	t.ExtendBaseWidget(t)
	return t
}

// set shows a heap of n tokens.
func (t *heapTokens) set(n int) {
	t.n = n
	t.Refresh()
}

// tokenAt returns the heap size that a tap at x asks for: the number of the token under it.
func tokenAt(x float32) int { return max(int(x/tokenSide)+1, 0) }

// Tapped sets the heap to the token tapped; a tap on the last token of the heap removes it.
func (t *heapTokens) Tapped(ev *fyne.PointEvent) {
	k := min(tokenAt(ev.Position.X), maxTokens)
	if k == t.n {
		k--
	}
	if t.onChange != nil {
		t.onChange(k)
	}
}

// MinSize holds the tokens a heap of maxTokens needs, and its size label.
func (t *heapTokens) MinSize() fyne.Size {
	return fyne.NewSize(tokenSide*(maxTokens+3), tokenHeight)
}

// CreateRenderer makes the pool of tokens once.
func (t *heapTokens) CreateRenderer() fyne.WidgetRenderer {
	r := &tokensRenderer{t: t, more: canvas.NewText("", nil)}
	for range maxTokens {
		c := canvas.NewCircle(nil)
		r.dots = append(r.dots, c)
		r.objects = append(r.objects, c)
	}
	r.objects = append(r.objects, r.more)
	r.Refresh()
	return r
}

type tokensRenderer struct {
	t       *heapTokens
	dots    []*canvas.Circle
	more    *canvas.Text
	objects []fyne.CanvasObject
}

func (r *tokensRenderer) Destroy()                     {}
func (r *tokensRenderer) MinSize() fyne.Size           { return r.t.MinSize() }
func (r *tokensRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *tokensRenderer) Layout(size fyne.Size) {
	d := float32(tokenSide - 4)
	y := (size.Height - d) / 2
	for k, c := range r.dots {
		c.Move(fyne.NewPos(float32(k)*tokenSide+2, y))
		c.Resize(fyne.NewSquareSize(d))
	}
	shown := min(r.t.n, maxTokens)
	r.more.Move(fyne.NewPos(float32(shown)*tokenSide+4, (size.Height-r.more.MinSize().Height)/2))
	r.more.Resize(r.more.MinSize())
}

func (r *tokensRenderer) Refresh() {
	for k, c := range r.dots {
		c.Hidden = k >= r.t.n
		c.FillColor = theme.Color(theme.ColorNamePrimary)
		c.StrokeWidth = 0
		if k >= r.t.taken[0] && k < r.t.taken[1] {
			c.FillColor, c.StrokeColor, c.StrokeWidth = moveFill, moveStroke, 2
		}
	}
	r.more.Text = ""
	if r.t.n > maxTokens {
		r.more.Text = "… " + strconv.Itoa(r.t.n)
	}
	r.more.Color = theme.Color(theme.ColorNameForeground)
	r.Layout(r.t.Size())
	canvas.Refresh(r.t)
}
