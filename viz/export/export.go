package export

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"strings"

	"github.com/tdewolff/canvas"
	"github.com/tdewolff/canvas/renderers/pdf"
	"github.com/tdewolff/canvas/renderers/rasterizer"

	"grundy/engine"
	"grundy/viz/draw"
)

// Limits on a PNG, so that a large tree at a high resolution fails cleanly instead of
// exhausting memory: 16384 pixels a side, 64 megapixels in all.
const (
	maxSide   = 1 << 14
	maxPixels = 1 << 26
)

// Formats lists the file extensions Write knows, in a stable order.
var Formats = []string{".svg", ".pdf", ".png", ".tex"}

// Write exports t in the format named by a file extension: ".svg", ".pdf", ".png" or ".tex"
// (in any case). It is what `grundy tree GAME POS -o FILE` calls.
func Write(w io.Writer, format string, t *engine.Tree, opts ...Option) error {
	switch strings.ToLower(format) {
	case ".svg":
		return WriteSVG(w, t, opts...)
	case ".pdf":
		return WritePDF(w, t, opts...)
	case ".png":
		return WritePNG(w, t, opts...)
	case ".tex":
		return WriteTeX(w, t, opts...)
	}
	return fmt.Errorf("export: unknown format %q, want one of %s", format, strings.Join(Formats, ", "))
}

// WritePDF writes t as a one-page PDF the size of the drawing, with its fonts embedded
// (subsets of Latin Modern).
func WritePDF(w io.Writer, t *engine.Tree, opts ...Option) error {
	return write(w, t, opts, func(ew *errWriter, c *canvas.Canvas, cfg config) {
		o := pdf.DefaultOptions
		r := pdf.New(ew, c.W, c.H, &o)
		r.SetInfo(title(t, cfg), "", "", "", "Grundy Workbench")
		c.RenderTo(r)
		ew.check(r.Close())
	})
}

// WritePNG writes t as a PNG on a white ground, at the resolution of the DPI option (300 by
// default), which it records in a pHYs chunk so that the image keeps its printed size.
func WritePNG(w io.Writer, t *engine.Tree, opts ...Option) error {
	return write(w, t, opts, func(ew *errWriter, c *canvas.Canvas, cfg config) {
		res := canvas.DPI(cfg.dpi)
		pw, ph := math.Round(c.W*res.DPMM()), math.Round(c.H*res.DPMM())
		if pw < 1 || ph < 1 || pw > maxSide || ph > maxSide || pw*ph > maxPixels {
			ew.check(fmt.Errorf("export: a %.0fx%.0f pixel PNG is too large: lower the resolution or cut the tree with a depth", pw, ph))
			return
		}
		img := image.NewRGBA(image.Rect(0, 0, int(pw), int(ph)))
		for i := range img.Pix {
			img.Pix[i] = 0xff // an opaque white ground
		}
		ras := rasterizer.FromImage(img, res, canvas.DefaultColorSpace)
		c.RenderTo(ras)
		ras.Close()
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			ew.check(err)
			return
		}
		data, err := withPHYs(buf.Bytes(), cfg.dpi)
		if err == nil {
			_, err = ew.Write(data)
		}
		ew.check(err)
	})
}

// write lays t out, paints it on a canvas and hands the canvas to out.
func write(w io.Writer, t *engine.Tree, opts []Option, out func(*errWriter, *canvas.Canvas, config)) error {
	return writeDrawing(w, t, opts, func(ew *errWriter, d drawing, scale float64, cfg config, fs *fonts) {
		out(ew, render(d.pic, fs, scale), cfg)
	})
}

// writeDrawing lays t out, under the lock the renderers need, and hands the drawing to out,
// which writes through ew: the first write error is the result.
func writeDrawing(w io.Writer, t *engine.Tree, opts []Option, out func(ew *errWriter, d drawing, scale float64, cfg config, fs *fonts)) error {
	renderMu.Lock()
	defer renderMu.Unlock()
	d, scale, cfg, fs, err := prepare(t, opts)
	if err != nil {
		return err
	}
	ew := &errWriter{w: w}
	out(ew, d, scale, cfg, fs)
	return ew.err
}

// prepare reads the options, loads the fonts and lays the tree out, returning the drawing
// at natural size and the scale that fits it to the width.
func prepare(t *engine.Tree, opts []Option) (drawing, float64, config, *fonts, error) {
	cfg, err := newConfig(opts)
	if err != nil {
		return drawing{}, 0, cfg, nil, err
	}
	fs, err := theFonts()
	if err != nil {
		return drawing{}, 0, cfg, nil, err
	}
	d, err := scene(t, cfg, fs)
	if err != nil {
		return drawing{}, 0, cfg, nil, err
	}
	return d, fit(d, cfg), cfg, fs, nil
}

// title names the drawing in a PDF's properties, after the couple at its root.
func title(t *engine.Tree, c config) string {
	root := t.Root
	if c.root >= 0 {
		root = c.root
	}
	n := &t.Nodes[root] // prepare checked the root
	if len(t.Forms) > 0 {
		return fmt.Sprintf("Solution tree of %s %s under misère play, %s", t.Game, t.Couple(root), draw.Outcome(n.Losing()))
	}
	play := ""
	if t.Convention == engine.Misere {
		play = " under misère play"
	}
	return fmt.Sprintf("Solution tree of %s %s%s, %s", t.Game, n.Position, play, draw.Label(n.N, n.Losing()))
}

// errWriter keeps the first error of the writes through it, since the renderers ignore the
// errors of most writes, and then writes nothing more.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.check(err)
	return n, err
}

func (e *errWriter) check(err error) {
	if e.err == nil && err != nil {
		e.err = err
	}
}
