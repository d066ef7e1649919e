//go:build !unix

package engine

import "time"

var startedAt = time.Now()

// cpuTime falls back to the wall clock where the process's CPU time is not read.
func cpuTime() time.Duration { return time.Since(startedAt) }
