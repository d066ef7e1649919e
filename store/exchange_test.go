package store

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"grundy/engine"
)

func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Import is all or nothing: a file that disagrees with the store on one position adds none
// of its facts, and the error names the line, the position and both values.
func TestImport_ConflictAddsNothing(t *testing.T) {
	s := openTemp(t)
	g := lookupGame(t, "sprouts")
	if err := s.Add("sprouts", "1a2a", engine.Fact{}.WithNimber(1)); err != nil {
		t.Fatal(err)
	}
	db, err := ReadGlop(strings.NewReader("[Positions+Nimber]\n0*2 0\n1a1a 2\na1a2 3\n"), "bad.spr", g)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Import(s, db)
	if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), `bad.spr:4: conflicting facts: sprouts position "1a2a": nimber 3 in the file, nimber 1 in the store`) {
		t.Fatalf("Import error %v, want the conflict at line 4", err)
	}
	for _, key := range []string{"0*2", "1a1a"} {
		if _, ok, _ := s.Get("sprouts", key); ok {
			t.Errorf("%s was added by a file that failed", key)
		}
	}
}

// What Export returns, written in any format and read back, imports into another store as the
// same facts; Import counts what was new, grown and known.
func TestExportImport_RoundTrip(t *testing.T) {
	src := openTemp(t)
	board := "\x03\x03\x01\x00" // a key that is no notation (Cram's are bytes)
	facts := []struct {
		game, key string
		f         engine.Fact
	}{
		{"sprouts", "0*2", engine.Fact{}.WithNimber(0)},
		{"sprouts", "1a1a", engine.Fact{}.Without(0).Without(1).Without(99)},
		{"cram", board, engine.Fact{}.WithNimber(1)},
		{"kayles", "7", engine.Fact{}.WithNimber(2)},
	}
	for _, f := range facts {
		if err := src.Add(f.game, f.key, f.f); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := Export(src, "")
	if err != nil || len(recs) != len(facts) {
		t.Fatalf("Export = %d records, %v", len(recs), err)
	}
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, recs); err != nil {
		t.Fatal(err)
	}
	db, err := ReadDatabase(&buf, "all.jsonl", nil)
	if err != nil {
		t.Fatal(err)
	}
	dst := openTemp(t)
	dst.Add("sprouts", "1a1a", engine.Fact{}.Without(0))
	dst.Add("kayles", "7", engine.Fact{}.WithNimber(2))
	rep, err := Import(dst, db)
	if err != nil || rep != (ImportReport{Read: 4, Added: 2, Grown: 1, Known: 1}) {
		t.Fatalf("Import = %+v, %v; want 4 read: 2 added, 1 grown, 1 known", rep, err)
	}
	for _, f := range facts {
		got, ok, err := dst.Get(f.game, f.key)
		if err != nil || !ok || !sameFacts(got, f.f) {
			t.Errorf("%s %q = %s (%v, %v), want %s", f.game, f.key, describeFact(got), ok, err, describeFact(f.f))
		}
	}
	// Glop's format: Sprouts' facts with a nimber; Cram's keys cannot be written.
	sprouts, _ := Export(src, "sprouts")
	buf.Reset()
	if written, skipped, err := WriteGlop(&buf, FormatGlop, sprouts); err != nil || written != 1 || skipped != 1 {
		t.Fatalf("WriteGlop = %d, %d, %v; want 1 written, 1 skipped", written, skipped, err)
	}
	cram, _ := Export(src, "cram")
	if _, _, err := WriteGlop(&buf, FormatGlop, cram); err == nil || !strings.Contains(err.Error(), "export it as jsonl") {
		t.Errorf("WriteGlop of Cram: %v, want it refused", err)
	}
}

func TestReadDatabase_Format(t *testing.T) {
	g := lookupGame(t, "sprouts")
	for _, tt := range []struct{ name, text, want string }{
		{"a.spr", "\n[Positions+Nimber]\n0*2 0\n", FormatGlop},
		{"a.txt", `{"game":"sprouts","position":"0*2","nimber":0}` + "\n", FormatJSONL},
		{"a.jsonl", "\n", FormatJSONL},
	} {
		db, err := ReadDatabase(strings.NewReader(tt.text), tt.name, g)
		if err != nil || db.Format != tt.want {
			t.Errorf("ReadDatabase(%s) = %v, %v; want format %s", tt.name, db, err, tt.want)
		}
	}
	_, err := ReadDatabase(strings.NewReader("0*2 0\n"), "a.spr", g)
	if !errors.Is(err, ErrFormat) {
		t.Errorf("a file with no header: %v, want ErrFormat", err)
	}
	_, err = ReadDatabase(strings.NewReader("[Positions+Nimber]\n"), "a.spr", nil)
	if err == nil || !strings.Contains(err.Error(), "does not name its game") {
		t.Errorf("a Glop file with no game: %v", err)
	}
}
