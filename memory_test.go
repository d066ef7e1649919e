package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMemoryBudget: the whole process keeps within 1.5 × its budget (--cache-mb) + 100 MB,
// cache, front, options memo, the tree's measure and the runtime together (issue 16), with
// one worker and with two (issue 14: a team's memos, DAGs, front and stacks are counted in
// the budget, job/memory.go). The peak is the child's VmHWM. Cram 3x13 takes 5–10 s at 100 MB
// and more; at 10 MB it takes 25 s (a small cache forgets most), so that budget solves 3x12
// (4 s). No store: its memtable (up to 64 MB) is outside --cache-mb, as docs/store.md says, and
// took 3x13 at 100 MB to 251 MB against 250.
//
// Two workers run with GOGC=off at 10 and 100 MB: the collector then runs only at the
// runtime's memory limit, as late as a busy machine can make it run, so the peak is the
// worst the limit allows, not what the machine's load happened to give (a CI run once
// peaked at 117 MB against 115, when the limit left the program's pages too little room).
// At 1000 MB the runner's own pacing (GOGC 400, job/parallelgc.go) already lets the heap grow
// to the limit, and GOGC=off would take 1.5 GB of a shared machine.
func TestMemoryBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and solves for about 80 s")
	}
	bin := buildGrundy(t)
	for _, c := range []struct {
		mb      int
		board   string
		workers int
		gogc    string
	}{
		{10, "3x12", 1, ""}, {100, "3x13", 1, ""}, {1000, "3x13", 1, ""},
		{10, "3x12", 2, "off"}, {100, "3x13", 2, "off"}, {1000, "3x13", 2, ""},
	} {
		start := time.Now()
		args := []string{"solve", "cram", c.board, "--cache-mb", strconv.Itoa(c.mb), "--workers", strconv.Itoa(c.workers), "--no-db"}
		what := fmt.Sprintf("solve cram %s --cache-mb %d --workers %d", c.board, c.mb, c.workers)
		if c.gogc != "" {
			what += " (GOGC=" + c.gogc + ")"
		}
		peak, err := peakMB(t, bin, c.gogc, args...)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		limit := float64(c.mb)*1.5 + 100
		t.Logf("%s: peak %.0f MB (bound %.0f MB) in %v", what, peak, limit, time.Since(start).Round(time.Millisecond))
		if peak > limit {
			t.Errorf("%s: peak RSS %.0f MB, want at most %.0f", what, peak, limit)
		}
	}
}

// peakMB runs bin with args, and GOGC=gogc unless empty, and returns its peak resident memory
// in megabytes: VmHWM of /proc/PID/status, polled while it runs, and the kernel's maxrss of
// it at its end (the same peak, with what grew after the last poll).
func peakMB(t *testing.T, bin, gogc string, args ...string) (float64, error) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "LC_ALL=", "DISPLAY=", "WAYLAND_DISPLAY=",
		"HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir())
	if gogc != "" {
		cmd.Env = append(cmd.Env, "GOGC="+gogc)
	}
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
	var peak float64
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			if err != nil {
				return peak, fmt.Errorf("%v\n%s", err, out.String())
			}
			if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
				peak = max(peak, float64(ru.Maxrss)/1024) // kB on Linux
			}
			return peak, nil
		case <-tick.C:
			if kb, ok := vmHWM(status); ok {
				peak = max(peak, float64(kb)/1024)
			}
		}
	}
}

// vmHWM reads the peak resident set size, in kB, from a /proc/PID/status file.
func vmHWM(path string) (int64, bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb, err == nil
		}
	}
	return 0, false
}
