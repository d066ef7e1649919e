package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"grundy/engine"
	"grundy/games"
)

// Lines about one position are joined in the stage whatever their number and their order in
// the file; the first that disagrees with those before it is named with the first line, and
// nothing of the file is imported.
func TestImportFile_StagedLinesJoined(t *testing.T) {
	nim, err := games.Lookup("nim")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, file, want string
	}{
		{"repeated", "[Positions+Nimber]\n5 5\n7 7\n5 5\n5 5\n", ""},
		{"third line", "[Positions+Nimber]\n5 5\n7 7\n5 5\n5 4\n", `f.spr:5: position "5": nimber 4 here, nimber 5 at line 2`},
		{"after others", "[Positions+Nimber]\n9 9\n5 5\n1 1\n7 7\n5 6\n7 7\n", `f.spr:6: position "5": nimber 6 here, nimber 5 at line 3`},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := openTemp(t)
			rep, err := ImportFile(s, strings.NewReader(c.file), "f.spr", nim)
			if c.want == "" {
				if err != nil || rep.Claimed != 2 {
					t.Fatalf("ImportFile = %+v, %v, want 2 claims", rep, err)
				}
				return
			}
			if err == nil || err.Error() != c.want {
				t.Fatalf("ImportFile error %v, want %s", err, c.want)
			}
			claims := 0
			if err := s.EachClaim("", func(string, string, Claim) error { claims++; return nil }); err != nil {
				t.Fatal(err)
			}
			if claims != 0 {
				t.Errorf("%d claims stored by a file refused", claims)
			}
		})
	}
}

// A file larger than the stage's memory is staged in sorted runs that a staging database
// joins: lines about one position in different runs are joined, a disagreement between
// runs is named as in memory, and a verified import reads the file's other facts from the
// runs.
func TestImportFile_StagedInRuns(t *testing.T) {
	nim, err := games.Lookup("nim")
	if err != nil {
		t.Fatal(err)
	}
	var good strings.Builder
	good.WriteString("[Positions+Nimber]\n")
	for round := 0; round < 2; round++ {
		for n := 1; n <= 12; n++ {
			fmt.Fprintf(&good, "%d %d\n", n, n)
		}
	}
	bad := good.String() + "7 6\n"
	want := `f.spr:26: position "7": nimber 6 here, nimber 7 at line 8`
	old := stageRun
	stageRun = 1024 // 21 lines a run, 2 runs
	defer func() { stageRun = old }()
	if st := stageOf(t, good.String(), nim); st.runs < 2 {
		t.Errorf("%d runs written, want several", st.runs)
	}
	for _, verify := range []bool{false, true} {
		if verify && testing.Short() {
			break // a second under -race -short: the runs' check is the same
		}
		rep, err := ImportFileWith(context.Background(), openTemp(t), strings.NewReader(good.String()), "f.spr", nim, ImportOptions{Verify: verify})
		if got := rep.Claimed + rep.Added; err != nil || got != 12 || len(rep.Rejected) != 0 {
			t.Errorf("verify %v: ImportFile = %+v, %v, want 12 facts", verify, rep, err)
		}
	}
	_, err = ImportFile(openTemp(t), strings.NewReader(bad), "f.spr", nim)
	if err == nil || err.Error() != want {
		t.Errorf("ImportFile error %v, want %s (as TestImportFile_StagedLinesJoined in memory)", err, want)
	}
}

// stageOf stages the Glop file text as an import does, and returns its stage, closed.
func stageOf(t *testing.T, text string, g games.Game) *stage {
	st := openTemp(t).newStage(t.TempDir(), "f.spr")
	defer st.Close()
	if err := eachGlop(strings.NewReader(text), &Database{Name: "f.spr"}, g, st.add); err != nil {
		t.Fatal(err)
	}
	if err := st.flush(); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestStage_SortEntries sorts keys of a few bytes (zero bytes, prefixes of one another, long
// common heads, repeats) of three games as bytes.Compare does, repeats in the order added.
func TestStage_SortEntries(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	st := openTemp(t).newStage(t.TempDir(), "f")
	defer st.Close()
	type line struct {
		key  string
		line int
	}
	var want []line
	for i := range 3000 {
		b := make([]byte, rng.IntN(13))
		for j := range b {
			b[j] = "\x00\x01a\xff"[rng.IntN(4)]
		}
		game := []string{"nim", "cram", "nimble"}[rng.IntN(3)]
		rec := Record{Game: game, Key: string(b), Fact: engine.Fact{}.WithNimber(1), Line: i + 1}
		if err := st.add(rec); err != nil {
			t.Fatal(err)
		}
		want = append(want, line{string(keyOf(game, rec.Key)), i + 1})
	}
	slices.SortStableFunc(want, func(a, b line) int { return strings.Compare(a.key, b.key) })
	st.sortEntries()
	for i, e := range st.at {
		sv, err := decodeStaged(st.valueAt(e))
		if got := string(st.keyAt(e)); err != nil || got != want[i].key || sv.line != want[i].line {
			t.Fatalf("entry %d: key %q line %d, want %q line %d", i, got, sv.line, want[i].key, want[i].line)
		}
	}
}

// A file of no fact, or of one, stages and imports as any other.
func TestImportFile_NoneOrOneStaged(t *testing.T) {
	nim, err := games.Lookup("nim")
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]int{"[Positions+Nimber]\n": 0, "[Positions+Nimber]\n0 0\n": 0, "[Positions+Nimber]\n3 3\n": 1} {
		rep, err := ImportFile(openTemp(t), strings.NewReader(file), "f.spr", nim)
		if err != nil || rep.Claimed != want {
			t.Errorf("ImportFile(%q) = %+v, %v, want %d claimed", file, rep, err, want)
		}
	}
}
