package store

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"grundy/engine"
)

// walStore returns a closed store whose older facts ("old…") are in a table and whose
// newest write-ahead log holds n more ("new…"), synced, and that log's path.
func walStore(t *testing.T, n int) (dir, newest string) {
	t.Helper()
	dir = t.TempDir()
	s := open(t, dir)
	facts := s.Facts("cram")
	for i := range 1000 {
		facts.Put("old"+strconv.Itoa(i), nimber(i%5))
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	before := s.wal.num()
	s.writer.rollAfter(0) // as the writer does every FlushEvery
	waitFor(t, func() bool { return s.wal.num() > before })
	for i := range n {
		facts.Put("new"+strconv.Itoa(i), nimber(i%3))
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	logs := files(t, dir, "*.log")
	return dir, logs[len(logs)-1]
}

// waitFor waits up to 10 s for cond.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("timed out")
		}
	}
}

// Damage to the newest write-ahead log loses only its facts, the last seconds', and Open
// says so in one line: the log, and about how many facts.
func TestOpen_NewestLogLossIsSaid(t *testing.T) {
	const n = 3000
	damages := map[string]func(t *testing.T, log string){
		"flipped byte": func(t *testing.T, log string) {
			b, err := os.ReadFile(log)
			if err != nil {
				t.Fatal(err)
			}
			b[len(b)/2] ^= 0x40
			if err := os.WriteFile(log, b, 0o644); err != nil {
				t.Fatal(err)
			}
		},
		"truncated": func(t *testing.T, log string) {
			fi, err := os.Stat(log)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(log, fi.Size()/2); err != nil {
				t.Fatal(err)
			}
		},
		"deleted": func(t *testing.T, log string) {
			if err := os.Remove(log); err != nil {
				t.Fatal(err)
			}
		},
	}
	for name, damage := range damages {
		t.Run(name, func(t *testing.T) {
			dir, newest := walStore(t, n)
			damage(t, newest)
			s := open(t, dir)
			defer s.Close()
			msg := s.WALLoss()
			base := newest[strings.LastIndexByte(newest, '/')+1:]
			if !strings.Contains(msg, base) || !strings.Contains(msg, "facts") || strings.Contains(msg, "\n") {
				t.Fatalf("WALLoss = %q, want one line naming %s and the facts lost", msg, base)
			}
			old, kept := 0, 0
			err := s.Each("cram", func(_, key string, _ engine.Fact) error {
				if strings.HasPrefix(key, "old") {
					old++
				} else {
					kept++
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if old != 1000 || kept >= n {
				t.Errorf("after the damage: %d old facts of 1000, %d new of %d; want every old one, some new lost", old, kept, n)
			}
			if lost := lostOf(msg); lost < int64(n-kept)*9/10 || lost > int64(n-kept)*11/10+2 {
				t.Errorf("WALLoss says %d lost, %d were (%q)", lost, n-kept, msg)
			}
		})
	}
}

// lostOf is the number of facts a WALLoss message says were lost.
func lostOf(msg string) int64 {
	_, after, _ := strings.Cut(msg, "about ")
	num, _, _ := strings.Cut(after, " facts")
	n, _ := strconv.ParseInt(strings.ReplaceAll(strings.ReplaceAll(num, " ", ""), ",", ""), 10, 64)
	return n
}

// A store closed cleanly, and one whose log was flushed to a table, open with nothing said.
func TestOpen_NoLossSaidWhenNone(t *testing.T) {
	dir, _ := walStore(t, 100)
	s := open(t, dir)
	if msg := s.WALLoss(); msg != "" {
		t.Errorf("a clean store: WALLoss = %q", msg)
	}
	s.Close()
	s = open(t, dir) // the log of the last Open, empty, is the newest
	defer s.Close()
	if msg := s.WALLoss(); msg != "" {
		t.Errorf("reopened: WALLoss = %q", msg)
	}
	if n := count(t, s); n != 1100 {
		t.Errorf("%d facts, want 1100", n)
	}
}
