package job

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// memoryLimitNow is the runtime's memory limit, in MB.
func memoryLimitNow() int64 { return debug.SetMemoryLimit(-1) >> 20 }

// TestSetSharedMB: the memory a shared process may take sets the runtime's memory limit, less
// the program's own pages; a new figure replaces it, and 0 gives the limit back.
func TestSetSharedMB(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	defer SetSharedMB(0)
	for _, mb := range []int{300, 1200, 200} {
		SetSharedMB(mb)
		if got, want := memoryLimitNow(), int64(mb-programMB); got != want {
			t.Errorf("SetSharedMB(%d): memory limit %d MB, want %d", mb, got, want)
		}
	}
	SetSharedMB(0)
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("SetSharedMB(0): memory limit %d, want the one before, %d", got, before)
	}
}

// sink keeps a test's heap live.
var sink []byte

// TestSetSharedMB_FollowsTheLiveHeap: a live heap past a shared budget's limit raises the
// limit after the next collection, to a fifth above it and 32 MB, so that the collector
// does not run without end; once the heap is freed, the budget's limit is back.
func TestSetSharedMB_FollowsTheLiveHeap(t *testing.T) {
	defer SetSharedMB(0)
	const mb, heapMB = 200, 96
	SetSharedMB(mb)
	small := int64(mb - programMB)
	if got := memoryLimitNow(); got != small {
		t.Fatalf("SetSharedMB(%d): memory limit %d MB, want %d", mb, got, small)
	}
	sink = make([]byte, heapMB<<20)
	waitLimit(t, func(l int64) bool { return l >= heapMB*6/5+32 }, "a fifth above a live heap of 96 MB, and 32 MB")
	sink = nil
	waitLimit(t, func(l int64) bool { return l == small }, "the budget's once the heap is freed")
}

// waitLimit collects until the memory limit passes ok (the limit is set after a collection,
// by a finalizer), for at most a second.
func waitLimit(t *testing.T, ok func(mb int64) bool, want string) {
	t.Helper()
	for end := time.Now().Add(time.Second); ; {
		runtime.GC()
		time.Sleep(time.Millisecond)
		l := memoryLimitNow()
		if ok(l) {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("memory limit %d MB, want %s", l, want)
		}
	}
}
