package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheck_Strict: the probe's files through `grundy check`: refused with exit 2, or failed
// with exit 1, in one line with the position quoted; --timeout stops with exit 3.
func TestCheck_Strict(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	head := `{"format":"grundy-tree/1","game":"nim","root":0,"nodes":[`
	cases := []struct {
		name, body string
		code       int
		want       string
	}{
		{"case-variant", head + `{"id":0,"position":"1","n":0,"N":1,"result":"L","children":[]}]}`, 2, "case-sensitive"},
		{"duplicate", head + `{"id":0,"position":"1","n":0,"n":1,"result":"L","children":[]}]}`, 2, "twice"},
		{"trailing", head + `{"id":0,"position":"0","n":0,"result":"L","children":[]}]}` + "\n{}", 2, "after the tree"},
		{"big-heap", head + `{"id":0,"position":"1","n":100000000000,"result":"W","children":[1]},{"id":1,"position":"1","n":1,"result":"L","children":[]}]}`, 2, "integer"},
		{"forged", head + `{"id":0,"position":"1\nok: forged \u001b[2J","n":0,"result":"L","children":[]}]}`, 1, `"1\nok: forged \x1b[2J"`},
	}
	for _, tc := range cases {
		code, out, errOut := grundy("check", write(tc.name+".json", tc.body))
		if code != tc.code || out != "" || !strings.Contains(errOut, tc.want) ||
			strings.Count(errOut, "\n") != 1 || strings.Contains(errOut, "\x1b") {
			t.Errorf("check %s: exit %d, %q %q; want exit %d and one line with %q", tc.name, code, out, errOut, tc.code, tc.want)
		}
	}
	file := filepath.Join(dir, "nim.json")
	if code, _, errOut := grundy("tree", "nim", "40", "-o", file); code != 0 {
		t.Fatalf("tree nim 40: exit %d %q", code, errOut)
	}
	code, _, errOut := grundy("check", file, "--timeout", "1ns")
	if code != exitTimeout || !strings.Contains(errOut, "stopped after 0 of") && !strings.Contains(errOut, "stopped while reading the file, nothing checked") {
		t.Errorf("check --timeout 1ns: exit %d %q, want 3 and how far it got", code, errOut)
	}
	if code, _, _ := grundy("check", file, "--timeout", "-5s"); code != exitUsage {
		t.Errorf("check --timeout -5s: exit %d, want 2", code)
	}
	if code, out, _ := grundy("check", file, "--timeout", "1m"); code != 0 || !strings.HasPrefix(out, `ok: `) {
		t.Errorf("check --timeout 1m: exit %d %q", code, out)
	}
}

// TestCheck_FirstSplit: a Cram tree and a certificate written before the components were
// reduced (testdata, by that version; their positions split as they are) still pass, read
// with the positions split as then; today's tree says "split":"reduced", and the same tree
// read with the first rule no longer holds (its components are reduced ones); a rule the
// program does not know is refused with the rule quoted.
func TestCheck_FirstSplit(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	if code, out, errOut := grundy("check", "testdata/cram-3x4-first-split.json"); code != 0 || !strings.Contains(out, `nimber("3x4") = 1, proven by 48 nodes`) {
		t.Errorf("check of a tree of before: exit %d, %q %q", code, out, errOut)
	}
	code, out, errOut := grundy("db", "check", "testdata/cram-3x7-first-split.txt", "--game", "cram", "3x7", "--no-theory")
	if code != 0 || !strings.Contains(out, `nimber("3x7") = 1`) || !strings.Contains(out, "split as the game first split them") {
		t.Errorf("db check of a certificate of before: exit %d, %q %q", code, out, errOut)
	}
	dir := t.TempDir()
	tree := filepath.Join(dir, "t.json")
	if code, _, errOut := grundy("tree", "cram", "3x4", "--no-db", "-o", tree); code != 0 {
		t.Fatalf("tree: exit %d, %q", code, errOut)
	}
	body, err := os.ReadFile(tree)
	if err != nil || !strings.Contains(string(body), `"split":"reduced"`) {
		t.Fatalf("today's tree %.100q, %v; want \"split\":\"reduced\"", body, err)
	}
	for _, tc := range []struct{ from, to, want string }{
		{`"split":"reduced",`, ``, "an option is missing"},
		{`"split":"reduced"`, `"split":"spiral"`, `the rule "spiral"`},
	} {
		f := filepath.Join(dir, "edited.json")
		if err := os.WriteFile(f, []byte(strings.Replace(string(body), tc.from, tc.to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, errOut := grundy("check", f); code != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("check with %q: exit %d, %q; want exit 1 and %q", tc.to, code, errOut, tc.want)
		}
	}
}
