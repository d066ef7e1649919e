package store

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"log"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble/v2"

	"grundy/engine"
)

// The writer is the one goroutine that writes what searches Put. It takes batches from the
// Facts (a buffered channel, so that a Put never waits for the disk) into a window, and
// writes the window to pebble, as merges, every SyncEvery, then syncs; also when the window
// holds windowPuts Puts, and on flush. A window is written in key order, each key once: its
// Puts are sorted, and the Puts of one key joined (a search Puts a key's fact each time it
// grows: ≠ 0, then ≠ 0 1, then = 2). Sorting the Puts as they came costs half what joining
// them in a map by key did (the map's hashing and probes missed the cache at each Put), and
// in key order pebble's memtable inserts each key next to the one before.
type writer struct {
	s       *Store
	queue   chan factBatch
	free    chan []pendingFact // batches written, emptied, for the Facts to fill again
	ops     chan chan error    // flush requests
	quit    chan chan error
	stopped chan struct{} // closed when run returns
	dirty   atomic.Bool   // written (by the writer or Add) since the last sync

	window []factBatch // the Puts not yet written, as they came, in chunks (see hold)
	held   int         // Puts in the window
	batch  *pebble.Batch

	// Buffers of writeWindow, kept from one window to the next.
	key, val []byte
	order    []keyHead     // a game's Puts by key
	scratch  []keyHead     // sortByHead's
	joined   []pendingFact // a game with cheap keys: its facts, one a cheap key
	exact    []factBatch   // the same under exact keys, in chunks
	hashes   []uint64      // the keys written, for the filters once they are
	shapes   []uint64      // their shapes (games with cheap keys; else 0), at the same places
	written  []writtenKeys

	errOnce sync.Once
	err     atomic.Pointer[error] // the first failed write
}

// A factBatch is Puts of one game's Facts.
type factBatch struct {
	facts *Facts
	items []pendingFact
}

const (
	// queueBatches is how many batches wait for the writer before a Facts keeps them itself.
	queueBatches = 16
	// windowPuts is how many Puts the window holds before it is written (about 10 MB, and
	// 4 MB to sort them).
	windowPuts = 1 << 18
)

func startWriter(s *Store) *writer {
	w := &writer{s: s, queue: make(chan factBatch, queueBatches), free: make(chan []pendingFact, queueBatches),
		ops: make(chan chan error), quit: make(chan chan error), stopped: make(chan struct{})}
	go w.run()
	return w
}

var errClosed = errors.New("closed")

func (w *writer) run() {
	tick := time.NewTicker(SyncEvery)
	defer tick.Stop()
	defer close(w.stopped)
	for {
		select {
		case b := <-w.queue:
			w.hold(b)
			if w.held >= windowPuts {
				w.writeWindow()
			}
		case <-tick.C:
			w.flushNow()
			w.rollAfter(FlushEvery)
		case reply := <-w.ops:
			reply <- w.flushNow()
		case reply := <-w.quit:
			reply <- w.flushNow()
			return
		}
	}
}

// flushNow writes the window, the queued batches and the Puts the Facts hold, and the
// aliases they noted, then syncs.
func (w *writer) flushNow() error {
	w.collect()
	w.writeWindow()
	for _, f := range w.s.allFacts() {
		if f.form != nil {
			w.writeAliases(f)
		}
	}
	w.sync()
	if p := w.err.Load(); p != nil {
		return *p
	}
	return nil
}

// collect takes what is queued, and what the Facts hold in pending, into the window.
func (w *writer) collect() {
	for {
		select {
		case b := <-w.queue:
			w.hold(b)
			continue
		default:
		}
		break
	}
	for _, f := range w.s.allFacts() {
		if items := f.take(); len(items) > 0 {
			w.hold(factBatch{f, items})
		}
	}
}

// emptyBatch returns a batch the writer wrote, emptied, else a new one.
func (w *writer) emptyBatch() []pendingFact {
	select {
	case b := <-w.free:
		return b
	default:
		return make([]pendingFact, 0, batchFacts)
	}
}

