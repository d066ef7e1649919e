package workbench

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"testing"
	"time"
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
		runtime.GC()
		most := max(int64(mb), liveMB()*6/5+32+16)
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
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64() >> 20)
}

// TestWorkbench_MemorySolving measures the window's resident memory as it solves large
// positions with their trees, one after the other (each tree on show while the next search
// fills the cache), with the cache setting GRUNDY_WINDOW_MEMORY gives in MB (docs/solving.md:
// 256); without it, it is skipped. It must stay within WindowMB at its peak
// and at the end. Not under -race, whose shadow memory is resident too.
func TestWorkbench_MemorySolving(t *testing.T) {
	cacheMB, err := strconv.Atoi(os.Getenv("GRUNDY_WINDOW_MEMORY"))
	if err != nil || cacheMB <= 0 || raceEnabled {
		t.Skip("GRUNDY_WINDOW_MEMORY gives the cache setting, in MB (not under -race)")
	}
	w, _, q := newTestWorkbench(t)
	w.Solver.SetCacheMB(cacheMB)
	for _, pos := range []string{"4x9", "3x14"} {
		setPosition(t, w, "cram", pos)
		began := time.Now()
		w.Solver.Start(TaskNimber)
		done := w.Solver.Done()
		q.runUntil(t, 20*time.Minute, func() bool { return isClosed(done) })
		r := w.Solver.Result()
		t.Logf("cram %s: nimber %s in %v, tree %v; %d MB resident, %d MB at its peak, %d MB live, the runtime's limit %d MB, the collector %.0f %% of the CPU",
			pos, r.Answer.NimberText(), time.Since(began).Round(time.Second), r.Tree != nil, rssMB(), peakMB(), liveMB(),
			debug.SetMemoryLimit(-1)>>20, 100*gcShare())
	}
	debug.FreeOSMemory()
	rss, peak, limit := rssMB(), peakMB(), WindowMB(cacheMB)
	t.Logf("resident memory at the end %d MB, at its peak %d MB (limit %d MB: 1.5 × the %d MB cache + 200 MB)", rss, peak, limit, cacheMB)
	if rss > limit || peak > limit {
		t.Errorf("resident memory %d MB at the end, %d MB at its peak: over %d MB", rss, peak, limit)
	}
}

// gcShare is the collector's part of the CPU the process has used so far (the runtime's
// estimate; idle time, and the collector's marking on cores otherwise idle, left out).
func gcShare() float64 {
	s := []metrics.Sample{{Name: "/cpu/classes/gc/total:cpu-seconds"}, {Name: "/cpu/classes/gc/mark/idle:cpu-seconds"},
		{Name: "/cpu/classes/total:cpu-seconds"}, {Name: "/cpu/classes/idle:cpu-seconds"}}
	metrics.Read(s)
	gc, idleGC := s[0].Value.Float64(), s[1].Value.Float64()
	return (gc - idleGC) / max(s[2].Value.Float64()-s[3].Value.Float64()-idleGC, 1e-9)
}
