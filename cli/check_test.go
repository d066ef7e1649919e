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