// hold adds a batch to the window, in chunks of at most chunkPuts (join numbers a Put by
// its chunk and its place in it).
func (w *writer) hold(b factBatch) {
	for len(b.items) > chunkPuts {
		w.window = append(w.window, factBatch{b.facts, b.items[:chunkPuts:chunkPuts]})
		b.items = b.items[chunkPuts:]
	}
	w.window = append(w.window, b)
	w.held += len(b.items)
}

const (
	// chunkBits is the bits of a Put's place in its chunk; a chunk is at most a batch.
	chunkBits = 12
	chunkPuts = 1 << chunkBits
)

// writeWindow merges the window into the store in batches (commitBytes), each game's facts in key
// order, each key once, and adds their keys to the games' filters.
func (w *writer) writeWindow() {
	if w.held == 0 {
		return
	}
	if w.s.readOnly != "" || w.s.fence.failure() != nil {
		w.recycle() // nothing is written: the Puts are dropped
		return
	}
	if w.batch == nil {
		w.batch = w.s.db.NewBatch()
	}
	for _, facts := range w.gamesOf() {
		from := len(w.hashes)
		prefix := prefixOf(facts.game)
		write := func(key string, f engine.Fact) {
			w.key = append(append(w.key[:0], prefix...), key...)
			w.val, _ = f.AppendBinary(w.val[:0])
			w.batch.Merge(w.key, w.val, nil)
			if w.batch.Len() >= commitBytes {
				w.commit()
			}
			var shape uint64
			if facts.form != nil {
				shape = facts.form.shape(key)
			}
			w.hashes, w.shapes = append(w.hashes, facts.filter.hash(key)), append(w.shapes, shape)
		}
		if facts.form == nil {
			w.join(facts, w.window, write)
		} else {
			// Cheap keys: joined as they are, made exact, then joined again (two cheap
			// keys of one position), which costs an exact key a cheap key, not a Put.
			w.joined = w.joined[:0]
			w.join(facts, w.window, func(key string, f engine.Fact) { w.joined = append(w.joined, pendingFact{key, f}) })
			w.exact = chunksOf(facts, w.madeExact(facts, w.joined), w.exact[:0])
			w.join(facts, w.exact, write)
		}
		w.written = append(w.written, writtenKeys{facts, from, len(w.hashes)})
	}
	if w.commit() {
		for _, g := range w.written {
			g.facts.marked(w.hashes[g.from:g.to], w.shapes[g.from:g.to])
		}
	}
	w.recycle()
}

// commitBytes bounds the writer's batches: a window is written as batches of about 1 MB, so
// that a full disk, or a log damaged at its end, loses at most the last of them rather than
// the whole window.
const commitBytes = 1 << 20

// commit writes the batch (none after a failure) and empties it; it reports whether every
// batch of the window so far was written.
func (w *writer) commit() bool {
	// pebble reports a failed commit to its logger, Fatalf, and the commit returns nil:
	// the fence says it (fault.go).
	if w.err.Load() == nil && w.s.fence.failure() == nil {
		if err := w.batch.Commit(pebble.NoSync); err != nil || w.s.fence.failure() != nil {
			w.failed(cmp.Or(err, w.s.fence.failure()))
		} else {
			w.dirty.Store(true)
			w.s.wal.committed(int(w.batch.Count()))
		}
	}
	w.batch.Reset()
	return w.err.Load() == nil
}

// writtenKeys are the keys of one game a window wrote: the hashes (and shapes) from to to.
type writtenKeys struct {
	facts    *Facts
	from, to int
}

// chunksOf returns items as chunks of facts, appended to chunks.
func chunksOf(facts *Facts, items []pendingFact, chunks []factBatch) []factBatch {
	for len(items) > chunkPuts {
		chunks = append(chunks, factBatch{facts, items[:chunkPuts:chunkPuts]})
		items = items[chunkPuts:]
	}
	return append(chunks, factBatch{facts, items})
}

