package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"unsafe"

	"github.com/cockroachdb/pebble/v2"
	"github.com/cockroachdb/pebble/v2/objstorage/objstorageprovider"
	"github.com/cockroachdb/pebble/v2/sstable"
	"github.com/cockroachdb/pebble/v2/vfs"

	"grundy/engine"
)

// A stage holds the lines of one import by key (keyOf): the file's fact joined over its
// lines, the first line and the position's notation, for messages and to verify it. Lines
// are gathered in memory, one slice of bytes, up to stageRun bytes, then sorted and joined:
// a file that fits is read back from memory. A larger one is written in sorted runs, each an
// sstable of pebble merges ingested into a staging database (in a temporary directory, no
// log), which joins a key's lines of several runs when it reads them (stageMerger). Two
// lines that disagree are kept in the joined value, to be reported when the stage is read
// (clash).
type stage struct {
	s       *Store
	dir     string // of the staging database, opened at the first run written
	db      *pebble.DB
	opts    *pebble.Options // db's
	name    string          // the file's, for messages
	buf     []byte          // each line's key, then its staged value
	at      []stageEntry
	scratch []stageEntry // of the radix sort (sortEntries), as long as at can be
	games   []string     // the games of the lines held, as stageEntry.game counts them
	free    func()       // gives back the memory of buf and at (hold)
	runs    int
	val     []byte // a line's staged value
}

// A stageEntry is where a line held is in stage.buf.
type stageEntry struct {
	prefix uint64 // the first 8 bytes of the position's key, big-endian: most comparisons end here
	off    uint32 // of the key, the value after it
	klen   uint32
	vlen   uint32
	game   uint16 // in stage.games
}

// stageRun is how many bytes of lines (with their entries, twice) a stage holds in memory:
// a million lines and more of a heap game.
var stageRun = 96 << 20

// stageMergerName names the stage's merge operator (a stage is never opened again).
const stageMergerName = "grundy.stage.v1"

// newStage returns the stage of an import, whose staging database, when it needs one, goes
// in dir, behind the store's fence (fault.go): on the store's disk, whose filling is the
// store's failure.
func (s *Store) newStage(dir, name string) *stage {
	return &stage{s: s, dir: dir, name: name}
}

// openDB opens the staging database.
func (st *stage) openDB() error {
	cache := pebble.NewCache(stageMemtable)
	defer cache.Unref()
	st.opts = &pebble.Options{
		DisableWAL:            true, // a stage that a crash loses is simply gone: nothing was imported
		MemTableSize:          stageMemtable,
		L0CompactionThreshold: 8,
		Cache:                 cache,
		FS:                    &faultFS{FS: st.s.base, fence: st.s.fence},
		Logger:                &fenceLogger{dir: st.s.dir, fence: st.s.fence},
		Merger: &pebble.Merger{Name: stageMergerName, Merge: func(_, value []byte) (pebble.ValueMerger, error) {
			return &stageMerger{raw: bytes.Clone(value)}, nil // decoded once a second line comes
		}},
	}
	st.opts.EnsureDefaults() // for the runs' writer options
	db, err := pebble.Open(st.dir, st.opts)
	st.db = db
	return err
}

func (st *stage) Close() error {
	if st.free != nil {
		st.buf, st.at = nil, nil
		st.free()
	}
	if st.db == nil {
		return nil
	}
	return st.db.Close()
}

// entrySize is what a line's entry takes in a stage's memory.
const entrySize = int(unsafe.Sizeof(stageEntry{}))

// hold takes the stage's memory, at the first line: stageRun bytes outside Go's heap
// (offHeap), which hold no pointer, for the lines and their entries.
func (st *stage) hold() {
	mem, free := offHeap(stageRun)
	entries, freeEntries := offHeap(stageRun)
	n := stageRun / entrySize / 2 // st.at and the radix sort's scratch
	st.at = unsafe.Slice((*stageEntry)(unsafe.Pointer(&entries[0])), 2*n)[:0:n]
	st.scratch = unsafe.Slice((*stageEntry)(unsafe.Pointer(&entries[0])), 2*n)[n:]
	st.buf = mem[:0]
	st.free = func() { free(); freeEntries() }
}

