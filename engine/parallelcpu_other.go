//go:build !linux

package engine

import "time"

// threadCPU is unknown outside Linux: CriticalCPU is then 0.
func threadCPU() (time.Duration, bool) { return 0, false }
