package job

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestPaceGC: a counted runner of a large budget raises GOGC while it lives and the last one
// closed gives the percent back; a shared runner (the window's, with no memory limit) and a
// small budget leave it alone.
func TestPaceGC(t *testing.T) {
	if _, set := os.LookupEnv("GOGC"); set {
		t.Skip("GOGC is set in the environment: the pacing is left to it")
	}
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	percent := func() int { p := debug.SetGCPercent(-1); debug.SetGCPercent(p); return p }

	shared, err := NewRunner("cram", Config{CacheMB: paceMinMB, Shared: true})
	if err != nil {
		t.Fatal(err)
	}
	small, err := NewRunner("cram", Config{CacheMB: paceMinMB - 1})
	if err != nil {
		t.Fatal(err)
	}
	defer small.Close()
	if got := percent(); got != 100 {
		t.Fatalf("with a shared runner and a small one, GOGC = %d, want 100", got)
	}
	a, err := NewRunner("cram", Config{CacheMB: paceMinMB})
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewRunner("cram", Config{CacheMB: paceMinMB})
	if err != nil {
		t.Fatal(err)
	}
	if got := percent(); got != paceGCPercent {
		t.Fatalf("with two counted runners, GOGC = %d, want %d", got, paceGCPercent)
	}
	a.Close()
	a.Close() // a second Close changes nothing
	if got := percent(); got != paceGCPercent {
		t.Fatalf("with one counted runner left, GOGC = %d, want %d", got, paceGCPercent)
	}
	b.Close()
	if got := percent(); got != 100 {
		t.Fatalf("with no counted runner, GOGC = %d, want 100 back", got)
	}
	shared.Close()
	if got := percent(); got != 100 {
		t.Fatalf("after the shared runner, GOGC = %d, want 100", got)
	}
}
