package store

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/cockroachdb/pebble/v2/objstorage/objstorageprovider"
	"github.com/cockroachdb/pebble/v2/sstable"
	"github.com/cockroachdb/pebble/v2/vfs"

	"grundy/games"
	"grundy/internal/ctxio"
)

// An import is staged, so that a file of any size (SPOTS's databases run to gigabytes) is
// added in bounded memory, and all or nothing:
//
//  1. The file is read one line at a time into a stage (stage.go): lines gathered in memory
//     outside Go's heap, sorted by key and joined when stageRun bytes are full, into one
//     run held in memory or, for a larger file, sstables of pebble merges that a staging
//     database (in a temporary directory, no log) ingests and joins when it is read. Two
//     lines about one position that disagree are an error naming both, when the stage is
//     read.
//  2. The stage is read in key order, each fact compared with the store's (read by
//     iterators moved forward, seeker): a disagreement is an error naming the file's line,
//     the position and both values. What the store does not know yet is written, in the
//     same order, to one sstable.
//  3. The store ingests the sstable, which pebble applies at once (one version edit): a
//     process killed before has added nothing, one killed after has added the whole file.
//
// Memory is the stage's stageRun bytes and, for a file of several runs, the staging
// database's block cache (pebble's own, off the Go heap), whatever the file.

// stageMemtable is the size of the staging database's memtable (which ingestions leave
// empty), and its cache.
const stageMemtable = 32 << 20

// stagePrefix starts the name of an import's staging directory, in the store's directory.
const stagePrefix = ".import-"

// removeStages removes the staging directories that imports killed before their end left
// in the store's directory (a stage never holds anything the store needs). The store is
// locked: no import of another process is running.
func removeStages(dir string) {
	stale, _ := filepath.Glob(filepath.Join(dir, stagePrefix+"*"))
	for _, d := range stale {
		os.RemoveAll(d)
	}
}

// ImportFile adds the database file r to s as claims (see Claim), all or nothing (see
// Import), reading it once, one line at a time: its format is detected as ReadDatabase does,
// g is the game of a Glop or SPOTS file (a jsonl file's lines name theirs).
func ImportFile(s *Store, r io.Reader, name string, g games.Game) (ImportReport, error) {
	return ImportFileContext(context.Background(), s, r, name, g)
}

// ImportFileContext is ImportFile, stopped when ctx ends: the store is then as it was, and
// the error wraps ctx's. Past its check against the store, the import is a rename and one
// version edit of pebble's, which ctx no longer stops.
func ImportFileContext(ctx context.Context, s *Store, r io.Reader, name string, g games.Game) (ImportReport, error) {
	return ImportFileWith(ctx, s, r, name, g, ImportOptions{})
}

// ImportOptions say what an import makes of a file's facts.
type ImportOptions struct {
	// Verify derives each fact again from the rules, as Certify does, from the file's other
	// facts, the store's facts proven and the game's theory: a fact that holds is added as
	// proven, its origin the import (Origin); one that does not is left out, and reported
	// (ImportReport.Rejected). Without Verify every fact is a claim (Claim): kept apart,
	// never read by a search as proven.
	Verify bool
}

// ImportFileWith is ImportFileContext as opts say.
func ImportFileWith(ctx context.Context, s *Store, r io.Reader, name string, g games.Game, opts ImportOptions) (ImportReport, error) {
	db := &Database{Name: name}
	rep, err := s.importStaged(ctx, name, opts, func(fn func(Record) error) error {
		return eachDatabase(ctxio.Reader(ctx, r), db, g, fn)
	})
	rep.Empty = db.Empty
	return rep, err
}

// stopped is the error of an import that ctx stopped, or nil; it is checked every
// checkEvery records.
func stopped(ctx context.Context, name string) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%s: stopped, nothing imported: %w", name, context.Cause(ctx))
	}
	return nil
}

// checkEvery is how many records an import reads between two looks at its context.
const checkEvery = 1024

// Import adds a database read whole by ReadGlop or ReadJSONL to s, all or nothing: every fact
// is first compared with the store, and a disagreement (a nimber against another, or against
// a value proven ≠, or a claim against a claim) is an error naming the file's line, the
// position and both values, with nothing added. Then every fact is added at once, as opts
// say: claims, or the facts verified.
func Import(s *Store, db *Database, opts ImportOptions) (ImportReport, error) {
	rep, err := s.importStaged(context.Background(), db.Name, opts, func(fn func(Record) error) error {
		for _, r := range db.Records {
			if err := fn(r); err != nil {
				return err
			}
		}
		return nil
	})
	rep.Empty = db.Empty
	return rep, err
}

