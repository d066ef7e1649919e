package editor

import "fyne.io/fyne/v2"

// partsLayout lays out the pictures of a sum side by side, with the "+" between them, and
// scales the boards to the room: each object gets at least its MinSize, and the width left
// over goes to the pictures (not the "+"), in proportion to their own widths; every object
// takes the whole height. With no room to spare the scroll around it takes over.
type partsLayout struct{}

func (partsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	widths := make([]float32, len(objs))
	for i, o := range objs {
		widths[i] = o.MinSize().Width
	}
	x := float32(0)
	for i, w := range shareWidth(widths, pictureSlots(len(objs)), size.Width) {
		objs[i].Move(fyne.NewPos(x, 0))
		objs[i].Resize(fyne.NewSize(w, size.Height))
		x += w
	}
}

func (partsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		m := o.MinSize()
		s.Width += m.Width
		s.Height = max(s.Height, m.Height)
	}
	return s
}

// pictureSlots reports, for each of n objects laid out as picture, "+", picture, …, whether
// it is a picture.
func pictureSlots(n int) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = i%2 == 0
	}
	return out
}

// shareWidth returns the widths of objects of least widths min laid out in a row total wide:
// the width to spare goes to those that grow, in proportion to their least widths (equally
// when those are all zero).
func shareWidth(min []float32, grows []bool, total float32) []float32 {
	out := append([]float32(nil), min...)
	var used, growing float32
	n := 0
	for i, w := range min {
		used += w
		if grows[i] {
			growing += w
			n++
		}
	}
	spare := total - used
	if spare <= 0 || n == 0 {
		return out
	}
	for i, w := range min {
		if !grows[i] {
			continue
		}
		if growing > 0 {
			out[i] += spare * w / growing
		} else {
			out[i] += spare / float32(n)
		}
	}
	return out
}
