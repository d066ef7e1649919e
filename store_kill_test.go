package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestMain points the data directory of every command these tests run at a temporary one:
// solve and tree open the facts store there by default, and tests never touch the user's.
// The binary the tests build goes in it too (testDir).
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "grundy-test-data")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	testDir = dir
	os.Setenv("XDG_DATA_HOME", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// testDir is the temporary directory of the package's tests.
var testDir string

// solveStats is what these tests read of `solve --json`.
type solveStats struct {
	Nimber *int `json:"nimber"`
	Stats  struct {
		Nodes     int64  `json:"nodes"`
		ElapsedMS int64  `json:"elapsed_ms"`
		StoreHits *int64 `json:"store_hits"`
	} `json:"stats"`
}

func solveJSON(t *testing.T, bin string, args ...string) solveStats {
	t.Helper()
	code, out, errOut := run(bin, append([]string{"solve", "--json", "--tree-nodes", "0"}, args...)...)
	var res solveStats
	if err := json.Unmarshal([]byte(out), &res); code != 0 || err != nil || res.Nimber == nil {
		t.Fatalf("solve %v: exit %d, %v; stdout %q, stderr %q", args, code, err, out, errOut)
	}
	return res
}

// TestStore_SurvivesKill: a solve killed with SIGKILL mid-search (after the store's first
// sync) leaves its store intact: the next solve opens it, reads what the killed one proved
// (store_hits > 0) and answers the right nimber in fewer nodes than a solve without store.
func TestStore_SurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and solves cram 3x13 three times, about 10 s")
	}
	bin := buildGrundy(t)
	const board, want = "3x13", 2
	cold := solveJSON(t, bin, "cram", board, "--no-db")
	if *cold.Nimber != want {
		t.Fatalf("cram %s --no-db: nimber %d, want %d", board, *cold.Nimber, want)
	}
	// The store writes what the search proved every 2 s (and syncs it): the solve is killed
	// once its store's files hold written facts, which on a busy machine may take longer
	// than a fixed delay (a kill 2.5 s after the first progress line found none).
	const kill = 5 * time.Second
	if time.Duration(cold.Stats.ElapsedMS)*time.Millisecond < 2*kill {
		t.Skipf("cram %s takes %d ms here: too fast to kill after the store's first writes", board, cold.Stats.ElapsedMS)
	}
	db := t.TempDir()
	cmd := exec.Command(bin, "solve", "cram", board, "--db", db, "--progress")
	cmd.Env = os.Environ()
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The search has started once it reports progress; kill it some seconds in.
	if !bufio.NewScanner(stderr).Scan() {
		t.Fatalf("solve cram %s --db: no progress line", board)
	}
	start := time.Now()
	waitWritten(t, db, 1<<20, 2*kill)
	killedAfter := time.Since(start).Round(time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
		t.Fatalf("solve cram %s --db was not killed mid-search: %v", board, err)
	}
	warm := solveJSON(t, bin, "cram", board, "--db", db)
	if *warm.Nimber != want || warm.Stats.StoreHits == nil || *warm.Stats.StoreHits == 0 || warm.Stats.Nodes >= cold.Stats.Nodes {
		t.Errorf("after the kill: nimber %d, store hits %v, %d nodes; want %d, some, fewer than %d",
			*warm.Nimber, warm.Stats.StoreHits, warm.Stats.Nodes, want, cold.Stats.Nodes)
	}
	t.Logf("killed %v after the first progress line; resumed in %d nodes (%d store hits), %d without store",
		killedAfter, warm.Stats.Nodes, *warm.Stats.StoreHits, cold.Stats.Nodes)
}

// waitWritten waits until the store in dir holds at least size bytes of written facts (its
// log and tables: what a SIGKILL cannot take back), or fails after limit.
func waitWritten(t *testing.T, dir string, size int64, limit time.Duration) {
	t.Helper()
	for end := time.Now().Add(limit); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		var n int64
		for _, pat := range []string{"*.log", "*.sst"} {
			names, _ := filepath.Glob(filepath.Join(dir, pat))
			for _, name := range names {
				if fi, err := os.Stat(name); err == nil {
					n += fi.Size()
				}
			}
		}
		if n >= size {
			return
		}
	}
	t.Fatalf("the store %s holds less than %d bytes of facts after %v", dir, size, limit)
}