// eachDatabase reads a database file of any format the store knows, as ReadDatabase does,
// calling fn with each record.
func eachDatabase(r io.Reader, db *Database, g games.Game, fn func(Record) error) error {
	return eachDatabaseIn(r, db, g, fn, true)
}

// eachDatabaseIn is eachDatabase; when unzip is true, a file compressed by gzip (a large
// certificate: Cram 3x21's is 8 MB, 1 MB compressed) is read through it, once.
func eachDatabaseIn(r io.Reader, db *Database, g games.Game, fn func(Record) error, unzip bool) error {
	head := make([]byte, 1024)
	n, err := io.ReadFull(r, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return &FileError{File: db.Name, Err: err}
	}
	head = head[:n]
	whole := io.MultiReader(bytes.NewReader(head), r)
	if unzip && bytes.HasPrefix(head, gzipMagic) {
		z, err := gzip.NewReader(whole)
		if err != nil {
			return &FileError{File: db.Name, Err: fmt.Errorf("compressed by gzip, but: %w", err)}
		}
		defer z.Close()
		if err := eachDatabaseIn(z, db, g, fn, false); err != nil {
			return gzipError(db.Name, err)
		}
		return nil
	}
	if db.Format, err = DetectFormat(db.Name, head); err != nil {
		return err
	}
	if db.Format == FormatJSONL {
		return eachJSONL(whole, db, g, fn)
	}
	if g == nil {
		return &FileError{File: db.Name, Err: fmt.Errorf("a database of Glop or SPOTS does not name its game: say which (--game)")}
	}
	return eachGlop(whole, db, g, fn)
}

// gzipMagic begins a file compressed by gzip.
var gzipMagic = []byte{0x1f, 0x8b}

// gzipError says that a compressed file's stream is corrupt, where the reading failed on it.
func gzipError(name string, err error) error {
	if errors.Is(err, gzip.ErrChecksum) || errors.Is(err, gzip.ErrHeader) || errors.Is(err, io.ErrUnexpectedEOF) {
		return &FileError{File: name, Err: fmt.Errorf("compressed by gzip, but cut short or corrupt: %w", err)}
	}
	return err
}

// importStaged stages the records each gives, checks them against the store and adds them
// at once (see above).
func (s *Store) importStaged(ctx context.Context, name string, opts ImportOptions, each func(fn func(Record) error) error) (ImportReport, error) {
	if s.readOnly != "" {
		return ImportReport{}, s.errReadOnly()
	}
	// In the store's directory: the same file system as the store (pebble links the table
	// in rather than copying it), and not /tmp, which may be memory (tmpfs).
	tmp, err := os.MkdirTemp(s.dir, stagePrefix)
	if err := s.fence.check(s.dir, err); err != nil {
		return ImportReport{}, s.named(cmp.Or(s.fence.failure(), fmt.Errorf("%s: staging the import: %w", name, err)))
	}
	// Removed here, not by the import: an import that the fence holds never returns, and
	// its stage would keep the space of a full disk. A stopped import removes its own.
	defer func() {
		if ctx.Err() == nil {
			os.RemoveAll(tmp)
		}
	}()
	var rep ImportReport
	err = s.fence.guard(func() error {
		var err error
		rep, err = s.importGuarded(ctx, name, tmp, opts, each)
		return err
	})
	return rep, s.named(err)
}

// importGuarded is importStaged behind the store's fence, staging in tmp.
func (s *Store) importGuarded(ctx context.Context, name, tmp string, opts ImportOptions, each func(fn func(Record) error) error) (ImportReport, error) {
	stage := s.newStage(filepath.Join(tmp, "stage"), name)
	defer func() {
		if ctx.Err() != nil {
			// Stopped: return at once, and close the stage (which may wait for pebble's
			// flush) in the background; a stage the process leaves, Open removes.
			go func() {
				stage.Close()
				os.RemoveAll(tmp)
			}()
			return
		}
		stage.Close()
	}()
	n := 0
	add := func(rec Record) error {
		if n++; n%checkEvery == 0 {
			if err := stopped(ctx, name); err != nil {
				return err
			}
		}
		return stage.add(rec)
	}
	if err := each(add); err != nil {
		if serr := stopped(ctx, name); serr != nil {
			return ImportReport{}, serr
		}
		return ImportReport{}, err
	}
	if err := stage.flush(); err != nil {
		return ImportReport{}, fmt.Errorf("%s: staging the import: %w", name, err)
	}
	s.mu.Lock() // no Add between the check and the ingestion
	rep, err := s.checkAndIngest(ctx, name, stage, tmp, opts)
	s.mu.Unlock()
	if err != nil {
		return ImportReport{}, err
	}
	if !opts.Verify {
		return rep, nil // claims: no search reads them
	}
	return rep, s.noteImported(stage)
}

