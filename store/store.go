package store

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/bloom"
	"github.com/cockroachdb/pebble/v2/vfs"

	"grundy/engine"
)

// KeyVersion is the version of the engine's key format that the store's keys carry: a change
// of a game's exact keys (engine.ExactKey) must raise it, so that old facts are not read
// under new keys. Facts of other versions stay on disk, unread, but those of version 1 (see
// formatV1), which Open moves to this one.
//
// Version 2: every key is exact. Version 1 held Sprouts' facts under the search's cheap keys
// (engine.Exact), so that a position reached two ways, or read from a Glop or SPOTS file,
// could be stored twice and not found.
const KeyVersion = 2

// mergerName is the name of the facts' merge operator, which pebble keeps in the store.
const mergerName = "grundy.facts.v1"

// formatName is the value of the store's meta key: what the directory holds, and the version
// of the store's own layout, which since grundy-facts/2 says its keys are of KeyVersion 2. A
// grundy that knows only grundy-facts/1 refuses such a store, saying which format it holds.
const formatName = "grundy-facts/2"

// formatV1 is the format of a store whose keys are of KeyVersion 1: Open moves its facts to
// KeyVersion 2, making Sprouts' keys exact (migrate.go), then marks it grundy-facts/2.
const formatV1 = "grundy-facts/1"

// metaKey is the key of the store's format; no game's key starts with a zero byte.
var metaKey = []byte("\x00format")

// SyncEvery is how often the facts a search wrote are synced to disk: a process killed
// (kill -9, a crash) loses at most the facts of the last SyncEvery.
const SyncEvery = 2 * time.Second

// ErrConflict is the error of a fact that contradicts the stored one.
var ErrConflict = errors.New("conflicting facts")

// A ConflictError says which position two sources disagree on, and what each says.
type ConflictError struct {
	Game, Key string
	Have, Got engine.Fact // what the store held, what was added
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s %q: stored %s, new %s", e.Game, e.Key, describe(e.Have), describe(e.Got))
}

func (e *ConflictError) Unwrap() error { return ErrConflict }

// A Store keeps facts on disk in a pebble database, by game and position key. It is safe for
// concurrent use; one process at a time may open a directory.
type Store struct {
	dir        string
	db         *pebble.DB
	base       vfs.FS    // the file system under the fence's
	blockCache int64     // bytes of pebble's block cache, 0 for its default (Options)
	fence      *fence    // pebble's failure (fault.go)
	lock       io.Closer // the directory's, nil when it cannot be written
	readOnly   string    // why the store takes no write, "" when it does

	mu    sync.Mutex        // Add's read-modify-write; facts
	facts map[string]*Facts // by game, made on first use

	writer *writer
	wal    walTrack   // the newest write-ahead log (walloss.go)
	replay *replayLog // what pebble's last Open read of the logs
	loss   string     // what the newest log lost, said at Open ("" when nothing)

	conflicts    atomic.Int64 // met while merging the writes of searches
	conflictOnce sync.Once
	closeOnce    sync.Once
	closeErr     error
}

// DefaultDir is $XDG_DATA_HOME/grundy, else ~/.local/share/grundy.
func DefaultDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "grundy"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("store: no data directory: %w", err)
	}
	return filepath.Join(home, ".local", "share", "grundy"), nil
}

// Open opens (creating it) the store in dir. A store in use by another process, a corrupt
// or truncated one, a dir that is not a store: a clear error naming dir and what is wrong.
// A store that cannot be written (a read-only directory or disk, or a full disk) is opened
// read-only: it answers reads, and ReadOnly says why it takes no write.
func Open(dir string) (*Store, error) { return OpenWith(dir, Options{}) }

// Options are what a store may be opened with beside its directory.
type Options struct {
	// BlockCacheMB is the memory of pebble's cache of the store's blocks, read from disk
	// and decompressed, in megabytes, beside its memtables (pebble reserves their memory in
	// it); 0 is pebble's default, 8 MB, which the memtables fill. A search of a large store
	// reads facts from all over it, and with no room for blocks each read decompresses one:
	// on Sprouts 0*27 from a store of 0*20 … 0*26, reads took a seventh of the search's
	// time with no room and a twentieth with 512 MB.
	BlockCacheMB int
}

