package store

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cockroachdb/pebble/v2"

	"grundy/engine"
)

// filled returns the directory of a closed store holding n facts of cram, written to a
// table (an .sst file) when toTable, else only in the write-ahead log.
func filled(t *testing.T, n int, toTable bool) string {
	t.Helper()
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	facts := s.Facts("cram")
	for i := range n {
		facts.Put(strings.Repeat("k", i%50)+strconv.Itoa(i), nimber(i%7))
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if toTable {
		if err := s.db.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return dir
}

// files returns the files of dir whose names match pattern.
func files(t *testing.T, dir, pattern string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil || len(m) == 0 {
		t.Fatalf("no %s in %s: %v", pattern, dir, err)
	}
	return m
}

// wantError checks err names the store's directory and says what is wrong.
func wantError(t *testing.T, what string, err error, dir string, words ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error", what)
	}
	msg := err.Error()
	if !strings.Contains(msg, dir) || strings.Count(msg, "\n") > 0 {
		t.Errorf("%s: %q does not name %s in one line", what, msg, dir)
	}
	for _, w := range words {
		if !strings.Contains(msg, w) {
			t.Errorf("%s: %q does not say %q", what, msg, w)
		}
	}
}

func TestOpen_TruncatedManifest(t *testing.T) {
	dir := filled(t, 100, true)
	for _, m := range files(t, dir, "MANIFEST-*") {
		if err := os.Truncate(m, 10); err != nil {
			t.Fatal(err)
		}
	}
	_, err := Open(dir)
	wantError(t, "a truncated MANIFEST", err, dir, "corrupt")
}

func TestOpen_MissingTable(t *testing.T) {
	dir := filled(t, 100, true)
	for _, f := range files(t, dir, "*.sst") {
		os.Remove(f)
	}
	s, err := Open(dir)
	if err == nil {
		err = s.Each("", func(string, string, engine.Fact) error { return nil })
		s.Close()
	}
	wantError(t, "a missing table", err, dir)
}

func TestStore_GarbledTable(t *testing.T) {
	dir := filled(t, 3000, true)
	for _, f := range files(t, dir, "*.sst") {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i := 20; i < len(b)/2; i += 7 {
			b[i] ^= 0x5a
		}
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := Open(dir)
	if err != nil {
		wantError(t, "a garbled table at Open", err, dir, "corrupt")
		return
	}
	defer s.Close()
	err = s.Each("cram", func(string, string, engine.Fact) error { return nil })
	wantError(t, "reading a garbled table", err, dir, "corrupt")
	if f := s.Facts("cram"); f.Err() == nil {
		t.Errorf("Facts of a garbled table: no Err")
	} else {
		wantError(t, "Facts of a garbled table", f.Err(), dir, "corrupt")
	}
}

// A log cut short (a crash in the middle of a write) loses its torn end, nothing before it.
func TestOpen_TruncatedLogKeepsTheRest(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	if err := s.Add("cram", "kept", nimber(4)); err != nil {
		t.Fatal(err)
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	logs := files(t, dir, "*.log")
	sizes := map[string]int64{}
	for _, l := range logs {
		fi, _ := os.Stat(l)
		sizes[l] = fi.Size()
	}
	facts := s.Facts("cram")
	for i := range 500 {
		facts.Put(strings.Repeat("x", i), nimber(1))
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	for _, l := range files(t, dir, "*.log") {
		fi, _ := os.Stat(l)
		if cut := (sizes[l] + fi.Size()) / 2; cut < fi.Size() {
			os.Truncate(l, cut) // in the middle of the later writes
		}
	}
	s = open(t, dir)
	if f := mustGet(t, s, "cram", "kept"); !f.Equal(nimber(4)) {
		t.Errorf("kept = %s, want = 4", describe(f))
	}
	if err := s.Each("", func(string, string, engine.Fact) error { return nil }); err != nil {
		t.Errorf("Each after a torn log: %v", err)
	}
}

func TestOpen_NotAStore(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Open(dir)
	wantError(t, "a folder of other files", err, dir, "not a facts store", "notes.txt")
	if b, _ := os.ReadFile(filepath.Join(dir, "notes.txt")); string(b) != "mine" {
		t.Errorf("Open changed notes.txt")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("Open wrote into a folder that is not a store: %d entries", len(entries))
	}

	file := filepath.Join(dir, "notes.txt")
	_, err = Open(file)
	wantError(t, "a file", err, file)

	other := t.TempDir() // a pebble database of another program
	db, err := pebble.Open(other, &pebble.Options{})
	if err != nil {
		t.Fatal(err)
	}
	db.Set([]byte("theirs"), []byte("x"), pebble.Sync)
	db.Close()
	_, err = Open(other)
	wantError(t, "another program's database", err, other, "not a facts store")
}

// A value that is not a fact is an error naming the store and the key, for Get and Each;
// for a search (Facts.Get) a miss, counted.
func TestStore_GarbledValue(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	if err := s.db.Set(keyOf("cram", "bad"), []byte{9, 9}, pebble.Sync); err != nil {
		t.Fatal(err)
	}
	_, _, err := s.Get("cram", "bad")
	wantError(t, "Get of a garbled value", err, dir, "corrupt", "bad")
	err = s.Each("", func(string, string, engine.Fact) error { return nil })
	wantError(t, "Each over a garbled value", err, dir, "corrupt", "bad")
	facts := s.Facts("cram")
	if _, ok := facts.Get("bad"); ok || facts.Use().Failed != 1 {
		t.Errorf("Facts.Get of a garbled value: found %v, %d failed; want a miss, counted", ok, facts.Use().Failed)
	}
}

// A store whose marker or manifest is lost is refused, never opened empty over its facts;
// Repair brings the facts back, from its tables and its log, and keeps the old files aside.
func TestRepair(t *testing.T) {
	for _, lose := range []string{"marker.manifest.*", "MANIFEST-*"} {
		t.Run(lose, func(t *testing.T) {
			dir := filled(t, 3000, true)
			s := open(t, dir)
			if err := s.Add("cram", "in the log", nimber(5)); err != nil {
				t.Fatal(err)
			}
			s.Close()
			for _, f := range files(t, dir, lose) {
				os.Remove(f)
			}
			_, err := Open(dir)
			wantError(t, "a store without "+lose, err, dir, "grundy db repair")
			if !errors.Is(err, ErrDamaged) {
				t.Errorf("Open without %s: %v, want ErrDamaged", lose, err)
			}
			rep, err := Repair(dir)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Tables == 0 || rep.Logs == 0 || len(rep.Unreadable) > 0 {
				t.Errorf("Repair read %d tables, %d logs, not %v", rep.Tables, rep.Logs, rep.Unreadable)
			}
			if _, err := os.Stat(rep.Aside); err != nil {
				t.Errorf("old files not kept aside: %v", err)
			}
			s = open(t, dir)
			defer s.Close()
			if n := count(t, s); n != 3001 {
				t.Errorf("after Repair: %d facts, want 3001", n)
			}
			if f := mustGet(t, s, "cram", "in the log"); !f.Equal(nimber(5)) {
				t.Errorf("the log's fact after Repair: %s", describe(f))
			}
		})
	}
}

// A log damaged in its middle (a flipped byte, not the torn end of a crash) is refused,
// naming the log, rather than replayed up to the damage with the rest dropped.
func TestOpen_LogDamagedInItsMiddle(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	facts := s.Facts("cram")
	for i := range 40_000 {
		facts.Put(strings.Repeat("k", 20)+strconv.Itoa(i), nimber(i%5))
		if i%2000 == 0 {
			if err := s.Flush(); err != nil { // synced: the log's later chunks say so
				t.Fatal(err)
			}
		}
	}
	s.Close()
	logs := files(t, dir, "*.log")
	newest := logs[len(logs)-1]
	b, err := os.ReadFile(newest)
	if err != nil || len(b) < 200 {
		t.Fatalf("log %s: %d bytes, %v", newest, len(b), err)
	}
	b[100] ^= 0x40
	if err := os.WriteFile(newest, b, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Open(dir)
	wantError(t, "a log damaged in its middle", err, dir, filepath.Base(newest), "grundy db repair")
}

// Repair passes over the damaged blocks of a table, keeping the facts of the others.
func TestRepair_DamagedBlocks(t *testing.T) {
	const n = 20_000
	dir := filled(t, n, true)
	for _, l := range files(t, dir, "*.log") { // the facts only in the table
		os.Remove(l)
	}
	table := files(t, dir, "*.sst")[0]
	b, err := os.ReadFile(table)
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []int{len(b) / 10, len(b) / 3} {
		b[at] ^= 0x5a
	}
	if err := os.WriteFile(table, b, 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Repair(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Unreadable) != 1 || !strings.Contains(rep.Unreadable[0], "2 damaged blocks passed over") {
		t.Errorf("Repair: not read %q, want 2 damaged blocks passed over", rep.Unreadable)
	}
	s := open(t, dir)
	defer s.Close()
	if kept := count(t, s); kept < n*9/10 || kept >= n {
		t.Errorf("after Repair: %d facts of %d, want all but two blocks'", kept, n)
	}
}
