package app

import (
	"io"
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"grundy/app/workbench"
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

func TestWindowSize(t *testing.T) {
	for _, c := range []struct {
		env  string
		last fyne.Size
		want fyne.Size
	}{
		{"", fyne.Size{}, fyne.NewSize(1280, 820)},
		{"", fyne.NewSize(1000, 700), fyne.NewSize(1000, 700)}, // the last size reopens
		{"900x640", fyne.NewSize(1000, 700), fyne.NewSize(900, 640)},
		{"", fyne.NewSize(300, 200), workbench.MinSize},
	} {
		if got := windowSize(c.env, c.last); got != c.want {
			t.Errorf("windowSize(%q, %v) = %v, want %v", c.env, c.last, got, c.want)
		}
	}
}
