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

// DefaultMemoryMB is the budget of a runner whose Config gives none (CacheMB 0).
const DefaultMemoryMB = 1024

// ErrMemory is the error of a budget that does not fit in the machine's memory.
var ErrMemory = errors.New("the memory budget does not fit")

// A budget shares a runner's memory (Config.CacheMB, the whole process's when one runner
// runs) among the structures that grow with it, in bytes. What stays out of it is fixed: the
// program, the runtime, a recording's options memo (engine.RecordMemoBytes), a facts store's
// own memory (pebble's memtable, up to 64 MB as facts are written, its block cache, the
// writer's window of at most 2^17 facts, the filter of a game's stored keys, 2 bytes a key);
// the process is meant to stay within ProcessMB of it (1.5 × the budget + 100 MB).
//
// The facts kept beside the cache for what they cost (engine's pinned facts) take a quarter
// of it, up to engine.DefaultPinnedBytes, out of the cache's share.
//
// A team of workers (Config.Workers) is counted in it: each worker keeps an options memo and,
// searching by proof numbers, a DAG of its own, so the memo's share and the tree's are split
// between them (teamOptions); a SharedFront's slot is larger than a Front's (frontBits); and
// the team's table of busy couples and each worker's stack and buffers come out of the
// cache's share (teamBytes).
type budget struct {
	mb      int   // the whole budget, in megabytes
	cache   int   // ristretto's share, in megabytes (entries and counters); 0: no cache of ours
	front   int   // the front's size, in bits (an eighth of the budget, a team's a quarter: see front)
	memo    int64 // the options memo of searches, every worker's together
	tree    int64 // a recording's proofs and facts, or a search's proof-number DAGs, every worker's together
	pinned  int64 // the facts kept beside the cache for what they cost (engine's pinned.go), the team's
	workers int   // the workers of the runner's searches
}

// budgetOf shares mb megabytes between the structures of a runner whose searches run on
// workers workers. A runner with a cache of its own gives it half and the front an eighth
// (a team: three eighths and a quarter, see front), the cache less the team's own memory;
// the options memo a tenth and a recording a quarter (the recording runs while the cache is
// full: solve measures its tree after the answer); a runner given a cache (which it does
// not count) gives the recording three quarters, less the team's memory. A team whose own
// memory passes the cache's share (about four workers for three megabytes of budget) passes
// the budget: the cache keeps 1 MB at least.
func budgetOf(mb int, ownCache bool, workers int) budget {
	workers = max(workers, 1)
	b := budget{mb: mb, memo: int64(mb) << 20 / 10, workers: workers}
	b.pinned = min(int64(mb)<<20/pinnedShare, engine.DefaultPinnedBytes)
	team := teamBytes(workers)
	if !ownCache {
		b.tree = max(int64(mb)<<20*3/4-team-b.pinned, 1<<20)
		return b
	}
	cache, front := shares(mb, workers)
	b.cache = max(cache-int((team+b.pinned+1<<19)>>20), 1) // the team and the pinned facts to the nearest MB: the shares leave 2.5 % spare
	b.front = front
	b.tree = int64(mb) << 20 / 4
	return b
}

// pinnedShare is the part of a budget the pinned facts take, up to engine.DefaultPinnedBytes
// (reached at 26 MB), out of the cache's share: a fact that cost many nodes is worth more
// than the cache's last ones. Measured at 16 MB (`grundy solve cram RxC --no-db --cache-mb 16
// --tree-nodes 0 --workers 1`, nodes): 4x9 726 767 with a sixteenth, 680 015 with an
// eighth, 632 205 with a quarter (none pinned: 950 887); 5x7 1 440 359, 1 342 788 and
// 1 233 858 (none: 3 765 262).
const pinnedShare = 4

// solverOptions are the engine options that keep a solver searching alone within b (a
// recording, a search with a node limit per option).
func (b budget) solverOptions() []engine.SolverOption {
	return []engine.SolverOption{engine.WithMemoBytes(b.memo), engine.WithTreeBytes(b.tree), engine.WithPinnedBytes(b.pinned)}
}

// teamOptions are the engine options of the runner's solver, which searches with b.workers
// workers: each worker, the solver and its helpers alike, gets its part of the options
// memo and of the tree's share, which bounds the DAG it keeps searching by proof numbers
// (the runner's solver never records: a recording has a fresh solver). A team that shares
// one DAG (engine's withShare) gives it and the lead's memo the team's parts back.
func (b budget) teamOptions() []engine.SolverOption {
	n := int64(b.workers)
	return []engine.SolverOption{engine.WithWorkers(b.workers), engine.WithMemoBytes(b.memo / n), engine.WithTreeBytes(b.tree / n),
		engine.WithPinnedBytes(b.pinned)}
}

