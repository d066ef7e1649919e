package workbench

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

// TestWorkbench_MemoryLimitFollowsTheCacheSetting: the window sets the runtime's memory limit
// from its cache setting when it opens (its runners, shared, set none), again when the
// setting changes, by the panel's choice or in the preferences, and gives it back on Close.
func TestWorkbench_MemoryLimitFollowsTheCacheSetting(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	w, _, _ := newTestWorkbench(t) // a cache of 16 MB
	check := func(how string, cacheMB int) {
		t.Helper()
		mb := WindowMB(cacheMB)
		got := debug.SetMemoryLimit(-1) >> 20
		// More only when the live heap is large (after other tests): the limit stays above it.
		most := max(int64(mb), liveMB()*3/2+64+16)
		if held := cacheMB + cacheMB/4 + windowHeldMB; got < int64(held) || got > most {
			t.Errorf("%s: memory limit %d MB, want at least what the window holds, %d MB, and at most the %d MB it may take",
				how, got, held, most)
		}
	}
	check("on opening, 16 MB", 16)
	w.Solver.SetCacheMB(1024)
	check("SetCacheMB(1024)", 1024)
	w.Solver.ui.cache.SetSelected(cacheLabel(256))
	check("the panel's choice of 256 MB", 256)
	w.app.Preferences().SetInt(PrefCacheMB, 4096)
	check("the preference set to 4096 MB", 4096)
	w.Close()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("after Close, memory limit %d, want the one before, %d", got, before)
	}
}

// liveMB is the heap the last collection found live, in MB.
func liveMB() int64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64() >> 20)
}
