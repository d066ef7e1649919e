package store

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Databases SPOTS wrote (cizektom/spots at da73572: `python -m spots 0*7 --algorithm dfs|pns
// --compute_nimber --output_database FILE`), imported into a store and exported as SPOTS's
// again: every line SPOTS wrote is one of ours, byte for byte, so SPOTS finds every land
// under the text it looks it up by. Ours has more lines (the other texts SPOTS's
// canonicalisation may give a land met another way), each the same land with the same nimber.
func TestWriteGlop_SPOTSLines(t *testing.T) {
	g := lookupGame(t, "sprouts")
	for _, tt := range []struct {
		file       string
		lines, pos int // SPOTS's lines, and the positions they are
	}{
		{"spots-0x7-dfs.spr", 264, 255},
		{"spots-0x7-pns.spr", 108, 108},
	} {
		db := readTestdata(t, tt.file, g)
		s, err := Open(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Import(s, db, ImportOptions{Verify: true})
		if err != nil || len(rep.Rejected) > 0 {
			t.Fatalf("%s: Import --verify: %v, rejected %v", tt.file, err, rep.Rejected)
		}
		recs, err := Export(s, "sprouts")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		written, _, err := WriteGlop(&buf, FormatSPOTS, recs)
		if err != nil || written != tt.pos {
			t.Fatalf("%s: WriteGlop = %d, %v; want %d positions", tt.file, written, err, tt.pos)
		}
		text := buf.String()
		ours := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		if ours[0] != glopHeader || !strings.HasSuffix(text, "\n") || !slices.IsSorted(ours[1:]) {
			t.Errorf("%s: not a header, sorted lines and a final newline", tt.file)
		}
		data, err := os.ReadFile(filepath.Join("testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		theirs := strings.Split(strings.TrimSpace(string(data)), "\n")[1:]
		if len(theirs) != tt.lines {
			t.Fatalf("%s: %d lines, want %d", tt.file, len(theirs), tt.lines)
		}
		for _, l := range theirs {
			if _, found := slices.BinarySearch(ours[1:], l); !found {
				t.Errorf("%s: SPOTS's line %q is not written", tt.file, l)
			}
		}
		back, err := ReadGlop(strings.NewReader(text), "back.spr", g)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := dbNimbers(back), dbNimbers(db); !equalNimbers(got, want) {
			t.Errorf("%s: our lines read back to other nimbers", tt.file)
		}
		t.Logf("%s: SPOTS's %d lines (%d positions) are among our %d", tt.file, len(theirs), tt.pos, len(ours)-1)
	}
}

// A Glop file keeps one line a position, in our canonical text; a SPOTS file writes runs of
// fresh spots 0*k wherever they stand, and the lands SPOTS's way.
func TestSproutsTexts(t *testing.T) {
	for _, tt := range []struct{ ours, format, want string }{
		{"0.0.A|0.1A.BC|BC", FormatSPOTS, "0*2.A|0.1A.BC|BC"},
		{"0.0.0.0.2", FormatSPOTS, "0*4.2"},
		{"0.0.A|0.1A.BC|BC", FormatGlop, "0.0.A|0.1A.BC|BC"},
		{"ABC|DBC|AD", FormatSPOTS, "ABC|ABD|CD"}, // SPOTS's 0*7 (dfs) has it so
		{"ABC|DBC|AD", FormatGlop, "ABC|DBC|AD"},
	} {
		key := mustParse(t, tt.ours)
		texts, err := sproutsTexts(key, tt.format)
		if err != nil || !slices.Contains(texts, tt.want) {
			t.Errorf("sproutsTexts(%s, %s) = %q, %v; want %s among them", key, tt.format, texts, err, tt.want)
		}
		for _, s := range texts {
			if got := mustParse(t, s); got != key {
				t.Errorf("sproutsTexts(%s, %s) has %s, which reads as %s", key, tt.format, s, got)
			}
		}
	}
	if _, err := sproutsTexts("0A", FormatSPOTS); err == nil || !strings.Contains(err.Error(), "0A") {
		t.Errorf("sproutsTexts of a bad text: %v, want an error naming it", err)
	}
}
