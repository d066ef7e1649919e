package store

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"unsafe"

	"github.com/cockroachdb/pebble/v2"

	"grundy/engine"
	"grundy/games"
)

// exportBlock is how many bytes of lines an export makes before it passes them on: a block
// of lines (blockPool) has this room, and is passed on before a line could overflow it (but
// for a line of more than lineRoom bytes, for which it grows in Go's heap).
const (
	exportBlock = 128 << 10
	lineRoom    = 4 << 10
)

// exportPartBytes is about how large on disk a part of an export is at most, read by one
// goroutine while others read the parts after it; a part's lines wait in at most partBlocks
// blocks for their turn to be written, so that an export holds a constant number of blocks
// (exportLines).
var exportPartBytes uint64 = 1 << 20

const partBlocks = 32

// A lineMaker makes the lines of facts read from the store, as WriteGlop (FormatGlop,
// FormatSPOTS) or WriteJSONL writes them, in blocks of about exportBlock bytes: one a
// goroutine. A heap's fact is written straight from its key (games.NotationKeyer), with no
// Record, and a heap's nimber of a key of digits (games.DigitKeyer) straight from the bytes
// read, with no decoder and no call a key (digitLine); any other goes through Export's Record
// and its notation.
type lineMaker struct {
	format   string
	open     map[string]games.Game // for notation
	byPos    map[string]games.Game // for appendJSONL
	game     string                // the game of the fact before
	nk       games.NotationKeyer   // game's, when its keys may be written as they are
	lo, hi   int                   // keys of digits of heaps lo to hi are their notation (digitLine)
	plain    bool                  // game's name goes in JSON as it is
	jsonHead []byte                // a jsonl line's bytes before its position, in game

	b      []byte // the block being made
	last   int    // where its last line starts, or -1
	inline bool   // the last line is a key, a space and a nimber, the key visible ASCII
	sorted bool   // b's lines are in order

	facts, written, skipped int
}

func newLineMaker(format string, b []byte) *lineMaker {
	m := &lineMaker{format: format, open: map[string]games.Game{}, byPos: map[string]games.Game{}}
	m.next(b)
	return m
}

// setGame makes game the game of the facts to come.
func (m *lineMaker) setGame(game string) {
	m.game, m.nk, m.lo, m.hi, m.plain = game, nil, 1, 0, plainJSON(game)
	g, ok := m.open[game]
	if !ok {
		g, _ = games.Lookup(game) // a game no longer known: keys only
		m.open[game] = g
	}
	if _, decoded := g.(games.KeyDecoder); !decoded && game != "sprouts" { // as notation sees them
		m.nk, _ = g.(games.NotationKeyer)
	}
	if dk, ok := m.nk.(games.DigitKeyer); ok && (m.plain || m.format != FormatJSONL) {
		m.lo, m.hi = dk.DigitKeys()
		m.jsonHead = append(append(append(m.jsonHead[:0], jsonHead...), game...), jsonPosition...)
	}
}

// nimberTag is the first byte of a nimber's binary form (engine.Fact.AppendBinary), followed
// by the nimber as a uvarint.
var nimberTag = func() byte {
	b, _ := engine.Fact{}.WithNimber(0).AppendBinary(nil)
	return b[0]
}()

// The parts of a jsonl line around its game, its position and its nimber (appendPlainJSONL).
const (
	jsonHead     = `{"game":"`
	jsonPosition = `","position":"`
	jsonNimber   = `","nimber":`
)

