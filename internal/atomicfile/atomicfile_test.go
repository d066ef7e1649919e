package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWrite_ReplacesWhole(t *testing.T) {
	name := filepath.Join(t.TempDir(), "tree.json")
	os.WriteFile(name, []byte("old"), 0o644)
	if err := Write(name, func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(name); string(b) != "new" {
		t.Fatalf("file holds %q, want %q", b, "new")
	}
}

func TestWrite_FailureKeepsOld(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "tree.json")
	os.WriteFile(name, []byte("old"), 0o644)
	err := Write(name, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("disk on fire")
	})
	if err == nil {
		t.Fatal("Write returned no error")
	}
	if b, _ := os.ReadFile(name); string(b) != "old" {
		t.Fatalf("file holds %q after a failed write, want %q", b, "old")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("%d files left in the folder, want 1", len(entries))
	}
}

// A device is written to, not replaced: -o /dev/null once put a regular file in its place.
func TestWrite_DeviceStaysADevice(t *testing.T) {
	const null = "/dev/null"
	fi, err := os.Stat(null)
	if err != nil || fi.Mode()&os.ModeDevice == 0 {
		t.Skip("no /dev/null device here")
	}
	if err := Write(null, func(w io.Writer) error { _, err := io.WriteString(w, "gone"); return err }); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(null); err != nil || fi.Mode()&os.ModeDevice == 0 {
		t.Fatalf("%s is no longer a device after Write: %v %v", null, fi.Mode(), err)
	}
}
