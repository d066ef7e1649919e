package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSolve_Misere: `solve --misere` prints the misère outcome and no nimber, in JSON and in
// text, searched by one worker whatever --workers asks; an --algo that computes nimbers is
// refused.
func TestSolve_Misere(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	cases := []struct {
		game, pos, want string
	}{
		{"sprouts", "0*4", "L"},
		{"sprouts", "0*5", "W"},
		{"nim", "1 1", "W"}, // normal play: L
		{"nim", "1048576 1048576 1", "W"},
		{"kayles", "4", "L"}, // normal play: W
	}
	for _, c := range cases {
		code, out, errOut := grundy("solve", c.game, c.pos, "--misere", "--json", "--tree-nodes", "20000", "--workers", "2")
		var got struct {
			Outcome string
			Misere  bool
			Nimber  *int
			Stats   struct{ Workers int }
		}
		if code != 0 || json.Unmarshal([]byte(out), &got) != nil {
			t.Fatalf("solve %s %s --misere --json: exit %d %q %q", c.game, c.pos, code, out, errOut)
		}
		if got.Outcome != c.want || !got.Misere || got.Nimber != nil || got.Stats.Workers != 1 {
			t.Errorf("solve %s %s --misere --json --workers 2 = %s, want outcome %s, misere true, no nimber, one worker (misère play's search has one)", c.game, c.pos, out, c.want)
		}
	}
	code, out, _ := grundy("solve", "nim", "1 1", "--misere")
	if code != 0 || !strings.Contains(out, "outcome   W (the player to move wins under misère play)") || strings.Contains(out, "nimber") {
		t.Errorf("solve nim '1 1' --misere: exit %d\n%s", code, out)
	}
	if code, _, errOut := grundy("solve", "nim", "3", "--misere", "--algo", "mex"); code != exitUsage || !strings.Contains(errOut, "--misere") {
		t.Errorf("solve --misere --algo mex: exit %d %q, want 2 naming --misere", code, errOut)
	}
}

// TestTreeCheck_Misere: a misère tree is written with its convention and checked with or
// without --misere; a normal-play tree checked with --misere fails, saying why, and so does
// a misère tree whose root is flipped.
func TestTreeCheck_Misere(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	dir := t.TempDir()
	misere, normal := filepath.Join(dir, "misere.json"), filepath.Join(dir, "normal.json")
	code, out, errOut := grundy("tree", "kayles", "3 4", "--misere", "-o", misere)
	if code != 0 || !strings.Contains(out, "is W under misère play") {
		t.Fatalf("tree kayles '3 4' --misere: exit %d %q %q", code, out, errOut)
	}
	if code, _, errOut := grundy("tree", "kayles", "3 4", "-o", normal); code != 0 {
		t.Fatalf("tree kayles '3 4': exit %d %q", code, errOut)
	}
	for _, args := range [][]string{{"check", misere}, {"check", "--misere", misere}} {
		if code, out, errOut := grundy(args...); code != 0 || !strings.Contains(out, "under misère play") {
			t.Errorf("%v: exit %d %q %q", args, code, out, errOut)
		}
	}
	if code, _, errOut := grundy("check", "--misere", normal); code != exitFailed || !strings.Contains(errOut, "not a misère proof") {
		t.Errorf("check --misere of a normal-play tree: exit %d %q, want 1 saying it is not a misère proof", code, errOut)
	}
	body, err := os.ReadFile(misere)
	if err != nil {
		t.Fatal(err)
	}
	flipped := filepath.Join(dir, "flipped.json")
	os.WriteFile(flipped, []byte(strings.Replace(string(body), `"result":"W"`, `"result":"L"`, 1)), 0o644)
	if code, _, errOut := grundy("check", flipped); code != exitFailed || !strings.Contains(errOut, "does not hold") {
		t.Errorf("check of a flipped misère tree: exit %d %q, want 1", code, errOut)
	}
}

// TestTreeCheck_MisereForms: `tree --misere --forms` writes a tree of couples (position,
// form) that `check` verifies, saying how many forms; a form's options altered, it fails;
// --forms without --misere is refused.
func TestTreeCheck_MisereForms(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	dir := t.TempDir()
	file := filepath.Join(dir, "forms.json")
	code, out, errOut := grundy("tree", "sprouts", "0*7", "--misere", "--forms", "--no-db", "-o", file)
	if code != 0 || !strings.Contains(out, "0*7 is L under misère play") || !strings.Contains(out, "forms") {
		t.Fatalf("tree sprouts 0*7 --misere --forms: exit %d %q %q", code, out, errOut)
	}
	if code, out, errOut := grundy("check", "--misere", file); code != 0 || !strings.Contains(out, "losing couples") || !strings.Contains(out, "forms)") {
		t.Errorf("check --misere of a tree by forms: exit %d %q %q", code, out, errOut)
	}
	body, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// The form {{}} (*) made the form with no option: every couple with it changes game.
	altered := strings.Replace(string(body), "\n[0]", "\n[]", 1)
	if altered == string(body) {
		t.Fatalf("no form [0] in the tree:\n%.600s", body)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(altered), 0o644)
	if code, _, errOut := grundy("check", bad); code != exitFailed || !strings.Contains(errOut, "does not hold") {
		t.Errorf("check of a tree with a form altered: exit %d %q, want 1", code, errOut)
	}
	// A root beside a form: the check says it proved the couple, not the position alone.
	couple := filepath.Join(dir, "couple.json")
	os.WriteFile(couple, []byte(`{"format":"grundy-tree/1","convention":"misere","game":"sprouts","root":0,"form_budget":1073741824,"form_hint":11,"forms":[[],[0]],"nodes":[`+
		`{"id":0,"position":"0*2","n":1,"result":"W","children":[1]},{"id":1,"position":"0*2","n":0,"result":"L","children":[]}]}`), 0o644)
	if code, out, errOut := grundy("check", couple); code != 0 || !strings.Contains(out, `"0*2" + F1 is W under misère play`) {
		t.Errorf("check of (0*2 + F1): exit %d %q %q, want it to name the couple", code, out, errOut)
	}
	if code, _, errOut := grundy("tree", "sprouts", "0*3", "--forms", "-o", file); code != exitUsage || !strings.Contains(errOut, "--misere") {
		t.Errorf("tree --forms without --misere: exit %d %q, want 2 naming --misere", code, errOut)
	}
}
