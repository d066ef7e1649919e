package workbench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"grundy/engine"
)

// PositionFormat is the format of a position file: one game and one position (a sum written
// with " + "), as the workbench saves and its examples are.
//
//	{"format":"grundy-position/1","game":"cram","position":"..#/.../...","title":"…"}
const PositionFormat = "grundy-position/1"

// A PositionFile is a saved position.
type PositionFile struct {
	Format   string `json:"format"`
	Game     string `json:"game"`
	Position string `json:"position"`
	Title    string `json:"title,omitempty"`
}

// WritePosition writes a position file.
func WritePosition(w io.Writer, game, position string) error {
	data, err := json.Marshal(PositionFile{Format: PositionFormat, Game: game, Position: position})
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

// A Document is what a .json file holds: a position or a solution tree.
type Document struct {
	Position *PositionFile // set for a position file
	Tree     *engine.Tree  // set for a tree file
}

// maxFile is the largest file the workbench opens.
const maxFile = 1 << 30

// ReadDocument reads a position file or a tree file, telling them apart by their format.
func ReadDocument(r io.Reader) (Document, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxFile))
	if err != nil {
		return Document{}, err
	}
	var head struct {
		Format string `json:"format"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&head); err != nil {
		return Document{}, fmt.Errorf("not a workbench file: %w", err)
	}
	switch head.Format {
	case PositionFormat:
		var p PositionFile
		if err := json.Unmarshal(data, &p); err != nil {
			return Document{}, fmt.Errorf("position file: %w", err)
		}
		if p.Game == "" {
			return Document{}, fmt.Errorf("position file: no game")
		}
		return Document{Position: &p}, nil
	case engine.TreeFormat:
		t, err := engine.ReadTree(bytes.NewReader(data))
		if err != nil {
			return Document{}, err
		}
		return Document{Tree: t}, nil
	}
	return Document{}, fmt.Errorf("unknown file format %q, want %q or %q", head.Format, PositionFormat, engine.TreeFormat)
}
