package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"grundy/engine"
	"grundy/games/cram"
	"grundy/games/sprouts"
	"grundy/store"
)

// grundyOK runs the command line and fails the test unless it exits 0.
func grundyOK(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := grundy(args...)
	if code != 0 {
		t.Fatalf("grundy %s: exit %d, stderr %q", strings.Join(args, " "), code, errOut)
	}
	return out
}

// storeFacts returns every fact proven of the store in dir, by game and key.
func storeFacts(t *testing.T, dir string) map[string]engine.Fact { return storeTier(t, dir, false) }

// storeClaims returns every claim of the store in dir (facts imported, not checked).
func storeClaims(t *testing.T, dir string) map[string]engine.Fact { return storeTier(t, dir, true) }

func storeTier(t *testing.T, dir string, claims bool) map[string]engine.Fact {
	t.Helper()
	s, err := store.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	facts := map[string]engine.Fact{}
	if claims {
		err = s.EachClaim("", func(game, key string, c store.Claim) error {
			facts[game+" "+key] = c.Fact
			return nil
		})
	} else {
		err = s.Each("", func(game, key string, f engine.Fact) error {
			facts[game+" "+key] = f
			return nil
		})
	}
	if err != nil {
		t.Fatal(err)
	}
	return facts
}

func sameFacts(t *testing.T, got, want map[string]engine.Fact) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d facts, want %d", len(got), len(want))
	}
	for k, f := range want {
		if g, ok := got[k]; !ok || !g.Equal(f) {
			t.Errorf("fact %q = %v (present %v), want %v", k, describe(g), ok, describe(f))
		}
	}
}

// A Glop file of small Sprouts positions (the published nimbers of 1 to 6 spots, the losing
// 7 and 8 of docs/results.md, the 2-spot game of SPROUTS.md) imports as claims, which solve does not
// take as proven; its own certificate of 0*8, imported and verified, solve answers from.
func TestDB_ImportUsedBySolve(t *testing.T) {
	tmp := t.TempDir()
	db := filepath.Join(tmp, "facts")
	out := grundyOK(t, "db", "import", "testdata/sprouts-small.spr", "--game", "sprouts", "--db", db)
	if !strings.Contains(out, "21 facts: 21 claims, not checked") {
		t.Errorf("import said %q", out)
	}
	again := grundyOK(t, "db", "import", "testdata/sprouts-small.spr", "--game", "sprouts", "--db", db)
	if !strings.Contains(again, "21 facts: 0 claims, not checked (db import --verify checks them), 21 known") {
		t.Errorf("second import said %q", again)
	}
	// Searched, not read from the claims: more than the root's node. (The search may read
	// back facts it wrote itself, once its cache drops them: store hits need not be 0.)
	if res := solveJSON(t, "sprouts", "0*8", "--db", db, "--tree-nodes", "0"); *res.Nimber != 0 || res.Stats.Nodes <= 1 {
		t.Errorf("solve 0*8 over claims: nimber %d, %d nodes, %d store hits; want 0 searched", *res.Nimber, res.Stats.Nodes, *res.Stats.StoreHits)
	}
	cert := filepath.Join(tmp, "cert.spr")
	grundyOK(t, "db", "export", "--format", "glop", "--game", "sprouts", "-o", cert, "--db", db)
	db = filepath.Join(tmp, "checked")
	if out := grundyOK(t, "db", "import", "--verify", cert, "--game", "sprouts", "--db", db); !strings.Contains(out, " 0 rejected") {
		t.Errorf("import --verify said %q", out)
	}
	res := solveJSON(t, "sprouts", "0*8", "--db", db, "--tree-nodes", "0")
	if *res.Nimber != 0 || *res.Stats.StoreHits == 0 || res.Stats.Nodes > 1 {
		t.Errorf("solve 0*8: nimber %d, %d store hits, %d nodes; want 0 from the store, no search", *res.Nimber, *res.Stats.StoreHits, res.Stats.Nodes)
	}
	stats := grundyOK(t, "db", "stats", "--db", db)
	if !regexp.MustCompile(`1 games, \d+ facts, \d+ KB on disk\n  sprouts +\d+  \(\d+ imported; checked\)\n$`).MatchString(stats) {
		t.Errorf("stats: %q", stats)
	}
}

