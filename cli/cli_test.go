package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// grundy runs the command line and returns its exit status, stdout and stderr.
func grundy(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := Main(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestGolden compares deterministic outputs with testdata/NAME.golden.
func TestGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"games", []string{"games"}},
		{"seq-kayles", []string{"seq", "kayles", "--to", "100"}},
		{"seq-grundy-json", []string{"seq", "grundys-game", "--to", "30", "--json"}},
		{"seq-dawsons-chess-json", []string{"seq", "dawsons-chess", "--to", "20", "--json"}},
		{"help", []string{"help"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := grundy(tc.args...)
			if code != 0 {
				t.Fatalf("grundy %v: exit %d, stderr %q", tc.args, code, errOut)
			}
			golden := filepath.Join("testdata", tc.name+".golden")
			if *update {
				os.WriteFile(golden, []byte(out), 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if out != string(want) {
				t.Errorf("grundy %v:\n%s\nwant:\n%s", tc.args, out, want)
			}
		})
	}
}

// TestSolve_JSON checks the fields of `solve --json` that are part of the contract.
func TestSolve_JSON(t *testing.T) {
	cases := []struct {
		args    []string
		outcome string
		nimber  int // -1: absent; -2: absent, or 3 when the game's theory knows it
	}{
		{[]string{"solve", "cram", "3x3", "--json"}, "L", 0},
		{[]string{"solve", "cram", "3x4", "--json"}, "W", 1},
		{[]string{"solve", "cram", "3x3", "+", "2x5", "--json"}, "W", 1},
		{[]string{"solve", "nim", "3", "5", "7", "--json"}, "W", 1},
		{[]string{"solve", "kayles", "12", "7", "--json", "--algo", "mex"}, "W", 4 ^ 2},
		{[]string{"solve", "--json", "octal:0.137", "19", "--outcome-only"}, "W", -2},
		{[]string{"solve", "--json", "cram", "3x5", "--outcome-only", "--no-db"}, "W", -1}, // a store may know its nimber
		{[]string{"solve", "--json", "cram", "3x3", "--outcome-only"}, "L", 0},             // L: nimber 0
		{[]string{"solve", "nim", "999", "+", "907", "477", "--json"}, "W", 433},
		{[]string{"solve", "chomp", "3x3", "--json", "--algo", "elementary"}, "W", -1},
		{[]string{"solve", "cram", "3x3", "+", "2x5", "--json", "--algo", "br", "--no-db"}, "W", 1},
		{[]string{"solve", "kayles", "12", "7", "--json", "--algo", "br"}, "W", 4 ^ 2},
		{[]string{"solve", "lasker", "3", "4", "--json", "--cache-mb", "4"}, "W", 4 ^ 3},
	}
	for _, tc := range cases {
		code, out, errOut := grundy(tc.args...)
		if code != 0 {
			t.Fatalf("grundy %v: exit %d, %s", tc.args, code, errOut)
		}
		var r map[string]any
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("grundy %v: %v in %q", tc.args, err, out)
		}
		if r["outcome"] != tc.outcome {
			t.Errorf("grundy %v: outcome %v, want %s", tc.args, r["outcome"], tc.outcome)
		}
		n, has := r["nimber"]
		if tc.nimber == -2 && has && n == float64(3) {
			continue
		}
		if tc.nimber < 0 && has || tc.nimber >= 0 && n != float64(tc.nimber) {
			t.Errorf("grundy %v: nimber %v, want %d", tc.args, n, tc.nimber)
		}
		stats, _ := r["stats"].(map[string]any)
		for _, k := range []string{"nodes", "cache_hits", "elapsed_ms"} {
			if _, ok := stats[k]; !ok {
				t.Errorf("grundy %v: stats lack %q: %s", tc.args, k, out)
			}
		}
	}
}

