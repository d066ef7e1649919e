package store

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"grundy/engine"
)

// A false line of a Glop file, imported, is a claim: no search reads it, the answer stays
// right, and the stats count it apart; --verify rejects it, naming its line, and adds the
// true lines as facts proven, their origin the file.
func TestImport_FalseLineIsAClaim(t *testing.T) {
	g := lookupGame(t, "sprouts")
	s := openTemp(t)
	const file = "[Positions+Nimber]\n0*4 3\n" // nimber(0*4) is 1
	rep, err := ImportFile(s, strings.NewReader(file), "bad.spr", g)
	if err != nil || rep.Claimed != 1 {
		t.Fatalf("ImportFile = %+v, %v; want 1 claim", rep, err)
	}
	key := lookupKey(t, "0*4")
	if _, ok, _ := s.Get("sprouts", key); ok {
		t.Fatalf("the claim is a fact of the store")
	}
	c, ok, err := s.Claim("sprouts", key)
	if n, _ := c.Fact.Nimber(); err != nil || !ok || n != 3 || c.Line != 2 || c.Origin != (Origin{FromImport, "bad.spr"}) {
		t.Fatalf("Claim = %+v, %v, %v; want nimber 3 of bad.spr line 2", c, ok, err)
	}
	facts := s.Facts("sprouts")
	want, _ := sproutsNimber(t, "0*4", engine.NewMapCache())
	if got, _ := sproutsNimber(t, "0*4", Through(engine.NewMapCache(), facts)); got != want || want == 3 {
		t.Fatalf("a search through the store answers nimber %d, without it %d", got, want)
	}
	if hits := facts.Use().Hits; hits != 0 {
		t.Errorf("the search read %d facts of the store, which held only a claim", hits)
	}
	st, err := s.Stats()
	if err != nil || len(st.Games) != 1 || st.Games[0].Claims != 1 || st.Games[0].ClaimsFrom[FromImport] != 1 {
		t.Fatalf("Stats = %+v, %v; want the one claim, imported", st, err)
	}

	fresh := openTemp(t)
	ImportFile(fresh, strings.NewReader("[Positions+Nimber]\n0*8 3\n"), "bad.spr", g)
	// SPOTS's certificate of 0*7, and a false line after it (nimber(0*8) is 0).
	cert, err := os.ReadFile(filepath.Join("testdata", "spots-0x7-pns.spr"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Count(string(cert), "\n")
	rep, err = ImportFileWith(context.Background(), fresh, strings.NewReader(string(cert)+"0*8 3\n"), "bad.spr", g, ImportOptions{Verify: true})
	if err != nil || len(rep.Rejected) != 1 || rep.Rejected[0].Line != lines+1 || rep.Rejected[0].Position != `position "0*8"` {
		t.Fatalf("ImportFile --verify = %+v, %v; want line %d rejected", rep, err, lines+1)
	}
	if rep.Added != rep.Read-1 {
		t.Errorf("ImportFile --verify = %+v; want every other line added", rep)
	}
	key = lookupKey(t, "0*8")
	if _, ok, _ := fresh.Get("sprouts", key); ok {
		t.Errorf("the false fact rejected is in the store")
	}
	if _, ok, _ := fresh.Claim("sprouts", key); !ok {
		t.Errorf("the claim of the first import is gone after a verification that rejected it")
	}
	st, err = fresh.Stats()
	if err != nil || st.Games[0].From[FromImport] != int64(rep.Added) || st.Games[0].Claims != 1 {
		t.Errorf("Stats = %+v, %v; want %d facts imported and checked, the one claim left", st, err, rep.Added)
	}
}

// lookupKey is the exact key of a Sprouts position.
func lookupKey(t *testing.T, pos string) string {
	t.Helper()
	recs, err := ReadGlop(strings.NewReader("[Positions+Nimber]\n"+pos+" 1\n"), "key", lookupGame(t, "sprouts"))
	if err != nil || len(recs.Records) != 1 {
		t.Fatalf("%s: %v", pos, err)
	}
	return recs.Records[0].Key
}

// Every fact knows where it came from: a search's (and a store's of before origins) is this
// machine's; a merge's names the store; a worker's its name. Merge keeps claims as claims.
func TestOrigin_BySource(t *testing.T) {
	src, dst := openTemp(t), openTemp(t)
	src.Add("nim", "3", engine.Fact{}.WithNimber(3))
	src.Facts("nim").Put("5", engine.Fact{}.WithNimber(5))
	if err := src.Flush(); err != nil {
		t.Fatal(err)
	}
	if _, err := ImportFile(src, strings.NewReader(`{"game":"nim","position":"6","nimber":6}`+"\n"), "six.jsonl", nil); err != nil {
		t.Fatal(err)
	}
	dst.AddFrom("nim", "4", engine.Fact{}.WithNimber(4), Origin{FromWorker, "w1"})
	rep, err := dst.Merge(src)
	if err != nil || rep.Added != 2 || rep.Claims != 1 {
		t.Fatalf("Merge = %+v, %v; want 2 added, 1 claim", rep, err)
	}
	for key, want := range map[string]Origin{"3": {FromMerge, src.Dir()}, "4": {FromWorker, "w1"}} {
		if o, ok, err := dst.Origin("nim", key); err != nil || !ok || o != want {
			t.Errorf("Origin(nim %s) = %v, %v, %v; want %v", key, o, ok, err, want)
		}
	}
	if o, ok, _ := src.Origin("nim", "5"); !ok || o != Searched {
		t.Errorf("Origin of a search's fact = %v, %v; want this machine's search", o, ok)
	}
	if c, ok, _ := dst.Claim("nim", "6"); !ok || c.Origin != (Origin{FromImport, "six.jsonl"}) {
		t.Errorf("the merged claim = %+v, %v; want that of six.jsonl", c, ok)
	}
	st, _ := dst.Stats()
	if g := st.Games[0]; g.Entries != 3 || g.From[FromMerge] != 2 || g.From[FromWorker] != 1 || g.From[FromSearch] != 0 || g.Claims != 1 {
		t.Errorf("Stats = %+v; want 3 facts (2 merged, 1 from a worker) and 1 claim", g)
	}
}
