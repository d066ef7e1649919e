package store

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// addTestdata seeds f with every file of testdata/ whose name ends with ext.
func addTestdata(f *testing.F, ext string) {
	names, err := filepath.Glob(filepath.Join("testdata", "*"+ext))
	if err != nil || len(names) == 0 {
		f.Fatalf("no testdata/*%s seeds: %v", ext, err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

// FuzzReadGlop: no input panics; what reads, writes and reads back to the same facts.
func FuzzReadGlop(f *testing.F) {
	addTestdata(f, ".spr")
	f.Add([]byte("[Positions+Nimber]\n0*2 0\n0*2 1\n"))                    // a conflict
	f.Add([]byte("[Positions+Nimber]\n0*2 0"))                             // truncated
	f.Add([]byte("[Positions+Nimber]\nn(1)n(2)|n(1)n(2) 1\n"))             // SPOTS's numbered letters
	f.Add([]byte("[Positions+Nimber]\n0.0.}]! 0\n\n[Positions+Nimber]\n")) // Glop 1.x, header twice
	g := lookupGame(f, "sprouts")
	f.Fuzz(func(t *testing.T, data []byte) {
		db, err := ReadGlop(bytes.NewReader(data), "fuzz.spr", g)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error on several lines: %q", err)
			}
			return
		}
		var buf bytes.Buffer
		if _, _, err := WriteGlop(&buf, FormatSPOTS, db.Records); err != nil {
			t.Fatalf("WriteGlop: %v", err)
		}
		back, err := ReadGlop(&buf, "back.spr", g)
		if err != nil {
			t.Fatalf("reading back %q: %v", buf.String(), err)
		}
		if !equalNimbers(dbNimbers(back), dbNimbers(db)) {
			t.Fatalf("round trip %v, want %v", dbNimbers(back), dbNimbers(db))
		}
	})
}

// FuzzReadJSONL: no input panics; what reads, writes and reads back to the same facts.
func FuzzReadJSONL(f *testing.F) {
	addTestdata(f, ".jsonl")
	f.Add([]byte(`{"game":"cram","key":"AwMA","not_equal":[0,1,64]}` + "\n")) // a key no board gives
	f.Add([]byte(`{"game":"cram","position":"..#/...","nimber":1}` + "\n"))   // a board
	f.Add([]byte(`{"game":"cram","position":"..#..","nimber":0}` + "\n"))     // a sum: refused
	f.Add([]byte(`{"game":"kayles","position":"7","nimber":2}` + "\n" + `{"game":"kayles","position":"7","not_equal":[2]}` + "\n"))
	f.Add([]byte(`{"game":"sprouts","position":"0*2","nimber":0}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		db, err := ReadJSONL(bytes.NewReader(data), "fuzz.jsonl", nil)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := WriteJSONL(&buf, db.Records); err != nil {
			t.Fatalf("WriteJSONL: %v", err)
		}
		back, err := ReadJSONL(&buf, "back.jsonl", nil)
		if err != nil {
			t.Fatalf("reading back %q: %v", buf.String(), err)
		}
		if len(back.Records) != len(db.Records) {
			t.Fatalf("%d records back, want %d", len(back.Records), len(db.Records))
		}
		for i, r := range back.Records {
			if r.Key != db.Records[i].Key || !sameFacts(r.Fact, db.Records[i].Fact) {
				t.Fatalf("record %d: %q %s, want %q %s", i, r.Key, describeFact(r.Fact), db.Records[i].Key, describeFact(db.Records[i].Fact))
			}
		}
	})
}