// TestBadInput: every bad input exits 2 with one line on stderr that names the problem.
func TestBadInput(t *testing.T) {
	cases := []struct {
		args []string
		want string // in the message
	}{
		{[]string{"solve"}, "GAME POSITION"},
		{[]string{"solve", "cram"}, "GAME POSITION"},
		{[]string{"solve", "bogus", "3"}, "unknown game"},
		{[]string{"solve", "cram", "12x11"}, "132 cells"},
		{[]string{"solve", "cram", "100x100"}, "at most 128"},
		{[]string{"solve", "cram", "..#/x"}, "invalid cell"},
		{[]string{"solve", "nim", "3", "-5"}, ""},
		{[]string{"solve", "nim", "3", "x"}, "nim"},
		{[]string{"solve", "octal:0.9", "3"}, "octal"},
		{[]string{"solve", "octal", "3"}, "parameter"},
		{[]string{"solve", "kayles:1", "3"}, "no parameter"},
		{[]string{"solve", "subtraction:", "3"}, "subtraction"},
		{[]string{"solve", "chomp", "1 2 3"}, "chomp"},
		{[]string{"solve", "cram", "3x3", "--algo", "magic"}, "--algo"},
		{[]string{"solve", "cram", "3x3", "--cache-mb", "0"}, "--cache-mb"},
		{[]string{"solve", "cram", "3x3", "--timeout", "soon"}, "timeout"},
		{[]string{"solve", "cram", "3x3", "--nope"}, "nope"},
		{[]string{"solve", "cram", "3x3", "--tree-nodes", "-1"}, "--tree-nodes"},
		{[]string{"solve", "kayles", "3 + "}, "empty term"},
		{[]string{"solve", "kayles", "+ 3"}, "empty term"},
		{[]string{"solve", "kayles", "3 + + 4"}, "empty term"},
		{[]string{"solve", "kayles", "3", "+"}, "empty term"},
		{[]string{"tree", "cram", "3x3"}, "-o"},
		{[]string{"tree", "cram", "3x3", "-o", "x.txt"}, ".json"},
		{[]string{"tree", "cram", "3x3", "-o", "x.png", "--dpi", "0"}, "--dpi"},
		{[]string{"check"}, "FILE"},
		{[]string{"check", "/does/not/exist.json"}, "exist"},
		{[]string{"seq", "cram", "--to", "5"}, "not a heap game"},
		{[]string{"seq", "kayles"}, "--to"},
		{[]string{"seq", "kayles", "--to", "999999999"}, "--to"},
		{[]string{"frobnicate"}, "unknown command"},
	}
	for _, tc := range cases {
		code, out, errOut := grundy(tc.args...)
		if code != 2 {
			t.Errorf("grundy %v: exit %d, want 2 (stdout %q, stderr %q)", tc.args, code, out, errOut)
			continue
		}
		if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("grundy %v: stderr %q, want one line naming %q", tc.args, errOut, tc.want)
		}
	}
}

// TestSolve_AnswerNotDelayedByTree: a search answered from theory at once answers at once;
// the tree, whose recording would never end, is measured within its limits and said so.
func TestSolve_AnswerNotDelayedByTree(t *testing.T) {
	start := time.Now()
	code, out, errOut := grundy("solve", "nim", "999", "--json", "--tree-time", "300ms")
	if code != 0 {
		t.Fatalf("exit %d, %s", code, errOut)
	}
	var r struct {
		Nimber int    `json:"nimber"`
		Note   string `json:"tree_note"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || r.Nimber != 999 || !strings.Contains(r.Note, "limit") {
		t.Errorf("solve nim 999: %q: want nimber 999 and a tree_note naming the limit", out)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("solve nim 999 took %v, want its search's time plus the 300 ms tree limit", d)
	}
}

// TestTimeout: a search stopped by --timeout exits 3 and says what was proven.
func TestTimeout(t *testing.T) {
	code, out, errOut := grundy("solve", "cram", "5x6", "--timeout", "50ms")
	if code != 3 {
		t.Fatalf("exit %d, want 3 (stderr %q)", code, errOut)
	}
	if !strings.Contains(out, "proven") || !strings.Contains(errOut, "stopped") {
		t.Errorf("stdout %q, stderr %q: want what was proven, and why it stopped", out, errOut)
	}
	code, out, _ = grundy("solve", "cram", "5x6", "--timeout", "50ms", "--json")
	var r map[string]any
	if code != 3 || json.Unmarshal([]byte(out), &r) != nil || r["proven"] == nil {
		t.Errorf("--json after a timeout: exit %d, %q", code, out)
	}
}

// TestTreeCheck: a saved tree passes `check`; a tampered one fails with exit 1.
func TestTreeCheck(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range [][]string{{"cram", "3x4"}, {"kayles", "6", "4"}, {"chomp", "3", "2", "2"}, {"cram", "3x3", "+", "2x3"}} {
		file := filepath.Join(dir, tc[0]+".json")
		args := append([]string{"tree"}, tc...)
		if code, _, errOut := grundy(append(args, "-o", file)...); code != 0 {
			t.Fatalf("grundy %v: exit %d, %s", args, code, errOut)
		}
		if code, out, errOut := grundy("check", file); code != 0 || !strings.HasPrefix(out, "ok") {
			t.Fatalf("check %v: exit %d, %q %q", tc, code, out, errOut)
		}
		b, _ := os.ReadFile(file)
		bad := strings.Replace(string(b), `"result":"L"`, `"result":"W"`, 1)
		os.WriteFile(file, []byte(bad), 0o644)
		if code, _, errOut := grundy("check", file); code != 1 || !strings.Contains(errOut, "does not hold") {
			t.Fatalf("check of a tampered %v: exit %d, %q", tc, code, errOut)
		}
	}
	for _, ext := range []string{".svg", ".pdf", ".png"} {
		file := filepath.Join(dir, "c"+ext)
		if code, _, errOut := grundy("tree", "cram", "3x3", "-o", file); code != 0 {
			t.Fatalf("tree -o %s: exit %d, %s", file, code, errOut)
		}
		if st, err := os.Stat(file); err != nil || st.Size() == 0 {
			t.Fatalf("tree -o %s wrote nothing: %v", file, err)
		}
	}
}
