package workbench

import (
	"bytes"
	"testing"
)

// FuzzReadDocument feeds the reader of .json files (positions and trees) any bytes: it must
// never panic, and a position file it accepts must write and read back the same.
func FuzzReadDocument(f *testing.F) {
	f.Add(`{"format":"grundy-position/1","game":"cram","position":"3x3","title":"a board"}`)
	f.Add(`{"format":"grundy-position/1","game":"octal:0.77","position":"12 7"}`)
	f.Add(`{"format":"grundy-tree/1","game":"cram","root":0,"nodes":[{"id":0,"position":"2x2","n":0,"result":"L","children":[]}]}`)
	f.Add(`{"format":"grundy-position/9"}`) // an unknown format
	f.Add(`[1,2,3]`)                        // not an object
	f.Fuzz(func(t *testing.T, s string) {
		doc, err := ReadDocument(bytes.NewBufferString(s))
		if err != nil || doc.Position == nil {
			return
		}
		var buf bytes.Buffer
		if err := WritePosition(&buf, doc.Position.Game, doc.Position.Position); err != nil {
			t.Fatal(err)
		}
		back, err := ReadDocument(&buf)
		if err != nil || back.Position == nil || back.Position.Game != doc.Position.Game || back.Position.Position != doc.Position.Position {
			t.Fatalf("position file %q does not read back: %+v, %v", s, back.Position, err)
		}
	})
}