// OpenWith opens the store in dir as Open does, with o.
func OpenWith(dir string, o Options) (*Store, error) { return openOn(dir, vfs.Default, o) }

// openOn opens the store in dir on the file system base (tests inject faults through it).
func openOn(dir string, base vfs.FS, o Options) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil && !isDir(dir) {
		return nil, fmt.Errorf("store %s: %w", dir, err)
	}
	if err := checkDir(dir); err != nil {
		return nil, err
	}
	if err := checkMerger(dir); err != nil {
		return nil, err
	}
	s := &Store{dir: dir, base: base, facts: make(map[string]*Facts), blockCache: int64(o.BlockCacheMB) << 20}
	lock, err := base.Lock(filepath.Join(dir, "LOCK"))
	switch {
	case err == nil:
		s.lock = lock
		removeStages(dir) // before pebble opens: a stage may hold the space of a full disk
	case unwritable(err):
		s.readOnly = "its directory cannot be written: " + firstLine(err.Error())
	default:
		return nil, fmt.Errorf("store %s: in use by another process, or already open (%s)", dir, firstLine(err.Error()))
	}
	if err := s.openDB(); err != nil {
		s.unlock()
		return nil, err
	}
	if s.loss = s.replay.loss(dir); s.loss != "" {
		log.Printf("store %s: %s", dir, s.loss)
	}
	s.writer = startWriter(s)
	return s, nil
}

// WALLoss says what Open found lost of the newest write-ahead log (damaged, cut short or
// missing: the last seconds' facts), "" when nothing was. Open logs it, in one line.
func (s *Store) WALLoss() string { return s.loss }

// openDB opens pebble's database, read-write unless s.readOnly, and checks its format. A
// full disk while pebble opens it (it writes what its log holds to a table) opens it again,
// read-only: the log is read into memory, nothing is written.
func (s *Store) openDB() error {
	err := s.openPebble()
	if s.readOnly == "" && errors.Is(err, ErrDiskFull) {
		s.readOnly = "its disk is full"
		if s.openPebble() != nil {
			return err // a new store, which the full disk did not let pebble make
		}
	} else if err != nil {
		return err
	}
	if err := s.checkFormat(); err != nil {
		if s.fence.failure() == nil {
			s.db.Close()
		}
		return err
	}
	return nil
}

// openPebble opens pebble's database behind a new fence (fault.go), and waits for it or
// for the fence's failure, abandoning an Open that does not return.
func (s *Store) openPebble() error {
	s.fence = newFence()
	s.replay = &replayLog{}
	var db *pebble.DB
	o := s.options()
	err := s.fence.guard(func() error {
		if s.blockCache > 0 { // beside the memtables, which pebble reserves in it
			o.Cache = pebble.NewCache(s.blockCache + 2*int64(o.MemTableSize))
			defer o.Cache.Unref() // after Open, which holds its own reference
		}
		var err error
		db, err = pebble.Open(s.dir, o)
		return err
	})
	switch {
	case errors.Is(err, ErrDiskFull):
		return fmt.Errorf("store %s: %w", s.dir, err)
	case err != nil:
		if db != nil {
			db.Close()
		}
		return storeError(s.dir, err)
	}
	s.db = db
	return nil
}

// isDir reports whether path is a directory.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// unwritable reports whether err, of creating the store's lock file, says the directory
// cannot be written (permissions, a read-only file system), rather than that another
// process holds the lock.
func unwritable(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && (errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS))
}

// ReadOnly says why the store takes no write ("" when it does): a directory or disk that
// cannot be written, a full disk. A read-only store answers reads; its Facts drop their Puts.
func (s *Store) ReadOnly() string {
	if err := s.fence.failure(); err != nil && s.readOnly == "" {
		return "writing failed: " + err.Error()
	}
	return s.readOnly
}

// Err is the failure of the store's writes since it was opened (a full disk: ErrDiskFull),
// or nil. What was written before stays; nothing is written after.
func (s *Store) Err() error {
	if err := s.fence.failure(); err != nil {
		return fmt.Errorf("store %s: %w", s.dir, err)
	}
	if p := s.writer.err.Load(); p != nil {
		return fmt.Errorf("store %s: %w", s.dir, *p)
	}
	return nil
}