// A false line of a Glop file (nimber(0*8) is 0) is imported as a claim: solve answers
// right, db stats counts it apart, and --verify rejects it, naming its line.
func TestDB_FalseLineIsAClaim(t *testing.T) {
	tmp := t.TempDir()
	db, bad := filepath.Join(tmp, "facts"), filepath.Join(tmp, "bad.spr")
	os.WriteFile(bad, []byte("[Positions+Nimber]\n0*8 3\n"), 0o644)
	grundyOK(t, "db", "import", bad, "--game", "sprouts", "--db", db)
	if res := solveJSON(t, "sprouts", "0*8", "--db", db, "--tree-nodes", "0"); *res.Nimber != 0 {
		t.Errorf("solve 0*8 after the false line: nimber %d, want 0", *res.Nimber)
	}
	if stats := grundyOK(t, "db", "stats", "--db", db); !strings.Contains(stats, "; 1 claims, not checked\n") || !strings.Contains(stats, "+ claims, not checked: 1 imported") {
		t.Errorf("stats: %q", stats)
	}
	code, out, errOut := grundy("db", "import", "--verify", bad, "--game", "sprouts", "--db", filepath.Join(tmp, "fresh"))
	if code != exitFailed || !strings.Contains(out, "0 new, 0 grown, 0 known, 1 rejected") ||
		!strings.HasPrefix(errOut, "grundy db import: "+bad+`:2: position "0*8": not verified: `) || strings.Count(errOut, "\n") != 1 {
		t.Errorf("import --verify: exit %d, stdout %q, stderr %q; want 1 and line 2 named", code, out, errOut)
	}
}

// A corrupt or truncated file is refused with its line named, and the store is unchanged.
func TestDB_CorruptFileChangesNothing(t *testing.T) {
	db := filepath.Join(t.TempDir(), "facts")
	grundyOK(t, "db", "import", "testdata/sprouts-small.spr", "--game", "sprouts", "--db", db)
	before := storeFacts(t, db)
	dir := t.TempDir()
	for name, text := range map[string]string{
		"bad.spr":       "[Positions+Nimber]\n0*9 1\n0*10 1\n0*11 x\n",
		"truncated.spr": "[Positions+Nimber]\n0*9 1\n0*10 1",
		"conflict.spr":  "[Positions+Nimber]\n0*9 1\n0*6 1\n",
		"garbage.spr":   "\x00\x01PK\x03\x04",
	} {
		file := filepath.Join(dir, name)
		os.WriteFile(file, []byte(text), 0o644)
		code, _, errOut := grundy("db", "import", file, "--game", "sprouts", "--db", db)
		want := exitUsage
		if name == "conflict.spr" {
			want = exitFailed
		}
		if code != want || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, name) {
			t.Errorf("import %s: exit %d, stderr %q; want %d and one line naming the file", name, code, errOut, want)
		}
		if name == "conflict.spr" && !strings.Contains(errOut, `conflict.spr:3: conflicting facts: sprouts position "0*6": nimber 1 in the file, nimber 0 claimed by the import of testdata/sprouts-small.spr (line 7, not checked) in the store`) {
			t.Errorf("conflict message %q", errOut)
		}
	}
	sameFacts(t, storeFacts(t, db), before)
}

