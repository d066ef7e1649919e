package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"grundy/engine"
	"grundy/games"
)

func lookupGame(t testing.TB, name string) games.Game {
	t.Helper()
	g, err := games.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func readTestdata(t *testing.T, name string, g games.Game) *Database {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	db, err := ReadGlop(f, name, g)
	if err != nil {
		t.Fatalf("ReadGlop(%s): %v", name, err)
	}
	return db
}

// nimbers returns the database as key → nimber.
func dbNimbers(db *Database) map[string]int {
	m := map[string]int{}
	for _, r := range db.Records {
		if n, ok := r.Fact.Nimber(); ok {
			m[r.Key] = n
		}
	}
	return m
}

// The 2-spot game worked in shared/SPROUTS.md, as Glop writes it: each line is one land,
// keyed by our canonical form.
func TestReadGlop_TwoSpots(t *testing.T) {
	db := readTestdata(t, "sprouts-2spots.spr", lookupGame(t, "sprouts"))
	got := dbNimbers(db)
	want := map[string]int{"0*2": 0, "0.AB|AB": 2, "1a1a": 2, "1a2a": 1, "ABCD|ABCD": 0, "AB|AC|BC": 1, "0": 0}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("nimber of %q = %d (present %v), want %d", k, got[k], hasNimberKey(got, k), n)
		}
	}
	if len(db.Records) != 15 {
		t.Errorf("%d records, want 15 (one a line)", len(db.Records))
	}
}

func hasNimberKey(m map[string]int, k string) bool { _, ok := m[k]; return ok }

// SPOTS skips blank lines and headers anywhere; positions are put in our canonical form.
func TestReadGlop_SpotsStyle(t *testing.T) {
	db := readTestdata(t, "sprouts-spots-style.spr", lookupGame(t, "sprouts"))
	got := dbNimbers(db)
	want := map[string]int{"1a2a": 1, "0.AB|AB": 2, "0*4": 1}
	if len(got) != len(want) {
		t.Errorf("records %v, want %v", got, want)
	}
	for k, n := range want {
		if m, ok := got[k]; !ok || m != n {
			t.Errorf("nimber of %q = %d (present %v), want %d", k, m, ok, n)
		}
	}
	crlf := dbNimbers(readTestdata(t, "sprouts-crlf.spr", lookupGame(t, "sprouts")))
	if crlf["0*2"] != 0 || crlf["1a1a"] != 2 || len(crlf) != 2 {
		t.Errorf("CRLF file read as %v", crlf)
	}
}

