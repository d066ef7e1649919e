package store

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"grundy/engine"
	"grundy/games"
	"grundy/games/cram"
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
	_, err = Import(s, db, ImportOptions{})
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
	board := cramKey(t, "..#/.../...") // a key that is no notation (Cram's are bytes)
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
	rep, err := Import(dst, db, ImportOptions{})
	if err != nil || !reflect.DeepEqual(rep, ImportReport{Read: 4, Claimed: 3, Known: 1}) {
		t.Fatalf("Import = %+v, %v; want 4 read: 3 claims, 1 known", rep, err)
	}
	for _, f := range facts {
		got, proven, err := dst.Get(f.game, f.key)
		claim, claimed, cerr := dst.Claim(f.game, f.key)
		got = got.Merge(claim.Fact)
		if err != nil || cerr != nil || !proven && !claimed || !sameFacts(got, f.f) {
			t.Errorf("%s %q = %s (%v, %v), want %s", f.game, f.key, describeFact(got), proven || claimed, err, describeFact(f.f))
		}
	}
	// Glop's format: Sprouts' facts with a nimber, and Cram's as boards.
	sprouts, _ := Export(src, "sprouts")
	buf.Reset()
	if written, skipped, err := WriteGlop(&buf, FormatGlop, sprouts); err != nil || written != 1 || skipped != 1 {
		t.Fatalf("WriteGlop = %d, %d, %v; want 1 written, 1 skipped", written, skipped, err)
	}
	cram, _ := Export(src, "cram")
	buf.Reset()
	if _, _, err := WriteGlop(&buf, FormatGlop, cram); err != nil || buf.String() != "[Positions+Nimber]\n.../.../..# 1\n" {
		t.Errorf("WriteGlop of Cram: %v, wrote %q", err, buf.String())
	}
}

// Cram's keys are bytes: Export finds its decoder on the game and writes boards.
var _ games.KeyDecoder = cram.Game{}

// cramKey returns the key of a Cram board.
func cramKey(t *testing.T, board string) string {
	t.Helper()
	p, err := games.Parse(lookupGame(t, "cram"), board)
	if err != nil {
		t.Fatal(err)
	}
	return p.Key()
}