// add stages rec, to be joined with the other lines about its position.
func (st *stage) add(rec Record) error {
	if st.free == nil {
		st.hold()
	}
	sv := staged{line: rec.Line, pos: rec.Position, fact: rec.Fact}
	// A run is written before the memory held is full; a line larger than all of it goes to
	// Go's heap (append), and so do the joined values of sortHeld that have no room.
	st.val = sv.append(st.val[:0])
	need := len(rec.Game) + 2 + len(rec.Key) + len(st.val)
	if len(st.at) > 0 && (len(st.at) == cap(st.at) || len(st.buf)+need+2*entrySize*(len(st.at)+1) > stageRun) {
		if err := st.writeRun(); err != nil {
			return err
		}
	}
	g := len(st.games) - 1
	if g < 0 || st.games[g] != rec.Game {
		if g = slices.Index(st.games, rec.Game); g < 0 {
			g = len(st.games)
			st.games = append(st.games, rec.Game)
		}
	}
	off := len(st.buf)
	st.buf = append(append(append(st.buf, rec.Game...), 0, KeyVersion), rec.Key...) // keyOf
	klen := len(st.buf) - off
	st.buf = append(st.buf, st.val...)
	st.at = append(st.at, stageEntry{prefix: prefix8(rec.Key), off: uint32(off), klen: uint32(klen),
		vlen: uint32(len(st.buf) - off - klen), game: uint16(g)})
	return nil
}

// prefix8 returns the first 8 bytes of key, big-endian, zeros past its end.
func prefix8(key string) uint64 {
	var b [8]byte
	copy(b[:], key)
	return binary.BigEndian.Uint64(b[:])
}

func (st *stage) keyAt(e stageEntry) []byte   { return st.buf[e.off : e.off+e.klen] }
func (st *stage) valueAt(e stageEntry) []byte { return st.buf[e.off+e.klen : e.off+e.klen+e.vlen] }

// sortHeld sorts the lines held by key and joins the lines about one position: st.at is then
// one entry a key, in key order.
func (st *stage) sortHeld() error {
	st.sortEntries()
	out := st.at[:0]
	for i := 0; i < len(st.at); {
		j := i + 1
		for j < len(st.at) && bytes.Equal(st.keyAt(st.at[j]), st.keyAt(st.at[i])) {
			j++
		}
		e := st.at[i]
		if j > i+1 {
			var err error
			if e, err = st.join(st.at[i:j]); err != nil {
				return err
			}
		}
		out = append(out, e)
		i = j
	}
	st.at = out
	return nil
}

// sortEntries sorts st.at by key, lines about one key in the order of the file: a radix sort
// by game and the keys' first 8 bytes (a comparison sort of a million entries took longer
// than the rest of an import), then the entries that these do not order by comparison.
func (st *stage) sortEntries() {
	rank := make([]uint16, len(st.games)) // the games in key order: by name
	for i, g := range st.games {
		for _, h := range st.games {
			if h < g {
				rank[i]++
			}
		}
	}
	st.games = nil // ranks now
	if len(st.at) < 2 {
		return
	}
	// Every pass's counts in one reading of the entries: the prefix's bytes, least first,
	// then the rank's two.
	var count [10][256]int
	for i := range st.at {
		st.at[i].game = rank[st.at[i].game]
		e := st.at[i]
		for b := range 8 {
			count[b][byte(e.prefix>>(8*b))]++
		}
		count[8][byte(e.game)]++
		count[9][byte(e.game>>8)]++
	}
	from, to := st.at, st.scratch[:len(st.at)]
	for b := range count {
		c := &count[b]
		if c[digit(from[0], b)] == len(from) {
			continue // every entry has this byte: the pass would change nothing
		}
		at := 0
		for d, n := range c {
			c[d] = at
			at += n
		}
		if b < 8 {
			shift := 8 * b
			for _, e := range from {
				d := byte(e.prefix >> shift)
				to[c[d]] = e
				c[d]++
			}
		} else {
			for _, e := range from {
				d := digit(e, b)
				to[c[d]] = e
				c[d]++
			}
		}
		from, to = to, from
	}
	if &from[0] != &st.at[0] {
		copy(st.at, from)
	}
	for i := 0; i < len(st.at); {
		j := i + 1
		differ := false
		for j < len(st.at) && st.at[j].prefix == st.at[i].prefix && st.at[j].game == st.at[i].game {
			differ = differ || !bytes.Equal(st.keyAt(st.at[j]), st.keyAt(st.at[i]))
			j++
		}
		if differ {
			slices.SortStableFunc(st.at[i:j], func(a, b stageEntry) int { return bytes.Compare(st.keyAt(a), st.keyAt(b)) })
		}
		i = j
	}
}

