package workbench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"grundy/engine"
	"grundy/internal/atomicfile"
	"grundy/viz/export"
)

// jsonExts are the extensions of the position and tree files.
var jsonExts = []string{"json"}

// OpenFile asks for a position or tree file and opens it.
func (w *Workbench) OpenFile() {
	w.picker.Open("Open a position or a tree", jsonExts, func(path string, err error) {
		if w.failed(err) || path == "" {
			return
		}
		w.failed(w.OpenPath(path))
	})
}

// OpenPath opens the position or tree file at path and adds it to the recent files. A
// Sprouts position saved with its drawing opens drawn as it was.
func (w *Workbench) OpenPath(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if hasDrawing(data) {
		if err := w.Editor.OpenDrawing(path); err != nil {
			return fmt.Errorf("open %w", err) // the editor's error names the file
		}
	} else if err := w.openDocument(bytes.NewReader(data)); err != nil {
		return fmt.Errorf("open %s: %w", filepath.Base(path), err)
	}
	AddRecent(w.app.Preferences(), path)
	w.refreshMenu()
	return nil
}

// openDocument shows what a file holds: a position in the editor, or a tree in the
// explorer with its root position in the editor.
func (w *Workbench) openDocument(r io.Reader) error {
	doc, err := ReadDocument(r)
	if err != nil {
		return err
	}
	if doc.Position != nil {
		return w.Editor.SetState(stateOf(doc.Position.Game, doc.Position.Position))
	}
	w.ShowTree(doc.Tree)
	root := doc.Tree.Nodes[doc.Tree.Root]
	w.Editor.SetState(stateOf(doc.Tree.Game, root.Position)) // a game the editor lacks still shows its tree
	return nil
}

// OpenExample opens a bundled example by its file name, and shows its title in the
// window's title bar.
func (w *Workbench) OpenExample(name string) error {
	for _, ex := range w.examples {
		if ex.Name == name {
			if err := w.openDocument(bytes.NewReader(ex.Data)); err != nil {
				return err
			}
			w.setExampleTitle(exampleTitle(ex.Data))
			return nil
		}
	}
	return fmt.Errorf("no example %q", name)
}

// SavePosition asks for a file name and saves the editor's position: the one on show when
// the user confirms, since the dialog does not stop the window.
func (w *Workbench) SavePosition() {
	w.picker.Save("Save the position", "position.json", jsonExts, func(path string, err error) {
		if w.failed(err) || path == "" {
			return
		}
		path = withExt(path, ".json")
		s := w.Editor.State()
		if s.Game == "sprouts" && w.Editor.SproutsCanvas(0) != nil && len(w.Editor.Pictures()) == 1 {
			w.saved(path, w.Editor.SaveDrawing(path)) // a position file that keeps its drawing
			return
		}
		w.saved(path, atomicfile.Write(path, func(f io.Writer) error { return WritePosition(f, s.Game, s.Notation) }))
	})
}

// hasDrawing reports whether a position file holds a Sprouts drawing beside its position.
func hasDrawing(data []byte) bool {
	var f struct {
		Drawing json.RawMessage `json:"drawing"`
	}
	return json.Unmarshal(data, &f) == nil && len(f.Drawing) > 0 && string(f.Drawing) != "null"
}

// errNoTree is what Save Tree and Export say with no tree on show.
var errNoTree = errors.New("no tree on show: solve a position first")

// SaveTree asks for a file name and saves the tree on show when the user confirms.
func (w *Workbench) SaveTree() {
	if w.Tree.Tree() == nil {
		w.failed(errNoTree)
		return
	}
	w.picker.Save("Save the tree", "tree.json", jsonExts, func(path string, err error) {
		if w.failed(err) || path == "" {
			return
		}
		t := w.Tree.Tree()
		if t == nil {
			w.failed(errNoTree)
			return
		}
		path = withExt(path, ".json")
		w.saved(path, atomicfile.Write(path, func(f io.Writer) error { return engine.WriteTree(f, t) }))
	})
}

// Export opens the export dialog for the tree on show, or for the subtree under the selected
// node when subtree is set; it draws what the tree view shows. On confirmation it asks where
// to save, then writes the file atomically. A tree that is not a proof is not exported,
// since the drawing would not say so.
func (w *Workbench) Export(subtree bool) {
	if w.Tree.Tree() == nil {
		w.failed(errNoTree)
		return
	}
	newExportDialog(w, subtree).show()
}

// ExportTree writes t to path, atomically, in the format of path's extension.
func ExportTree(path string, t *engine.Tree, opts ...export.Option) error {
	return atomicfile.Write(path, func(f io.Writer) error { return export.Write(f, filepath.Ext(path), t, opts...) })
}

// withExt adds ext to path when path has none of the known extensions.
func withExt(path, ext string) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json", ".svg", ".pdf", ".png", ".tex":
		return path
	}
	return path + ext
}

// saved reports a save: an error in a dialog, or the file in the status line.
func (w *Workbench) saved(path string, err error) {
	if w.failed(err) {
		return
	}
	w.status.SetText("Saved " + path)
	if strings.HasSuffix(path, ".json") {
		AddRecent(w.app.Preferences(), path)
		w.refreshMenu()
	}
}

// failed shows err, when there is one, in the status line and in a dialog that Enter and
// Esc close, and reports whether there was.
func (w *Workbench) failed(err error) bool {
	if err == nil {
		return false
	}
	w.status.SetText(err.Error())
	showError(err, w.win)
	return true
}
