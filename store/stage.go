package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/cockroachdb/pebble/v2"

	"grundy/engine"
)

// A stage is the staging database of one import: by key on disk (keyOf), the file's fact
// joined over its lines, the first line and the position's notation, for messages and to
// verify it. A line is written without a read, as a pebble merge, in large batches: pebble
// joins a key's lines when it reads or compacts them (stageMerger), and two lines that
// disagree are kept in the joined value, to be reported when the stage is read (clash).
type stage struct {
	db       *pebble.DB
	name     string // the file's, for messages
	batch    *pebble.Batch
	key, val []byte
}

// stageBatch is how many bytes of lines a stage's batch gathers before it is committed.
const stageBatch = 1 << 20

// stageMergerName names the stage's merge operator (a stage is never opened again).
const stageMergerName = "grundy.stage.v1"

// openStage opens a staging database in dir, behind the store's fence (fault.go): on the
// store's disk, whose filling is the store's failure.
func (s *Store) openStage(dir, name string) (*stage, error) {
	cache := pebble.NewCache(stageMemtable)
	defer cache.Unref()
	db, err := pebble.Open(dir, &pebble.Options{
		DisableWAL:            true, // a stage that a crash loses is simply gone: nothing was imported
		MemTableSize:          stageMemtable,
		L0CompactionThreshold: 8, // a file of a few million lines staged without a compaction
		Cache:                 cache,
		FS:                    &faultFS{FS: s.base, fence: s.fence},
		Logger:                &fenceLogger{dir: s.dir, fence: s.fence},
		Merger: &pebble.Merger{Name: stageMergerName, Merge: func(_, value []byte) (pebble.ValueMerger, error) {
			return &stageMerger{raw: bytes.Clone(value)}, nil // decoded once a second line comes
		}},
	})
	if err != nil {
		return nil, err
	}
	return &stage{db: db, name: name, batch: db.NewBatch()}, nil
}

func (st *stage) Close() error {
	st.batch.Close()
	return st.db.Close()
}

// add stages rec, to be joined with the other lines about its position.
func (st *stage) add(rec Record) error {
	sv := staged{line: rec.Line, pos: rec.Position, fact: rec.Fact}
	st.val = sv.append(st.val[:0])
	st.key = append(append(append(st.key[:0], rec.Game...), 0, KeyVersion), rec.Key...) // keyOf
	if err := st.batch.Merge(st.key, st.val, nil); err != nil {
		return err
	}
	if st.batch.Len() < stageBatch {
		return nil
	}
	return st.flush()
}

// flush commits the lines of the batch.
func (st *stage) flush() error {
	if st.batch.Empty() {
		return nil
	}
	if err := st.batch.Commit(pebble.NoSync); err != nil {
		return err
	}
	st.batch.Reset()
	return nil
}

// clash is the error of a staged position whose key is key, when two of its lines disagree,
// naming both.
func (st *stage) clash(key string, sv staged) error {
	if sv.clashLine == 0 {
		return nil
	}
	return lineErr(st.name, sv.clashLine, "%s: %s here, %s at line %d", nameOf(sv.pos, key), describeFact(sv.clashFact), describeFact(sv.fact), sv.line)
}

// nameOf names a staged position in a message: by its notation pos, else its key.
func nameOf(pos, key string) string {
	r := Record{Position: pos, Key: key}
	return r.name()
}

// staged is what a stage holds of a position: its first line, its notation ("" when the
// file gave its key only), the fact of its lines joined; and when a line disagreed with
// those before it, that line and its fact.
type staged struct {
	line      int
	pos       string
	fact      engine.Fact
	clashLine int
	clashFact engine.Fact
}

func (sv staged) append(b []byte) []byte {
	b = binary.AppendUvarint(b, uint64(sv.line))
	b = binary.AppendUvarint(b, uint64(len(sv.pos)))
	b = append(b, sv.pos...)
	// The fact's length before it: one byte, the uvarint of any length below 128.
	at := len(b)
	b = append(b, 0)
	b, _ = sv.fact.AppendBinary(b)
	if size := len(b) - at - 1; size < 0x80 {
		b[at] = byte(size)
	} else {
		f := bytes.Clone(b[at+1:])
		b = append(binary.AppendUvarint(b[:at], uint64(size)), f...)
	}
	b = binary.AppendUvarint(b, uint64(sv.clashLine))
	if sv.clashLine != 0 {
		b, _ = sv.clashFact.AppendBinary(b)
	}
	return b
}

var errStaged = errors.New("a staged fact is damaged")

