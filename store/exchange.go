package store

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"grundy/engine"
	"grundy/games"
)

// An ImportReport is what Import did with one file.
type ImportReport struct {
	Read    int // facts in the file, one a position
	Added   int // positions new to the store, verified (ImportOptions.Verify)
	Grown   int // positions whose stored fact grew, verified
	Known   int // positions the store (its facts, or its claims) knew as much of already
	Claimed int // facts kept as claims, not checked (without ImportOptions.Verify)
	Empty   int // lines about a position with no move left, not kept (Database.Empty)
	// Rejected are the facts that the rules did not derive again (ImportOptions.Verify), in
	// the order of their keys: none was added.
	Rejected []Rejection
}

// A Rejection is a fact of a file that did not hold when derived again from the rules.
type Rejection struct {
	Line     int    // of the file (its first line about the position)
	Position string // as messages name it: position "…", or its key
	Err      error  // why, as Certify says it
}

func (r Rejection) Error() string {
	return fmt.Sprintf("line %d: %s: not verified: %v", r.Line, r.Position, r.Err)
}

// Export returns the facts of game ("": every game) in s, in key order. A record's Position is
// the game's notation of it when there is one: the key itself when the game parses it back to
// the same key, as the heap games' keys do; the canonical text of a cheap key of an
// engine.Exact game such as Sprouts, written as its options were; the position a
// games.KeyDecoder makes of the key (Cram's keys are bytes, its positions boards). It is ""
// for a misère fact (of a sum, kept under a key of its own) and a key no position writes.
func Export(s *Store, game string) ([]Record, error) {
	return ExportContext(context.Background(), s, game)
}

// ExportContext is Export, stopped when ctx ends, with an error wrapping ctx's.
func ExportContext(ctx context.Context, s *Store, game string) ([]Record, error) {
	var recs []Record
	open := map[string]games.Game{}
	err := s.Each(game, func(g, key string, f engine.Fact) error {
		if len(recs)%checkEvery == 0 && ctx.Err() != nil {
			return fmt.Errorf("store %s: export stopped: %w", s.dir, context.Cause(ctx))
		}
		rec := Record{Game: g, Key: key, Fact: f}
		rec.Position = notation(g, key, open)
		recs = append(recs, rec)
		return nil
	})
	return recs, err
}

// ExportJSONL writes the facts of game ("": every game) in s to w as WriteJSONL writes what
// Export returns, as the store is read: in memory bounded whatever the store's size. It
// stops when ctx ends, with an error wrapping ctx's, and returns how many facts it read.
func ExportJSONL(ctx context.Context, s *Store, game string, w io.Writer) (int, error) {
	n, _, _, err := s.exportLines(ctx, game, FormatJSONL, func(b []byte, _ bool) error {
		_, err := w.Write(b)
		return err
	})
	return n, err
}

// notation returns the game's notation of the position whose key is key, one component, or ""
// when there is none.
func notation(game, key string, open map[string]games.Game) string {
	g, ok := open[game]
	if !ok {
		g, _ = games.Lookup(game) // a game no longer known: keys only
		open[game] = g
	}
	if g == nil || key == "" || engine.IsMisereKey(key) {
		return ""
	}
	if d, ok := g.(games.KeyDecoder); ok {
		return decoded(d, key)
	}
	if isNotationKey(g, key) {
		return key
	}
	if strings.ContainsAny(key, "\n\r") {
		return ""
	}
	p, err := games.Parse(g, key)
	if err != nil {
		return ""
	}
	comps := p.Split()
	if len(comps) != 1 {
		return ""
	}
	switch _, cheap := comps[0].(engine.Exact); {
	case cheap: // a key as the options were written: the exact text is the canonical one
		return comps[0].String()
	case comps[0].Key() == key:
		return key
	}
	return ""
}

// decoded returns the notation of the position d makes of key, when it is one component of
// that key: a database gives one component a line (see ReadGlop), so a Cram key of several
// components, which the engine never keeps, has none.
func decoded(d games.KeyDecoder, key string) string {
	p, err := d.FromKey(key)
	if err != nil {
		return ""
	}
	comps := p.Split()
	if len(comps) != 1 || comps[0].Key() != key {
		return ""
	}
	return comps[0].String()
}

// DetectFormat names the format of a database file from its name (.jsonl) or else its first
// bytes that are not blank: '{' starts our jsonl, '[' a header of Glop or SPOTS.
func DetectFormat(name string, head []byte) (string, error) {
	if strings.EqualFold(filepath.Ext(name), ".jsonl") {
		return FormatJSONL, nil
	}
	switch first := strings.TrimLeft(string(head), " \t\r\n"); {
	case strings.HasPrefix(first, "{"):
		return FormatJSONL, nil
	case strings.HasPrefix(first, "["):
		return FormatGlop, nil
	}
	return "", &FileError{File: name, Err: fmt.Errorf("%w: want a nimber database of Glop or SPOTS (a first line %s) or our jsonl (a JSON object a line)", ErrFormat, glopHeader)}
}

// ReadDatabase reads a database file of any format the store knows: DetectFormat on its first
// KB, then ReadGlop or ReadJSONL. g is the game of a Glop or SPOTS file, which does not say;
// for a jsonl file it may be nil (every line names its game) or the one game allowed.
func ReadDatabase(r io.Reader, name string, g games.Game) (*Database, error) {
	db := &Database{Name: name}
	seen := map[string]int{} // key → index in db.Records
	if err := eachDatabase(r, db, g, func(rec Record) error { return db.add(seen, rec) }); err != nil {
		return nil, err
	}
	return db, nil
}

// ExportGlop writes the facts of game in s to w as WriteGlop writes what Export returns
// (format FormatGlop or FormatSPOTS), as the store is read: the lines are sorted in bounded
// memory, in temporary files (os.TempDir) past sortChunk bytes, unless they come in order.
// It stops when ctx ends, with an error wrapping ctx's, and returns how many facts it wrote
// and how many it left out (see WriteGlop).
func ExportGlop(ctx context.Context, s *Store, game, format string, w io.Writer) (written, skipped int, err error) {
	gw := newGlopWriter(format)
	defer gw.close()
	_, written, skipped, err = s.exportLines(ctx, game, format, gw.sort.addBlock)
	if err != nil {
		return 0, 0, err
	}
	if err := gw.writeTo(ctx, w); err != nil {
		if ctx.Err() != nil {
			return 0, 0, fmt.Errorf("store %s: export stopped: %w", s.dir, context.Cause(ctx))
		}
		return 0, 0, err
	}
	return written, skipped, nil
}