// Memory of a team beyond one solver's: the table of the couples being searched (2^16
// counters of 4 bytes, engine's busyBits), and for each worker its goroutine's stack, its
// buffers of options by depth and its thread. Measured on cram 3x12 and sprouts 0*11: a
// worker added 60 to 100 KB of heap and 32 to 48 KB of stack; a worker is counted 512 KB.
const (
	busyTableBytes = 4 << 16
	workerBytes    = 512 << 10
)

// teamBytes is the memory of a team of workers beyond one solver's: 0 for one worker.
func teamBytes(workers int) int64 {
	if workers <= 1 {
		return 0
	}
	return busyTableBytes + int64(workers)*workerBytes
}

// shares returns the cache's share of a budget of mb megabytes, in megabytes, and the
// front's size, in bits: for one worker, half and a Front of an eighth; for a team, three
// eighths and a SharedFront (of larger slots, see front) of a quarter. A key found in the
// front costs no lookup in ristretto, and a key the front evicts one write there, which
// ristretto's goroutine admits: on the core one worker leaves idle, but on a core two workers
// need (cram 3x14, two workers, in turns: 9.5 to 12.7 s with an eighth, median 11.7; 9.1 to
// 10.7 s with a quarter, median 9.3; one worker alike either way). One worker keeps the
// larger cache: a Front's table is allocated whole, a SharedFront's entries as they come
// (cram 3x13 at 1000 MB, one worker with a quarter: a peak of 1 203 MB, not 766).
func shares(mb, workers int) (cache, front int) {
	if workers > 1 {
		return mb * 3 / 8, engine.SharedFrontBits(int64(mb) << 20 / 4)
	}
	return mb / 2, engine.FrontBits(int64(mb) << 20 / 8)
}

// TreeMemoryMB is the default budget of grundy tree: 3 GB, or the largest of 2, 1, ½ and ¼ GB
// whose process fits the machine's memory. The proof is read out of the facts the search left
// in the cache, and a couple the cache forgot is searched again: with 3 GB, sprouts 0*15's and
// 0*20's proofs are read out in less than their searches' time; with 1 GB, 0*15's took ten
// times it.
func TreeMemoryMB() int {
	for _, mb := range []int{3072, 2048, 1024, 512} {
		if CheckMemory(mb) == nil {
			return mb
		}
	}
	return 256
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
// takes it back on Close, and the Go runtime's memory limit follows the sum. A process whose
// runners are Shared (the window) says what it may take instead (SetSharedMB).
var live struct {
	sync.Mutex
	mb       int
	shared   int   // the memory a shared process may take (SetSharedMB), in megabytes
	initial  int64 // the limit before the first runner (GOMEMLIMIT's), given back when none lives
	read     bool
	limit    int64 // the limit set last, 0 when the initial one is back
	watching bool  // a gcMark's finalizer waits for the next collection (SetSharedMB)
}

// addBudget adds mb megabytes (negative: takes them back) to the process's budget and sets
// the runtime's memory limit from it: the collector works harder near the budget rather than
// let the heap double (GOGC's growth) past it. The limit leaves room under ProcessMB for
// what the runtime does not count: the program's own pages.
func addBudget(mb int) {
	live.Lock()
	defer live.Unlock()
	live.mb = max(live.mb+mb, 0)
	setLimit()
}

// setLimit sets the runtime's memory limit from the live budgets, live held: the initial
// limit when there are none; for a shared process, never so close above the live heap that
// the collector would run without end (sharedFloor).
func setLimit() {
	if !live.read {
		live.initial, live.read = debug.SetMemoryLimit(-1), true
	}
	limit := int64(0)
	if live.mb > 0 {
		limit = memoryLimit(live.mb)
	}
	if live.shared > 0 {
		limit += sharedLimit(live.shared)
		limit = max(limit, sharedFloor())
	}
	if limit == live.limit {
		return
	}
	live.limit = limit
	if limit == 0 {
		limit = live.initial
	}
	debug.SetMemoryLimit(limit)
}

// memoryLimit is the runtime's memory limit, in bytes, for a budget of mb megabytes: 1.4 × mb
// + 48 MB, and at most ProcessMB less the program's own pages (programMB), which the runtime
// does not count. Without that bound a small budget's limit left too little room: at 10 MB,
// 62 MB for the runtime and 54 MB of the program's pages passed ProcessMB's 115 once the
// collector fell behind (two workers on a busy machine: 117 MB).
func memoryLimit(mb int) int64 {
	return min(int64(mb)*7/5+48, ProcessMB(mb)-programMB) << 20
}

// programMB is the memory the program's own pages take beside what the runtime counts: the
// binary's code and data mapped in (54 MB resident measured, solving cram 3x12 at 10 MB),
// and what it allocates outside Go.
const programMB = 72
