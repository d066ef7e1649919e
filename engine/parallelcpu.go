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

// onThread runs f with the calling goroutine locked to its OS thread, and returns the CPU
// time that thread spent in f (0 where it cannot be read).
func onThread(f func()) time.Duration {
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
// be read (not Linux).
func (s *Solver) CriticalCPU() time.Duration { return time.Duration(s.par.critical.Load()) }

// WorkersCPU returns the CPU time the last search's workers spent on their own threads, all
// together: the process's CPU time less the collector's background work, ristretto's
// goroutines and the runtime's own. 0 where threads' CPU cannot be read.
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
