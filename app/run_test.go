package app

import (
	"io"
	"os"
	"strings"
	"testing"
)

func TestRun_NoDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := os.Stderr
	os.Stderr = w
	code := Run()
	os.Stderr = stderr
	w.Close()
	msg, _ := io.ReadAll(r)
	if code == 0 || strings.TrimSpace(string(msg)) != NoDisplay {
		t.Fatalf("Run() with no display = %d, %q; want non-zero, %q", code, msg, NoDisplay)
	}
}
