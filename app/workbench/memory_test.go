package workbench

import (
	"runtime/debug"
	"testing"

	"grundy/job"
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
		if got < int64(mb) || got > job.ProcessMB(mb) {
			t.Errorf("%s: memory limit %d MB, want within the window's budget of %d MB and its process's %d MB",
				how, got, mb, job.ProcessMB(mb))
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