// Export then import, in jsonl, carries every fact (nimbers and ≠ sets, Cram's facts as
// boards, and by key a Cram key that no board gives); Glop's format carries the Sprouts facts
// with a nimber.
func TestDB_ExportImportRoundTrip(t *testing.T) {
	tmp := t.TempDir()
	src, dst := filepath.Join(tmp, "src"), filepath.Join(tmp, "dst")
	solveJSON(t, "cram", "3x5", "--db", src, "--tree-nodes", "0")
	solveJSON(t, "sprouts", "0*4", "--db", src, "--tree-nodes", "0")
	s, _ := store.Open(src)
	s.Add("cram", "\x01\x01\x01", engine.Fact{}.Without(3).Without(70)) // a fact of ≠ only
	s.Close()
	all := filepath.Join(tmp, "all.jsonl")
	grundyOK(t, "db", "export", "--format", "jsonl", "-o", all, "--db", src)
	grundyOK(t, "db", "import", all, "--db", dst)
	sameFacts(t, storeClaims(t, dst), storeFacts(t, src))

	glop := filepath.Join(tmp, "sprouts.spr")
	out := grundyOK(t, "db", "export", "--format", "glop", "--game", "sprouts", "-o", glop, "--db", src)
	text, _ := os.ReadFile(glop)
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	if lines[0] != "[Positions+Nimber]" || !strings.HasSuffix(string(text), "\n") || !strings.Contains(out, "facts (glop)") {
		t.Errorf("export said %q and wrote:\n%s", out, text)
	}
	back := filepath.Join(tmp, "back")
	grundyOK(t, "db", "import", "--verify", glop, "--game", "sprouts", "--db", back)
	want := map[string]engine.Fact{}
	for k, f := range storeFacts(t, src) {
		if _, ok := f.Nimber(); ok && strings.HasPrefix(k, "sprouts ") {
			// Glop's file holds positions: a cheap key (engine.Exact) comes back canonical.
			p, err := sprouts.Parse(strings.TrimPrefix(k, "sprouts "))
			if err != nil {
				t.Fatal(err)
			}
			want["sprouts "+p.String()] = f
		}
	}
	sameFacts(t, storeFacts(t, back), want)
	if code, _, errOut := grundy("db", "export", "--format", "spots", "-o", glop, "--db", src); code != exitUsage || !strings.Contains(errOut, "choose one with --game") {
		t.Errorf("export of two games as spots: exit %d, %q", code, errOut)
	}
}

// Cram's facts (its keys are bytes) export as boards, never keys: a Glop file of the losing
// couples, one board a line, which imports into another store as the same facts and
// certifies the board that was solved, and jsonl lines that all give a position.
func TestDB_ExportCramBoards(t *testing.T) {
	tmp := t.TempDir()
	src, back, again := filepath.Join(tmp, "src"), filepath.Join(tmp, "back"), filepath.Join(tmp, "again")
	res := solveJSON(t, "cram", "3x5", "--db", src, "--tree-nodes", "0")
	glop, all := filepath.Join(tmp, "cram.spr"), filepath.Join(tmp, "cram.jsonl")
	out := grundyOK(t, "db", "export", "--format", "glop", "-o", glop, "--db", src)
	text, _ := os.ReadFile(glop)
	lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	if lines[0] != "[Positions+Nimber]" || len(lines) < 3 || !strings.Contains(out, "facts (glop)") {
		t.Fatalf("export said %q and wrote:\n%s", out, text)
	}
	for _, l := range lines[1:] {
		pos, _, _ := strings.Cut(l, " ")
		if b, err := cram.Parse(pos); err != nil || len(b.Split()) != 1 {
			t.Errorf("line %q: want a board of one component, %v", l, err)
		}
	}
	grundyOK(t, "db", "import", "--verify", glop, "--game", "cram", "--db", back)
	want := map[string]engine.Fact{}
	for k, f := range storeFacts(t, src) {
		if _, ok := f.Nimber(); ok {
			want[k] = f
		}
	}
	sameFacts(t, storeFacts(t, back), want)
	check := grundyOK(t, "db", "check", glop, "--game", "cram", "3x5")
	if w := `nimber("3x5") = ` + strconv.Itoa(*res.Nimber); !strings.Contains(check, w) {
		t.Errorf("check said %q, want %q", check, w)
	}

	grundyOK(t, "db", "export", "--format", "jsonl", "-o", all, "--db", src)
	text, _ = os.ReadFile(all)
	for _, l := range strings.Split(strings.TrimSuffix(string(text), "\n"), "\n") {
		if !strings.Contains(l, `"position":`) || strings.Contains(l, `"key":`) {
			t.Errorf("jsonl line %s: want a position, no key", l)
		}
	}
	grundyOK(t, "db", "import", "--verify", all, "--db", again)
	sameFacts(t, storeFacts(t, again), storeFacts(t, src))
}

