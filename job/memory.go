package job

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"grundy/engine"
)

// DefaultMemoryMB is the budget of a runner whose Config gives none (CacheMB 0): the tree
// command's, whose runner keeps no cache, so that nearly all of it goes to the recording.
const DefaultMemoryMB = 1024

// ErrMemory is the error of a budget that does not fit in the machine's memory.
var ErrMemory = errors.New("the memory budget does not fit")

// A budget shares a runner's memory (Config.CacheMB, the whole process's when one runner
// runs) among the structures that grow with it, in bytes. What stays out of it is fixed: the
// program, the runtime, a recording's options memo (engine.RecordMemoBytes), the goroutines'
// stacks, a facts store's own memory (pebble's memtable, up to 64 MB as facts are written,
// its block cache, the writer's window of at most 2^17 facts, the filter of a game's stored
// keys, 2 bytes a key); the process is meant to stay within
// ProcessMB of it (1.5 × the budget + 100 MB).
type budget struct {
	mb    int   // the whole budget, in megabytes
	cache int   // ristretto's share, in megabytes (entries and counters); 0: no cache of ours
	front int   // the front's size, in bits (engine.FrontBits: an eighth of the budget)
	memo  int64 // the options memo of searches
	tree  int64 // a recording's proofs and facts
}

// budgetOf shares mb megabytes. A runner with a cache of its own gives it half, the front an
// eighth, the options memo a tenth and a recording a quarter (the recording runs while the
// cache is full: solve measures its tree after the answer); a runner given a cache (which
// it does not count) gives the recording three quarters.
func budgetOf(mb int, ownCache bool) budget {
	b := budget{mb: mb, memo: int64(mb) << 20 / 10}
	if !ownCache {
		b.tree = int64(mb) << 20 * 3 / 4
		return b
	}
	b.cache = max(mb/2, 1)
	b.front = engine.FrontBits(mb)
	b.tree = int64(mb) << 20 / 4
	return b
}

// solverOptions are the engine options that keep a solver within b.
func (b budget) solverOptions() []engine.SolverOption {
	return []engine.SolverOption{engine.WithMemoBytes(b.memo), engine.WithTreeBytes(b.tree)}
}

// ProcessMB is the memory, in megabytes, that a process running with a budget of mb
// megabytes may take: 1.5 × mb + 100.
func ProcessMB(mb int) int64 { return int64(mb)*3/2 + 100 }

// CheckMemory reports, with an error that Is ErrMemory, a budget of mb megabytes whose
// process (ProcessMB) would not fit in the machine's memory: what is available now, or in
// all when that is not said. Where the memory cannot be read (not Linux), any budget fits.
func CheckMemory(mb int) error {
	avail, ok := machineMB()
	if !ok || ProcessMB(mb) <= avail {
		return nil
	}
	return fmt.Errorf("%w: %d MB (the process takes up to %d MB) but the machine has %d MB available",
		ErrMemory, mb, ProcessMB(mb), avail)
}

// machineMB reads MemAvailable (else MemTotal) from /proc/meminfo, in megabytes.
func machineMB() (int64, bool) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	var total, avail int64 = -1, -1
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) == 0 {
			continue
		}
		kb, err := strconv.ParseInt(fields[0], 10, 64)
		if err != nil {
			continue
		}
		switch name {
		case "MemTotal":
			total = kb >> 10
		case "MemAvailable":
			avail = kb >> 10
		}
	}
	switch {
	case avail >= 0:
		return avail, true
	case total >= 0:
		return total, true
	}
	return 0, false
}

// The process's budget is the sum of its live runners': each adds its own on NewRunner and
// takes it back on Close, and the Go runtime's memory limit follows the sum.
var live struct {
	sync.Mutex
	mb      int
	initial int64 // the limit before the first runner (GOMEMLIMIT's), given back when none lives
	read    bool
}

// addBudget adds mb megabytes (negative: takes them back) to the process's budget and sets
// the runtime's memory limit from it: the collector works harder near the budget rather than
// let the heap double (GOGC's growth) past it. The limit leaves room under ProcessMB for
// what the runtime does not count: the program's own pages.
func addBudget(mb int) {
	live.Lock()
	defer live.Unlock()
	if !live.read {
		live.initial, live.read = debug.SetMemoryLimit(-1), true
	}
	live.mb += mb
	if live.mb <= 0 {
		live.mb = 0
		debug.SetMemoryLimit(live.initial)
		return
	}
	debug.SetMemoryLimit(memoryLimit(live.mb))
}

// memoryLimit is the runtime's memory limit, in bytes, for a budget of mb megabytes.
func memoryLimit(mb int) int64 { return (int64(mb)*7/5 + 48) << 20 }
