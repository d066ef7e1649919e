// Package atomicfile writes files so that a reader never sees half of one: the data goes to a
// temporary file in the same folder, which is synced and then renamed over the target. The
// app and the command line both save through it.
package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Write writes the file name with what write produces. On any error the target is left as it
// was and the temporary file is removed. A target that is not a regular file (/dev/stdout,
// /dev/null, a pipe) is written to as it is: a rename would put a file in its place.
func Write(name string, write func(w io.Writer) error) (err error) {
	if fi, err := os.Stat(name); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
		return writeDevice(name, write)
	}
	dir, base := filepath.Split(name)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return fmt.Errorf("save %s: %w", name, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err = write(f); err != nil {
		return fmt.Errorf("save %s: %w", name, err)
	}
	if err = f.Sync(); err != nil {
		return fmt.Errorf("save %s: %w", name, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("save %s: %w", name, err)
	}
	if err = os.Chmod(f.Name(), 0o644); err != nil {
		return fmt.Errorf("save %s: %w", name, err)
	}
	if err = os.Rename(f.Name(), name); err != nil {
		return fmt.Errorf("save %s: %w", name, err)
	}
	return nil
}

// writeDevice writes what write produces to the existing non-regular file name.
func writeDevice(name string, write func(w io.Writer) error) error {
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("save %s: %w", name, err)
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("save %s: %w", name, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("save %s: %w", name, err)
	}
	return nil
}
