package editor

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"grundy/games/sprouts"
	"grundy/games/sprouts/drawing"
)

// BenchmarkSproutsCanvas_DragStep measures one step of the pointer during a drag on a
// drawing of 20 moves from 0*8: the curve being dragged grows by a segment and is redrawn.
func BenchmarkSproutsCanvas_DragStep(b *testing.B) {
	test.NewTempApp(b)
	d := drawing.New(8)
	for range 20 {
		p, _ := sprouts.Parse(d.String())
		var next *drawing.Drawing
		for o := range p.Options() {
			if n, err := d.Replay(o.String()); err == nil {
				next = n
				break
			}
		}
		if next == nil {
			break
		}
		d = next
	}
	c := NewSproutsCanvas(d)
	w := test.NewTempWindow(b, c)
	w.Resize(fyne.NewSize(600, 400))
	start := c.SpotPosition(0)
	c.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start.AddXY(1, 0)}, Dragged: fyne.NewDelta(1, 0)})
	b.ReportMetric(float64(len(test.LaidOutObjects(c))), "objects")
	b.ReportAllocs()
	k := float32(0)
	for b.Loop() {
		k++
		c.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: start.AddXY(1+k/1000, k/1000)}, Dragged: fyne.NewDelta(0.001, 0.001)})
	}
}
