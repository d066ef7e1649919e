package store

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"io"
	"math/big"
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
			damaged, err := b.table(filepath.Join(dir, e.Name()))
			if b.err != nil {
				return b.err
			}
			switch {
			case damaged > 0:
				rep.Unreadable = append(rep.Unreadable, fmt.Sprintf("%s: %d damaged blocks passed over (%s)", e.Name(), damaged, firstLine(err.Error())))
			case err != nil:
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
	err    error // the first failed write to the new store
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
	if _, _, tier, ok := splitTier(key); ok && tier != tierFacts {
		if kind == pebble.InternalKeyKindSet { // an origin, a claim: kept as they are
			return b.batch.Set(key, value, nil)
		}
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

// table reads the records of one table. A damaged block is passed over (skipDamage), and
// counted in damaged; err is the first read error, of a damaged block or the whole table.
func (b *salvager) table(path string) (damaged int, err error) {
	f, err := vfs.Default.Open(path)
	if err != nil {
		return 0, err
	}
	readable, err := sstable.NewSimpleReadable(f)
	if err != nil {
		f.Close()
		return 0, err
	}
	o := &pebble.Options{Merger: &pebble.Merger{Name: mergerName, Merge: b.s.newMerger}}
	o.EnsureDefaults()
	r, err := sstable.NewReader(context.Background(), readable, o.MakeReaderOptions())
	if err != nil {
		readable.Close()
		return 0, err
	}
	defer r.Close()
	var from []byte // nil: from the first key
	for {
		last, rerr := b.readFrom(r, from)
		if rerr == nil || b.err != nil {
			return damaged, err
		}
		damaged, err = damaged+1, cmp.Or(err, rerr)
		if from = skipDamage(r, last); from == nil {
			return damaged, err
		}
	}
}

// readFrom adds the records of r from the first key at or after from (nil: the first), and
// returns the last key it read and the error of the read that stopped it, or nil at the end.
func (b *salvager) readFrom(r *sstable.Reader, from []byte) (last []byte, err error) {
	it, err := r.NewIter(sstable.NoTransforms, nil, nil, sstable.AssertNoBlobHandles)
	if err != nil {
		return nil, err
	}
	defer it.Close()
	kv := it.First()
	if from != nil {
		kv = it.SeekGE(from, 0)
	}
	var buf []byte
	for ; kv != nil && b.err == nil; kv = it.Next() {
		v, _, err := kv.V.Value(buf[:0])
		if err != nil {
			return last, err
		}
		last = slices.Clone(kv.K.UserKey)
		b.err = b.add(kv.K.Kind(), last, v)
	}
	return last, it.Error()
}

// skipDamage returns a key just past the damaged block of r that follows the key last (nil:
// the block is the first), or nil when none is found. A seek to a key at or before the
// block's last one reads the block and fails; a seek past it does not: the key is found by
// halving the space of keys of a fixed length between last and the greatest.
func skipDamage(r *sstable.Reader, last []byte) []byte {
	n := max(len(last), 16) + 8
	fixed := func(x *big.Int) []byte { return x.FillBytes(make([]byte, n)) }
	lo := new(big.Int).SetBytes(append(slices.Clone(last), make([]byte, n-len(last))...))
	hi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(8*n)), big.NewInt(1))
	if !seeks(r, fixed(hi)) {
		return nil
	}
	one := big.NewInt(1)
	for new(big.Int).Sub(hi, lo).Cmp(one) > 0 {
		mid := new(big.Int).Rsh(new(big.Int).Add(lo, hi), 1)
		if seeks(r, fixed(mid)) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return fixed(hi)
}

// seeks reports whether a seek of r to key reads without error.
func seeks(r *sstable.Reader, key []byte) bool {
	it, err := r.NewIter(sstable.NoTransforms, nil, nil, sstable.AssertNoBlobHandles)
	if err != nil {
		return false
	}
	defer it.Close()
	it.SeekGE(key, 0)
	return it.Error() == nil
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
