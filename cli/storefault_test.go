package cli

import (
	"os"
	"path/filepath"
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
	db := filepath.Join(smallDisk(t, "256k"), "facts")
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
