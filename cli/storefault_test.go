package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// smallDisk mounts a tmpfs of size bytes, or skips the test where it may not (not root, no
// mount in this sandbox); the store's own tests fill a disk through pebble's vfs everywhere.
func smallDisk(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size); err != nil {
		t.Skipf("no tmpfs: %v", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

// grundyWithin runs grundy with args, failing the test when it takes longer than d.
func grundyWithin(t *testing.T, d time.Duration, args ...string) (int, string, string) {
	t.Helper()
	start := time.Now()
	code, out, errOut := grundy(args...)
	if el := time.Since(start); el > d {
		t.Errorf("grundy %s: %v, want under %v", strings.Join(args, " "), el, d)
	}
	return code, out, errOut
}

// A full disk: solve prints its answer, then one line saying the disk is full, exit 2; the
// store stays readable, by every later command, none of which hangs.
func TestStore_FullDisk(t *testing.T) {
	// 3x11 writes some 240 KB of facts (df-pn, 18 405 facts): 128 KB fills before its end.
	db := filepath.Join(smallDisk(t, "128k"), "facts")
	code, out, errOut := grundyWithin(t, 20*time.Second, "solve", "cram", "3x11", "--db", db)
	if code != exitUsage || !strings.Contains(out, "nimber    0") {
		t.Fatalf("solve on a full disk: exit %d, stdout %q; want exit 2 after the answer", code, out)
	}
	if strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "disk full") || !strings.Contains(errOut, db) {
		t.Errorf("solve on a full disk: stderr %q, want one line saying the disk of %s is full", errOut, db)
	}
	code, out, errOut = grundyWithin(t, 10*time.Second, "db", "stats", "--db", db)
	if code != exitOK || !strings.Contains(out, "store "+db) {
		t.Errorf("db stats after a full disk: exit %d, %q %q", code, out, errOut)
	}
	code, out, errOut = grundyWithin(t, 20*time.Second, "solve", "cram", "3x9", "--db", db)
	if code != exitOK || !strings.Contains(out, "nimber") || !strings.Contains(errOut, "read-only") {
		t.Errorf("solve on a store with a full disk: exit %d, %q %q; want the answer, and a word that nothing was written", code, out, errOut)
	}
	export := filepath.Join(t.TempDir(), "facts.jsonl")
	if code, _, errOut = grundyWithin(t, 10*time.Second, "db", "export", "--format", "jsonl", "-o", export, "--db", db); code != exitOK {
		t.Errorf("db export after a full disk: exit %d, %q", code, errOut)
	}
	if _, err := os.Stat(export); err != nil {
		t.Error(err)
	}
}

// A store without its marker is refused with one line saying what to do; db repair brings
// its facts back.
func TestDB_Repair(t *testing.T) {
	db := filepath.Join(t.TempDir(), "facts")
	solveJSON(t, "cram", "3x6", "--db", db)
	_, before, _ := grundy("db", "stats", "--db", db)
	markers, _ := filepath.Glob(filepath.Join(db, "marker.manifest.*"))
	for _, m := range markers {
		os.Remove(m)
	}
	for _, args := range [][]string{{"db", "stats"}, {"solve", "cram", "3x6"}} {
		code, _, errOut := grundy(append(args, "--db", db)...)
		if code != exitUsage || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "marker") || !strings.Contains(errOut, "db repair") {
			t.Errorf("%s without a marker: exit %d, %q; want one line naming it and db repair", args, code, errOut)
		}
	}
	code, out, errOut := grundy("db", "repair", "--db", db)
	if code != exitOK || !strings.Contains(out, "salvaged") {
		t.Fatalf("db repair: exit %d, %q %q", code, out, errOut)
	}
	// The same facts; their size on disk may differ by a block after the compaction.
	onDisk := regexp.MustCompile(`, [0-9.]+ [KMG]?B on disk`)
	if _, after, _ := grundy("db", "stats", "--db", db); onDisk.ReplaceAllString(after, "") != onDisk.ReplaceAllString(before, "") {
		t.Errorf("db stats after repair:\n%s\nbefore:\n%s", after, before)
	}
}