func TestReadGlop_Errors(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		want       string
	}{
		{"empty", "", 0, "empty, want the header"},
		{"blank only", "\n\n", 0, "empty, want the header"},
		{"no header", "0*2 0\n", 1, "no [Positions+Nimber] header"},
		{"misère", "[WinLoss_Misere:Losing_Position]\n0*2\n", 1, "misère database"},
		{"other header", "[Positions+Outcome]\n", 1, `"[Positions+Outcome]" database`},
		{"no nimber", "[Positions+Nimber]\n0*2\n", 2, `"0*2": want "position nimber"`},
		{"bad nimber", "[Positions+Nimber]\n0*2 x\n", 2, `nimber "x"`},
		{"negative", "[Positions+Nimber]\n0*2 -1\n", 2, `nimber "-1"`},
		{"huge", "[Positions+Nimber]\n0*2 99999999999\n", 2, `nimber "99999999999"`},
		{"bad position", "[Positions+Nimber]\n0*2 0\n0x 1\n", 3, `sprouts: parsing "0x"`},
		{"sum", "[Positions+Nimber]\n0*2+1a1a 2\n", 2, "is a sum of 2 components"},
		{"empty nonzero", "[Positions+Nimber]\n! 1\n", 2, "no move left: its nimber is 0, not nimber 1"},
		{"conflict", "[Positions+Nimber]\n0*2 0\n1a1a 2\na1a1 3\n", 4, `position "1a1a": nimber 3 here, nimber 2 at line 3`},
		{"truncated", "[Positions+Nimber]\n0*2 0\n1a1a 2", 3, "no newline at the end of the file: it looks truncated"},
		{"long line", "[Positions+Nimber]\n" + strings.Repeat("0", maxLineBytes+1) + "\n", 2, "longer than"},
	}
	g := lookupGame(t, "sprouts")
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, err := ReadGlop(strings.NewReader(tt.text), "x.spr", g)
			if err == nil {
				t.Fatalf("ReadGlop = %d records, want an error", len(db.Records))
			}
			var fe *FileError
			if !errors.As(err, &fe) || fe.File != "x.spr" || fe.Line != tt.line {
				t.Errorf("error %v: want a FileError of x.spr line %d", err, tt.line)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

// A position with no move left is true at nimber 0 but never looked up: counted, not kept.
func TestReadGlop_EmptyPosition(t *testing.T) {
	db, err := ReadGlop(strings.NewReader("[Positions+Nimber]\n! 0\n2 0\n0*2 0\n"), "x.spr", lookupGame(t, "sprouts"))
	if err != nil {
		t.Fatal(err)
	}
	if db.Empty != 2 || len(db.Records) != 1 {
		t.Errorf("Empty %d, records %d: want 2 and 1", db.Empty, len(db.Records))
	}
}

// What WriteGlop writes reads back to the same facts; lines are sorted, the file ends with a
// newline, and facts with no nimber are left out.
func TestWriteGlop_RoundTrip(t *testing.T) {
	g := lookupGame(t, "sprouts")
	db := readTestdata(t, "sprouts-2spots.spr", g)
	// 0*3 is proven ≠ 0 only; a misère loss is kept as "= 0" under a key of its own: neither
	// is a losing couple of normal play, and neither is written.
	recs := append(slices.Clone(db.Records),
		Record{Game: "sprouts", Key: "0*3", Position: "0*3", Fact: engine.Fact{}.Without(0)},
		Record{Game: "sprouts", Key: engine.MisereKeyPrefix + "3:0*2", Fact: engine.Fact{}.WithNimber(0)})
	for _, format := range []string{FormatGlop, FormatSPOTS} {
		var buf bytes.Buffer
		written, skipped, err := WriteGlop(&buf, format, recs)
		if err != nil || written != len(db.Records) || skipped != 2 {
			t.Fatalf("WriteGlop(%s) = %d, %d, %v; want %d, 2, nil", format, written, skipped, err, len(db.Records))
		}
		text := buf.String()
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		if lines[0] != glopHeader || !strings.HasSuffix(text, "\n") || !slices.IsSorted(lines[1:]) {
			t.Errorf("%s file not a header, sorted lines and a final newline:\n%s", format, text)
		}
		back, err := ReadGlop(strings.NewReader(text), "back", g)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := dbNimbers(back), dbNimbers(db); !equalNimbers(got, want) {
			t.Errorf("%s round trip: %v, want %v", format, got, want)
		}
	}
}

func equalNimbers(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// Letters past the alphabet: SPOTS numbers uppercase ones n(k), Glop Z(k); both read back to
// the same land, and each file writes its own program's names.
func TestWriteGlop_NumberedLetters(t *testing.T) {
	g := lookupGame(t, "sprouts")
	// 13 regions of two letters each around a spot: 26 uppercase letters, one past Y.
	outer, inner := "0", ""
	for k := 1; k <= 26; k += 2 {
		pair := fmt.Sprintf("n(%d)n(%d)", k, k+1)
		outer += "." + pair
		inner += "|" + pair
	}
	db, err := ReadGlop(strings.NewReader(glopHeader+"\n"+outer+inner+" 1\n"), "x.spr", g)
	if err != nil {
		t.Fatal(err)
	}
	key := db.Records[0].Key
	for _, tt := range []struct{ format, want, not string }{{FormatSPOTS, "n(", "Z("}, {FormatGlop, "Z(", "n("}} {
		var buf bytes.Buffer
		if _, _, err := WriteGlop(&buf, tt.format, db.Records); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), tt.want) || strings.Contains(buf.String(), tt.not) {
			t.Errorf("%s file %q: want %s letters only", tt.format, buf.String(), tt.want)
		}
		back, err := ReadGlop(&buf, "back.spr", g)
		if err != nil || len(back.Records) != 1 || back.Records[0].Key != key {
			t.Errorf("%s file read back: %+v, %v; want key %q", tt.format, back, err, key)
		}
	}
}

func mustParse(t *testing.T, s string) string {
	t.Helper()
	p, err := games.Parse(lookupGame(t, "sprouts"), s)
	if err != nil {
		t.Fatal(err)
	}
	return p.Key()
}

// A database SPOTS wrote (cizektom/spots at da73572: `python -m spots 0*7 --algorithm dfs
// --compute_nimber --output_database`) reads whole, certifies 0*7 = 0, and written back as
// SPOTS's gives most lines exactly as SPOTS wrote them; the others differ in SPOTS's own
// order and rotation of boundaries, not in the position.
func TestSPOTSDatabase(t *testing.T) {
	g := lookupGame(t, "sprouts")
	db := readTestdata(t, "spots-0x7-dfs.spr", g)
	// 264 lines, 255 positions: SPOTS wrote 9 positions twice, in two texts (its canonical
	// form is not unique); ours gives both texts one key, and the nimbers agree.
	if len(db.Records) != 255 {
		t.Errorf("%d records, want 255 positions", len(db.Records))
	}
	p, _ := games.Parse(g, "0*7")
	cert, err := Certify(context.Background(), "sprouts", db, p)
	if err != nil || !cert.HasNimber || cert.Nimber != 0 {
		t.Fatalf("Certify(0*7) = %+v, %v; want nimber 0", cert, err)
	}
	parse := func(s string) (engine.Position, error) { return games.Parse(g, s) }
	if err := engine.Check(context.Background(), cert.Tree, parse); err != nil {
		t.Fatalf("the proof does not check: %v", err)
	}
	var buf bytes.Buffer
	if _, _, err := WriteGlop(&buf, FormatSPOTS, db.Records); err != nil {
		t.Fatal(err)
	}
	theirs, _ := os.ReadFile(filepath.Join("testdata", "spots-0x7-dfs.spr"))
	same := 0
	ours := map[string]bool{}
	for _, l := range strings.Split(buf.String(), "\n") {
		ours[l] = true
	}
	for _, l := range strings.Split(string(theirs), "\n")[1:] {
		if l != "" && ours[l] {
			same++
		}
	}
	if same < len(db.Records)*2/3 {
		t.Errorf("%d of %d lines written as SPOTS wrote them, want two thirds at least", same, len(db.Records))
	}
	t.Logf("0*7 from %d of SPOTS's %d couples; %d lines written as SPOTS wrote them", len(cert.Used), len(db.Records), same)
}
