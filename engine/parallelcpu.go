package engine

import (
	"runtime"
	"time"
)

// The CPU a search's workers spent, each on its own OS thread, so that a run on a busy
// machine still tells what it would take on an idle one: the longest chain of work the
// workers did one after the other (CriticalCPU). A two-worker search that split its work
// evenly has half the critical CPU of one worker's. Only the workers' threads count: the
// collector's background work and ristretto's goroutines are left out (the process's CPU
// time has them).
//
// It is measured only when asked for (WithThreadCPU): a worker then holds its OS thread for
// the whole search, and each time the scheduler preempts it the thread hands its P to another
// and waits to get it back, which idled the cores 10 % of the time with two workers on two
// cores (cram 5x7: 4.36 to 4.53 s locked, 3.85 to 3.95 s free, the same CPU).

// WithThreadCPU makes the solver's searches measure their workers' CPU (CriticalCPU,
// WorkersCPU), each worker locked to its OS thread while it searches.
func WithThreadCPU() SolverOption { return func(s *Solver) { s.par.threadCPU = true } }

// onThread runs f and returns the CPU time of the calling OS thread spent in f, the
// goroutine locked to it, when lock is set; else 0. It is 0 where the time cannot be read.
func onThread(lock bool, f func()) time.Duration {
	if !lock {
		f()
		return 0
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, ok := threadCPU()
	f()
	end, _ := threadCPU()
	if !ok {
		return 0
	}
	return end - start
}

// CriticalCPU returns the CPU time of the last search's longest chain of work: one worker's
// thread CPU when it searched alone; the busiest worker's when the team searched depth first
// (no worker waits for another); by proof numbers, the sum over the couples of the busiest
// worker's CPU on each (a couple waits for its slowest option). 0 where threads' CPU cannot
// be read (not Linux), or the solver was not made WithThreadCPU.
func (s *Solver) CriticalCPU() time.Duration { return time.Duration(s.par.critical.Load()) }

// WorkersCPU returns the CPU time the last search's workers spent on their own threads, all
// together: the process's CPU time less the collector's background work, ristretto's
// goroutines and the runtime's own. 0 where threads' CPU cannot be read, or the solver was
// not made WithThreadCPU.
func (s *Solver) WorkersCPU() time.Duration { return time.Duration(s.par.spent.Load()) }

// total is the sum of the durations.
func total(cpu []time.Duration) time.Duration {
	var sum time.Duration
	for _, d := range cpu {
		sum += d
	}
	return sum
}

// busiest is the largest of the durations.
func busiest(cpu []time.Duration) time.Duration {
	var most time.Duration
	for _, d := range cpu {
		most = max(most, d)
	}
	return most
}
