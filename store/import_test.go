package store

import (
	"bufio"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"grundy/engine"
)

// writeLines writes a jsonl file of n Cram facts, one a line (keys that are no positions, so
// that reading a line costs little next to staging it), the last one lastNimber.
func writeLines(t *testing.T, path string, n, lastNimber int) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	var key [8]byte
	for i := 1; i <= n; i++ {
		binary.BigEndian.PutUint64(key[:], uint64(i))
		nimber := i % 5
		if i == n {
			nimber = lastNimber
		}
		fmt.Fprintf(w, "{\"game\":\"cram\",\"key\":\"%s\",\"nimber\":%d}\n", base64.StdEncoding.EncodeToString(key[:]), nimber)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// peakHeap samples runtime.MemStats.HeapInuse every few milliseconds while fn runs, and
// returns the largest sample above the heap in use before.
func peakHeap(fn func()) uint64 {
	runtime.GC()
	return peakAbove(func() uint64 {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapInuse
	}, fn)
}

// peakAbove calls sample every few milliseconds while fn runs, and returns the largest
// sample above the one taken before.
func peakAbove(sample func() uint64, fn func()) uint64 {
	base := sample()
	var peak atomic.Uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if v := sample(); v > base && v-base > peak.Load() {
				peak.Store(v - base)
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	fn()
	close(done)
	<-sampled
	return peak.Load()
}

// A file of a million lines imports in bounded memory (ReadDatabase, which holds the records
// whole, peaks at 420 MB on it), and a conflict on its last line leaves the store as it was.
func TestImportFile_MillionLinesBoundedAllOrNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("a million lines: not in -short")
	}
	const lines = 1_000_000
	const maxHeap = 64 << 20
	s := openTemp(t)
	var last [8]byte
	binary.BigEndian.PutUint64(last[:], lines)
	if err := s.Add("cram", string(last[:]), engine.Fact{}.WithNimber(1)); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "big.jsonl")
	writeLines(t, path, lines, 3) // the last line: nimber 3, the store's 1

	var err error
	peak := peakHeap(func() {
		f, ferr := os.Open(path)
		if ferr != nil {
			t.Fatal(ferr)
		}
		defer f.Close()
		_, err = ImportFile(s, f, "big.jsonl", nil)
	})
	want := fmt.Sprintf("big.jsonl:%d: conflicting facts: cram key %q (base64): nimber 3 in the file, nimber 1 in the store", lines, base64.StdEncoding.EncodeToString(last[:]))
	if !errors.Is(err, ErrConflict) || !strings.Contains(err.Error(), want) {
		t.Fatalf("ImportFile = %v, want %s", err, want)
	}
	stats, serr := s.Stats()
	if serr != nil {
		t.Fatal(serr)
	}
	if len(stats.Games) != 1 || stats.Games[0].Entries != 1 {
		t.Errorf("after a failed import the store holds %+v, want the one fact it had", stats.Games)
	}
	t.Logf("%d lines, conflict at the last: peak heap %.1f MB above the start", lines, float64(peak)/(1<<20))
	if peak > maxHeap {
		t.Errorf("peak heap %.1f MB above the start, want at most %d MB", float64(peak)/(1<<20), maxHeap>>20)
	}

	// A file without a conflict (a tenth of the size, for the test's time) adds every line.
	const fewer = lines / 10
	writeLines(t, path, fewer, 0)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rep ImportReport
	peak = peakHeap(func() { rep, err = ImportFile(s, f, "big.jsonl", nil) })
	if err != nil || rep.Read != fewer || rep.Claimed != fewer {
		t.Fatalf("ImportFile = %+v, %v; want %d read and claimed", rep, err, fewer)
	}
	if stats, _ = s.Stats(); stats.Games[0].Entries != 1 || stats.Games[0].Claims != fewer {
		t.Errorf("the store holds %d facts and %d claims, want 1 and %d", stats.Games[0].Entries, stats.Games[0].Claims, fewer)
	}
	t.Logf("%d lines added: peak heap %.1f MB above the start", fewer, float64(peak)/(1<<20))
	if peak > maxHeap {
		t.Errorf("peak heap %.1f MB above the start, want at most %d MB", float64(peak)/(1<<20), maxHeap>>20)
	}
}

// Two lines of one file that disagree are an error naming both lines, and nothing is added.
func TestImportFile_LinesDisagree(t *testing.T) {
	s := openTemp(t)
	file := "[Positions+Nimber]\n0*2 0\n1a1a 2\n1a1a 3\n"
	_, err := ImportFile(s, strings.NewReader(file), "two.spr", lookupGame(t, "sprouts"))
	want := `two.spr:4: position "1a1a": nimber 3 here, nimber 2 at line 3`
	if err == nil || err.Error() != want {
		t.Fatalf("ImportFile = %v, want %s", err, want)
	}
	if stats, _ := s.Stats(); len(stats.Games) != 0 {
		t.Errorf("a failed import added %+v", stats.Games)
	}
}

// An import killed before its end leaves its staging directory in the store's: the next Open
// removes it, and the store is as it was.
func TestOpen_RemovesStaleStage(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	stale := filepath.Join(dir, stagePrefix+"123")
	if err := os.MkdirAll(filepath.Join(stale, "stage"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(stale, "import.sst"), []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the stale stage %s is still there (%v)", stale, err)
	}
}