// Two stores grown from different positions merge; a planted conflict is reported with both
// values, exit 1, and the store keeps its own fact.
func TestDB_Merge(t *testing.T) {
	tmp := t.TempDir()
	a, b, c := filepath.Join(tmp, "a"), filepath.Join(tmp, "b"), filepath.Join(tmp, "c")
	solveJSON(t, "cram", "3x4", "--db", a, "--tree-nodes", "0")
	solveJSON(t, "cram", "2x7", "--db", b, "--tree-nodes", "0")
	union := storeFacts(t, a)
	for k, f := range storeFacts(t, b) {
		union[k] = union[k].Merge(f)
	}
	out := grundyOK(t, "db", "merge", b, "--db", a)
	if !strings.Contains(out, "0 conflicts") {
		t.Errorf("merge said %q", out)
	}
	sameFacts(t, storeFacts(t, a), union)

	var key string
	var have engine.Fact
	for k, f := range storeFacts(t, a) {
		if _, ok := f.Nimber(); ok {
			key, have = strings.TrimPrefix(k, "cram "), f
			break
		}
	}
	n, _ := have.Nimber()
	s, _ := store.Open(c)
	s.Add("cram", key, engine.Fact{}.WithNimber(n+1))
	s.Close()
	code, out, _ := grundy("db", "merge", c, "--db", a)
	want := "conflict: cram " + engine.Quote(key) + ": " + a + " holds " + describe(have) + ", " + c + " holds " + describe(engine.Fact{}.WithNimber(n+1))
	if code != exitFailed || !strings.Contains(out, "1 conflicts") || !strings.Contains(out, want) {
		t.Errorf("merge of a conflict: exit %d, output %q; want 1 and %q", code, out, want)
	}
	if got := storeFacts(t, a)["cram "+key]; !got.Equal(have) {
		t.Errorf("after the conflict the store holds %s, want its own %s", describe(got), describe(have))
	}
}

// db check proves 0*2 from the worked 2-spot game, writes the couples it used and a proof
// that `grundy check` verifies; without a needed couple it fails, naming it.
func TestDB_Check(t *testing.T) {
	tmp := t.TempDir()
	small, proof := filepath.Join(tmp, "small.spr"), filepath.Join(tmp, "proof.json")
	out := grundyOK(t, "db", "check", "testdata/sprouts-small.spr", "--game", "sprouts", "0*2", "-o", small, "--tree", proof)
	if !strings.Contains(out, `nimber("0*2") = 0`) || !strings.Contains(out, "from 3 of its 21 couples") {
		t.Errorf("check said %q", out)
	}
	if got := grundyOK(t, "check", proof); !strings.HasPrefix(got, "ok: ") {
		t.Errorf("grundy check: %q", got)
	}
	text, _ := os.ReadFile(small)
	if string(text) != "[Positions+Nimber]\n0 0\n0*2 0\nABCD|ABCD 0\n" {
		t.Errorf("smallest database:\n%s", text)
	}
	os.WriteFile(small, []byte("[Positions+Nimber]\n0*2 0\nABCD|ABCD 0\n"), 0o644) // without "0 0"
	code, _, errOut := grundy("db", "check", small, "--game", "sprouts", "0*2")
	if code != exitFailed || !strings.Contains(errOut, `does not prove "0*2": couple ("0.AB|AB", 0)`) || !strings.Contains(errOut, ` "0", which the database lacks`) {
		t.Errorf("check without 0: exit %d, %q", code, errOut)
	}
}

