package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestMain points the user's data directory at a temporary one: solve and tree open the
// store there by default, and a test must never write the user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "grundy-cli-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Setenv("XDG_DATA_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// solveJSON runs solve --json and decodes its stats.
func solveJSON(t *testing.T, args ...string) solveResult {
	t.Helper()
	code, out, errOut := grundy(append([]string{"solve", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("solve %v: exit %d, stderr %q", args, code, errOut)
	}
	var res struct {
		solveResult
		Stats map[string]any `json:"stats"`
	}
	if err := json.Unmarshal([]byte(out), &res.solveResult); err != nil {
		t.Fatalf("solve %v: %v in %q", args, err, out)
	}
	return res.solveResult
}

// A second solve on the same store reads what the first wrote, and searches less.
func TestSolve_StoreResumes(t *testing.T) {
	db := filepath.Join(t.TempDir(), "facts")
	first := solveJSON(t, "cram", "3x7", "--db", db)
	second := solveJSON(t, "cram", "3x7", "--db", db)
	if first.Stats.StoreHits == nil || *first.Stats.StoreWritten == 0 {
		t.Fatalf("first solve: store_hits %v, store_written %v; want some written", first.Stats.StoreHits, first.Stats.StoreWritten)
	}
	if *second.Nimber != *first.Nimber || *second.Stats.StoreHits == 0 || second.Stats.Nodes >= first.Stats.Nodes {
		t.Errorf("second solve: nimber %d, %d store hits, %d nodes; first: nimber %d, %d nodes",
			*second.Nimber, *second.Stats.StoreHits, second.Stats.Nodes, *first.Nimber, first.Stats.Nodes)
	}
	if res := solveJSON(t, "cram", "3x7", "--no-db"); res.Stats.StoreHits != nil {
		t.Errorf("solve --no-db says store_hits %d", *res.Stats.StoreHits)
	}
	code, out, _ := grundy("solve", "cram", "3x7", "--db", db)
	if code != 0 || !strings.Contains(out, "store     ") || !strings.Contains(out, db) {
		t.Errorf("solve text: exit %d, no store line naming %s in\n%s", code, db, out)
	}
}

// The default store is in the data directory; the flags' misuses and a store that cannot be
// opened exit 2 with one line that says what is wrong.
func TestSolve_StoreFlags(t *testing.T) {
	solveJSON(t, "cram", "2x3")
	if _, err := os.Stat(filepath.Join(os.Getenv("XDG_DATA_HOME"), "grundy")); err != nil {
		t.Errorf("solve with no flag made no store in XDG_DATA_HOME: %v", err)
	}
	notStore := t.TempDir()
	if err := os.WriteFile(filepath.Join(notStore, "thesis.tex"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(notStore, "thesis.tex")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "cram", "2x3", "--db", "x", "--no-db"}, "choose one"},
		{[]string{"tree", "cram", "2x3", "-o", filepath.Join(t.TempDir(), "t.json"), "--db", "x", "--no-db"}, "choose one"},
		{[]string{"solve", "cram", "2x3", "--db", notStore}, "not a facts store"},
		{[]string{"tree", "cram", "2x3", "-o", filepath.Join(t.TempDir(), "t.json"), "--db", notStore}, "not a facts store"},
		{[]string{"solve", "cram", "2x3", "--db", file}, file},
	} {
		code, _, errOut := grundy(tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("grundy %v: exit %d, stderr %q; want 2 and one line with %q", tc.args, code, errOut, tc.want)
		}
	}
}

// A damaged store exits 2 naming it: here its MANIFEST cut short.
func TestSolve_CorruptStore(t *testing.T) {
	db := filepath.Join(t.TempDir(), "facts")
	solveJSON(t, "cram", "3x4", "--db", db)
	manifests, err := filepath.Glob(filepath.Join(db, "MANIFEST-*"))
	if err != nil || len(manifests) == 0 {
		t.Fatalf("no MANIFEST in %s: %v", db, err)
	}
	for _, m := range manifests {
		if err := os.Truncate(m, 10); err != nil {
			t.Fatal(err)
		}
	}
	code, _, errOut := grundy("solve", "cram", "3x4", "--db", db)
	if code != 2 || !strings.Contains(errOut, db) || !strings.Contains(errOut, "corrupt") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("solve on a truncated store: exit %d, stderr %q; want 2 and one line naming %s, corrupt", code, errOut, db)
	}
}

// tree writes what its recording proves to the store, and runs without one.
func TestTree_Store(t *testing.T) {
	db := filepath.Join(t.TempDir(), "facts")
	out := filepath.Join(t.TempDir(), "t.json")
	if code, _, errOut := grundy("tree", "cram", "3x5", "-o", out, "--db", db); code != 0 {
		t.Fatalf("tree --db: exit %d, %s", code, errOut)
	}
	if res := solveJSON(t, "cram", "3x5", "--db", db); *res.Stats.StoreHits == 0 || res.Stats.Nodes != 0 {
		t.Errorf("solve after tree: %d store hits, %d nodes; want the answer read from the store", *res.Stats.StoreHits, res.Stats.Nodes)
	}
	if code, _, errOut := grundy("tree", "cram", "3x5", "-o", out, "--no-db"); code != 0 {
		t.Errorf("tree --no-db: exit %d, %s", code, errOut)
	}
}

// tree reads nothing from the store: the proof read out of its search is the same file on
// every run, the store empty, full of what the first run proved, or absent.
func TestTree_SameFileWhateverTheStore(t *testing.T) {
	db, dir := filepath.Join(t.TempDir(), "facts"), t.TempDir()
	var files [][]byte
	for i, store := range [][]string{{"--db", db}, {"--db", db}, {"--no-db"}} {
		out := filepath.Join(dir, strconv.Itoa(i)+".json")
		args := append([]string{"tree", "sprouts", "0*11", "--outcome-only", "-o", out}, store...)
		if code, _, errOut := grundy(args...); code != 0 {
			t.Fatalf("tree %v: exit %d, %s", store, code, errOut)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, data)
	}
	if !bytes.Equal(files[0], files[1]) || !bytes.Equal(files[0], files[2]) {
		t.Error("the trees of sprouts 0*11 differ: the first run, the second with its facts in the store, and a run without store")
	}
}
