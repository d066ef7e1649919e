package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// --workers: solve reports the workers that searched and answers as one worker does, depth
// first and by df-pn (Cram's default); 0 is one per core; a bad value is a usage error naming
// the flag.
func TestSolve_Workers(t *testing.T) {
	one := solveJSON(t, "cram", "4x5", "--no-db", "--workers", "1", "--algo", "couples")
	for _, c := range []struct {
		flag string
		want int
	}{{"1", 1}, {"2", 2}, {"4", 4}, {"0", runtime.NumCPU()}} {
		res := solveJSON(t, "cram", "4x5", "--no-db", "--workers", c.flag, "--algo", "couples")
		if res.Stats.Workers != c.want || *res.Nimber != *one.Nimber || res.Outcome != one.Outcome {
			t.Errorf("--workers %s: workers %d, nimber %d %s; want %d workers, nimber %d %s",
				c.flag, res.Stats.Workers, *res.Nimber, res.Outcome, c.want, *one.Nimber, one.Outcome)
		}
	}
	if res := solveJSON(t, "cram", "3x4", "--no-db", "--algo", "couples"); res.Stats.Workers != runtime.NumCPU() {
		t.Errorf("no --workers: %d workers, want one per core (%d)", res.Stats.Workers, runtime.NumCPU())
	}
	if res := solveJSON(t, "cram", "5x5", "--no-db", "--workers", "2"); res.Stats.Workers != 2 || res.Stats.Nodes == 0 || *res.Nimber != 0 {
		t.Errorf("df-pn, --workers 2: %d workers, %d nodes, nimber %d; want 2 workers and nimber 0", res.Stats.Workers, res.Stats.Nodes, *res.Nimber)
	}
	for _, args := range [][]string{
		{"solve", "cram", "3x4", "--workers", "-1"},
		{"solve", "cram", "3x4", "--workers", "two"},
		{"solve", "cram", "3x4", "--workers", "100000"},
		{"tree", "cram", "3x4", "-o", filepath.Join(t.TempDir(), "t.json"), "--workers", "-2"},
	} {
		code, _, errOut := grundy(args...)
		if code != exitUsage || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "workers") {
			t.Errorf("grundy %v: exit %d, stderr %q; want %d and one line naming --workers", args, code, errOut, exitUsage)
		}
	}
}

// A tree recorded with one worker is the same file on every run; with two, the proof is read
// out of what their search proved, which may differ from run to run (docs/proofs.md), and it
// checks.
func TestTree_WorkersSameFile(t *testing.T) {
	dir := t.TempDir()
	var files [][]byte
	for i, w := range []string{"1", "1", "2"} {
		out := filepath.Join(dir, fmt.Sprintf("cram-%d.json", i))
		if code, _, errOut := grundy("tree", "cram", "3x5", "-o", out, "--no-db", "--workers", w); code != 0 {
			t.Fatalf("tree --workers %s: exit %d, %s", w, code, errOut)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, b)
		if w == "2" {
			if code, out, errOut := grundy("check", out); code != 0 {
				t.Errorf("the tree of two workers does not check: exit %d, %s%s", code, out, errOut)
			}
		}
	}
	if string(files[0]) != string(files[1]) {
		t.Errorf("tree --workers 1 wrote %d bytes, then %d: not the same file", len(files[0]), len(files[1]))
	}
}
