package export

import (
	"fmt"
	"sync"

	"github.com/go-fonts/latin-modern/lmmath"
	"github.com/go-fonts/latin-modern/lmmono10regular"
	"github.com/tdewolff/canvas"

	"grundy/viz/draw"
)

const mmPerPt = 25.4 / 72

// fonts are the faces every export uses, shipped inside a Go module so that a drawing is the
// same on every machine: Latin Modern, the look of the LaTeX papers the figures go into.
// The labels need ≠, which Latin Modern Roman lacks and Latin Modern Math has, with the same
// digits.
type fonts struct {
	serif, mono *canvas.FontFamily
}

var (
	loadOnce sync.Once
	loaded   *fonts
	loadErr  error
	// renderMu serialises exports: the font shapers keep caches and are not documented as
	// safe for concurrent use, and exports are rare.
	renderMu sync.Mutex
)

// theFonts loads the fonts once.
func theFonts() (*fonts, error) {
	loadOnce.Do(func() {
		f := &fonts{serif: canvas.NewFontFamily("Latin Modern Math"), mono: canvas.NewFontFamily("Latin Modern Mono")}
		if err := f.serif.LoadFont(lmmath.TTF, 0, canvas.FontRegular); err != nil {
			loadErr = fmt.Errorf("export: loading Latin Modern Math: %w", err)
			return
		}
		if err := f.mono.LoadFont(lmmono10regular.TTF, 0, canvas.FontRegular); err != nil {
			loadErr = fmt.Errorf("export: loading Latin Modern Mono: %w", err)
			return
		}
		loaded = f
	})
	return loaded, loadErr
}

// face returns the face of family f at size pt, painted col.
func (fs *fonts) face(f draw.Font, pt float64, col canvas.Paint) *canvas.FontFace {
	if f == draw.Mono {
		return fs.mono.Face(pt, col)
	}
	return fs.serif.Face(pt, col)
}

// Measure returns the advance width of text in points: fonts is the draw.Measurer of the
// exporter.
func (fs *fonts) Measure(text string, f draw.Font, size float64) float64 {
	return fs.face(f, size, canvas.Paint{Color: canvas.Black}).TextWidth(text) / mmPerPt
}

// capHeight returns the height of the capitals and digits of family f at size pt, in points.
func (fs *fonts) capHeight(f draw.Font, pt float64) float64 {
	h := fs.face(f, pt, canvas.Paint{Color: canvas.Black}).Metrics().CapHeight / mmPerPt
	if h <= 0 {
		return 0.7 * pt
	}
	return h
}
