package editor

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"grundy/games/sprouts"
	"grundy/games/sprouts/drawing"
	"grundy/internal/atomicfile"
)

// A FilePicker asks the user for a file, as the workbench's Picker does: a path, "" when the
// user cancelled, or an error, given to done on the UI goroutine.
type FilePicker interface {
	Open(title string, exts []string, done func(path string, err error))
	Save(title, suggested string, exts []string, done func(path string, err error))
}

// A drawing file is a position file (the workbench's "grundy-position/1", so that File ›
// Open reads its position) with the drawing beside the position it draws:
//
//	{"format":"grundy-position/1","game":"sprouts","position":"0.AB|AB","drawing":{"Spots":[…],"Lines":[…]}}
type drawingFile struct {
	Format   string           `json:"format"`
	Game     string           `json:"game"`
	Position string           `json:"position"`
	Drawing  *drawing.Drawing `json:"drawing"`
}

// drawingFormat is the format of a drawing file.
const drawingFormat = "grundy-position/1"

// Bounds of a drawing file read: Check compares every segment with every other, so the
// points are bounded too. A game from 53 spots (the most a land may have) ends within 212
// spots; 22 moves from 0*8, relaxed, have 391 points.
const (
	maxDrawingFile   = 4 << 20
	maxDrawingSpots  = 212
	maxDrawingPoints = 8000 // a line of as many points is checked in about a second
)

// WriteDrawing writes d as a drawing file.
func WriteDrawing(w io.Writer, d *drawing.Drawing) error {
	data, err := json.Marshal(drawingFile{Format: drawingFormat, Game: "sprouts", Position: d.String(), Drawing: d})
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// ReadDrawing reads a drawing file and checks it: a Sprouts drawing whose lines end at their
// spots, cross nothing and pass through no spot, and which draws the position the file names.
// Its error says in one line what is wrong.
func ReadDrawing(r io.Reader) (*drawing.Drawing, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxDrawingFile+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxDrawingFile {
		return nil, fmt.Errorf("larger than %d MB", maxDrawingFile>>20)
	}
	var f drawingFile
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("not a drawing file: %v", err)
	}
	switch {
	case f.Format != drawingFormat:
		return nil, fmt.Errorf("format %q, want %q", f.Format, drawingFormat)
	case f.Game != "sprouts":
		return nil, fmt.Errorf("a position of %q, not a Sprouts drawing", f.Game)
	case f.Drawing == nil:
		return nil, errors.New("no drawing in the file, only a position")
	}
	d := f.Drawing
	if err := indexFlaw(d); err != nil {
		return nil, err
	}
	if err := d.Check(); err != nil {
		return nil, err
	}
	if f.Position != "" {
		want, err := sprouts.Parse(f.Position)
		if err != nil {
			return nil, fmt.Errorf("position: %v", err)
		}
		if got := d.String(); got != want.String() {
			return nil, fmt.Errorf("the drawing is %s, the file says %s", got, want)
		}
	}
	return d, nil
}

// indexFlaw reports a drawing too large to check, or a line of d that names a spot d does not
// have (Check reads the spots a line names).
func indexFlaw(d *drawing.Drawing) error {
	if len(d.Spots) > maxDrawingSpots {
		return fmt.Errorf("%d spots, more than %d", len(d.Spots), maxDrawingSpots)
	}
	points := 0
	for _, l := range d.Lines {
		points += len(l.Path)
	}
	if points > maxDrawingPoints {
		return fmt.Errorf("lines of %d points, more than %d", points, maxDrawingPoints)
	}
	for i, l := range d.Lines {
		for _, s := range []int{l.From, l.To} {
			if s < 0 || s >= len(d.Spots) {
				return fmt.Errorf("line %d ends at spot %d, and there are %d spots", i, s, len(d.Spots))
			}
		}
	}
	return nil
}

// SaveDrawing writes the drawing of the Sprouts position on show to path, whole or not at all;
// a sum has no one drawing (each component's Save… saves its own).
func (e *Editor) SaveDrawing(path string) error {
	p := e.sproutsPicture()
	if p == nil || p.canvas.Drawing() == nil {
		return errors.New("no Sprouts drawing on show")
	}
	return saveDrawing(path, p.canvas.Drawing())
}

// saveDrawing writes d to path, whole or not at all.
func saveDrawing(path string, d *drawing.Drawing) error {
	return atomicfile.Write(path, func(w io.Writer) error { return WriteDrawing(w, d) })
}

// OpenDrawing reads the drawing file at path and shows it; a bad file changes nothing and
// its error names the file and what is wrong with it, in one line.
func (e *Editor) OpenDrawing(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	d, err := ReadDrawing(f)
	if err != nil {
		return fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	s := d.String()
	e.drawings.keep(s, d, nil)
	if err := e.SetState(State{Game: "sprouts", Notation: s}); err != nil {
		return err
	}
	if p := e.sproutsPicture(); p != nil && p.canvas.Drawing() != d {
		p.show(s, d, -1, nil) // the same position was on show, drawn otherwise
	}
	return nil
}

// sproutsPicture returns the Sprouts drawing on show, when the position is one drawn whole.
func (e *Editor) sproutsPicture() *sproutsPicture {
	if len(e.pictures) != 1 {
		return nil
	}
	p, _ := e.pictures[0].(*sproutsPicture)
	return p
}

// SproutsCanvas returns the drawing of component k, or nil when component k is not drawn as
// spots and curves; scripts use it to draw moves as a user would.
func (e *Editor) SproutsCanvas(k int) *SproutsCanvas {
	if k < 0 || k >= len(e.pictures) {
		return nil
	}
	if p, ok := e.pictures[k].(*sproutsPicture); ok {
		return p.canvas
	}
	return nil
}

// RelaxDrawing spreads out the Sprouts drawing on show, as its Relax button does.
func (e *Editor) RelaxDrawing() {
	if p := e.sproutsPicture(); p != nil {
		p.relax()
	}
}

// SproutsRefusal returns why the last curve drawn on component k was refused, or "".
func (e *Editor) SproutsRefusal(k int) string {
	if c := e.SproutsCanvas(k); c != nil {
		return c.Refusal()
	}
	return ""
}

// fileAsked runs ask, a file dialog of p, when the editor has a FilePicker.
func (e *Editor) fileAsked(p *sproutsPicture, ask func(*sproutsPicture)) {
	if e.Files == nil {
		p.setMessage("No file dialog here.")
		return
	}
	ask(p)
}

// saveDrawingAsked asks for a file name and saves the drawing on show; what went wrong is
// said on the picture's line.
func (e *Editor) saveDrawingAsked(p *sproutsPicture) {
	e.Files.Save("Save the drawing", "sprouts-drawing.json", []string{"json"}, func(path string, err error) {
		if err == nil && path != "" {
			if !strings.HasSuffix(strings.ToLower(path), ".json") {
				path += ".json"
			}
			err = saveDrawing(path, p.canvas.Drawing()) // this component's, in a sum
		}
		if err != nil {
			p.setMessage("Not saved: " + err.Error())
		}
	})
}

// openDrawingAsked asks for a drawing file and shows it.
func (e *Editor) openDrawingAsked(p *sproutsPicture) {
	e.Files.Open("Open a drawing", []string{"json"}, func(path string, err error) {
		if err == nil && path != "" {
			err = e.OpenDrawing(path)
		}
		if err != nil {
			p.setMessage("Not opened: " + err.Error())
		}
	})
}