// --smallest writes the fewest couples of the file that still derive the position, which
// db check then derives it from; --outcome-only proves a winning position's outcome
// without its own line (0*5: 23 couples of the 26 the check used), and keeps a losing one's.
func TestDB_CheckSmallest(t *testing.T) {
	if _, err := exec.LookPath("cbc"); err != nil {
		t.Skip("cbc not installed (apt package coinor-cbc; make test installs it)")
	}
	small := filepath.Join(t.TempDir(), "small.spr")
	out := grundyOK(t, "db", "check", "../store/testdata/sprouts-5-unminimised.spr", "--game", "sprouts", "0*5", "-o", small, "--smallest", "--outcome-only")
	if !strings.Contains(out, "of the smallest certificate the file holds") {
		t.Errorf("check --smallest said %q", out)
	}
	again := grundyOK(t, "db", "check", small, "--game", "sprouts", "0*5", "--no-theory")
	if !strings.Contains(again, `"0*5"`) || !strings.Contains(again, "first-player win") {
		t.Errorf("check of the smallest: %q", again)
	}
	text, _ := os.ReadFile(small)
	if n := strings.Count(string(text), "\n") - 1; n > 23 { // the proof used 26, --shrink leaves 23
		t.Errorf("the smallest certificate of 0*5 from this file: %d couples, want at most 23", n)
	}
	// started from the smallest, the search keeps it (or a smaller one) and says so
	smaller := filepath.Join(t.TempDir(), "smaller.spr")
	code, out, errOut := grundy("db", "check", "../store/testdata/sprouts-5-unminimised.spr", "--game", "sprouts", "0*5", "-o", smaller, "--smallest", "--outcome-only", "--from", small)
	if code != exitOK || !strings.Contains(errOut, "smallest: from "+small+"'s") || !strings.Contains(out, "of the smallest certificate the file holds") {
		t.Errorf("check --smallest --from: exit %d, %q, %q", code, out, errOut)
	}
	if text2, _ := os.ReadFile(smaller); strings.Count(string(text2), "\n") > strings.Count(string(text), "\n") {
		t.Errorf("from a certificate of %d lines, one of %d", strings.Count(string(text), "\n"), strings.Count(string(text2), "\n"))
	}
	// a certificate of another position is no start
	code, _, errOut = grundy("db", "check", "../store/testdata/sprouts-5-unminimised.spr", "--game", "sprouts", "0*5", "-o", smaller, "--smallest", "--outcome-only", "--from", "testdata/sprouts-small.spr")
	if code != exitFailed || !strings.Contains(errOut, "does not prove \"0*5\"") {
		t.Errorf("check --smallest --from another position's: exit %d, %q", code, errOut)
	}
	out = grundyOK(t, "db", "check", "testdata/sprouts-small.spr", "--game", "sprouts", "0*2", "--outcome-only")
	if !strings.Contains(out, `nimber("0*2") = 0, a second-player win`) {
		t.Errorf("check --outcome-only said %q", out)
	}
}

