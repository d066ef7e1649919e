package job

import (
	"runtime"
	"runtime/metrics"
)

// SetSharedMB sets the memory, in megabytes, that a process whose runners are Shared (the
// window) may take: its resident memory, the program's own pages with what the runtime
// counts. The runtime's memory limit follows it, less those pages (programMB), so the heap
// does not double past what is live as GOGC alone lets it; 0 takes it back. Call it again
// when the figure changes: it replaces the last one. (A counted runner's limit is added to
// it; the window has none.)
//
// A shared process holds what no budget bounds (a tree opened from a file, every picture of
// it on show), so its limit also follows its live heap, measured after each collection: it
// stays a fifth above it, and 32 MB more (sharedFloor). Else a live heap near the
// limit would have the collector run without end: Go caps it at about half the CPU then
// (measured: a live heap of 160 MB under a limit of 100 MB, 43 % of the CPU to the collector
// and a fifth of the allocations of no limit), which is still half of the window's.
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

// sharedLimit is the runtime's memory limit, in bytes, of a shared process that may take mb
// megabytes: mb less the program's own pages, at least 16 MB.
func sharedLimit(mb int) int64 { return max(int64(mb)-programMB, 16) << 20 }

// A gcMark is unreachable from its birth: its finalizer runs after the next collection, and
// sets itself again while a shared process's figure is set (afterGC). It is larger than the tiny
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
// that the last collection found live, a fifth more, and 32 MB for the runtime's own memory
// (stacks, the collector's tables). Near the limit the collector collects whenever the heap
// grows by the room left: this bounds how often, to five times as often as GOGC's default
// would. A fifth: the window's limit leaves its budget at least that much (WindowMB), so the
// floor rises past the limit only when the window holds more than its budget. It is rounded
// up to 16 MB, so that a collection finding about the same heap sets no new limit (setting one
// stops the world).
func sharedFloor() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	heap := int64(s[0].Value.Uint64())
	const step = 16 << 20
	return (heap + heap/5 + 32<<20 + step - 1) / step * step
}
