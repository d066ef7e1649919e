package workbench

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"grundy/games"
)

// File › Save Position keeps a Sprouts position's drawing, and File › Open brings it back as
// it was drawn: the same spots and curves, not a new drawing of the string.
func TestFiles_SproutsKeepsItsDrawing(t *testing.T) {
	w, fp, _ := newTestWorkbench(t)
	setPosition(t, w, "sprouts", "0*3")
	c := w.Editor.SproutsCanvas(0)
	if c == nil {
		t.Fatal("0*3 is not drawn")
	}
	g, _ := games.Lookup("sprouts")
	p, _ := games.Parse(g, "0*3")
	for o := range p.Options() {
		if !c.DrawMove(o.String()) {
			t.Fatalf("the move to %s was not drawn", o)
		}
		break
	}
	c = w.Editor.SproutsCanvas(0)
	drawn := c.Drawing()
	if len(drawn.Lines) == 0 {
		t.Fatal("no line after a move")
	}
	dir := t.TempDir()
	fp.paths = []string{filepath.Join(dir, "drawn")}
	w.SavePosition()
	path := filepath.Join(dir, "drawn.json")
	data, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(data), `"drawing"`) {
		t.Fatalf("saved %.200q, %v", data, err)
	}
	setPosition(t, w, "nim", "3")
	if err := w.OpenPath(path); err != nil {
		t.Fatal(err)
	}
	got := w.Editor.SproutsCanvas(0)
	if got == nil || w.Editor.State().Notation != drawn.String() ||
		!reflect.DeepEqual(got.Drawing().Spots, drawn.Spots) || !reflect.DeepEqual(got.Drawing().Lines, drawn.Lines) {
		t.Fatalf("reopened %q, drawn %v; saved %q", w.Editor.State().Notation, got != nil, drawn)
	}
	os.WriteFile(path, []byte(strings.Replace(string(data), `"drawing":{`, `"drawing":{"spots":7,`, 1)), 0o644)
	if err := w.OpenPath(path); err == nil || !strings.Contains(err.Error(), "drawn.json") {
		t.Fatalf("a damaged drawing opened: %v", err)
	}
}