// Usage errors exit 2 with one line.
func TestDB_Usage(t *testing.T) {
	db := filepath.Join(t.TempDir(), "facts")
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"db"}, "grundy db: the facts store"},
		{[]string{"db", "frob"}, `unknown command "frob"`},
		{[]string{"db", "stats", "x"}, `unexpected "x"`},
		{[]string{"db", "import", "--db", db}, "want FILE…"},
		{[]string{"db", "import", "nothere.spr", "--game", "sprouts", "--db", db}, "nothere.spr"},
		{[]string{"db", "import", "testdata/sprouts-small.spr", "--db", db}, "does not name its game"},
		{[]string{"db", "import", "testdata/sprouts-small.spr", "--game", "nope", "--db", db}, "unknown game"},
		{[]string{"db", "export", "-o", "x.spr", "--db", db}, `--format "": want glop, spots or jsonl`},
		{[]string{"db", "export", "--format", "glop", "--db", db}, "want -o FILE"},
		{[]string{"db", "export", "--format", "glop", "-o", "x.spr", "--db", filepath.Join(db, "none")}, "no store at"},
		{[]string{"db", "merge", db, "--db", db}, "is the store merged into"},
		{[]string{"db", "merge", filepath.Join(db, "none"), "--db", db}, "no store at"},
		{[]string{"db", "check", "testdata/sprouts-small.spr", "0*2"}, "want --game G"},
		{[]string{"db", "check", "testdata/sprouts-small.spr", "--game", "sprouts", "0*2", "--smallest"}, "--smallest: want -o FILE"},
		{[]string{"db", "check", "testdata/sprouts-small.spr", "--game", "sprouts", "0*2", "--from", "x.spr"}, "--from: want --smallest"},
		{[]string{"db", "check", "testdata/sprouts-small.spr", "--game", "sprouts", "0*2x"}, `parsing "0*2x"`},
	} {
		code, _, errOut := grundy(tt.args...)
		if code != exitUsage || !strings.Contains(errOut, tt.want) || (len(tt.args) > 1 && strings.Count(errOut, "\n") != 1) {
			t.Errorf("grundy %v: exit %d, stderr %q; want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

// A store grown by solve with two workers, by either search, exported as jsonl (Cram's keys
// in base64), certifies the position it was grown from, and the couples used, written as
// jsonl, certify it alone, without the game's theory too. The store holds nimbers the search
// took from Cram's theory (paths are Dawson's Kayles), but not their options' facts: the
// check takes them from the theory as the search did (in one run of three, before it did, a
// 12-cell path's option, a 9-cell path no search had written, failed it). Proof numbers
// leave facts resting on equal halves that cancel (P + P = 0) with no nimber of the half: the
// check cancels them as the search did (before it did, 11 runs of 40 failed at
// ("##.../.##../..##./...##", 1)).
func TestDB_CheckStoreOfCram(t *testing.T) {
	for _, algo := range []string{"couples", "pns"} {
		t.Run(algo, func(t *testing.T) {
			tmp := t.TempDir()
			db, all, small, proof := filepath.Join(tmp, "facts"), filepath.Join(tmp, "all.jsonl"), filepath.Join(tmp, "small.jsonl"), filepath.Join(tmp, "p.json")
			res := solveJSON(t, "cram", "4x5", "--db", db, "--tree-nodes", "0", "--algo", algo, "--workers", "2")
			if res.Stats.Workers != 2 {
				t.Fatalf("solve ran %d workers, want 2", res.Stats.Workers)
			}
			grundyOK(t, "db", "export", "--format", "jsonl", "-o", all, "--db", db)
			out := grundyOK(t, "db", "check", all, "--game", "cram", "4x5", "-o", small, "--tree", proof)
			want := `nimber("4x5") = ` + strconv.Itoa(*res.Nimber)
			if !strings.Contains(out, want) {
				t.Errorf("check said %q, want %q", out, want)
			}
			grundyOK(t, "check", proof)
			if again := grundyOK(t, "db", "check", small, "--game", "cram", "4x5", "--no-theory"); !strings.Contains(again, want) {
				t.Errorf("check of the couples used said %q", again)
			}
		})
	}
}

// A board whose free cells are a path of 12 is solved by Cram's theory alone, and the store
// keeps that one fact: db check proves it from the theory, saying so, and --no-theory (Glop's
// check proper) fails, exit 1, naming an option the file cannot show winning.
func TestDB_CheckTheory(t *testing.T) {
	tmp := t.TempDir()
	db, all, small := filepath.Join(tmp, "facts"), filepath.Join(tmp, "all.jsonl"), filepath.Join(tmp, "small.jsonl")
	const path = "...../.###./.###./...##"
	if res := solveJSON(t, "cram", path, "--db", db, "--tree-nodes", "0"); *res.Nimber != 2 || res.Stats.Nodes != 0 {
		t.Fatalf("solve: nimber %d in %d nodes, want 2 from the theory", *res.Nimber, res.Stats.Nodes)
	}
	grundyOK(t, "db", "export", "--format", "jsonl", "-o", all, "--db", db)
	out := grundyOK(t, "db", "check", all, "--game", "cram", path, "-o", small)
	if !regexp.MustCompile(`= 2, .* from 1 of its 1 couples and \d+ from the game's theory`).MatchString(out) {
		t.Errorf("check said %q, want the nimber from 1 couple and the theory", out)
	}
	grundyOK(t, "db", "check", small, "--game", "cram", path, "--no-theory")
	code, _, errOut := grundy("db", "check", all, "--game", "cram", path, "--no-theory")
	if code != 1 || !strings.Contains(errOut, "does not prove") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("--no-theory: exit %d, stderr %q; want 1 and one line", code, errOut)
	}
}

// Without --db, the commands use the user's store: $XDG_DATA_HOME/grundy (TestMain points
// XDG_DATA_HOME at a temporary folder).
func TestDB_DefaultStore(t *testing.T) {
	dir := filepath.Join(os.Getenv("XDG_DATA_HOME"), "grundy")
	grundyOK(t, "db", "import", "testdata/sprouts-small.spr", "--game", "sprouts")
	out := grundyOK(t, "db", "stats")
	if !strings.HasPrefix(out, "store "+dir+": ") || !strings.Contains(out, "  sprouts ") {
		t.Errorf("stats said %q, want the store in %s with sprouts", out, dir)
	}
}
