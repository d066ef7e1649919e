package store

import (
	"bytes"
	"compress/gzip"
	"testing"
)

// gzipped is text compressed by gzip.
func gzipped(text string) []byte {
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	z.Write([]byte(text))
	z.Close()
	return buf.Bytes()
}

// FuzzImportFile: the staged import of any input agrees with reading it whole: the same
// error, word for word (and the store left empty), or the same facts stored.
func FuzzImportFile(f *testing.F) {
	addTestdata(f, ".spr")
	addTestdata(f, ".jsonl")
	f.Add([]byte("[Positions+Nimber]\n0*2 0\n1a1a 2\n1a1a 3\n"))                     // lines that disagree
	f.Add([]byte("[Positions+Nimber]\n1a1a 1\n1a1a 1\n0*3 1\n"))                     // a line twice
	f.Add([]byte("{\"game\":\"sprouts\",\"position\":\"0*3\",\"not_equal\":[0]}\n")) // ≠ only
	f.Add([]byte("[Positions+Nimber]\n0*2 0"))                                       // truncated
	f.Add(gzipped("[Positions+Nimber]\n0*2 0\n0*3 1\n"))                             // compressed
	g := lookupGame(f, "sprouts")
	f.Fuzz(func(t *testing.T, data []byte) {
		db, whole := ReadDatabase(bytes.NewReader(data), "fuzz.spr", g)
		s := openTemp(t)
		rep, err := ImportFile(s, bytes.NewReader(data), "fuzz.spr", g)
		if (whole == nil) != (err == nil) || whole != nil && whole.Error() != err.Error() {
			t.Fatalf("ImportFile: %v; ReadDatabase: %v", err, whole)
		}
		stats, serr := s.Stats()
		if serr != nil {
			t.Fatal(serr)
		}
		stored := int64(0)
		for _, gs := range stats.Games {
			stored += gs.Entries + gs.Claims
		}
		if err != nil {
			if stored != 0 {
				t.Fatalf("a failed import (%v) stored %d facts", err, stored)
			}
			return
		}
		if rep.Read != len(db.Records) || rep.Claimed != len(db.Records) || stored != int64(len(db.Records)) || rep.Empty != db.Empty {
			t.Fatalf("ImportFile = %+v, %d stored; ReadDatabase: %d records, %d empty", rep, stored, len(db.Records), db.Empty)
		}
		for _, r := range db.Records {
			have, ok, err := s.Claim(r.Game, r.Key)
			if err != nil || !ok || !have.Fact.Equal(r.Fact) {
				t.Fatalf("%s %q: stored %v %v (%v), read whole %v", r.Game, r.Key, have, ok, err, r.Fact)
			}
		}
	})
}
