package workbench

import (
	"sync"
	"testing"
	"time"
)

// A uiQueue stands for fyne's main loop in tests: the solver's goroutines hand it functions,
// and the test goroutine runs them, so that widgets are only touched from one goroutine (as
// fyne.Do guarantees in the app) and -race stays quiet.
type uiQueue struct {
	mu    sync.Mutex
	funcs []func()
	wake  chan struct{}
}

func newUIQueue() *uiQueue { return &uiQueue{wake: make(chan struct{}, 1)} }

// do queues f; it never blocks.
func (q *uiQueue) do(f func()) {
	q.mu.Lock()
	q.funcs = append(q.funcs, f)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// drain runs the functions queued now, and those they queue.
func (q *uiQueue) drain() {
	for range 100 {
		q.mu.Lock()
		fs := q.funcs
		q.funcs = nil
		q.mu.Unlock()
		if len(fs) == 0 {
			return
		}
		for _, f := range fs {
			f()
		}
	}
}

// runUntil runs queued functions until cond holds, failing the test after timeout.
func (q *uiQueue) runUntil(t *testing.T, timeout time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.After(timeout)
	for !cond() {
		q.mu.Lock()
		fs := q.funcs
		q.funcs = nil
		q.mu.Unlock()
		for _, f := range fs {
			f()
		}
		if len(fs) > 0 {
			continue
		}
		select {
		case <-q.wake:
		case <-deadline:
			t.Fatal("timed out waiting on the UI queue")
		}
	}
}
