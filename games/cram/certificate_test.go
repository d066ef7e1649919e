package cram_test

import (
	"os"
	"testing"

	"grundy/games"
	"grundy/store"
)

// The certificate of 3x21 = 1 that docs/certificates ships (gzip) stays readable as the
// game's notation changes: every line one Cram component with its nimber. Its check from
// the rules (`grundy db check cram-3x21.txt.gz --game cram 3x21 --no-theory`, 2.4 minutes
// and 5 GB) is too long for the tests; docs/results.md gives it.
func TestCertificate3x21_Reads(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 212 668 boards")
	}
	g, err := games.Lookup("cram")
	if err != nil {
		t.Fatal(err)
	}
	name := "../../docs/certificates/cram-3x21.txt.gz"
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	db, err := store.ReadDatabase(f, name, g)
	if err != nil {
		t.Fatal(err)
	}
	if len(db.Records) != 212_668 {
		t.Fatalf("%s: %d couples, want 212 668", name, len(db.Records))
	}
	for _, r := range db.Records {
		p, err := games.Parse(g, r.Position)
		if err != nil {
			t.Fatalf("%s: %v", r.Position, err)
		}
		if h := len(p.Split()); h != 1 {
			t.Fatalf("%s: %d components, want one", r.Position, h)
		}
		if _, ok := r.Fact.Nimber(); !ok {
			t.Fatalf("%s: no nimber", r.Position)
		}
	}
}