// digit is byte b of e's sort key: of its prefix, least first, then of its game's rank.
func digit(e stageEntry, b int) byte {
	if b < 8 {
		return byte(e.prefix >> (8 * b))
	}
	return byte(e.game >> (8 * (b - 8)))
}

// join joins the staged values of entries of one key, writing the joined value after a copy
// of the key at the end of st.buf.
func (st *stage) join(es []stageEntry) (stageEntry, error) {
	sv, err := decodeStaged(st.valueAt(es[0]))
	if err != nil {
		return stageEntry{}, err
	}
	for _, e := range es[1:] {
		o, err := decodeStaged(st.valueAt(e))
		if err != nil {
			return stageEntry{}, err
		}
		sv = joinStaged(sv, o)
	}
	e := es[0]
	off := len(st.buf)
	st.buf = sv.append(append(st.buf, st.keyAt(e)...))
	e.off, e.vlen = uint32(off), uint32(len(st.buf)-off)-e.klen
	return e, nil
}

// writeRun writes the lines held, sorted and joined, to an sstable of merges that the
// staging database ingests.
func (st *stage) writeRun() error {
	if err := st.sortHeld(); err != nil {
		return err
	}
	if st.db == nil {
		if err := st.openDB(); err != nil {
			return err
		}
	}
	opts := st.opts.MakeWriterOptions(0, st.db.TableFormat())
	path := filepath.Join(st.dir, fmt.Sprintf("run-%d.sst", st.runs))
	st.runs++
	file, err := st.opts.FS.Create(path, vfs.WriteCategoryUnspecified)
	if err != nil {
		return err
	}
	w := sstable.NewWriter(objstorageprovider.NewFileWritable(file), opts)
	for _, e := range st.at {
		if err := w.Merge(st.keyAt(e), st.valueAt(e)); err != nil {
			w.Close()
			return err
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	st.buf, st.at = st.buf[:0], st.at[:0]
	return st.db.Ingest(context.Background(), []string{path})
}

// flush ends the staging: the lines held are sorted and joined, in memory when no run was
// written, else in a last run.
func (st *stage) flush() error {
	if st.db == nil {
		return st.sortHeld()
	}
	if len(st.at) == 0 {
		return nil
	}
	return st.writeRun()
}

// A stageIter reads a stage in key order, each key once, its value joined: a pebble
// iterator of the staging database, or a memIter.
type stageIter interface {
	First() bool
	Next() bool
	Key() []byte
	Value() []byte
	Error() error
	Close() error
}

// iter returns an iterator of the stage, once flushed.
func (st *stage) iter() (stageIter, error) {
	if st.db == nil {
		return &memIter{st: st, i: -1}, nil
	}
	return st.db.NewIter(nil)
}

// get returns the staged value of k, valid until the next call, or nil when there is none.
func (st *stage) get(k []byte) ([]byte, error) {
	if st.db == nil {
		i, ok := slices.BinarySearchFunc(st.at, k, func(e stageEntry, k []byte) int { return bytes.Compare(st.keyAt(e), k) })
		if !ok {
			return nil, nil
		}
		return st.valueAt(st.at[i]), nil
	}
	v, closer, err := st.db.Get(k)
	if errors.Is(err, pebble.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer closer.Close()
	return bytes.Clone(v), nil
}

// A memIter reads the lines a stage holds, sorted and joined.
type memIter struct {
	st *stage
	i  int
}

func (m *memIter) First() bool   { m.i = 0; return m.i < len(m.st.at) }
func (m *memIter) Next() bool    { m.i++; return m.i < len(m.st.at) }
func (m *memIter) Key() []byte   { return m.st.keyAt(m.st.at[m.i]) }
func (m *memIter) Value() []byte { return m.st.valueAt(m.st.at[m.i]) }
func (m *memIter) Error() error  { return nil }
func (m *memIter) Close() error  { return nil }

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
func decodeStaged(v []byte) (staged, error) {
	sv, err := viewStaged(v)
	sv.pos = strings.Clone(sv.pos)
	return sv, err
}

// viewStaged is decodeStaged, but for pos, which is v's bytes, not copied: valid while they
// are.
func viewStaged(v []byte) (sv staged, err error) {
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
	sv.pos = unsafeString(bytesOf())
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