// gamesOf returns the Facts that have Puts in the window, in the order they came.
func (w *writer) gamesOf() []*Facts {
	var all []*Facts
	for _, b := range w.window {
		if !slices.Contains(all, b.facts) {
			all = append(all, b.facts)
		}
	}
	return all
}

// recycle empties the window, giving its batches back to the Facts to fill again (cleared,
// so that they hold no key for the collector) and forgetting the keys the buffers hold.
func (w *writer) recycle() {
	for _, b := range w.window {
		if cap(b.items) != batchFacts {
			continue
		}
		clear(b.items)
		select {
		case w.free <- b.items[:0]:
		default:
		}
	}
	clear(w.window)
	w.window, w.held = w.window[:0], 0
	clear(w.joined)
	clear(w.exact)
	w.hashes, w.shapes, w.written = w.hashes[:0], w.shapes[:0], w.written[:0]
}

// join sorts the Puts of facts in chunks by key and calls put with each key's Puts joined
// into one fact, in key order. Two Puts of a key that conflict keep the first, as the merge
// operator does (merger.go): the sort keeps the Puts of a key in the order they came. It
// sorts the keys' first 8 bytes, held as one number beside each Put's place, by radix
// (sortByHead), and reads the strings only where two heads are equal: the strings lie all
// over the heap, and comparing them was most of a comparison sort's time, which was itself
// half the writer's (cram 3x13).
func (w *writer) join(facts *Facts, chunks []factBatch, put func(key string, f engine.Fact)) {
	w.order = w.order[:0]
	for c, b := range chunks {
		if b.facts != facts {
			continue
		}
		for i, p := range b.items {
			var head [8]byte
			copy(head[:], p.key)
			w.order = append(w.order, keyHead{binary.BigEndian.Uint64(head[:]), int32(c<<chunkBits | i)})
		}
	}
	at := func(i int32) *pendingFact { return &chunks[i>>chunkBits].items[i&(chunkPuts-1)] }
	w.scratch = slices.Grow(w.scratch[:0], len(w.order))[:len(w.order)]
	w.order, w.scratch = sortByHead(w.order, w.scratch)
	for from := 0; from < len(w.order); {
		to := from + 1
		for to < len(w.order) && w.order[to].head == w.order[from].head {
			to++
		}
		if to-from > 1 { // keys longer than 8 bytes may share a head: by key, stably
			slices.SortStableFunc(w.order[from:to], func(a, b keyHead) int { return strings.Compare(at(a.i).key, at(b.i).key) })
		}
		from = to
	}
	for n := 0; n < len(w.order); {
		first := at(w.order[n].i)
		fact := first.fact
		for n++; n < len(w.order) && w.order[n].head == w.order[n-1].head; n++ {
			p := at(w.order[n].i)
			if p.key != first.key {
				break
			}
			if fact.Conflicts(p.fact) {
				w.s.noteConflict(keyOf(facts.game, p.key), fact, p.fact)
			} else {
				fact = fact.Merge(p.fact)
			}
		}
		put(first.key, fact)
	}
}

// sortByHead sorts order by head, stably, a byte at a time from the last (a radix sort),
// passing over the bytes every head shares; buf is scratch as long as order. It returns the
// sorted slice and the other, to keep as scratch.
func sortByHead(order, buf []keyHead) (sorted, scratch []keyHead) {
	if len(order) == 0 {
		return order, buf
	}
	for shift := 0; shift < 64; shift += 8 {
		var count [256]int
		for _, k := range order {
			count[byte(k.head>>shift)]++
		}
		if count[byte(order[0].head>>shift)] == len(order) {
			continue
		}
		sum := 0
		for b, n := range count {
			count[b], sum = sum, sum+n
		}
		for _, k := range order {
			b := byte(k.head >> shift)
			buf[count[b]] = k
			count[b]++
		}
		order, buf = buf, order
	}
	return order, buf
}

