package store

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cockroachdb/pebble/v2"

	"grundy/internal/numfmt"
)

// The newest write-ahead log is the one file whose damage pebble does not refuse: a log
// that ends early (the torn end of a crash, a truncation, a damaged last record, a log
// deleted) is replayed up to where it can be read, and the rest is dropped without a word.
// The store bounds that loss and says it:
//   - the writer flushes the memtable to a table every FlushEvery, which starts a new log,
//     so the newest log holds only the last seconds' facts;
//   - after each sync the store notes, in the file walMarkName, which log is the newest and
//     how many keys it holds synced; on the next Open, pebble's replay says how many keys it
//     read from each log (its logger's line), and fewer than noted (or the log missing) is
//     one line, naming the log and roughly how many facts were lost (Store.WALLoss).

// FlushEvery is how often the facts written are flushed from the write-ahead log to a table:
// damage to the newest log loses at most what the last FlushEvery (and SyncEvery) wrote.
const FlushEvery = 10 * time.Second

// walMarkName is the file of the newest log's synced keys: "wal N keys K".
const walMarkName = "grundy-wal-synced"

// A walTrack follows the newest log of a pebble instance: its number, the keys committed to
// it (by the writer), and when it began.
type walTrack struct {
	mu     sync.Mutex
	newest uint64
	keys   int64
	since  time.Time
}

// created is pebble's WALCreated event: a new log is the newest, empty.
func (t *walTrack) created(info pebble.WALCreateInfo) {
	t.mu.Lock()
	t.newest, t.keys, t.since = uint64(info.FileNum), 0, time.Now()
	t.mu.Unlock()
}

// committed counts n keys written to the newest log.
func (t *walTrack) committed(n int) {
	t.mu.Lock()
	t.keys += int64(n)
	t.mu.Unlock()
}

// num is the newest log's number.
func (t *walTrack) num() uint64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.newest
}

// state is the newest log, its keys, and how long ago it began.
func (t *walTrack) state() (num uint64, keys int64, age time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.newest, t.keys, time.Since(t.since)
}

// writeMark notes in dir the newest log and its keys, all synced. A mark that cannot be
// written (a full disk) stays as it was: it never says more than was synced.
func (t *walTrack) writeMark(dir string) {
	num, keys, _ := t.state()
	if num == 0 {
		return
	}
	os.WriteFile(filepath.Join(dir, walMarkName), fmt.Appendf(nil, "wal %d keys %d\n", num, keys), 0o644)
}

// readMark returns the log and keys dir's mark notes; ok is false without a readable mark.
func readMark(dir string) (num uint64, keys int64, ok bool) {
	b, err := os.ReadFile(filepath.Join(dir, walMarkName))
	if err != nil {
		return 0, 0, false
	}
	f := strings.Fields(string(b))
	if len(f) != 4 || f[0] != "wal" || f[2] != "keys" {
		return 0, 0, false
	}
	num, err1 := strconv.ParseUint(f[1], 10, 64)
	keys, err2 := strconv.ParseInt(f[3], 10, 64)
	return num, keys, err1 == nil && err2 == nil
}

// A replayLog collects what pebble's replay read of each log, from its logger's lines
// "[JOB %d] WAL %s stopped reading at offset: %s; replayed %d keys in %d batches".
type replayLog struct {
	mu   sync.Mutex
	keys map[uint64]int64 // by log number
}

// note reads one of pebble's informational lines, keeping the replay's.
func (r *replayLog) note(format string, args []any) {
	if !strings.Contains(format, "WAL %s stopped reading") || len(args) < 4 {
		return
	}
	name, _ := args[1].(string)
	keys, ok := args[3].(int64)
	digits := name[:len(name)-len(strings.TrimLeft(name, "0123456789"))]
	num, err := strconv.ParseUint(digits, 10, 64)
	if !ok || err != nil {
		return
	}
	r.mu.Lock()
	if r.keys == nil {
		r.keys = make(map[uint64]int64)
	}
	r.keys[num] = keys
	r.mu.Unlock()
}

// loss compares what the replay read with the mark in dir, and says what the newest log
// lost ("" when nothing, or when there is no mark to compare with).
func (r *replayLog) loss(dir string) string {
	num, synced, ok := readMark(dir)
	if !ok || synced == 0 {
		return ""
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	name := fmt.Sprintf("%06d.log", num)
	if read, ok := r.keys[num]; ok {
		if read >= synced {
			return ""
		}
		return fmt.Sprintf("its newest write-ahead log %s is damaged or cut at its end: about %s facts of its last seconds are lost (%s of %s read), the facts before are kept",
			name, numfmt.Grouped(synced-read), numfmt.Grouped(read), numfmt.Grouped(synced))
	}
	for n := range r.keys {
		if n > num {
			return "" // a later log was begun: this one was flushed to a table
		}
	}
	return fmt.Sprintf("its newest write-ahead log %s is missing: about %s facts of its last seconds are lost, the facts before are kept",
		name, numfmt.Grouped(synced))
}
