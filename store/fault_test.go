package store

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/v2/vfs"
)

// A fullFS is a disk of limit bytes: a write past it fails with ENOSPC, as a full tmpfs.
type fullFS struct {
	vfs.FS
	limit   int64
	written atomic.Int64
}

func newFullFS(limit int64) *fullFS { return &fullFS{FS: vfs.Default, limit: limit} }

func (fs *fullFS) Create(name string, c vfs.DiskWriteCategory) (vfs.File, error) {
	f, err := fs.FS.Create(name, c)
	return fs.wrap(name, f, err)
}

func (fs *fullFS) OpenReadWrite(name string, c vfs.DiskWriteCategory, opts ...vfs.OpenOption) (vfs.File, error) {
	f, err := fs.FS.OpenReadWrite(name, c, opts...)
	return fs.wrap(name, f, err)
}

func (fs *fullFS) ReuseForWrite(oldname, newname string, c vfs.DiskWriteCategory) (vfs.File, error) {
	f, err := fs.FS.ReuseForWrite(oldname, newname, c)
	return fs.wrap(newname, f, err)
}

func (fs *fullFS) wrap(name string, f vfs.File, err error) (vfs.File, error) {
	if err != nil {
		return nil, err
	}
	return &fullFile{File: f, fs: fs, name: name}, nil
}

type fullFile struct {
	vfs.File
	fs   *fullFS
	name string
}

func (f *fullFile) take(n int) error {
	if f.fs.written.Add(int64(n)) > f.fs.limit {
		return &os.PathError{Op: "write", Path: f.name, Err: syscall.ENOSPC}
	}
	return nil
}

func (f *fullFile) Write(p []byte) (int, error) {
	if err := f.take(len(p)); err != nil {
		return 0, err
	}
	return f.File.Write(p)
}

func (f *fullFile) WriteAt(p []byte, off int64) (int, error) {
	if err := f.take(len(p)); err != nil {
		return 0, err
	}
	return f.File.WriteAt(p, off)
}

// within fails the test when fn takes longer than d: a store on a full disk never hangs.
func within(t *testing.T, d time.Duration, what string, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s: still running after %v", what, d)
	}
}

// A disk that fills at several points of a search's writes: Flush and Err say the disk is
// full, in one line naming the store; nothing hangs; the store opens again read-only on the
// full disk with what was written before, and read-write once there is room.
func TestStore_DiskFull(t *testing.T) {
	for _, limit := range []int64{0, 4 << 10, 1500 << 10, 3 << 20} {
		t.Run(strconv.FormatInt(limit>>10, 10)+"KB", func(t *testing.T) {
			dir := t.TempDir()
			disk := newFullFS(limit)
			var s *Store
			var err error
			within(t, 10*time.Second, "Open", func() { s, err = openOn(dir, disk, Options{}) })
			if limit == 0 {
				wantError(t, "Open of a new store on a full disk", err, dir, "disk full")
				return
			}
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			facts := s.Facts("cram")
			var flushErr, closeErr error
			within(t, 10*time.Second, "Put, Flush and Close", func() {
				for i := range 150_000 {
					facts.Put(strings.Repeat("k", i%40)+strconv.Itoa(i), nimber(i%7))
					if i%50_000 == 0 {
						s.Flush()
					}
				}
				flushErr = s.Flush()
				closeErr = s.Close()
			})
			if limit < 3<<20 || flushErr != nil {
				wantError(t, "Flush on a full disk", flushErr, dir, "disk full")
				if !errors.Is(flushErr, ErrDiskFull) || !errors.Is(s.Err(), ErrDiskFull) {
					t.Errorf("Flush = %v, Err = %v; want ErrDiskFull", flushErr, s.Err())
				}
				if closeErr == nil {
					t.Errorf("Close after a full disk: no error")
				}
			}
			var kept int64
			within(t, 10*time.Second, "Open again on the full disk", func() { s, err = openOn(dir, disk, Options{}) })
			if err != nil {
				t.Fatalf("Open again on the full disk: %v", err)
			}
			if disk.written.Load() > limit && s.ReadOnly() == "" {
				t.Errorf("store on a full disk not read-only")
			}
			if kept = count(t, s); kept > 150_000 {
				t.Errorf("%d facts, more than were put", kept)
			}
			within(t, 10*time.Second, "Add and Close", func() {
				if err := s.Add("cram", "new", nimber(1)); disk.written.Load() > limit && err == nil {
					t.Errorf("Add on a full disk: no error")
				}
				s.Close()
			})
			t.Logf("flush: %v; %d facts kept", flushErr, kept)
			if limit >= 1500<<10 && kept <= 1 {
				t.Errorf("%d KB: no fact kept", limit>>10)
			}
			s = open(t, dir) // room again
			defer s.Close()
			if s.ReadOnly() != "" || count(t, s) < kept {
				t.Errorf("Open with room: read-only %q, %d facts, want %d", s.ReadOnly(), count(t, s), kept)
			}
			if err := s.Add("cram", "new", nimber(1)); err != nil {
				t.Errorf("Add with room: %v", err)
			}
		})
	}
}

// count is the number of facts of cram in s.
func count(t *testing.T, s *Store) int64 {
	t.Helper()
	st, err := s.Stats()
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range st.Games {
		if g.Game == "cram" {
			return g.Entries
		}
	}
	return 0
}

// An import that fills the disk is refused with ErrDiskFull, all or nothing, and leaves no
// stage behind to hold the space.
func TestImport_DiskFull(t *testing.T) {
	dir := t.TempDir()
	disk := newFullFS(256 << 10)
	s, err := openOn(dir, disk, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var file strings.Builder
	for n := 1; n <= 50_000; n++ {
		file.WriteString(`{"game":"nim","position":"` + strconv.Itoa(n) + `","nimber":` + strconv.Itoa(n) + "}\n")
	}
	within(t, 20*time.Second, "ImportFile", func() {
		_, err = ImportFile(s, strings.NewReader(file.String()), "big.jsonl", nil)
		s.Close()
	})
	if !errors.Is(err, ErrDiskFull) {
		t.Errorf("ImportFile on a full disk: %v, want ErrDiskFull", err)
	}
	if stages, _ := filepath.Glob(filepath.Join(dir, stagePrefix+"*")); len(stages) > 0 {
		t.Errorf("stages left: %v", stages)
	}
	s = open(t, dir)
	defer s.Close()
	if st, err := s.Stats(); err != nil || len(st.Games) != 0 {
		t.Errorf("after a failed import: %+v, %v; want no facts", st, err)
	}
}