// errReadOnly is the error of a write to a read-only store.
func (s *Store) errReadOnly() error {
	return fmt.Errorf("store %s: read-only, %s", s.dir, s.readOnly)
}

// options are pebble's: the facts' merge operator, Bloom filters (most reads are of
// positions never stored), a file system and a logger behind the fence (fault.go), and
// corruption left to the reads to report.
func (s *Store) options() *pebble.Options {
	o := &pebble.Options{
		Merger:   &pebble.Merger{Name: mergerName, Merge: s.newMerger},
		FS:       &faultFS{FS: s.base, fence: s.fence},
		Logger:   &fenceLogger{dir: s.dir, fence: s.fence, replay: s.replay},
		ReadOnly: s.readOnly != "",
		// Write-ahead logs of this format carry sync offsets, so that pebble tells a log
		// damaged in its middle (corruption) from the torn end of a crash.
		FormatMajorVersion: pebble.FormatWALSyncChunks,
		MemTableSize:       64 << 20, // a search's writes of minutes, before a flush
		// A corrupt file fails the read that meets it, with an error that names the
		// store; pebble's default would end the process (Logger.Fatalf).
		EventListener: &pebble.EventListener{DataCorruption: func(pebble.DataCorruptionInfo) {}, WALCreated: s.wal.created},
	}
	o.Levels[0].FilterPolicy = bloom.FilterPolicy(10) // the levels below take L0's
	// No sampling of the keys iterators read, for compactions of the tables read most: the
	// store is read by Get, which samples nothing, and iterated whole (export, stats), where
	// sampling took a twentieth of the time.
	o.Experimental.ReadSamplingMultiplier = -1
	return o
}

// checkDir refuses a directory that holds files but no pebble database: it is not a store,
// and pebble would write one among them. It refuses a store whose marker of its current
// manifest is missing: pebble would start an empty store over it, and delete its tables.
func checkDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("store %s: %w", dir, err)
	}
	others, data := "", ""
	for _, e := range entries {
		name := e.Name()
		switch {
		case name == "CURRENT" || strings.HasPrefix(name, "marker.manifest."):
			return nil
		case strings.HasPrefix(name, "MANIFEST-") || numbered(name, ".sst") || numbered(name, ".log"):
			data = cmp.Or(data, name)
		case name != "LOCK" && !strings.HasPrefix(name, "OPTIONS-") && !strings.HasPrefix(name, "marker.") &&
			!strings.HasPrefix(name, stagePrefix) && name != walMarkName:
			others = cmp.Or(others, name)
		}
	}
	switch {
	case data != "":
		return &damagedError{dir, "damaged: the marker of its current manifest (marker.manifest.*) is missing, beside " + data}
	case others != "":
		return fmt.Errorf("store %s: not a facts store: it holds %s and no database", dir, others)
	}
	return nil
}

// numbered reports whether name is one of pebble's numbered files with extension ext.
func numbered(name, ext string) bool {
	num, ok := strings.CutSuffix(name, ext)
	return ok && num != "" && strings.Trim(num, "0123456789") == ""
}

// checkMerger refuses the pebble database of another program, which its OPTIONS file tells
// by the name of its merge operator (pebble would refuse it less clearly).
func checkMerger(dir string) error {
	opts, _ := filepath.Glob(filepath.Join(dir, "OPTIONS-*"))
	for _, name := range opts {
		b, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		for line := range strings.Lines(string(b)) {
			k, v, ok := strings.Cut(strings.TrimSpace(line), "=")
			if ok && strings.TrimSpace(k) == "merger" && strings.TrimSpace(v) != mergerName {
				return fmt.Errorf("store %s: not a facts store: a pebble database of another program (merger %s)", dir, strings.TrimSpace(v))
			}
		}
	}
	return nil
}

// ErrDamaged is the error of a store whose files are damaged or missing: Repair salvages
// what the others hold.
var ErrDamaged = errors.New("damaged store")

// A damagedError says what is wrong with the files of the store in dir.
type damagedError struct{ dir, what string }

func (e *damagedError) Error() string {
	return "store " + e.dir + ": " + e.what + "; `grundy db repair --db " + e.dir + "` salvages what its files hold"
}

func (e *damagedError) Unwrap() error { return ErrDamaged }