// madeExact puts the facts of a game with cheap keys under their exact keys (see keyForm),
// in place, and notes in facts the cheap keys that differ from theirs. A cheap key the game
// cannot make exact is left out, counted (keyFailed). Two cheap keys of one position then
// share a key, which the caller joins.
func (w *writer) madeExact(facts *Facts, items []pendingFact) []pendingFact {
	var aliases [][2]string
	kept := items[:0]
	for _, p := range items {
		exact, ok := facts.alias(p.key)
		if !ok {
			exact, ok = facts.storedAlias(p.key)
		}
		if !ok {
			var err error
			if exact, err = facts.form.exact(p.key); err != nil {
				facts.keyFailed(err)
				continue
			}
			if exact != p.key {
				aliases = append(aliases, [2]string{p.key, exact})
			}
		}
		kept = append(kept, pendingFact{exact, p.fact})
	}
	facts.aliasMu.Lock()
	for _, a := range aliases {
		facts.aliases[a[0]] = a[1]
	}
	facts.unsaved = append(facts.unsaved, aliases...)
	facts.aliasMu.Unlock()
	return kept
}

// writeAliases writes the aliases of facts not written yet (see Facts.Get), each a cheap key
// and its exact key, and adds their keys to its filter of aliases once written.
func (w *writer) writeAliases(facts *Facts) {
	aliases := facts.takeAliases()
	if len(aliases) == 0 || w.s.readOnly != "" || w.s.fence.failure() != nil {
		return
	}
	if w.batch == nil {
		w.batch = w.s.db.NewBatch()
	}
	for _, a := range aliases {
		w.key = append(append(append(w.key[:0], facts.game...), 0, tierAliases), a[0]...)
		w.batch.Set(w.key, []byte(a[1]), nil)
		if w.batch.Len() >= commitBytes {
			w.commit()
		}
	}
	if w.commit() {
		for _, a := range aliases {
			facts.aliasKeys.add(a[0])
		}
	}
}

// A keyHead is a key's first 8 bytes, big-endian (as bytes compare), and its Put's place:
// chunk, then place in the chunk.
type keyHead struct {
	head uint64
	i    int32
}

// sync makes what was written durable.
func (w *writer) sync() {
	if !w.dirty.Swap(false) || w.s.fence.failure() != nil {
		return
	}
	if err := w.s.db.LogData(nil, pebble.Sync); err != nil {
		w.failed(err)
		return
	}
	w.s.wal.writeMark(w.s.dir)
}

// rollAfter flushes the memtable to a table, which begins a new write-ahead log, once the
// newest log holds facts and is every old or more (FlushEvery): damage to the newest log
// loses at most its facts (walloss.go).
func (w *writer) rollAfter(every time.Duration) {
	if _, keys, age := w.s.wal.state(); keys == 0 || age < every || w.s.readOnly != "" || w.s.fence.failure() != nil {
		return
	}
	if _, err := w.s.db.AsyncFlush(); err != nil {
		w.failed(err)
	}
}

// failed records the writer's first error, and logs it unless pebble failed: the fence's
// failure is the store's error (Err), which its callers report.
func (w *writer) failed(err error) {
	err = fmt.Errorf("writing facts: %w", err)
	w.err.CompareAndSwap(nil, &err)
	if w.s.fence.failure() == nil {
		w.errOnce.Do(func() { log.Printf("store %s: %v (reported once)", w.s.dir, err) })
	}
}

// flush waits until everything Put so far is written and synced.
func (w *writer) flush() error { return w.ask(w.ops) }

// stop flushes and ends the writer.
func (w *writer) stop() error { return w.ask(w.quit) }

// ask sends the writer a request on ops or quit and waits for its answer, or for pebble's
// failure: the writer may then wait in pebble forever (fault.go).
func (w *writer) ask(requests chan chan error) error {
	reply := make(chan error, 1)
	fence := w.s.fence
	select {
	case requests <- reply:
	case <-w.stopped:
		return errClosed
	case <-fence.done:
		return fence.err
	}
	select {
	case err := <-reply:
		return err
	case <-fence.done:
		return fence.err
	}
}
