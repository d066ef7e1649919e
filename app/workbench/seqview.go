package workbench

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"grundy/games"
)

// DefaultSequenceTo is the largest heap View › Nimber Sequence shows.
const DefaultSequenceTo = 200

// errNoHeapGame is what the sequence view says of a game that is not played on heaps.
var errNoHeapGame = errors.New("the nimber sequence is of heap games (nim, kayles, octal and subtraction games): choose one in the editor")

// A sequenceView shows the nimbers of single heaps of a heap game, 0 to n, as `grundy seq`
// prints them, with the period when one is proven: one row per period.
type sequenceView struct {
	head   *widget.Label
	values *widget.Label
	dlg    dialog.Dialog
}

// ShowSequence opens the nimber sequence of the editor's game, heaps 0 to n, in a dialog that
// Enter and Esc close. The values are computed in the background; closing stops them.
func (w *Workbench) ShowSequence(n int) error {
	_, err := w.showSequence(n)
	return err
}

func (w *Workbench) showSequence(n int) (*sequenceView, error) {
	g, _ := w.Editor.Current()
	hg, ok := g.(games.HeapGame)
	if !ok {
		return nil, errNoHeapGame
	}
	v := &sequenceView{head: widget.NewLabel(fmt.Sprintf("%s: computing the nimbers of heaps 0 to %d…", g.Name(), n)),
		values: widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})}
	v.head.Wrapping = fyne.TextWrapWord
	s := container.NewScroll(v.values)
	s.SetMinSize(fyne.NewSize(520, 320))
	v.dlg = dialog.NewCustom("Nimber sequence of "+g.Name(), "Close", container.NewBorder(v.head, nil, nil, nil, s), w.win)
	ctx, cancel := context.WithCancel(context.Background())
	withKeys(w.win, v.dlg, v.dlg.Hide, v.dlg.Hide)
	v.dlg.SetOnClosed(cancel)
	v.dlg.Show()
	go func() {
		seq, err := hg.Sequence(ctx, n)
		w.do(func() { v.show(g.Name(), n, seq, err) })
	}()
	return v, nil
}

// show fills the view with seq, or why there is none.
func (v *sequenceView) show(game string, n int, seq games.Sequence, err error) {
	if err != nil && len(seq.Values) == 0 {
		v.head.SetText(game + ": " + err.Error())
		return
	}
	v.head.SetText(SequenceHead(game, n, seq))
	v.values.SetText(SequenceRows(seq))
}

// SequenceHead says what the rows show: the heaps, and the period when one is proven.
func SequenceHead(game string, n int, seq games.Sequence) string {
	s := fmt.Sprintf("%s: the nimbers of single heaps of 0 to %d tokens, g(0) first.", game, len(seq.Values)-1)
	if len(seq.Values) < n+1 {
		s = fmt.Sprintf("%s: the nimbers of heaps 0 to %d (stopped before %d).", game, len(seq.Values)-1, n)
	}
	if seq.Period > 0 {
		return s + fmt.Sprintf(" Periodic, proven: period %d from heap %d on (preperiod %d), g(n+%d) = g(n); one row per period.",
			seq.Period, seq.Preperiod, seq.Preperiod, seq.Period)
	}
	return s + " No period found up to there."
}

// SequenceRows writes the values in rows, each after the heap it starts at: one period a row
// when the period is between 2 and 40, else 10 a row.
func SequenceRows(seq games.Sequence) string {
	per := 10
	if seq.Period >= 2 && seq.Period <= 40 {
		per = seq.Period
	}
	width := len(fmt.Sprint(len(seq.Values)))
	var b strings.Builder
	for i, v := range seq.Values {
		if i%per == 0 {
			if i > 0 {
				b.WriteByte('\n')
			}
			fmt.Fprintf(&b, "%*d:", width, i)
		}
		fmt.Fprintf(&b, " %2d", v)
	}
	return b.String()
}