// storeError says why pebble could not open or read the store in dir: past our own checks
// (a folder, not another program's, not locked), its files are damaged, or cannot be read.
func storeError(dir string, err error) error {
	switch {
	case errors.Is(err, os.ErrPermission):
		return fmt.Errorf("store %s: %s", dir, firstLine(err.Error()))
	case errors.Is(err, os.ErrNotExist):
		return &damagedError{dir, "damaged, a file of it is missing: " + firstLine(err.Error())}
	}
	what := "corrupt or truncated: " + firstLine(err.Error())
	if strings.Contains(what, "replaying WAL") {
		logs, _ := filepath.Glob(filepath.Join(dir, "*.log"))
		if len(logs) > 0 { // named by number: the last is the newest
			what = "its write-ahead log " + filepath.Base(logs[len(logs)-1]) + " is damaged in its middle (" + firstLine(err.Error()) + ")"
		}
	}
	return &damagedError{dir, what}
}

// firstLine is s up to its first line break: pebble's errors may carry details below.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// checkFormat writes the format of a new store, and refuses a database that is not one.
func (s *Store) checkFormat() error {
	v, closer, err := s.db.Get(metaKey)
	if errors.Is(err, pebble.ErrNotFound) {
		if !s.empty() {
			return fmt.Errorf("store %s: not a facts store: a database without its format key", s.dir)
		}
		if s.readOnly != "" {
			return nil // an empty store: nothing to read, nothing written
		}
		err := s.fence.guard(func() error { return s.db.Set(metaKey, []byte(formatName), pebble.Sync) })
		if err != nil {
			return fmt.Errorf("store %s: %w", s.dir, err)
		}
		return nil
	}
	if err != nil {
		return storeError(s.dir, err)
	}
	format := string(v)
	closer.Close()
	switch format {
	case formatName:
		return nil
	case formatV1:
		if s.readOnly != "" {
			return fmt.Errorf("store %s: format %q, which this grundy updates, but the store is read-only: %s", s.dir, format, s.readOnly)
		}
		return s.fence.guard(s.migrateV1)
	}
	return fmt.Errorf("store %s: format %q, this grundy reads %q (and %q, which it updates)", s.dir, format, formatName, formatV1)
}

// empty reports whether the database holds no key.
func (s *Store) empty() bool {
	it, err := s.db.NewIter(nil)
	if err != nil {
		return false
	}
	defer it.Close()
	return !it.First()
}

// Dir is the store's directory.
func (s *Store) Dir() string { return s.dir }

// Flush writes and syncs what is pending.
func (s *Store) Flush() error {
	if err := s.writer.flush(); err != nil {
		return fmt.Errorf("store %s: %w", s.dir, err)
	}
	return nil
}

// Close flushes, syncs and closes the store. Later calls return the first's error. A store
// whose writes failed (Err) is left to pebble unclosed, as the fence holds it (fault.go):
// Close returns at once, with the failure, and unlocks the directory.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		err := s.writer.stop()
		if cerr := s.fence.guard(s.db.Close); err == nil {
			err = cerr
		}
		if lerr := s.unlock(); err == nil {
			err = lerr
		}
		if err != nil {
			s.closeErr = fmt.Errorf("store %s: closing: %w", s.dir, err)
		}
	})
	return s.closeErr
}

// unlock releases the directory's lock, when the store holds it.
func (s *Store) unlock() error {
	if s.lock == nil {
		return nil
	}
	return s.lock.Close()
}

// Conflicts is the number of conflicting facts met while merging what searches wrote (see
// Facts.Put): none, unless a store or the engine is wrong.
func (s *Store) Conflicts() int64 { return s.conflicts.Load() }

// noteConflict counts a conflict met by the merge operator, and logs the first.
func (s *Store) noteConflict(key []byte, have, got engine.Fact) {
	s.conflicts.Add(1)
	s.conflictOnce.Do(func() {
		game, pos, _ := splitKey(key)
		log.Printf("store %s: %s %q: a search wrote %s against the stored %s; kept the stored fact (reported once)",
			s.dir, game, pos, describe(got), describe(have))
	})
}

// closeQuietly closes c when it is not nil; a Get's closer never fails.
func closeQuietly(c io.Closer) {
	if c != nil {
		c.Close()
	}
}
