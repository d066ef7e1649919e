package store

import (
	"errors"
	"strings"
	"testing"

	"grundy/engine"
)

func nimber(n int) engine.Fact { return engine.Fact{}.WithNimber(n) }

func without(ns ...int) engine.Fact {
	var f engine.Fact
	for _, n := range ns {
		f = f.Without(n)
	}
	return f
}

func open(t *testing.T, dir string) *Store {
	t.Helper()
	s, err := Open(dir)
	if err != nil {
		t.Fatalf("Open(%s): %v", dir, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func mustGet(t *testing.T, s *Store, game, key string) engine.Fact {
	t.Helper()
	f, ok, err := s.Get(game, key)
	if err != nil || !ok {
		t.Fatalf("Get(%s, %q) = %v, %v, %v; want a fact", game, key, f, ok, err)
	}
	return f
}

func TestStore_PutsSurviveReopen(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	facts := s.Facts("cram")
	facts.Put("a", without(0))
	facts.Put("a", without(0, 1))
	facts.Put("b", nimber(3))
	facts.Put("a", nimber(2))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, dir)
	if f := mustGet(t, s, "cram", "a"); !f.Equal(nimber(2)) {
		t.Errorf("a = %s, want = 2", describe(f))
	}
	if f := mustGet(t, s, "cram", "b"); !f.Equal(nimber(3)) {
		t.Errorf("b = %s, want = 3", describe(f))
	}
	if _, ok, _ := s.Get("kayles", "a"); ok {
		t.Errorf("kayles a found: games are apart")
	}
	facts = s.Facts("cram")
	if f, ok := facts.Get("b"); !ok || !f.Equal(nimber(3)) {
		t.Errorf("Facts.Get(b) = %s, %v after reopening, want = 3", describe(f), ok)
	}
	if !facts.MayHold("a") || facts.MayHold("zz") && facts.MayHold("zy") && facts.MayHold("zx") {
		t.Errorf("the filter holds a: %v, and not every z key", facts.MayHold("a"))
	}
	if u := facts.Use(); u.Hits != 1 || u.Reads < 1 {
		t.Errorf("Use = %+v, want 1 hit", u)
	}
}

func TestStore_AddGrowsAndRefusesConflicts(t *testing.T) {
	s := open(t, t.TempDir())
	steps := []struct {
		f        engine.Fact
		conflict bool
		want     engine.Fact
	}{
		{without(0), false, without(0)},
		{without(2), false, without(0, 2)},
		{nimber(2), true, without(0, 2)},
		{nimber(1), false, nimber(1)},
		{without(3), false, nimber(1)},
		{nimber(4), true, nimber(1)},
		{without(1), true, nimber(1)},
	}
	for i, st := range steps {
		err := s.Add("nim", "k", st.f)
		if got := errors.Is(err, ErrConflict); got != st.conflict {
			t.Fatalf("step %d: Add(%s) = %v, want a conflict: %v", i, describe(st.f), err, st.conflict)
		}
		if ce := (*ConflictError)(nil); st.conflict && (!errors.As(err, &ce) || ce.Game != "nim" || ce.Key != "k" || !ce.Got.Equal(st.f)) {
			t.Errorf("step %d: %v is not the ConflictError of nim k, new %s", i, err, describe(st.f))
		}
		if f := mustGet(t, s, "nim", "k"); !f.Equal(st.want) {
			t.Errorf("step %d: stored %s, want %s", i, describe(f), describe(st.want))
		}
	}
}

func TestStore_SearchConflictKeepsStored(t *testing.T) {
	s := open(t, t.TempDir())
	if err := s.Add("nim", "k", nimber(1)); err != nil {
		t.Fatal(err)
	}
	s.Facts("nim").Put("k", nimber(2))
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if f := mustGet(t, s, "nim", "k"); !f.Equal(nimber(1)) {
		t.Errorf("stored %s, want the first = 1", describe(f))
	}
	if s.Conflicts() < 1 {
		t.Errorf("Conflicts = %d, want it counted", s.Conflicts())
	}
}

func TestOpen_InUse(t *testing.T) {
	dir := t.TempDir()
	open(t, dir)
	_, err := Open(dir)
	if err == nil || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "in use") {
		t.Errorf("a second Open = %v, want in use, naming %s", err, dir)
	}
}
