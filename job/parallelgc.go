package job

import (
	"os"
	"runtime/debug"
	"sync"
)

// The collector's pacing while a runner's budget bounds the process (Config.Shared unset):
// GOGC's default, 100, collects each time the heap doubles, which a search's cache makes
// often while it fills (cram 4x9: 20 cycles); the runtime's memory limit, set from the
// budgets (addBudget), already keeps the heap within the promise. So while such a runner
// lives, the heap may grow to 5 times what is live (GOGC 400) and the limit collects before
// that when the budget is near: 6 cycles instead of 20 on cram 4x9, and 9 % less CPU with two
// workers on cram 5x6 (medians of 6 pairs). Only budgets of paceMinMB and more: a small
// budget's heap is quick to collect, and its process's fixed memory (some 45 MB) leaves the
// limit little room (TestMemoryBudget at 10 MB peaked at 106 MB against 115 with GOGC 400,
// 77 without). A GOGC set in the environment is left alone, and so is a shared process (the
// window), which sets no limit.
const (
	paceGCPercent = 400
	paceMinMB     = 128
)

var paced struct {
	sync.Mutex
	runners int // the live runners whose budget is counted and at least paceMinMB
	initial int // the percent before the first of them, given back after the last
}

// paceGC sets the collector's pacing for one more paced runner (more 1), one fewer (-1),
// or leaves it (0).
func paceGC(more int) {
	if _, set := os.LookupEnv("GOGC"); set || more == 0 {
		return
	}
	paced.Lock()
	defer paced.Unlock()
	switch paced.runners += more; {
	case paced.runners == 1 && more > 0:
		paced.initial = debug.SetGCPercent(paceGCPercent)
	case paced.runners == 0 && more < 0:
		debug.SetGCPercent(paced.initial)
	}
}

// pacedBy is what a runner counting mb megabytes of the process's budget adds to paceGC: 1
// when the collector's pacing follows it.
func pacedBy(mb int) int {
	if mb >= paceMinMB {
		return 1
	}
	return 0
}