// decodeStaged reads a staged value.
func decodeStaged(v []byte) (sv staged, err error) {
	next := func() int {
		n, size := binary.Uvarint(v)
		if size <= 0 {
			err = errStaged
			return 0
		}
		v = v[size:]
		return int(n)
	}
	bytesOf := func() []byte {
		n := next()
		if err != nil || n > len(v) {
			err = errStaged
			return nil
		}
		b := v[:n]
		v = v[n:]
		return b
	}
	sv.line = next()
	sv.pos = string(bytesOf())
	f := bytesOf()
	sv.clashLine = next()
	if err != nil {
		return sv, err
	}
	if sv.fact, err = engine.DecodeFact(f); err != nil {
		return sv, err
	}
	if sv.clashLine != 0 {
		sv.clashFact, err = engine.DecodeFact(v)
	}
	return sv, err
}

// stageMerger joins the lines about one position: the first line's notation, the facts
// joined, the first disagreement kept.
// A position of one line (most) is never decoded: its staged value is kept as it is.
type stageMerger struct {
	raw []byte // the first line's staged value, until a second comes
	sv  staged
}

func (m *stageMerger) MergeNewer(value []byte) error { return m.merge(value) }
func (m *stageMerger) MergeOlder(value []byte) error { return m.merge(value) }

func (m *stageMerger) merge(value []byte) error {
	if m.raw != nil {
		sv, err := decodeStaged(m.raw)
		if err != nil {
			return err
		}
		m.sv, m.raw = sv, nil
	}
	o, err := decodeStaged(value)
	if err != nil {
		return err
	}
	m.sv = joinStaged(m.sv, o)
	return nil
}

// joinStaged joins two stagings of a position, whatever their order.
func joinStaged(a, b staged) staged {
	if b.line < a.line {
		a, b = b, a
	}
	switch {
	case a.clashLine != 0:
		return a
	case b.clashLine != 0:
		b.line, b.pos = a.line, a.pos
		return b
	}
	merged, err := mergeFacts(a.fact, b.fact)
	if err != nil {
		a.clashLine, a.clashFact = b.line, b.fact
		return a
	}
	a.fact = merged
	return a
}

func (m *stageMerger) Finish(bool) ([]byte, io.Closer, error) {
	if m.raw != nil {
		return m.raw, nil, nil
	}
	return m.sv.append(nil), nil, nil
}

// A seeker reads the store's values of keys asked in increasing order, as an import checks
// its staged facts: one iterator, moved forward (pebble seeks from where it stands), in
// place of a read of the whole tree each.
type seeker struct {
	s   *Store
	it  *pebble.Iterator
	key []byte
}

func (s *Store) newSeeker() (*seeker, error) {
	it, err := s.db.NewIter(nil)
	if err != nil {
		return nil, s.readError(err)
	}
	return &seeker{s: s, it: it}, nil
}

func (sk *seeker) Close() error { return sk.it.Close() }

// value returns the value of k, valid until the next call, or nil when the store has none.
func (sk *seeker) value(k []byte) ([]byte, error) {
	if !sk.it.SeekGE(k) || !bytes.Equal(sk.it.Key(), k) {
		if err := sk.it.Error(); err != nil {
			return nil, sk.s.readError(err)
		}
		return nil, nil
	}
	v, err := sk.it.ValueAndErr()
	if err != nil {
		return nil, sk.s.readError(err)
	}
	return v, nil
}

// fact is Store.Get, read by sk.
func (sk *seeker) fact(game, key string) (engine.Fact, bool, error) {
	sk.key = append(append(append(sk.key[:0], game...), 0, KeyVersion), key...) // keyOf
	k := sk.key
	v, err := sk.value(k)
	if v == nil || err != nil {
		return engine.Fact{}, false, err
	}
	f, err := decodeValue(k, v)
	if err != nil {
		return engine.Fact{}, false, sk.s.readError(err)
	}
	return f, true, nil
}

// claim is Store.Claim, read by sk.
func (sk *seeker) claim(game, key string) (Claim, bool, error) {
	sk.key = append(append(append(sk.key[:0], game...), 0, tierClaims), key...) // tierKey
	v, err := sk.value(sk.key)
	if v == nil || err != nil {
		return Claim{}, false, err
	}
	c, err := decodeClaim(v)
	if err != nil {
		return Claim{}, false, sk.s.readError(fmt.Errorf("%w: the claim of %s %q: %v", pebble.ErrCorruption, game, key, err))
	}
	return c, true, nil
}
