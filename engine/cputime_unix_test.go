//go:build unix

package engine

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system): bounds on a test's cost
// that another program's load on the machine does not move, as it moves the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
