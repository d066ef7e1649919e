package editor

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/games"
	"grundy/games/parse"
)

// maxEditedHeaps is the most heaps the heap picture shows in rows.
const maxEditedHeaps = 64

// heapPicture shows the heaps of a heap game as rows of tokens, each with steppers and a
// remove button, and a button that adds a heap. A tap on a token sets the heap's size.
type heapPicture struct {
	widget.BaseWidget
	game     games.Game
	heaps    []int
	rows     *fyne.Container
	notes    notes
	move     *heapChange // the move on show, not played, or nil
	onChange func(string)
}

func newHeapPicture(g games.Game) *heapPicture {
	p := &heapPicture{game: g, rows: container.NewVBox(), notes: newNotes(heapHint)}
	p.ExtendBaseWidget(p)
	return p
}

func (p *heapPicture) SetTerm(term string) error {
	hs, err := parseHeaps(p.game, term)
	if err != nil {
		return err
	}
	if len(hs) > maxEditedHeaps {
		return parse.Errorf(parse.ErrTooLarge, p.game.Name(), term, -1, "%d heaps, more than the %d the editor shows", len(hs), maxEditedHeaps)
	}
	p.heaps, p.move = hs, nil
	p.notes.setMove("")
	p.rebuild()
	return nil
}

// showMove marks the heap that the move to term changes: the tokens it takes, and what the
// heap becomes.
func (p *heapPicture) showMove(term string) {
	after, err := parseHeaps(p.game, term)
	if err != nil {
		p.notes.setMove("the move leaves " + term)
		return
	}
	c, ok := heapMove(p.heaps, after)
	if !ok {
		p.notes.setMove("the move leaves " + term)
		return
	}
	p.move = &c
	p.notes.setMove("the move: " + c.String())
	p.rebuild()
}

func (p *heapPicture) clearMove() {
	if p.move != nil {
		p.move = nil
		p.rebuild()
	}
	p.notes.setMove("")
}

func (p *heapPicture) moveNote() string { return p.notes.move.Text }

func (p *heapPicture) Term() string                { return parse.JoinInts(p.heaps) }
func (p *heapPicture) SetOnChanged(f func(string)) { p.onChange = f }

// Heaps returns the heap sizes on show.
func (p *heapPicture) Heaps() []int { return append([]int(nil), p.heaps...) }

// setHeap changes heap k to n (at least 0) and tells the editor.
func (p *heapPicture) setHeap(k, n int) {
	if n < 0 || n > maxEditedHeap || k >= len(p.heaps) {
		return
	}
	p.heaps[k] = n
	p.edited()
}

func (p *heapPicture) addHeap() {
	if len(p.heaps) >= maxEditedHeaps {
		return
	}
	n := 1
	if len(p.heaps) > 0 {
		n = p.heaps[len(p.heaps)-1]
	}
	p.heaps = append(p.heaps, n)
	p.edited()
}

func (p *heapPicture) removeHeap(k int) {
	if k >= len(p.heaps) {
		return
	}
	p.heaps = append(p.heaps[:k], p.heaps[k+1:]...)
	p.edited()
}

func (p *heapPicture) edited() {
	p.move = nil
	p.notes.setMove("")
	p.rebuild()
	if p.onChange != nil {
		p.onChange(p.Term())
	}
}

// rebuild makes one row per heap.
func (p *heapPicture) rebuild() {
	objs := make([]fyne.CanvasObject, 0, len(p.heaps)+1)
	for k, n := range p.heaps {
		objs = append(objs, p.row(k, n))
	}
	objs = append(objs, container.NewHBox(smallButton("Add heap", theme.ContentAddIcon(), p.addHeap)))
	p.rows.Objects = objs
	p.rows.Refresh()
}

// row returns heap k's row: its size, a stepper down, its tokens, a stepper up, remove.
func (p *heapPicture) row(k, n int) fyne.CanvasObject {
	size := widget.NewLabelWithStyle(strconv.Itoa(n), fyne.TextAlignTrailing, fyne.TextStyle{Monospace: true})
	tokens := newHeapTokens(n, func(m int) { p.setHeap(k, m) })
	objs := []fyne.CanvasObject{
		container.NewGridWrap(fyne.NewSize(48, size.MinSize().Height), size),
		smallButton("", theme.ContentRemoveIcon(), func() { p.setHeap(k, p.heaps[k]-1) }),
		tokens,
		smallButton("", theme.ContentAddIcon(), func() { p.setHeap(k, p.heaps[k]+1) }),
		smallButton("", theme.DeleteIcon(), func() { p.removeHeap(k) }),
	}
	if c := p.move; c != nil && c.k == k {
		// The tokens the move takes: after the first part, before the second.
		kept := 0
		if len(c.parts) > 0 {
			kept = c.parts[0]
		}
		taken := c.from
		for _, x := range c.parts {
			taken -= x
		}
		tokens.taken = [2]int{kept, kept + taken}
		to := widget.NewLabel("→ " + c.to())
		to.Importance = widget.HighImportance
		to.TextStyle.Bold = true
		objs = append(objs, to)
	}
	return container.NewHBox(objs...)
}

func (p *heapPicture) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(p.notes.line(), nil, nil, nil, p.rows))
}