// checkAndIngest compares each staged fact with the store's, in key order, writing what
// the store lacks to sstables in dir: claims, or with opts.Verify the facts that the rules
// derive again, with their origin. With no conflict, the store ingests them at once. s.mu
// is held.
func (s *Store) checkAndIngest(ctx context.Context, name string, st *stage, dir string, opts ImportOptions) (ImportReport, error) {
	var rep ImportReport
	it, err := st.iter()
	if err != nil {
		return rep, fmt.Errorf("%s: staging the import: %w", name, err)
	}
	defer it.Close()
	t := s.newTables(dir)
	defer t.abort()
	facts, err := s.newSeeker()
	if err != nil {
		return rep, err
	}
	defer facts.Close()
	claims, err := s.newSeeker()
	if err != nil {
		return rep, err
	}
	defer claims.Close()
	origin := Origin{Source: FromImport, Name: name}
	originVal := origin.append(nil)
	var check *verifier
	var val []byte
	var game string
	for ok := it.First(); ok; ok = it.Next() {
		k := it.Key()
		i := bytes.IndexByte(k, 0)
		if i < 0 || i+2 > len(k) {
			continue // no key of keyOf's
		}
		if string(k[:i]) != game { // compared without a copy: a game a stage, most often
			game = string(k[:i])
		}
		key := unsafeString(k[i+2:]) // it.Key()'s bytes: copied where kept (verified)
		sv, err := viewStaged(it.Value())
		if err != nil {
			return rep, fmt.Errorf("%s: staging the import: %w", name, err)
		}
		if err := st.clash(key, sv); err != nil {
			return rep, err
		}
		line, pos, f := sv.line, sv.pos, sv.fact
		if rep.Read++; rep.Read%checkEvery == 0 {
			if err := stopped(ctx, name); err != nil {
				return ImportReport{}, err
			}
		}
		have, ok, err := facts.fact(game, key)
		switch {
		case err != nil:
			return ImportReport{}, err
		case have.Conflicts(f):
			return ImportReport{}, lineErr(name, line, "%w: %s %s: %s in the file, %s in the store %s", ErrConflict, game, nameOf(pos, key), describeFact(f), describeFact(have), s.Dir())
		case ok && have.Merge(f).Equal(have):
			rep.Known++
			continue
		}
		if !opts.Verify {
			c := Claim{Fact: f, Origin: origin, Line: line}
			old, had, err := claims.claim(game, key)
			switch {
			case err != nil:
				return ImportReport{}, err
			case had && old.Fact.Conflicts(f):
				return ImportReport{}, lineErr(name, line, "%w: %s %s: %s in the file, %s claimed by the %s (line %d, not checked) in the store %s",
					ErrConflict, game, nameOf(pos, key), describeFact(f), describeFact(old.Fact), old.Origin, old.Line, s.Dir())
			case had && old.Fact.Merge(f).Equal(old.Fact):
				rep.Known++
				continue
			case had:
				c.Fact = old.Fact.Merge(f)
			}
			rep.Claimed++
			val = appendClaim(val[:0], c)
			if err := t.add(game, tierClaims, key, val, opSet); err != nil {
				return ImportReport{}, fmt.Errorf("%s: staging the import: %w", name, err)
			}
			continue
		}
		if check == nil || check.game != game {
			check = s.newVerifier(ctx, st, game)
		}
		pos, key = strings.Clone(pos), strings.Clone(key)
		if err := check.holds(pos, key, f); err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return ImportReport{}, stopped(ctx, name)
			}
			rep.Rejected = append(rep.Rejected, Rejection{Line: line, Position: nameOf(pos, key), Err: err})
			continue
		}
		if ok {
			rep.Grown++
		} else {
			rep.Added++
			if err := t.add(game, tierOrigins, key, originVal, opSet); err != nil {
				return ImportReport{}, fmt.Errorf("%s: staging the import: %w", name, err)
			}
		}
		val, _ = f.AppendBinary(val[:0])
		if err := t.add(game, tierFacts, key, val, opMerge); err != nil {
			return ImportReport{}, fmt.Errorf("%s: staging the import: %w", name, err)
		}
		// A claim of an earlier import, checked now, is a fact: it is a claim no more.
		if _, had, err := claims.claim(game, key); err != nil {
			return ImportReport{}, err
		} else if had {
			if err := t.add(game, tierClaims, key, nil, opDelete); err != nil {
				return ImportReport{}, fmt.Errorf("%s: staging the import: %w", name, err)
			}
		}
	}
	if err := it.Error(); err != nil {
		return ImportReport{}, fmt.Errorf("%s: staging the import: %w", name, err)
	}
	paths, err := t.finish()
	if err != nil {
		return ImportReport{}, fmt.Errorf("%s: staging the import: %w", name, err)
	}
	if len(paths) == 0 {
		return rep, nil
	}
	if err := stopped(ctx, name); err != nil {
		return ImportReport{}, err
	}
	if err := s.db.Ingest(context.Background(), paths); err != nil {
		return ImportReport{}, fmt.Errorf("store %s: adding %s: %w", s.dir, name, err)
	}
	return rep, nil
}

