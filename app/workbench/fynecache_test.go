package workbench

import (
	_ "unsafe" // go:linkname

	_ "fyne.io/fyne/v2/widget" // links fyne's internal cache
)

// fyneCacheClean is fyne's own cleaning of its caches (internal/cache.Clean), which the
// desktop driver runs from its event loop and the test driver never does: the renderers of
// widgets that left the window (every dialog the soak opened, every picture it rebuilt) are
// destroyed a minute after their last use. Without it, the soak measured the test driver's
// cache, not the window.
//
//go:linkname fyneCacheClean fyne.io/fyne/v2/internal/cache.Clean
func fyneCacheClean(canvasRefreshed bool)
