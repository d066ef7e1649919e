package job

import (
	"runtime"
	"runtime/metrics"
)

// SetSharedMB sets the budget, in megabytes, of a process whose runners are Shared (the
// window): what its searches may use (its cache setting) and what it holds beside them (its
// trees, drawings and widgets). The runtime's memory limit follows it as it follows a counted
// runner's budget (memoryLimit), so the heap does not double past it as GOGC alone lets it;
// 0 takes it back. Call it again when the budget changes: it replaces the last one.
//
// A shared process holds what no budget bounds (a tree opened from a file, every picture of
// it on show), so its limit also follows its live heap, measured after each collection: it
// stays half as much again above it, and 64 MB more (sharedFloor). Else a live heap near the
// limit would have the collector run without end: Go caps it at about half the CPU then,
// which is still half of the window's.
func SetSharedMB(mb int) {
	live.Lock()
	defer live.Unlock()
	live.shared = max(mb, 0)
	setLimit()
	if live.shared > 0 && !live.watching {
		live.watching = true
		runtime.SetFinalizer(&gcMark{}, afterGC)
	}
}

// A gcMark is unreachable from its birth: its finalizer runs after the next collection, and
// sets itself again while a shared budget lives (afterGC). It is larger than the tiny
// allocator's 16 bytes, whose blocks may keep a finalizer from running.
type gcMark struct{ _ [32]byte }

// afterGC sets the memory limit from the live heap that the collection just measured.
func afterGC(m *gcMark) {
	live.Lock()
	defer live.Unlock()
	if live.watching = live.shared > 0; live.watching {
		setLimit()
		runtime.SetFinalizer(m, afterGC)
	}
}

// sharedFloor is the least memory limit, in bytes, that leaves the collector room: the heap
// that the last collection found live, half as much again, and 64 MB for the runtime's own
// memory (stacks, the collector's tables), as GOGC 50 would grow it. Near the limit the
// collector collects whenever the heap grows by the room left: this bounds how often. It is
// rounded up to 16 MB, so that a collection finding about the same heap sets no new limit
// (setting one stops the world).
func sharedFloor() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	heap := int64(s[0].Value.Uint64())
	const step = 16 << 20
	return (heap + heap/2 + 64<<20 + step - 1) / step * step
}
