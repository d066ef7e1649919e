package workbench

import (
	"context"
	"fmt"
	"image"
	"math/bits"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"grundy/games"
	"grundy/games/octal"
)

// maxSeqView bounds the heaps of the sequence view; `grundy seq --file` goes further.
const maxSeqView = 1 << 20

// seqShownValues is how many values the view lists as text; the plot shows them all.
const seqShownValues = 1200

// A SequenceView shows the nimbers of single heaps of a heap game, as `grundy seq` does:
// the values, their period, the rare values of the rare/common method, and a plot of G(n).
// It computes in the background; results reach the widgets through do.
type SequenceView struct {
	Content fyne.CanvasObject

	game    games.HeapGame
	do      func(func())
	to      *widget.Entry
	compute *widget.Button
	stop    *widget.Button
	summary *widget.Label
	values  *widget.Label
	plot    *canvas.Raster
	caption *widget.Label // under the plot: its axes
	shown   seqShown
	gen     int // the computation whose results the view takes; older ones are dropped
	cancel  context.CancelFunc
	done    chan struct{} // closed when the computation running ends
	win     fyne.Window   // the window it is shown in, when it has one (ShowSequence)
}

// seqShown is what the view shows of one computation.
type seqShown struct {
	n       int            // heaps 0..n-1
	at      func(int) int  // their values
	rare    func(int) bool // nil: no mask
	summary []string       // the lines under the buttons
}

// NewSequenceView returns the view of g's sequence, nothing computed yet.
func NewSequenceView(g games.HeapGame, do func(func())) *SequenceView {
	v := &SequenceView{game: g, do: do}
	v.to = widget.NewEntry()
	v.to.SetText("1000")
	v.compute = widget.NewButton("Compute", func() { v.Compute(v.to.Text) })
	v.stop = widget.NewButton("Stop", v.Stop)
	v.stop.Disable()
	v.summary = widget.NewLabel("")
	v.values = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	v.plot = canvas.NewRaster(func(w, h int) image.Image {
		return plotSequence(v.shown.n, v.shown.at, v.shown.rare, w, h)
	})
	v.plot.SetMinSize(fyne.NewSize(400, 160))
	v.caption = widget.NewLabel("")
	top := container.NewVBox(
		widget.NewLabelWithStyle(g.Name(), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewBorder(nil, nil, widget.NewLabel("heaps to"), container.NewHBox(v.compute, v.stop), v.to),
		v.summary, v.plot, v.caption)
	v.Content = container.NewBorder(top, nil, nil, nil, container.NewVScroll(v.values))
	return v
}

// Summary returns the lines under the buttons: the period, the rare values, or why not.
func (v *SequenceView) Summary() string { return v.summary.Text }

// Compute computes the values of heaps 0..to, to being the text of a number, after
// stopping what was running.
func (v *SequenceView) Compute(to string) {
	n, err := strconv.Atoi(strings.TrimSpace(to))
	if err != nil || n < 0 || n > maxSeqView {
		v.summary.SetText(fmt.Sprintf("heaps to %s: want a number from 0 to %d", to, maxSeqView))
		return
	}
	v.Stop()
	v.to.SetText(strconv.Itoa(n))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	v.gen++
	gen := v.gen
	v.cancel, v.done = cancel, done
	v.compute.Disable()
	v.stop.Enable()
	v.summary.SetText(fmt.Sprintf("computing g(0) to g(%d)…", n))
	go func() {
		defer close(done)
		shown, err := sequenceOf(ctx, v.game, n)
		v.do(func() {
			if gen == v.gen {
				v.show(shown, err)
			}
		})
	}()
}

// Stop stops the computation running, if any; what it found is shown.
func (v *SequenceView) Stop() {
	if v.cancel != nil {
		v.cancel()
	}
}

// Done returns a channel closed when the last computation started has ended (nil: none).
func (v *SequenceView) Done() <-chan struct{} { return v.done }

// show puts a computation's result in the widgets.
func (v *SequenceView) show(s seqShown, err error) {
	v.shown = s
	lines := s.summary
	if err != nil {
		lines = append([]string{fmt.Sprintf("stopped after g(%d): %v", s.n-1, err)}, lines...)
	}
	v.summary.SetText(strings.Join(lines, "\n"))
	v.values.SetText(valueRows(s.n, s.at))
	largest := 0
	for m := range s.n {
		largest = max(largest, s.at(m))
	}
	v.caption.SetText(fmt.Sprintf("G(n) for n = 0 to %d (across), 0 to %d (up)", s.n-1, largest))
	v.plot.Refresh()
	v.compute.Enable()
	v.stop.Disable()
}

// valueRows writes the first values twelve to a row, as `grundy seq` does.
func valueRows(n int, at func(int) int) string {
	var b strings.Builder
	shown := min(n, seqShownValues)
	for i := 0; i < shown; i += 12 {
		fmt.Fprintf(&b, "%6d+", i)
		for m := i; m < min(i+12, shown); m++ {
			fmt.Fprintf(&b, " %3d", at(m))
		}
		b.WriteByte('\n')
	}
	if n > shown {
		fmt.Fprintf(&b, "… and %d more (the plot shows them all)\n", n-shown)
	}
	return b.String()
}

// sequenceOf computes the values of g's heaps 0..n: by the rare/common method for an octal
// code or Grundy's game, else by the game's Sequence. When ctx is done it returns what was
// found with ctx's error.
func sequenceOf(ctx context.Context, g games.HeapGame, n int) (seqShown, error) {
	if og, err := octal.Lookup(g.Name()); err == nil {
		if r, err := og.NewRun(); err == nil {
			err := r.Grow(ctx, n+1)
			return runShown(r), err
		}
	}
	seq, err := g.Sequence(ctx, n)
	s := seqShown{n: len(seq.Values), at: func(m int) int { return seq.Values[m] }}
	s.summary = []string{periodLine(seq.Period, seq.Preperiod)}
	return s, err
}

// runShown is what the view shows of a Run's values.
func runShown(r *octal.Run) seqShown {
	sum := r.Summary()
	s := seqShown{n: sum.Values, at: r.At}
	s.summary = []string{periodLine(sum.Period, sum.Preperiod),
		fmt.Sprintf("largest value %d, first at heap %d", sum.Largest, sum.LargestAt)}
	if mask := sum.Mask; mask != 0 {
		s.rare = func(m int) bool { return bits.OnesCount32(uint32(r.At(m))&mask)%2 == 0 }
		s.summary = append(s.summary, fmt.Sprintf("rare values (mask %#x, in red): %d, the last at heap %d", mask, sum.Rare, sum.LastRare))
	}
	return s
}

// periodLine says the period, or that none was found.
func periodLine(p, e int) string {
	if p > 0 {
		return fmt.Sprintf("period %d from n = %d (proven)", p, e)
	}
	return "no period found"
}
