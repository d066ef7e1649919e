package workbench

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
)

// TestSequenceView_KaylesPeriod opens the sequence view of Kayles from the editor's game:
// it shows the values and the period 12 from 71.
func TestSequenceView_KaylesPeriod(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "kayles", "5")
	v := w.ShowSequence()
	if v == nil {
		t.Fatalf("ShowSequence on kayles: no view; status %q", w.Status())
	}
	q.runUntil(t, 10*time.Second, func() bool { return isClosed(v.Done()) && v.compute.Disabled() == false })
	if s := v.Summary(); !strings.Contains(s, "period 12 from n = 71 (proven)") {
		t.Errorf("kayles sequence summary %q, want the period 12 from 71", s)
	}
	if got := v.values.Text; !strings.HasPrefix(got, "     0+   0   1   2   3   1   4   3   2   1   4   2   6\n") {
		t.Errorf("kayles values start %q", got[:min(len(got), 80)])
	}
}

// TestSequenceView_GrundyRare: Grundy's game shows its rare values; a bad size is said.
func TestSequenceView_GrundyRare(t *testing.T) {
	w, _, q := newTestWorkbench(t)
	setPosition(t, w, "grundys-game", "9")
	v := w.ShowSequence()
	v.Compute("12000")
	q.runUntil(t, 20*time.Second, func() bool { return isClosed(v.Done()) && !v.compute.Disabled() })
	if s := v.Summary(); !strings.Contains(s, "rare values (mask") || !strings.Contains(s, "no period found") {
		t.Errorf("grundys-game to 12000: summary %q, want the rare values and no period", s)
	}
	v.Compute("lots")
	if s := v.Summary(); !strings.Contains(s, "want a number") {
		t.Errorf("heaps to \"lots\": summary %q, want a number asked for", s)
	}
}

// TestSequenceView_NotAHeapGame: Cram has no sequence; the status line says so.
func TestSequenceView_NotAHeapGame(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	setPosition(t, w, "cram", "2x3")
	if v := w.ShowSequence(); v != nil || !strings.Contains(w.Status(), "not a heap game") {
		t.Errorf("ShowSequence on cram: view %v, status %q; want none and a reason", v, w.Status())
	}
}

// Esc closes the sequence window, which stops its computation.
func TestSequenceView_EscCloses(t *testing.T) {
	w, _, _ := newTestWorkbench(t)
	setPosition(t, w, "kayles", "3 4")
	v := w.ShowSequence()
	if v == nil || v.win == nil {
		t.Fatalf("no sequence window; status %q", w.Status())
	}
	closed := false
	v.win.SetOnClosed(func() { closed = true; v.Stop() })
	v.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if !closed {
		t.Error("Esc left the sequence window open")
	}
}