// A store of Cram's facts (its keys are bytes) exports as boards, in Glop's and SPOTS's format
// (losing couples) and in jsonl (every fact, with no key): each reads back as the same facts,
// imports into another store as them, and the Glop file certifies the board they came from.
func TestExport_CramBoards(t *testing.T) {
	g := lookupGame(t, "cram")
	solved, p := solvedDatabase(t, g, "3x4")
	src := openTemp(t)
	for _, r := range solved.Records {
		if err := src.Add("cram", r.Key, r.Fact); err != nil {
			t.Fatal(err)
		}
	}
	src.Add("cram", cramKey(t, "2x6"), engine.Fact{}.Without(1).Without(2)) // even × even: nimber 0
	recs, err := Export(src, "cram")
	if err != nil || len(recs) != len(solved.Records)+1 {
		t.Fatalf("Export = %d records, %v; want %d", len(recs), err, len(solved.Records)+1)
	}
	want := map[string]engine.Fact{}
	for _, r := range recs {
		if q, err := games.Parse(g, r.Position); err != nil || q.Key() != r.Key {
			t.Errorf("Export: position %q of key %q reads back as %v, %v", r.Position, r.Key, q, err)
		}
		want[r.Key] = r.Fact
	}

	var glop, spots, jsonl bytes.Buffer
	written, skipped, err := WriteGlop(&glop, FormatGlop, recs)
	if err != nil || written != len(solved.Records) || skipped != 1 {
		t.Fatalf("WriteGlop = %d, %d, %v; want %d written, 1 skipped", written, skipped, err, len(solved.Records))
	}
	if _, _, err := WriteGlop(&spots, FormatSPOTS, recs); err != nil || spots.String() != glop.String() {
		t.Errorf("SPOTS's format: %v, and a file other than Glop's:\n%s", err, spots.String())
	}
	if err := WriteJSONL(&jsonl, recs); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(jsonl.String(), `"key"`) || strings.Count(jsonl.String(), `"position"`) != len(recs) {
		t.Errorf("jsonl: want a position on every line and no key:\n%s", jsonl.String())
	}

	fromGlop, err := ReadGlop(bytes.NewReader(glop.Bytes()), "cram.spr", g)
	if err != nil {
		t.Fatalf("ReadGlop: %v\n%s", err, glop.String())
	}
	sameRecords(t, "glop", fromGlop.Records, want, true)
	fromJSONL, err := ReadJSONL(bytes.NewReader(jsonl.Bytes()), "cram.jsonl", g)
	if err != nil {
		t.Fatalf("ReadJSONL: %v\n%s", err, jsonl.String())
	}
	sameRecords(t, "jsonl", fromJSONL.Records, want, false)

	dst := openTemp(t)
	if rep, err := ImportFile(dst, bytes.NewReader(glop.Bytes()), "cram.spr", g); err != nil || rep.Claimed != written {
		t.Fatalf("ImportFile = %+v, %v; want %d claims", rep, err, written)
	}
	var back []Record
	dst.EachClaim("cram", func(_, key string, c Claim) error { back = append(back, Record{Key: key, Fact: c.Fact}); return nil })
	sameRecords(t, "imported", back, want, true)

	nimber, err := engine.NewSolver(engine.WithCache(engine.NewMapCache())).Nimber(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for _, opts := range [][]CertifyOption{nil, {DatabaseOnly()}} {
		if cert, err := certifyChecked(t, g, fromGlop, p, opts...); err != nil || !cert.HasNimber || cert.Nimber != nimber {
			t.Errorf("Certify of the Glop file = %+v, %v; want nimber %d", cert, err, nimber)
		}
	}
}

// sameRecords checks that recs hold the facts of want, by key: all of them, or only those
// with a nimber when nimbers is true (Glop's files hold losing couples).
func sameRecords(t *testing.T, what string, recs []Record, want map[string]engine.Fact, nimbers bool) {
	t.Helper()
	n := 0
	for _, f := range want {
		if _, ok := f.Nimber(); ok || !nimbers {
			n++
		}
	}
	if len(recs) != n {
		t.Errorf("%s: %d records, want %d", what, len(recs), n)
	}
	for _, r := range recs {
		if f, ok := want[r.Key]; !ok || !sameFacts(r.Fact, f) {
			t.Errorf("%s: key %q: %s, want %s", what, r.Key, describeFact(r.Fact), describeFact(f))
		}
	}
}

// A Cram key that reads back as no board of one component — a key of two components, which
// the engine never keeps, or bytes no board writes — has no position: jsonl writes its key,
// and Glop's format, which has none, refuses it, naming it.
func TestExport_CramKeyWithNoBoard(t *testing.T) {
	s := openTemp(t)
	two, bad := cramKey(t, "..#.."), "\x03\x03\x01\x00"
	s.Add("cram", two, engine.Fact{}.WithNimber(0))
	s.Add("cram", bad, engine.Fact{}.WithNimber(0))
	recs, err := Export(s, "cram")
	if err != nil || len(recs) != 2 || recs[0].Position != "" || recs[1].Position != "" {
		t.Fatalf("Export = %+v, %v; want two records with no position", recs, err)
	}
	var buf bytes.Buffer
	_, _, err = WriteGlop(&buf, FormatGlop, recs)
	if err == nil || !strings.Contains(err.Error(), `cram: key "AQIDAQID" (base64) is no position of one component, as a line needs: export it as jsonl`) {
		t.Errorf("WriteGlop: %v, want the key named", err)
	}
	if err := WriteJSONL(&buf, recs); err != nil {
		t.Fatal(err)
	}
	db, err := ReadJSONL(&buf, "keys.jsonl", nil)
	if err != nil || len(db.Records) != 2 || db.Records[0].Key != two || db.Records[1].Key != bad {
		t.Errorf("ReadJSONL = %+v, %v; want both keys back", db, err)
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

// A database compressed by gzip is read as the same file plain, whatever its name; one cut
// short, or compressed twice, is refused with the file named.
func TestReadDatabase_Gzip(t *testing.T) {
	g := lookupGame(t, "sprouts")
	text := "[Positions+Nimber]\n0*2 0\n0*3 1\n1a1a 1\n"
	plain, err := ReadDatabase(strings.NewReader(text), "c.txt", g)
	if err != nil {
		t.Fatal(err)
	}
	zipped := gzipped(text)
	db, err := ReadDatabase(bytes.NewReader(zipped), "c.txt.gz", g)
	if err != nil || db.Format != FormatGlop || !slices.Equal(db.Records, plain.Records) {
		t.Fatalf("ReadDatabase of the file compressed = %+v, %v; want %+v", db, err, plain.Records)
	}
	for _, tt := range []struct {
		name string
		data []byte
		want string
	}{
		{"cut.gz", zipped[:len(zipped)-6], "cut.gz"},
		{"twice.gz", gzipped(string(zipped)), "want a nimber database"},
		{"head.gz", zipped[:5], "compressed by gzip, but"},
	} {
		if _, err := ReadDatabase(bytes.NewReader(tt.data), tt.name, g); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ReadDatabase(%s) = %v; want an error saying %q", tt.name, err, tt.want)
		}
	}
}
