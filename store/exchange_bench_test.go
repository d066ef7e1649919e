//go:build unix

package store

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/cockroachdb/pebble/v2"

	"grundy/games"
)

// benchFacts is how many facts the import and export benchmarks move: a million nim heaps,
// whose positions cost next to nothing to parse and write, so that the store's part shows.
const benchFacts = 1_000_000

// BenchmarkImport measures ImportFile of a Glop file and of a jsonl file of benchFacts
// facts into an empty store: lines a second, and the peak of the heap in use above what it
// was before (peak-heap-MB), which must not grow with the file.
func BenchmarkImport(b *testing.B) {
	nim := benchGame(b)
	for _, format := range []string{FormatGlop, FormatJSONL} {
		b.Run(format, func(b *testing.B) {
			file := benchFile(b, format)
			for b.Loop() {
				b.StopTimer()
				s, err := Open(b.TempDir())
				if err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				var rep ImportReport
				cpu := cpuTime()
				peak := peakHeap(func() { rep, err = ImportFile(s, bytes.NewReader(file), "bench."+format, nim) })
				b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
				b.ReportMetric(cpu()/benchFacts*1e6, "cpu-µs/line")
				if err != nil {
					b.Fatal(err)
				}
				if rep.Claimed != benchFacts {
					b.Fatalf("%d facts claimed, want %d", rep.Claimed, benchFacts)
				}
				b.StopTimer()
				s.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(benchFacts)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
		})
	}
}

// BenchmarkExport measures the export of a store of benchFacts facts as a Glop file and as
// a jsonl file (written to io.Discard): lines a second, processor time a line, the peak of
// the heap in use and that of the memory resident (peak-rss-MB: the lines an export holds
// outside Go's heap too).
func BenchmarkExport(b *testing.B) {
	s := benchStore(b)
	for _, format := range []string{FormatGlop, FormatJSONL} {
		b.Run(format, func(b *testing.B) {
			for b.Loop() {
				var n int
				var err error
				cpu := cpuTime()
				var peak uint64
				rss := peakRSS(func() { peak = peakHeap(func() { n, err = exportBench(s, format, io.Discard) }) })
				b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
				b.ReportMetric(float64(rss)/(1<<20), "peak-rss-MB")
				b.ReportMetric(cpu()/benchFacts*1e6, "cpu-µs/line")
				if err != nil {
					b.Fatal(err)
				}
				if n != benchFacts {
					b.Fatalf("%d facts written, want %d", n, benchFacts)
				}
			}
			b.ReportMetric(float64(benchFacts)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
		})
	}
}

// BenchmarkExport_Iterate measures what an export cannot go below: reading every key and
// value of the store of BenchmarkExport with a pebble iterator, and nothing else.
func BenchmarkExport_Iterate(b *testing.B) {
	s := benchStore(b)
	for b.Loop() {
		n := 0
		cpu := cpuTime()
		it, err := s.db.NewIter(&pebble.IterOptions{LowerBound: []byte("nim\x00"), UpperBound: []byte("nim\x01")})
		if err != nil {
			b.Fatal(err)
		}
		for ok := it.First(); ok; ok = it.Next() {
			if _, err := it.ValueAndErr(); err != nil {
				b.Fatal(err)
			}
			n += len(it.Key())
		}
		if err := it.Close(); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(cpu()/benchFacts*1e6, "cpu-µs/line")
	}
	b.ReportMetric(float64(benchFacts)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
}

// exportBench exports the nim facts of s to w as format, as db export does.
func exportBench(s *Store, format string, w io.Writer) (int, error) {
	if format == FormatJSONL {
		return ExportJSONL(context.Background(), s, "nim", w)
	}
	n, _, err := ExportGlop(context.Background(), s, "nim", format, w)
	return n, err
}

func benchGame(b *testing.B) games.Game {
	g, err := games.Lookup("nim")
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// benchFile writes benchFacts facts of nim as format: heap n has nimber n.
func benchFile(b *testing.B, format string) []byte {
	var buf bytes.Buffer
	if format == FormatGlop {
		buf.WriteString(glopHeader + "\n")
	}
	for n := 1; n <= benchFacts; n++ {
		if format == FormatGlop {
			fmt.Fprintf(&buf, "%d %d\n", n, n)
		} else {
			fmt.Fprintf(&buf, `{"game":"nim","position":"%d","nimber":%d}`+"\n", n, n)
		}
	}
	return buf.Bytes()
}

// benchStore opens a store holding benchFacts facts of nim, proven.
func benchStore(b *testing.B) *Store {
	s := openFilled(b, "nim", benchFacts, func(i int) (string, int) { return strconv.Itoa(i + 1), i + 1 })
	// Compacted now, so that no compaction of the writes above runs during the export.
	if err := s.db.Compact(context.Background(), []byte{0}, []byte{0xff}, false); err != nil {
		b.Fatal(err)
	}
	return s
}

// cpuTime returns a function that returns the processor time the process spent since, in
// seconds (user and system, every thread).
func cpuTime() func() float64 {
	start := rusage()
	return func() float64 { return rusage() - start }
}

// peakRSS samples the memory resident (Linux's /proc/self/statm) every few milliseconds
// while fn runs, and returns the largest sample above what it was before; 0 where there is
// no /proc.
func peakRSS(fn func()) uint64 {
	return peakAbove(func() uint64 {
		b, err := os.ReadFile("/proc/self/statm")
		if err != nil {
			return 0
		}
		var size, resident uint64
		fmt.Sscan(string(b), &size, &resident)
		return resident * uint64(os.Getpagesize())
	}, fn)
}

func rusage() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}
