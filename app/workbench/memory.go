package workbench

import (
	"sync/atomic"

	"grundy/job"
)

// windowHeldMB is what the window holds beside its searches and their trees: fonts and their
// glyphs, widgets, drawings of the nodes on show, play's own small cache. Measured at the end
// of a soak of 10 000 actions with a 64 MB cache: 51 MB of heap live, 18 MB of it fonts.
const windowHeldMB = 64

// WindowMB is the memory, in megabytes, that the window may take with a cache setting of
// cacheMB: 1.5 × the setting + 200 MB, resident. The runtime's memory limit follows it
// (job.SetSharedMB): without one, the collector let the heap double past what was live, to
// three times the setting. Less the program's own pages (72 MB), the limit holds the setting,
// which a search shares out between its cache, its memo and its recording; a quarter more for
// the tree on show while the next one is recorded (a recording may use a quarter of the
// setting); windowHeldMB; and room for the collector, a quarter of the setting and 64 MB.
func WindowMB(cacheMB int) int { return cacheMB*3/2 + 200 }

// followCacheSetting sets what the window may take (WindowMB) from the cache setting now, and
// again whenever the preferences change until the window closes (which may be on another
// goroutine: a preferences file changed on disk). It returns what gives the limit back.
func (w *Workbench) followCacheSetting() (release func()) {
	var gone atomic.Bool
	set := func() {
		if !gone.Load() {
			job.SetSharedMB(WindowMB(w.Solver.CacheMB()))
		}
	}
	set()
	w.app.Preferences().AddChangeListener(set)
	return func() { gone.Store(true); job.SetSharedMB(0) }
}
