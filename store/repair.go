package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/batchrepr"
	"github.com/cockroachdb/pebble/v2/sstable"
	"github.com/cockroachdb/pebble/v2/vfs"
	"github.com/cockroachdb/pebble/v2/wal"
)

// A store whose marker or manifest is lost or damaged cannot be opened: pebble would start
// an empty store over the old one and delete its tables. Repair salvages what the store's
// files hold (its tables, .sst, and its write-ahead logs, .log) into a new store, which
// takes the old one's place; the old files are kept aside, in a directory next to it.

// A RepairReport says what Repair salvaged.
type RepairReport struct {
	Tables, Logs int      // files read
	Facts        int64    // facts written to the new store (a position met twice counts twice)
	Unreadable   []string // files, or their ends, that could not be read
	Aside        string   // the directory the old files were moved to
}

// Repair salvages the facts of the store in dir into a new store, which takes its place at
// once (a rename); the old files are moved aside, to dir.damaged-TIME. Facts that two files
// hold are joined, as the store joins them; a fact deleted (Clear) may come back.
func Repair(dir string) (RepairReport, error) {
	var rep RepairReport
	if !isDir(dir) {
		return rep, fmt.Errorf("store %s: no such directory", dir)
	}
	if err := checkMerger(dir); err != nil {
		return rep, err
	}
	lock, err := vfs.Default.Lock(filepath.Join(dir, "LOCK"))
	if err != nil {
		return rep, fmt.Errorf("store %s: in use by another process, or cannot be written (%s)", dir, firstLine(err.Error()))
	}
	defer lock.Close()
	tmp, err := os.MkdirTemp(filepath.Dir(dir), filepath.Base(dir)+".repair-")
	if err != nil {
		return rep, fmt.Errorf("store %s: repairing: %w", dir, err)
	}
	defer os.RemoveAll(tmp) // after the rename, nothing is there
	if err := salvage(dir, tmp, &rep); err != nil {
		return rep, fmt.Errorf("store %s: repairing: %w", dir, err)
	}
	rep.Aside = dir + ".damaged-" + time.Now().UTC().Format("20060102T150405")
	if err := os.Rename(dir, rep.Aside); err != nil {
		return rep, fmt.Errorf("store %s: repairing: %w", dir, err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.Rename(rep.Aside, dir)
		return rep, fmt.Errorf("store %s: repairing: %w", dir, err)
	}
	return rep, nil
}

// salvage writes the facts of the files in dir into a new store in to.
func salvage(dir, to string, rep *RepairReport) error {
	s, err := Open(to)
	if err != nil {
		return err
	}
	defer s.Close()
	b := &salvager{s: s, batch: s.db.NewBatch()}
	names, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range names {
		if strings.HasSuffix(e.Name(), ".sst") {
			rep.Tables++
			if err := b.table(filepath.Join(dir, e.Name())); err != nil {
				rep.Unreadable = append(rep.Unreadable, e.Name()+": "+firstLine(err.Error()))
			}
		}
	}
	logs, err := wal.Scan(wal.Dir{FS: vfs.Default, Dirname: dir})
	if err != nil {
		return err
	}
	for _, l := range logs { // in order: a later log's facts join an earlier one's
		rep.Logs++
		if err := b.log(l); err != nil {
			_, path := l.SegmentLocation(l.NumSegments() - 1)
			rep.Unreadable = append(rep.Unreadable, filepath.Base(path)+" from a damaged record on: "+firstLine(err.Error()))
		}
	}
	if err := b.commit(); err != nil {
		return err
	}
	if b.format == formatV1 { // Open moves its keys to this version's
		if err := s.db.Set(metaKey, []byte(formatV1), pebble.Sync); err != nil {
			return err
		}
	}
	rep.Facts = b.facts
	return s.Close()
}

// A salvager writes the records of damaged files into a new store.
type salvager struct {
	s      *Store
	batch  *pebble.Batch
	format string // the old store's, from its meta key
	facts  int64
}

// add writes one record of a file: a fact is merged (a value that is not one is left
// out), the meta key kept aside.
func (b *salvager) add(kind pebble.InternalKeyKind, key, value []byte) error {
	if kind != pebble.InternalKeyKindSet && kind != pebble.InternalKeyKindMerge {
		return nil // deletions: the salvage keeps every fact it finds
	}
	if bytes.Equal(key, metaKey) {
		b.format = string(value)
		return nil
	}
	if _, _, ok := splitKey(key); !ok {
		return nil
	}
	if _, err := decodeValue(key, value); err != nil {
		return nil
	}
	b.facts++
	if err := b.batch.Merge(key, value, nil); err != nil {
		return err
	}
	if b.batch.Len() >= commitBytes {
		return b.commit()
	}
	return nil
}

func (b *salvager) commit() error {
	err := b.batch.Commit(pebble.NoSync)
	b.batch.Reset()
	return err
}

// table reads the records of one table.
func (b *salvager) table(path string) error {
	f, err := vfs.Default.Open(path)
	if err != nil {
		return err
	}
	readable, err := sstable.NewSimpleReadable(f)
	if err != nil {
		f.Close()
		return err
	}
	o := &pebble.Options{Merger: &pebble.Merger{Name: mergerName, Merge: b.s.newMerger}}
	o.EnsureDefaults()
	r, err := sstable.NewReader(context.Background(), readable, o.MakeReaderOptions())
	if err != nil {
		readable.Close()
		return err
	}
	defer r.Close()
	it, err := r.NewIter(sstable.NoTransforms, nil, nil, sstable.AssertNoBlobHandles)
	if err != nil {
		return err
	}
	var buf []byte
	for kv := it.First(); kv != nil; kv = it.Next() {
		v, _, err := kv.V.Value(buf[:0])
		if err != nil {
			it.Close()
			return err
		}
		if err := b.add(kv.K.Kind(), slices.Clone(kv.K.UserKey), v); err != nil {
			it.Close()
			return err
		}
	}
	return errors.Join(it.Error(), it.Close())
}

// log reads the batches of one write-ahead log, up to its first damaged record.
func (b *salvager) log(l wal.LogicalLog) error {
	r := l.OpenForRead()
	defer r.Close()
	for {
		rec, _, err := r.NextRecord()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		repr, err := io.ReadAll(rec)
		if err != nil {
			return err
		}
		if _, ok := batchrepr.ReadHeader(repr); !ok {
			return fmt.Errorf("a damaged record")
		}
		br := batchrepr.Read(repr)
		for {
			kind, key, value, ok, err := br.Next()
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			if err := b.add(kind, key, value); err != nil {
				return err
			}
		}
	}
}