// A store on a read-only disk (root) or directory answers stats, export and solve.
func TestStore_ReadOnly(t *testing.T) {
	mnt := t.TempDir()
	readOnly := func() {
		filepath.WalkDir(mnt, func(path string, d os.DirEntry, err error) error {
			if info, err := os.Lstat(path); err == nil {
				os.Chmod(path, info.Mode().Perm()&^0o222)
			}
			return nil
		})
	}
	if os.Geteuid() == 0 {
		mnt = smallDisk(t, "16m")
		readOnly = func() {
			if err := syscall.Mount("tmpfs", mnt, "tmpfs", syscall.MS_REMOUNT|syscall.MS_RDONLY, ""); err != nil {
				t.Fatal(err)
			}
		}
	} else {
		t.Cleanup(func() {
			os.Chmod(mnt, 0o755)
			os.Chmod(filepath.Join(mnt, "facts"), 0o755)
		})
	}
	db := filepath.Join(mnt, "facts")
	solveJSON(t, "cram", "3x6", "--db", db)
	readOnly()
	for _, args := range [][]string{{"db", "stats"}, {"solve", "cram", "3x6"},
		{"db", "export", "--format", "jsonl", "-o", filepath.Join(t.TempDir(), "f.jsonl")}} {
		code, out, errOut := grundyWithin(t, 20*time.Second, append(args, "--db", db)...)
		if code != exitOK || strings.Contains(errOut, "in use") {
			t.Errorf("%s on a read-only store: exit %d, %q %q", args, code, out, errOut)
		}
	}
}

// stopAfter runs grundy with args under a context cancelled after d, as Ctrl-C, and fails
// the test unless it returns within a second of that.
func stopAfter(t *testing.T, d time.Duration, args ...string) (int, string, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut bytes.Buffer
	code := make(chan int, 1)
	go func() { code <- Main(ctx, args, &out, &errOut) }()
	time.Sleep(d)
	cancel()
	select {
	case c := <-code:
		return c, out.String(), errOut.String()
	case <-time.After(time.Second):
		t.Fatalf("grundy %s: still running a second after Ctrl-C", strings.Join(args, " "))
		return 0, "", ""
	}
}

// fifo makes a named pipe with the lines written to it and kept open, so that a reader
// waits for more, as for a slow disk or a network file.
func fifo(t *testing.T, lines string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "slow")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("no named pipe: %v", err)
	}
	w, err := os.OpenFile(path, os.O_RDWR, 0) // never blocks, unlike O_WRONLY
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	go w.WriteString(lines)
	return path
}

// Ctrl-C stops db import and check within a second, also while they wait for their file;
// the import leaves the store as it was.
func TestStop_DBCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "facts")
	var lines strings.Builder
	for n := 1; n <= 3000; n++ { // a heap of Nim's nimber is its size
		fmt.Fprintf(&lines, "{\"game\":\"nim\",\"position\":\"%d\",\"nimber\":%d}\n", n, n)
	}
	code, _, errOut := stopAfter(t, 200*time.Millisecond, "db", "import", fifo(t, lines.String()), "--db", db)
	if code != exitTimeout || !strings.Contains(errOut, "nothing imported") {
		t.Errorf("db import stopped: exit %d, %q; want 3, nothing imported", code, errOut)
	}
	if _, out, _ := grundy("db", "stats", "--db", db); !strings.Contains(out, " 0 facts") {
		t.Errorf("db stats after a stopped import:\n%s", out)
	}
	code, _, errOut = stopAfter(t, 200*time.Millisecond, "check", fifo(t, `{"format":`))
	if code != exitTimeout || !strings.Contains(errOut, "stopped") {
		t.Errorf("check stopped while reading: exit %d, %q; want 3", code, errOut)
	}
	code, _, errOut = grundy("db", "import", fifo(t, ""), "--timeout", "200ms", "--db", db)
	if code != exitTimeout {
		t.Errorf("db import --timeout: exit %d, %q; want 3", code, errOut)
	}
}

// A merge stopped (--timeout, Ctrl-C) leaves the store as it was.
func TestStop_DBMerge(t *testing.T) {
	tmp := t.TempDir()
	a, b := filepath.Join(tmp, "a"), filepath.Join(tmp, "b")
	solveJSON(t, "cram", "3x4", "--db", a, "--tree-nodes", "0")
	solveJSON(t, "cram", "2x7", "--db", b, "--tree-nodes", "0")
	before := storeFacts(t, a)
	code, out, errOut := grundy("db", "merge", b, "--db", a, "--timeout", "1ns")
	if code != exitTimeout || !strings.Contains(out, "nothing of it merged") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("db merge --timeout 1ns: exit %d, %q %q; want 3, nothing merged, one line", code, out, errOut)
	}
	sameFacts(t, storeFacts(t, a), before)
	code, out, _ = stopAfter(t, 0, "db", "merge", b, "--db", a)
	if code == exitTimeout {
		sameFacts(t, storeFacts(t, a), before)
	} else if code != exitOK {
		t.Errorf("db merge stopped at once: exit %d, %q", code, out)
	}
}
