package workbench

import (
	"time"
	_ "unsafe" // go:linkname

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
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

// fyneCacheLife is how long fyne keeps a renderer after its last use (internal/cache's
// ValidDuration, a minute), and fyneCacheCleaned when it last cleaned: it cleans at most every
// 10 s. A soak plays a day in a minute or two, so it ages the cache as fast (soakCacheLife).
//
//go:linkname fyneCacheLife fyne.io/fyne/v2/internal/cache.ValidDuration
var fyneCacheLife time.Duration

//go:linkname fyneCacheCleaned fyne.io/fyne/v2/internal/cache.lastClean
var fyneCacheCleaned time.Time

// soakCacheLife is the life of an unused renderer in a soak: a second is some 150 actions,
// the minute of a day's work.
const soakCacheLife = time.Second

// ageFyneCache does what a frame of the desktop driver does to fyne's caches: the objects on
// show in c are used (painted), and then the renderers unused for fyneCacheLife are destroyed.
func ageFyneCache(c fyne.Canvas) {
	use(c.Content())
	for _, o := range c.Overlays().List() {
		use(o)
	}
	fyneCacheCleaned = time.Time{}
	fyneCacheClean(true)
}

// use touches the renderer of every visible widget in o's tree, as a paint does.
func use(o fyne.CanvasObject) {
	if o == nil || !o.Visible() {
		return
	}
	switch o := o.(type) {
	case *fyne.Container:
		for _, c := range o.Objects {
			use(c)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(o).Objects() {
			use(c)
		}
	}
}
