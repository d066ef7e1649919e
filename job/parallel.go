package job

import (
	"runtime"
	"time"

	"grundy/engine"
)

// workersOf is the number of workers a Config asks for: n, or the number of cores for 0.
func workersOf(n int) int {
	if n <= 0 {
		return runtime.NumCPU()
	}
	return n
}

// front is the exact cache before behind: a Front for one worker, a SharedFront for a team
// (its probes take no lock, and what one worker proves the others see at once). The front
// gives ristretto only the facts it evicts (WriteBack), which spares ristretto's goroutine
// the Sets of the facts that stay in the front; a store behind (store.Tier, a Journal) gets
// every Put at once all the same.
func (r *Runner) front(behind engine.Cache) engine.Cache {
	if r.workers > 1 {
		f := engine.NewSharedFront(behind, r.budget.front)
		f.WriteBack()
		return f
	}
	f := engine.NewFront(behind, r.budget.front)
	f.WriteBack()
	return f
}

// Workers is the number of workers of the runner's searches.
func (r *Runner) Workers() int { return r.workers }

// CriticalCPU is the CPU time of the last search's longest chain of work (see
// engine.Solver.CriticalCPU): about its wall time on an idle machine with a core a worker.
// 0 unless the runner's Config asked for ThreadCPU.
func (r *Runner) CriticalCPU() time.Duration { return r.solver.CriticalCPU() }

// WorkersCPU is the CPU time the last search's workers spent on their own threads (see
// engine.Solver.WorkersCPU): what the process spent beside it went to the collector,
// ristretto's goroutines and the runtime. 0 unless the runner's Config asked for ThreadCPU.
func (r *Runner) WorkersCPU() time.Duration { return r.solver.WorkersCPU() }
