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

func TestStore_EachStatsClear(t *testing.T) {
	s := open(t, t.TempDir())
	for _, a := range []struct {
		game, key string
		f         engine.Fact
	}{{"cram", "b", nimber(1)}, {"cram", "a", without(0)}, {"octal:0.137", "7", nimber(2)}, {"nim", "3", nimber(3)}} {
		if err := s.Add(a.game, a.key, a.f); err != nil {
			t.Fatal(err)
		}
	}
	var seen []string
	err := s.Each("", func(game, key string, f engine.Fact) error {
		seen = append(seen, game+" "+key+" "+describe(f))
		return nil
	})
	want := "[cram a ≠ 0 cram b = 1 nim 3 = 3 octal:0.137 7 = 2]"
	if got := strings.Join(seen, " "); err != nil || "["+got+"]" != want {
		t.Errorf("Each = [%s], %v; want %s", got, err, want)
	}
	st, err := s.Stats()
	if err != nil || len(st.Games) != 3 || st.Games[0].Game != "cram" || st.Games[0].Entries != 2 || st.Games[0].From[FromSearch] != 2 || st.DiskBytes <= 0 {
		t.Errorf("Stats = %+v, %v; want cram 2, nim 1, octal:0.137 1 and some bytes", st, err)
	}
	if err := s.Clear("cram"); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.Get("cram", "b"); ok {
		t.Errorf("cram b is still there after Clear(cram)")
	}
	if _, ok, _ := s.Get("nim", "3"); !ok {
		t.Errorf("Clear(cram) removed nim 3")
	}
	if err := s.Clear(""); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.Stats(); len(st.Games) != 0 {
		t.Errorf("Stats after Clear(\"\") = %+v, want no game", st)
	}
	if err := s.Add("nim", "3", nimber(3)); err != nil {
		t.Errorf("the store after Clear(\"\"): %v", err) // its format key stays
	}
}

// Merge adds what the other store knows, grows what both know, and reports a conflict with
// both values, keeping its own.
func TestStore_Merge(t *testing.T) {
	dst, src := open(t, t.TempDir()), open(t, t.TempDir())
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(dst.Add("cram", "same", nimber(1)))
	must(dst.Add("cram", "grows", without(0)))
	must(dst.Add("cram", "clash", nimber(2)))
	must(src.Add("cram", "same", nimber(1)))
	must(src.Add("cram", "grows", without(1)))
	must(src.Add("cram", "clash", nimber(3)))
	must(src.Add("nim", "new", nimber(5)))
	r, err := dst.Merge(src)
	if err != nil {
		t.Fatal(err)
	}
	if r.Read != 4 || r.Added != 1 || r.Grown != 1 || len(r.Conflicts) != 1 {
		t.Fatalf("Merge = %+v; want 4 read, 1 added, 1 grown, 1 conflict", r)
	}
	if c := r.Conflicts[0]; c.Key != "clash" || !c.Have.Equal(nimber(2)) || !c.Got.Equal(nimber(3)) {
		t.Errorf("conflict %v, want clash: stored = 2, new = 3", &c)
	}
	for key, want := range map[string]engine.Fact{"same": nimber(1), "grows": without(0, 1), "clash": nimber(2)} {
		if f := mustGet(t, dst, "cram", key); !f.Equal(want) {
			t.Errorf("cram %s = %s after Merge, want %s", key, describe(f), describe(want))
		}
	}
	if f := mustGet(t, dst, "nim", "new"); !f.Equal(nimber(5)) {
		t.Errorf("nim new = %s, want = 5", describe(f))
	}
}
