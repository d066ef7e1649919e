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

	window []factBatch // the Puts not yet written, as they came
	held   int         // Puts in the window
	batch  *pebble.Batch

	// Buffers of writeWindow, kept from one window to the next.
	key    []byte
	val    []byte
	flat   []pendingFact // a game's Puts, as they came
	order  []keyHead     // their order by key
	joined []pendingFact // a game's facts, one a key, in key order
	exact  []pendingFact // the same under exact keys (games with cheap keys)
	marks  []keyMark     // the keys written, for the filters once they are

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

// emptyBatch returns a batch the writer wrote, emptied, else a new one.
func (w *writer) emptyBatch() []pendingFact {
	select {
	case b := <-w.free:
		return b
	default:
		return make([]pendingFact, 0, batchFacts)
	}
}

// hold adds a batch to the window.
func (w *writer) hold(b factBatch) {
	w.window = append(w.window, b)
	w.held += len(b.items)
}

// writeWindow merges the window into the store in one batch, each game's facts in key
// order, and adds their keys to the games' filters.
func (w *writer) writeWindow() {
	if w.held == 0 {
		return
	}
	if w.batch == nil {
		w.batch = w.s.db.NewBatch()
	}
	for _, facts := range w.gamesOf() {
		items := w.factsOf(facts)
		if facts.form != nil {
			items = w.join(facts, w.madeExact(facts, items), &w.exact)
		}
		prefix := prefixOf(facts.game)
		for _, p := range items {
			w.key = append(append(w.key[:0], prefix...), p.key...)
			w.val, _ = p.fact.AppendBinary(w.val[:0])
			w.batch.Merge(w.key, w.val, nil)
			w.marks = append(w.marks, facts.markOf(p.key))
		}
	}
	if err := w.batch.Commit(pebble.NoSync); err != nil {
		w.failed(err)
	} else {
		for _, m := range w.marks {
			m.facts.mark(m)
		}
		w.dirty.Store(true)
	}
	w.batch.Reset()
	w.recycle()
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

// factsOf returns the Puts of facts in the window, one a key (joined), in key order.
func (w *writer) factsOf(facts *Facts) []pendingFact {
	w.flat = w.flat[:0]
	for _, b := range w.window {
		if b.facts == facts {
			w.flat = append(w.flat, b.items...)
		}
	}
	return w.join(facts, w.flat, &w.joined)
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
	clear(w.flat)
	clear(w.joined)
	clear(w.exact)
	w.marks = w.marks[:0]
}

// join returns items sorted by key, the Puts of one key joined into one fact, in *into.
// Two Puts of a key that conflict keep the first, as the merge operator does (merger.go): the
// sort keeps the Puts of a key in the order they came. The sort compares the keys' first 8
// bytes as one number, held beside each index, and reads the strings only on a tie: the
// strings lie all over the heap, and comparing them was most of the sort's time.
func (w *writer) join(facts *Facts, items []pendingFact, into *[]pendingFact) []pendingFact {
	w.order = w.order[:0]
	for i, p := range items {
		var head [8]byte
		copy(head[:], p.key)
		w.order = append(w.order, keyHead{binary.BigEndian.Uint64(head[:]), int32(i)})
	}
	slices.SortFunc(w.order, func(a, b keyHead) int {
		if c := cmp.Compare(a.head, b.head); c != 0 {
			return c
		}
		if c := strings.Compare(items[a.i].key, items[b.i].key); c != 0 {
			return c
		}
		return cmp.Compare(a.i, b.i)
	})
	out := (*into)[:0]
	for _, o := range w.order {
		p := items[o.i]
		last := len(out) - 1
		switch {
		case last < 0 || out[last].key != p.key:
			out = append(out, p)
		case out[last].fact.Conflicts(p.fact):
			w.s.noteConflict(keyOf(facts.game, p.key), out[last].fact, p.fact)
		default:
			out[last].fact = out[last].fact.Merge(p.fact)
		}
	}
	*into = out
	return out
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
	facts.aliasMu.Unlock()
	return kept
}

// A keyHead is a key's first 8 bytes, big-endian (as bytes compare), and its Put's index.
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
