package store

import (
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"sync"

	"github.com/cockroachdb/pebble/v2/vfs"
)

// ErrDiskFull is the error of a store whose disk has no space left: what was written before
// stays readable, nothing more is written.
var ErrDiskFull = errors.New("disk full")

// A failure of pebble's (a full disk, a fatal error of its own) must neither end the process
// nor hang it. pebble calls Logger.Fatalf on errors it cannot go on from, expecting the
// process to end there, and retries a failed flush at once, forever; its Close then waits
// for that flush. So a store's pebble writes through a faultFS, behind a fence: the first
// full disk or fatal error trips the fence, and from then on every write of that pebble
// instance waits forever, in whichever of pebble's goroutines makes it. Nothing more reaches
// the disk (the files are as they were at the failure, which pebble's recovery reads as it
// reads a crash); the store's own calls into pebble that may write are guarded (guard), and
// return the failure; the instance is abandoned, never closed.

// A fence is tripped once, by the first failure of a pebble instance.
type fence struct {
	once sync.Once
	done chan struct{} // closed when tripped
	err  error         // the failure, set before done is closed
}

func newFence() *fence { return &fence{done: make(chan struct{})} }

// trip records err as the failure, unless one is already recorded.
func (f *fence) trip(err error) {
	f.once.Do(func() {
		f.err = err
		close(f.done)
	})
}

// failure is the recorded failure, or nil.
func (f *fence) failure() error {
	select {
	case <-f.done:
		return f.err
	default:
		return nil
	}
}

// hold waits forever once the fence is tripped: a write after the failure never happens.
func (f *fence) hold() {
	select {
	case <-f.done:
		select {} // the instance is abandoned: this goroutine of pebble's stays here
	default:
	}
}

// check trips the fence on a full disk, and returns err.
func (f *fence) check(name string, err error) error {
	if err != nil && vfs.IsNoSpaceError(err) {
		f.trip(fmt.Errorf("%w (no space left writing %s)", ErrDiskFull, baseName(name)))
	}
	return err
}

// guard runs fn, which may write through pebble, and returns its error, or the fence's
// failure as soon as it trips (fn then waits forever, abandoned with its pebble instance).
func (f *fence) guard(fn func() error) error {
	if err := f.failure(); err != nil {
		return err
	}
	done := make(chan error, 1)
	go func() { done <- fn() }()
	select {
	case err := <-done:
		if ferr := f.failure(); ferr != nil {
			return ferr
		}
		return err
	case <-f.done:
		return f.err
	}
}

// baseName is the file name of path, for messages.
func baseName(path string) string { return vfs.Default.PathBase(path) }

// A faultFS is the file system of one pebble instance behind its fence. Its Lock takes no
// lock: the store holds the directory's (Store.lock), or none when it cannot be written.
type faultFS struct {
	vfs.FS
	fence *fence
}

func (fs *faultFS) Create(name string, category vfs.DiskWriteCategory) (vfs.File, error) {
	fs.fence.hold()
	f, err := fs.FS.Create(name, category)
	return fs.file(name, f, err)
}

func (fs *faultFS) OpenReadWrite(name string, category vfs.DiskWriteCategory, opts ...vfs.OpenOption) (vfs.File, error) {
	fs.fence.hold()
	f, err := fs.FS.OpenReadWrite(name, category, opts...)
	return fs.file(name, f, err)
}

func (fs *faultFS) ReuseForWrite(oldname, newname string, category vfs.DiskWriteCategory) (vfs.File, error) {
	fs.fence.hold()
	f, err := fs.FS.ReuseForWrite(oldname, newname, category)
	return fs.file(newname, f, err)
}

func (fs *faultFS) OpenDir(name string) (vfs.File, error) {
	f, err := fs.FS.OpenDir(name)
	return fs.file(name, f, err)
}

func (fs *faultFS) Link(oldname, newname string) error {
	fs.fence.hold()
	return fs.fence.check(newname, fs.FS.Link(oldname, newname))
}

func (fs *faultFS) Remove(name string) error {
	fs.fence.hold()
	return fs.FS.Remove(name)
}

func (fs *faultFS) RemoveAll(name string) error {
	fs.fence.hold()
	return fs.FS.RemoveAll(name)
}

func (fs *faultFS) Rename(oldname, newname string) error {
	fs.fence.hold()
	return fs.fence.check(newname, fs.FS.Rename(oldname, newname))
}

func (fs *faultFS) MkdirAll(dir string, perm os.FileMode) error {
	fs.fence.hold()
	return fs.fence.check(dir, fs.FS.MkdirAll(dir, perm))
}

func (fs *faultFS) Lock(string) (io.Closer, error) { return noLock{}, nil }

func (fs *faultFS) Unwrap() vfs.FS { return fs.FS }

func (fs *faultFS) file(name string, f vfs.File, err error) (vfs.File, error) {
	if err := fs.fence.check(name, err); err != nil {
		return nil, err
	}
	return &faultFile{File: f, name: name, fence: fs.fence}, nil
}

type noLock struct{}

func (noLock) Close() error { return nil }

// A faultFile is a file of a faultFS: its writes and syncs wait once the fence is tripped.
type faultFile struct {
	vfs.File
	name  string
	fence *fence
}

func (f *faultFile) Write(p []byte) (int, error) {
	f.fence.hold()
	n, err := f.File.Write(p)
	return n, f.fence.check(f.name, err)
}

func (f *faultFile) WriteAt(p []byte, off int64) (int, error) {
	f.fence.hold()
	n, err := f.File.WriteAt(p, off)
	return n, f.fence.check(f.name, err)
}

// Preallocate fails on a full disk without harm: pebble preallocates its log by 110% of the
// memtable, ignores a failure, and the writes that follow say whether they fit.
func (f *faultFile) Preallocate(off, n int64) error {
	f.fence.hold()
	return f.File.Preallocate(off, n)
}

func (f *faultFile) Sync() error {
	f.fence.hold()
	return f.fence.check(f.name, f.File.Sync())
}

func (f *faultFile) SyncData() error {
	f.fence.hold()
	return f.fence.check(f.name, f.File.SyncData())
}

func (f *faultFile) SyncTo(length int64) (bool, error) {
	f.fence.hold()
	full, err := f.File.SyncTo(length)
	return full, f.fence.check(f.name, err)
}

// A fenceLogger is pebble's logger of an instance: it keeps what pebble's replay of the logs
// read, drops its other informational lines, logs its first error, and takes a fatal error
// as the instance's failure (see above), where pebble's default logger ends the process.
type fenceLogger struct {
	dir    string
	fence  *fence
	replay *replayLog // the replay's lines, kept (walloss.go)
	logged sync.Once
}

func (l *fenceLogger) Infof(format string, args ...any) { l.replay.note(format, args) }

func (l *fenceLogger) Errorf(format string, args ...any) {
	if l.fence.failure() != nil {
		return // the failure is the store's error: its callers say it once
	}
	for _, a := range args {
		if err, ok := a.(error); ok && vfs.IsNoSpaceError(err) {
			l.fence.trip(fmt.Errorf("%w (%v)", ErrDiskFull, err))
			return
		}
	}
	l.logged.Do(func() { log.Printf("store %s: "+format+" (reported once)", append([]any{l.dir}, args...)...) })
}

func (l *fenceLogger) Fatalf(format string, args ...any) {
	err := fmt.Errorf(format, args...)
	for _, a := range args {
		if e, ok := a.(error); ok && vfs.IsNoSpaceError(e) {
			err = fmt.Errorf("%w (%v)", ErrDiskFull, e)
		}
	}
	l.fence.trip(err)
}
