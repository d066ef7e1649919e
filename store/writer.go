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
// Facts (a buffered channel, so that a Put never waits for the disk) into a window, a map
// that joins the Puts of each key (a search Puts a key's fact each time it grows: ≠ 0, then
// ≠ 0 1, then = 2), and writes the window to pebble, as merges, every SyncEvery, then syncs;
// also when the window holds windowFacts keys, and on flush. A map insert costs a tenth of
// a pebble write, and the window writes each key once where the search Put it about twice.
type writer struct {
	s       *Store
	queue   chan factBatch
	ops     chan chan error // flush requests
	quit    chan chan error
	stopped chan struct{} // closed when run returns
	dirty   atomic.Bool   // written (by the writer or Add) since the last sync

	window  map[*Facts]map[string]engine.Fact // the Puts not yet written, joined by key
	held    int                               // keys in the window
	key     []byte                            // the key being written
	sorted  []pendingFact                     // a game's window (inKeyOrder's buffers)
	order   []keyHead
	inOrder []pendingFact
	spare   map[string]engine.Fact // a window's map, emptied, for madeExact

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
	// windowFacts is how many keys the window holds before it is written (about 15 MB).
	windowFacts = 1 << 17
)

func startWriter(s *Store) *writer {
	w := &writer{s: s, queue: make(chan factBatch, queueBatches), ops: make(chan chan error),
		quit: make(chan chan error), stopped: make(chan struct{}), window: make(map[*Facts]map[string]engine.Fact)}
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
			if w.held >= windowFacts {
				w.writeWindow()
			}
		case <-tick.C:
			w.flushNow()
		case reply := <-w.ops:
			reply <- w.flushNow()
		case reply := <-w.quit:
			reply <- w.flushNow()
			return
		}
	}
}

// flushNow writes the window, the queued batches and the Puts the Facts hold, then syncs.
func (w *writer) flushNow() error {
	w.collect()
	w.writeWindow()
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
	w.s.mu.Lock()
	all := make([]*Facts, 0, len(w.s.facts))
	for _, f := range w.s.facts {
		all = append(all, f)
	}
	w.s.mu.Unlock()
	for _, f := range all {
		if items := f.take(); len(items) > 0 {
			w.hold(factBatch{f, items})
		}
	}
}

// hold joins a batch into the window. Two Puts of a key that conflict keep the first, as
// the merge operator does (merger.go).
func (w *writer) hold(b factBatch) {
	m := w.window[b.facts]
	if m == nil {
		m = make(map[string]engine.Fact)
		w.window[b.facts] = m
	}
	for _, it := range b.items {
		old, ok := m[it.key]
		switch {
		case !ok:
			m[it.key] = it.fact
			w.held++
		case old.Conflicts(it.fact):
			w.s.noteConflict(keyOf(b.facts.game, it.key), old, it.fact)
		default:
			m[it.key] = old.Merge(it.fact)
		}
	}
}

// writeWindow merges the window into the store in one batch, and adds its keys to the
// games' filters.
func (w *writer) writeWindow() {
	if w.held == 0 {
		return
	}
	batch := w.s.db.NewBatch()
	defer batch.Close()
	var val []byte
	for facts, m := range w.window {
		if facts.form != nil {
			m = w.madeExact(facts, m)
			w.window[facts] = m
		}
		prefix := prefixOf(facts.game)
		// In key order, pebble's memtable inserts each key next to the one before
		// (its skiplist keeps the last splice): in the map's order, each insert is a
		// search from the top, cache misses all the way, 3 times slower.
		for _, o := range w.inKeyOrder(m) {
			p := &w.sorted[o.i]
			w.key = append(append(w.key[:0], prefix...), p.key...)
			val, _ = p.fact.AppendBinary(val[:0])
			batch.Merge(w.key, val, nil)
		}
	}
	if err := batch.Commit(pebble.NoSync); err != nil {
		w.failed(err)
	} else {
		for facts, m := range w.window {
			for k := range m {
				facts.stored(k)
			}
		}
		w.dirty.Store(true)
	}
	for _, m := range w.window {
		clear(m)
	}
	w.held = 0
}

// madeExact returns the window m of a game with cheap keys under the exact keys (see
// keyForm), and notes in facts the cheap keys that differ from theirs. Two cheap keys of one
// position join, as two Puts of a key do (hold). It takes the place of m, whose map it reuses
// for the next window.
func (w *writer) madeExact(facts *Facts, m map[string]engine.Fact) map[string]engine.Fact {
	out := w.spare
	if out == nil {
		out = make(map[string]engine.Fact, len(m))
	}
	var aliases [][2]string
	for cheap, fact := range m {
		exact, ok := facts.alias(cheap)
		if !ok {
			var err error
			if exact, err = facts.form.exact(cheap); err != nil {
				facts.keyFailed(err)
				continue
			}
			if exact != cheap {
				aliases = append(aliases, [2]string{cheap, exact})
			}
		}
		old, ok := out[exact]
		switch {
		case !ok:
			out[exact] = fact
		case old.Conflicts(fact):
			w.s.noteConflict(keyOf(facts.game, exact), old, fact)
		default:
			out[exact] = old.Merge(fact)
		}
	}
	facts.aliasMu.Lock()
	for _, a := range aliases {
		facts.aliases[a[0]] = a[1]
	}
	facts.aliasMu.Unlock()
	clear(m)
	w.spare = m
	return out
}

// inKeyOrder fills w.sorted with the facts of m and returns their indexes in key order.
// The sort compares the keys' first 8 bytes as one number, held beside each index, and reads
// the strings only on a tie: the strings lie all over the heap, and comparing them was most
// of the sort's time.
func (w *writer) inKeyOrder(m map[string]engine.Fact) []keyHead {
	w.sorted = w.sorted[:0]
	for k, f := range m {
		w.sorted = append(w.sorted, pendingFact{k, f})
	}
	w.order = w.order[:0]
	for i, p := range w.sorted {
		var head [8]byte
		copy(head[:], p.key)
		w.order = append(w.order, keyHead{binary.BigEndian.Uint64(head[:]), int32(i)})
	}
	slices.SortFunc(w.order, func(a, b keyHead) int {
		if c := cmp.Compare(a.head, b.head); c != 0 {
			return c
		}
		return strings.Compare(w.sorted[a.i].key, w.sorted[b.i].key)
	})
	return w.order
}

// A keyHead is a key's first 8 bytes, big-endian (as bytes compare), and its fact's index.
type keyHead struct {
	head uint64
	i    int32
}

// sync makes what was written durable.
func (w *writer) sync() {
	if !w.dirty.Swap(false) {
		return
	}
	if err := w.s.db.LogData(nil, pebble.Sync); err != nil {
		w.failed(err)
	}
}

func (w *writer) failed(err error) {
	err = fmt.Errorf("writing facts: %w", err)
	w.err.CompareAndSwap(nil, &err)
	w.errOnce.Do(func() { log.Printf("store %s: %v (reported once)", w.s.dir, err) })
}

// flush waits until everything Put so far is written and synced.
func (w *writer) flush() error {
	reply := make(chan error)
	select {
	case w.ops <- reply:
		return <-reply
	case <-w.stopped:
		return errClosed
	}
}

// stop flushes and ends the writer.
func (w *writer) stop() error {
	reply := make(chan error)
	select {
	case w.quit <- reply:
		return <-reply
	case <-w.stopped:
		return errClosed
	}
}
