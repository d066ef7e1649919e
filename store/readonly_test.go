package store

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// readOnlyLater returns a directory for a store, and a function that makes it read-only: by
// permissions (chmod -R a-w), or for root, whom permissions do not stop, by a tmpfs
// remounted read-only (skipped where the test may not mount one).
func readOnlyLater(t *testing.T) (string, func()) {
	t.Helper()
	dir := t.TempDir()
	if os.Geteuid() != 0 {
		t.Cleanup(func() { chmodAll(dir, 0o200) })
		return filepath.Join(dir, "facts"), func() { chmodAll(dir, ^fs.FileMode(0o222)) }
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=16m"); err != nil {
		t.Skipf("root, and no tmpfs to remount read-only: %v", err)
	}
	t.Cleanup(func() {
		if err := syscall.Unmount(dir, syscall.MNT_DETACH); err != nil {
			t.Errorf("unmount: %v", err)
		}
	})
	return filepath.Join(dir, "facts"), func() {
		if err := syscall.Mount("tmpfs", dir, "tmpfs", syscall.MS_REMOUNT|syscall.MS_RDONLY, ""); err != nil {
			t.Fatal(err)
		}
	}
}

// chmodAll sets the permissions of every file under dir to theirs with the bits of keep
// (a mask) or, with keep 0o200, adds the owner's write permission back.
func chmodAll(dir string, keep fs.FileMode) {
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if info, err := os.Lstat(path); err == nil {
			if keep == 0o200 {
				os.Chmod(path, info.Mode().Perm()|0o200)
			} else {
				os.Chmod(path, info.Mode().Perm()&keep)
			}
		}
		return nil
	})
}

// A store on a read-only directory or disk answers reads, writing nothing, and refuses
// writes with one line.
func TestOpen_ReadOnly(t *testing.T) {
	dir, readOnly := readOnlyLater(t)
	s := open(t, dir)
	if err := s.Add("cram", "kept", nimber(3)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	readOnly()
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("Open of a read-only store: %v", err)
	}
	defer s.Close()
	if s.ReadOnly() == "" {
		t.Errorf("ReadOnly of a read-only store: \"\"")
	}
	if f := mustGet(t, s, "cram", "kept"); !f.Equal(nimber(3)) {
		t.Errorf("kept = %s, want 3", describe(f))
	}
	if f, ok := s.Facts("cram").Get("kept"); !ok || !f.Equal(nimber(3)) || s.Facts("cram").Err() != nil {
		t.Errorf("Facts of a read-only store: %v %v %v", f, ok, s.Facts("cram").Err())
	}
	s.Facts("cram").Put("new", nimber(1))
	if err := s.Flush(); err != nil {
		t.Errorf("Flush of a read-only store: %v", err)
	}
	wantError(t, "Add to a read-only store", s.Add("cram", "new", nimber(1)), dir, "read-only")
}