// digitLine makes the line of the fact of binary form v of key, and reports true, when the
// key is a heap of digits from m.lo to m.hi and v a nimber, the most common fact of a
// heap game; else it does nothing and fact must make the line. Such a line, after another,
// comes after it as its key does.
func (m *lineMaker) digitLine(key, v []byte) bool {
	if len(v) < 2 || len(v) > 5 || v[0] != nimberTag || len(key) == 0 || len(key) > 9 || key[0] == '0' {
		return false
	}
	n, w := binary.Uvarint(v[1:])
	if w != len(v)-1 || n > math.MaxInt32 {
		return false
	}
	h := 0
	for _, c := range key {
		if c-'0' > 9 {
			return false
		}
		h = h*10 + int(c-'0')
	}
	if h < m.lo || h > m.hi {
		return false
	}
	digits := 1
	for x := n; x >= 10; x /= 10 {
		digits++
	}
	jsonl := m.format == FormatJSONL
	size := len(key) + digits + 2 // key, space, nimber, newline
	if jsonl {
		size = len(m.jsonHead) + len(key) + len(jsonNimber) + digits + 2 // …}, newline
	} else if !m.inline && m.last >= 0 {
		return false // fact compares it with the line before
	}
	if cap(m.b)-len(m.b) < size {
		return false // fact grows the block
	}
	at := len(m.b)
	b := m.b[:at+size]
	i := at
	if jsonl {
		i += copy(b[i:], m.jsonHead)
		i += copy(b[i:], key)
		copy(b[i:], jsonNimber)
		b[len(b)-2] = '}'
	} else {
		copy(b[i:], key)
		b[i+len(key)] = ' '
	}
	i = len(b) - 1
	if jsonl {
		i--
	}
	b[len(b)-1] = '\n'
	for {
		i--
		b[i] = byte('0' + n%10)
		if n < 10 {
			break
		}
		n /= 10
	}
	m.facts++
	if jsonl {
		m.b = b
		return true
	}
	m.written++
	m.b = b
	m.last, m.inline = at, true
	return true
}

// fact makes the line of fact f of key in m.game, or none.
func (m *lineMaker) fact(key []byte, f engine.Fact) error {
	m.facts++
	n, ok := f.Nimber()
	if ok && m.nk != nil && m.format != FormatJSONL && visibleASCII(key) && m.nk.IsNotationKey(unsafeString(key)) {
		// key is the notation of one component: its line is the key, a space, the nimber;
		// after another such line of the keys before, it comes after it as its key does.
		start := len(m.b)
		m.b = append(strconv.AppendInt(append(append(m.b, key...), ' '), int64(n), 10), '\n')
		if !m.inline && m.last >= 0 && bytes.Compare(m.b[start:len(m.b)-1], m.b[m.last:start-1]) < 0 {
			m.sorted = false
		}
		m.last, m.inline = start, true
		m.written++
		return nil
	}
	if ok && m.nk != nil && m.format == FormatJSONL && m.plain && plainJSON(unsafeString(key)) && m.nk.IsNotationKey(unsafeString(key)) {
		m.b = appendPlainJSONL(m.b, m.game, key, n)
		return nil
	}
	r := Record{Game: m.game, Key: string(key), Fact: f}
	r.Position = notation(m.game, r.Key, m.open)
	if m.format == FormatJSONL {
		var err error
		m.b, err = appendJSONL(m.b, r, m.byPos)
		return err
	}
	start := len(m.b)
	b, kept, err := appendGlop(m.b, m.format, r)
	switch {
	case err != nil:
		return err
	case !kept:
		m.skipped++
		return nil
	}
	for m.b = b; start < len(b); {
		end := start + bytes.IndexByte(b[start:], '\n')
		if m.last >= 0 && bytes.Compare(b[start:end], b[m.last:start-1]) < 0 {
			m.sorted = false
		}
		m.last, start = start, end+1
	}
	m.inline = false
	m.written++
	return nil
}

// full reports whether the block being made is full.
func (m *lineMaker) full() bool { return len(m.b) > exportBlock-lineRoom }

// next starts the next block in b.
func (m *lineMaker) next(b []byte) {
	m.b, m.last, m.inline, m.sorted = b[:0], -1, false, true
}

// A blockPool is the blocks of lines of an export: as many as may be made or wait at once,
// in one area outside Go's heap (offHeap), which its collector neither counts nor scans.
type blockPool struct {
	mu      sync.Mutex
	free    [][]byte
	release func() // gives the area back, once no block is used
}

func newBlockPool(n int) *blockPool {
	mem, release := offHeap(n * exportBlock)
	p := &blockPool{release: release}
	for i := n - 1; i >= 0; i-- {
		p.free = append(p.free, mem[i*exportBlock:i*exportBlock:(i+1)*exportBlock])
	}
	return p
}

// get returns a free block, or one of Go's heap when none is.
func (p *blockPool) get() []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.free) == 0 {
		return make([]byte, 0, exportBlock)
	}
	b := p.free[len(p.free)-1]
	p.free = p.free[:len(p.free)-1]
	return b[:0]
}

// put gives a block back.
func (p *blockPool) put(b []byte) {
	p.mu.Lock()
	p.free = append(p.free, b)
	p.mu.Unlock()
}

