package editor

import "testing"

func TestHistory(t *testing.T) {
	var h History
	if h.CanUndo() || h.CanRedo() {
		t.Fatal("an empty history can undo or redo")
	}
	a, b, c := State{"cram", "3x3"}, State{"cram", "#../.../..."}, State{"nim", "3"}
	h.Record(a)
	h.Record(a)
	h.Record(b)
	if s, ok := h.Undo(); !ok || s != a {
		t.Fatalf("Undo() = %v, %v, want %v", s, ok, a)
	}
	if h.CanUndo() {
		t.Fatal("CanUndo() at the first state")
	}
	h.Record(c) // drops b
	if h.CanRedo() {
		t.Fatal("CanRedo() after a new record")
	}
	if s, _ := h.Current(); s != c {
		t.Fatalf("Current() = %v, want %v", s, c)
	}
	h.Undo()
	if s, ok := h.Redo(); !ok || s != c {
		t.Fatalf("Redo() = %v, %v, want %v", s, ok, c)
	}
}

func TestHistory_Bounded(t *testing.T) {
	var h History
	for i := range maxHistory + 50 {
		h.Record(State{"nim", itoa(i)})
	}
	n := 0
	for h.CanUndo() {
		h.Undo()
		n++
	}
	if n != maxHistory-1 {
		t.Fatalf("%d undos, want %d", n, maxHistory-1)
	}
	if s, _ := h.Current(); s.Notation != itoa(50) {
		t.Fatalf("oldest state %q, want %q", s.Notation, itoa(50))
	}
}
