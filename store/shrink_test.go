package store

import (
	"context"
	"os"
	"slices"
	"testing"

	"grundy/games"
)

// Shrink: a certificate of 0*5 as the search first read it out (26 losing couples) leaves
// out the couples the position is derived without; what is left still derives it, and no
// single couple of it can be left out.
func TestShrink_LeavesOutWhatIsNotNeeded(t *testing.T) {
	g, db := unminimised5(t)
	p, _ := games.Parse(g, "0*5")
	ctx := context.Background()
	cert, err := Certify(ctx, "sprouts", db, p, DatabaseOnly())
	if err != nil {
		t.Fatal(err)
	}
	small, err := Shrink(ctx, "sprouts", db.Name, db.Format, p, cert, DatabaseOnly())
	if err != nil {
		t.Fatal(err)
	}
	if len(small.Used) >= len(cert.Used) || !sameResult(small, cert) {
		t.Fatalf("Shrink: %d couples (win %v), from %d (win %v)", len(small.Used), small.Win, len(cert.Used), cert.Win)
	}
	for i := range small.Used {
		rest := slices.Delete(slices.Clone(small.Used), i, i+1)
		if c, err := Certify(ctx, "sprouts", &Database{Name: "rest", Format: db.Format, Records: rest}, p, DatabaseOnly()); err == nil && sameResult(c, small) {
			t.Errorf("0*5 is still derived without %v: Shrink left it in", small.Used[i])
		}
	}
	t.Logf("0*5: %d couples, from %d", len(small.Used), len(cert.Used))
}

// unminimised5 reads a certificate of 0*5 as the search first read it out: 26 losing couples.
func unminimised5(t *testing.T) (games.Game, *Database) {
	t.Helper()
	g, err := games.Lookup("sprouts")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open("testdata/sprouts-5-unminimised.spr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	db, err := ReadDatabase(f, "sprouts-5", g)
	if err != nil {
		t.Fatal(err)
	}
	return g, db
}

// A stop keeps the smallest certificate so far, with the context's error.
func TestShrink_Stopped(t *testing.T) {
	g, _ := games.Lookup("sprouts")
	db, p := solvedDatabase(t, g, "0*4")
	cert, err := Certify(context.Background(), "sprouts", db, p)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, err := Shrink(ctx, "sprouts", db.Name, db.Format, p, cert)
	if err == nil || got != cert {
		t.Fatalf("Shrink on a stopped context: %v, same certificate %v", err, got == cert)
	}
}