// visibleASCII reports whether key is not empty and all printable ASCII but the space: a
// line of it, a space and a nimber is one line, with no blank to trim, and comes after
// the line of any key it extends.
func visibleASCII(key []byte) bool {
	for _, c := range key {
		if c <= ' ' || c > '~' {
			return false
		}
	}
	return len(key) > 0
}

// unsafeString is b as a string, not copied: for a call that does not keep it.
func unsafeString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// A keyRange is a part of the keys of an export, [lo, hi).
type keyRange struct{ lo, hi []byte }

// exportRanges cuts the keys of game ("": every game) into parts of about exportPartBytes
// on disk, when there are enough for two goroutines or more; else it returns one range.
// The cuts are the ends of the tables of the store, and keys between the ends of a larger
// table, as if its keys were evenly spread: the parts need not be equal, and no table is
// read to cut them.
func (s *Store) exportRanges(game string) []keyRange {
	all := keyRange{lo: []byte{1}, hi: []byte{0xff}}
	if game != "" {
		all = keyRange{lo: tierKey(tierFacts, game, ""), hi: tierKey(tierFacts+1, game, "")}
	}
	levels, err := s.db.SSTables(pebble.WithKeyRangeFilter(all.lo, all.hi))
	if runtime.GOMAXPROCS(0) < 2 || err != nil {
		return []keyRange{all}
	}
	// Keys as numbers: the 8 bytes after what lo and hi share.
	common := 0
	for common < min(len(all.lo), len(all.hi)) && all.lo[common] == all.hi[common] {
		common++
	}
	num := func(k []byte) uint64 {
		var b [8]byte
		if bytes.HasPrefix(k, all.lo[:common]) {
			copy(b[:], k[common:])
		} else if bytes.Compare(k, all.lo) > 0 {
			return math.MaxUint64
		}
		return binary.BigEndian.Uint64(b[:])
	}
	// The first and last keys bound those of the tables, which may hold other keys.
	it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: all.lo, UpperBound: all.hi})
	if err != nil {
		return []keyRange{all}
	}
	first, last := uint64(0), uint64(math.MaxUint64)
	if it.First() {
		first = num(it.Key())
	}
	if it.Last() {
		last = num(it.Key())
	}
	if it.Close() != nil {
		return []keyRange{all}
	}
	var cuts []uint64
	for _, tables := range levels {
		for _, t := range tables {
			a, b := max(num(t.Smallest.UserKey), first), min(num(t.Largest.UserKey), last)
			if a > b {
				continue
			}
			pieces := t.Size/exportPartBytes + 1
			for i := range pieces {
				cuts = append(cuts, a+(b-a)/pieces*i)
			}
			cuts = append(cuts, b)
		}
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	var ranges []keyRange
	lo := all.lo
	for _, c := range cuts {
		cut := binary.BigEndian.AppendUint64(bytes.Clone(all.lo[:common]), c)
		if bytes.Compare(cut, lo) > 0 && bytes.Compare(cut, all.hi) < 0 {
			ranges = append(ranges, keyRange{lo, cut})
			lo = cut
		}
	}
	return append(ranges, keyRange{lo, all.hi})
}

