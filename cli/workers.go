package cli

import (
	"flag"
	"runtime"
)

// maxWorkers bounds --workers: more goroutines than that only share the cores thinner.
const maxWorkers = 1024

// workersFlag is --workers of solve and tree: how many goroutines search at once, sharing
// the cache.
type workersFlag struct{ n int }

func (f *workersFlag) register(fs *flag.FlagSet) {
	fs.IntVar(&f.n, "workers", 0, "searches running at once on one position, sharing the cache (0: one per core); a recorded tree is the same whatever the number")
}

// check reports a --workers out of range as a usage error.
func (f workersFlag) check() error {
	if f.n < 0 || f.n > maxWorkers {
		return usagef("--workers %d: want 1 to %d, or 0 for one per core (%d here)", f.n, maxWorkers, runtime.NumCPU())
	}
	return nil
}

// count is the number of workers: the flag's, or the number of cores for 0.
func (f workersFlag) count() int {
	if f.n == 0 {
		return runtime.NumCPU()
	}
	return f.n
}
