package store

import (
	"errors"
	"fmt"
	"log"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble/v2"
)

// The writer is the one goroutine that writes what searches Put: it takes batches from the
// Facts (a buffered channel, so that a Put never waits for the disk), merges them into
// pebble without syncing, and syncs every SyncEvery and on flush.
type writer struct {
	s       *Store
	queue   chan factBatch
	ops     chan chan error // flush requests
	quit    chan chan error
	stopped chan struct{} // closed when run returns
	dirty   atomic.Bool   // written (by the writer or Add) since the last sync

	errOnce sync.Once
	err     atomic.Pointer[error] // the first failed write
}

// A factBatch is Puts of one game's Facts.
type factBatch struct {
	facts *Facts
	items []pendingFact
}

// queueBatches is how many batches wait for the writer before a Facts keeps them itself.
const queueBatches = 16

func startWriter(s *Store) *writer {
	w := &writer{s: s, queue: make(chan factBatch, queueBatches), ops: make(chan chan error),
		quit: make(chan chan error), stopped: make(chan struct{})}
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
			w.write(b)
		case <-tick.C:
			w.collect()
			w.sync()
		case reply := <-w.ops:
			reply <- w.flushNow()
		case reply := <-w.quit:
			reply <- w.flushNow()
			return
		}
	}
}

// flushNow writes the queued batches and the Puts the Facts hold, then syncs.
func (w *writer) flushNow() error {
	w.collect()
	w.sync()
	if p := w.err.Load(); p != nil {
		return *p
	}
	return nil
}

// collect writes what is queued, and what the Facts hold in pending.
func (w *writer) collect() {
	for {
		select {
		case b := <-w.queue:
			w.write(b)
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
			w.write(factBatch{f, items})
		}
	}
}

// write merges a batch into the store, and adds its keys to the game's filter.
func (w *writer) write(b factBatch) {
	batch := w.s.db.NewBatch()
	defer batch.Close()
	var val []byte
	for _, it := range b.items {
		val, _ = it.fact.AppendBinary(val[:0])
		batch.Merge(keyOf(b.facts.game, it.key), val, nil)
	}
	if err := batch.Commit(pebble.NoSync); err != nil {
		w.failed(err)
		return
	}
	for _, it := range b.items {
		b.facts.filter.add(it.key)
	}
	w.dirty.Store(true)
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