// exportLines makes the lines of the facts of game ("": every game) in format and gives
// them to take in key order, in blocks, each with whether its lines are in order; take
// keeps nothing of a block. Parts of the keys are read at once, each by one of
// GOMAXPROCS goroutines, from one snapshot of the store; a part read before its turn waits
// when partBlocks blocks of it wait, and no more than GOMAXPROCS parts wait, so that memory
// stays bounded. It stops when ctx ends, and returns how many facts it read, and how many
// it wrote and left out (see WriteGlop).
func (s *Store) exportLines(ctx context.Context, game, format string, take func(b []byte, sorted bool) error) (facts, written, skipped int, err error) {
	snap := s.db.NewSnapshot()
	defer snap.Close()
	ranges := s.exportRanges(game)
	if len(ranges) == 1 {
		pool := newBlockPool(1)
		defer pool.release()
		m := newLineMaker(format, pool.get())
		err := s.exportRange(ctx, snap, ranges[0], m, func(block []byte, sorted bool) error {
			err := take(block, sorted)
			m.next(block)
			return err
		})
		return m.facts, m.written, m.skipped, err
	}
	workers := min(runtime.GOMAXPROCS(0), len(ranges))
	// A part's blocks: those waiting and the one being made. The parts: those waiting in
	// queue, and the one being written; and the block being written.
	pool := newBlockPool((workers+1)*(partBlocks+1) + 1)
	defer pool.release() // last: once no goroutine makes a block

	queue := make(chan *exportPart, workers) // the parts begun, in order
	stop := make(chan struct{})
	var next sync.Mutex
	todo := 0
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				next.Lock()
				if todo == len(ranges) {
					next.Unlock()
					return
				}
				r := ranges[todo]
				todo++
				p := &exportPart{blocks: make(chan exportedBlock, partBlocks), m: newLineMaker(format, pool.get())}
				select {
				case queue <- p:
					next.Unlock()
				case <-stop:
					next.Unlock()
					return
				}
				if !p.make(ctx, s, snap, r, pool, stop) {
					return
				}
			}
		})
	}
	go func() {
		wg.Wait()
		close(queue)
	}()
	defer wg.Wait()
	defer close(stop)
	for p := range queue {
		for e := range p.blocks {
			if e.last {
				if e.err != nil {
					return 0, 0, 0, e.err
				}
				break
			}
			err := take(e.b, e.sorted)
			pool.put(e.b)
			if err != nil {
				return 0, 0, 0, err
			}
		}
		facts, written, skipped = facts+p.m.facts, written+p.m.written, skipped+p.m.skipped
	}
	return facts, written, skipped, nil
}

// An exportPart is a part of an export being read: its blocks of lines wait in blocks,
// the last one followed by its end.
type exportPart struct {
	blocks chan exportedBlock
	m      *lineMaker
}

// make reads the part, r, and sends its blocks, then its end; false means the export
// stopped, on stop or an error.
func (p *exportPart) make(ctx context.Context, s *Store, snap *pebble.Snapshot, r keyRange, pool *blockPool, stop chan struct{}) bool {
	send := func(e exportedBlock) bool {
		select {
		case p.blocks <- e:
			return true
		case <-stop:
			return false
		}
	}
	err := s.exportRange(ctx, snap, r, p.m, func(block []byte, sorted bool) error {
		if !send(exportedBlock{b: block, sorted: sorted}) {
			return errExportStopped
		}
		p.m.next(pool.get())
		return nil
	})
	pool.put(p.m.b) // the block begun last, sent or not
	return send(exportedBlock{err: err, last: true}) && err == nil
}

// An exportedBlock is a block of lines of a part of an export, or its end (last) with its
// error.
type exportedBlock struct {
	b      []byte
	sorted bool
	last   bool
	err    error
}

// errExportStopped stops a part whose export ended before its turn.
var errExportStopped = errors.New("export stopped")

// exportRange makes the lines of the facts of r with m, and gives each block made to give,
// the last one too. It stops when ctx ends, with an error wrapping ctx's.
func (s *Store) exportRange(ctx context.Context, snap *pebble.Snapshot, r keyRange, m *lineMaker, give func(block []byte, sorted bool) error) error {
	it, err := snap.NewIter(&pebble.IterOptions{LowerBound: r.lo, UpperBound: r.hi})
	if err != nil {
		return s.readError(err)
	}
	n := 0
	for ok := it.First(); ok; ok = it.Next() {
		if n%checkEvery == 0 && ctx.Err() != nil {
			it.Close()
			return fmt.Errorf("store %s: export stopped: %w", s.dir, context.Cause(ctx))
		}
		n++
		k := it.Key()
		i := bytes.IndexByte(k, 0)
		if i <= 0 || i+1 >= len(k) || k[i+1] != tierFacts {
			continue
		}
		if string(k[:i]) != m.game {
			m.setGame(string(k[:i]))
		}
		v, err := it.ValueAndErr()
		if err != nil {
			it.Close()
			return s.readError(err)
		}
		if m.hi < m.lo || !m.digitLine(k[i+2:], v) {
			f, err := engine.DecodeFact(v)
			if err != nil {
				_, err = decodeValue(bytes.Clone(k), v) // the error names the key
				it.Close()
				return s.readError(err)
			}
			if err := m.fact(k[i+2:], f); err != nil {
				it.Close()
				return err
			}
		}
		if m.full() {
			if err := give(m.b, m.sorted); err != nil {
				it.Close()
				return err
			}
		}
	}
	if err := it.Close(); err != nil {
		return s.readError(err)
	}
	if len(m.b) > 0 {
		return give(m.b, m.sorted)
	}
	return nil
}
