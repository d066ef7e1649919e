package sprouts_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"grundy/engine"
	"grundy/games"
	"grundy/job"
	"grundy/store"
)

// Glop's smallest known check databases of 0*p's outcome, in losing couples (Glop's
// records page; the terminal position's couple is not counted).
var glopSmallest = map[int]int{4: 15, 5: 15, 6: 43, 7: 65, 8: 137, 9: 58, 10: 110, 11: 113,
	16: 669, 17: 329, 18: 1997, 19: 1736, 20: 1831, 21: 5312, 22: 1581, 23: 1058, 24: 5327, 25: 2497}

// TestProofSize_AtMostGlops: `grundy tree sprouts 0*p --outcome-only --workers 1 --minimize
// Nx` proves 0*p's outcome in no more losing couples than Glop's smallest known proof, the
// proof checks, and so does its certificate. The p listed are those whose rounds take seconds;
// docs/proofs.md has the others, found with more time.
func TestProofSize_AtMostGlops(t *testing.T) {
	if testing.Short() {
		t.Skip("minimisation takes about 20 s")
	}
	g, err := games.Lookup("sprouts")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range []struct{ p, rounds int }{{4, 200}, {5, 50}} {
		text := "0*" + string(rune('0'+c.p))
		pos, err := g.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		r, err := job.NewRunner("sprouts", job.Config{CacheMB: 256, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		res := r.Run(ctx, job.Request{Game: g, Position: pos, Task: job.Outcome, Tree: job.TreeOnly, ReadOut: true,
			Minimize: engine.Minimize{Rounds: c.rounds, Seed: 1}}, nil)
		r.Close()
		if res.Err != nil || res.Tree == nil {
			t.Fatalf("%s: %v, no tree (%s)", text, res.Err, res.NoTree)
		}
		if err := engine.Check(ctx, res.Tree, g.Parse); err != nil {
			t.Fatalf("%s: the minimised proof fails its check: %v", text, err)
		}
		size := res.Tree.LosingCouples()
		if size > glopSmallest[c.p] {
			t.Errorf("%s: the proof has %d losing couples, Glop's smallest known %d", text, size, glopSmallest[c.p])
		}
		if _, err := store.CertifyRecords(ctx, g, "certificate", store.TreeRecords(res.Tree), pos, store.DatabaseOnly()); err != nil {
			t.Fatalf("%s: its certificate does not check: %v", text, err)
		}
		t.Logf("%s: %d losing couples (Glop's smallest known: %d)", text, size, glopSmallest[c.p])
	}
}

// TestCertificates_AtMostGlops: the certificates docs/certificates publishes, found by longer
// minimisations (docs/proofs.md), derive 0*p's outcome without theory, from no more losing
// couples than Glop's smallest known proof where one is published (not for 12 … 15).
func TestCertificates_AtMostGlops(t *testing.T) {
	g, err := games.Lookup("sprouts")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("../../docs/certificates/sprouts-*.txt")
	if len(files) == 0 {
		t.Fatal("no certificate in docs/certificates")
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			t.Parallel() // 0*16's takes seconds
			certificateAtMostGlops(t, g, name)
		})
	}
}

func certificateAtMostGlops(t *testing.T, g games.Game, name string) {
	p, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(name), "sprouts-"), ".txt"))
	if err != nil {
		t.Fatalf("%s: not named sprouts-P.txt", name)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.ReadDatabase(f, name, g)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if len(db.Records) > 1000 && os.Getenv("GRUNDY_SOAK") == "" {
		t.Skipf("%d couples, a check of 15 to 60 s: with GRUNDY_SOAK=1", len(db.Records))
	}
	pos, _ := g.Parse("0*" + strconv.Itoa(p))
	cert, err := store.Certify(context.Background(), "sprouts", db, pos, store.DatabaseOnly())
	if err != nil {
		t.Fatalf("%s does not prove 0*%d: %v", name, p, err)
	}
	glop, known := glopSmallest[p] // 12 … 15: none published
	if (known && len(db.Records) > glop) || len(cert.Used) > len(db.Records) {
		t.Errorf("%s: %d losing couples, Glop's smallest known %d", name, len(db.Records), glop)
	}
}