// tables are the sstables an import writes: a game's keys of each tier in one of their own,
// so that no two overlap (pebble ingests them at once only so): a game's tiers come one
// after the other in key order, and games too.
type tables struct {
	fs    vfs.FS
	dir   string
	opts  sstable.WriterOptions
	game  string
	w     [256]*sstable.Writer // the game's, by tier
	paths []string             // the tables written
	key   []byte
}

func (s *Store) newTables(dir string) *tables {
	opts := s.options()
	opts.EnsureDefaults()
	return &tables{fs: &faultFS{FS: s.base, fence: s.fence}, dir: dir, opts: opts.MakeWriterOptions(0, s.db.TableFormat())}
}

// What tables.add writes of a key.
const (
	opSet    = iota // its value
	opMerge         // a fact, merged with the store's
	opDelete        // its deletion
)

// add writes key of game in tier, as op says.
func (t *tables) add(game string, tier byte, key string, val []byte, op int) error {
	if game != t.game {
		if err := t.closeGame(); err != nil {
			return err
		}
		t.game = game
	}
	w := t.w[tier]
	if w == nil {
		path := filepath.Join(t.dir, fmt.Sprintf("import-%d.sst", len(t.paths)))
		file, err := t.fs.Create(path, vfs.WriteCategoryUnspecified)
		if err != nil {
			return err
		}
		w = sstable.NewWriter(objstorageprovider.NewFileWritable(file), t.opts)
		t.w[tier] = w
		t.paths = append(t.paths, path)
	}
	t.key = append(append(append(t.key[:0], game...), 0, tier), key...) // tierKey, no allocation
	switch op {
	case opMerge:
		return w.Merge(t.key, val)
	case opDelete:
		return w.Delete(t.key)
	}
	return w.Set(t.key, val)
}

// closeGame finishes the tables of the game written so far.
func (t *tables) closeGame() error {
	var first error
	for tier, w := range t.w {
		if w == nil {
			continue
		}
		if err := w.Close(); err != nil && first == nil {
			first = err
		}
		t.w[tier] = nil
	}
	return first
}

// finish closes every table and returns their paths.
func (t *tables) finish() ([]string, error) {
	if err := t.closeGame(); err != nil {
		return nil, err
	}
	return t.paths, nil
}

// abort closes the tables left open by a failed import.
func (t *tables) abort() {
	for tier, w := range t.w {
		if w != nil {
			w.Close()
			t.w[tier] = nil
		}
	}
}

// noteImported adds the imported keys to the filters of the games' Facts that are open (a
// search's cache reading through to the store), which know only the keys of their start
// and those written since.
func (s *Store) noteImported(st *stage) error {
	s.mu.Lock()
	open := len(s.facts) > 0
	s.mu.Unlock()
	if !open {
		return nil
	}
	it, err := st.iter()
	if err != nil {
		return err
	}
	for ok := it.First(); ok; ok = it.Next() {
		game, key, _ := splitKey(it.Key())
		s.mu.Lock()
		facts := s.facts[game]
		s.mu.Unlock()
		if facts != nil {
			facts.stored(key)
		}
	}
	return it.Close()
}
