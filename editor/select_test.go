package editor

import (
	"testing"

	"fyne.io/fyne/v2"
)

// lostCanvasApp is the app whose driver has forgotten every object's canvas, as fyne's
// desktop driver has for a moment after its cache entries expire.
type lostCanvasApp struct{ fyne.App }

func (a lostCanvasApp) Driver() fyne.Driver { return lostCanvasDriver{a.App.Driver()} }

type lostCanvasDriver struct{ fyne.Driver }

func (lostCanvasDriver) CanvasForObject(fyne.CanvasObject) fyne.Canvas { return nil }

// withLostCanvas runs f while the driver knows no canvas.
func withLostCanvas(f func()) {
	a := fyne.CurrentApp()
	fyne.SetCurrentApp(lostCanvasApp{a})
	defer fyne.SetCurrentApp(a)
	f()
}

// A tap or a key on the Game picker while the driver has lost its canvas panicked in
// NewPopUpMenu (fyne 2.7.1), closing the window with the user's work.
func TestSelect_LostCanvasDoesNotPanic(t *testing.T) {
	e, win := newTestEditor(t, State{Game: "nim", Notation: "1 2"})
	withLostCanvas(func() {
		e.gameMenu.Tapped(&fyne.PointEvent{})
		e.gameMenu.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	})
	if got := e.State(); got.Game != "nim" || got.Notation != "1 2" {
		t.Fatalf("after the lost taps: %+v", got)
	}
	if o := win.Canvas().Overlays().Top(); o != nil {
		t.Fatalf("a list popped up with no canvas: %T", o)
	}
	e.gameMenu.Tapped(&fyne.PointEvent{})
	if win.Canvas().Overlays().Top() == nil {
		t.Fatal("a tap on a canvas opened no list")
	}
}
