package store

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// endsAfter is a context that ends at its n-th look (Err), as a Ctrl-C in the middle of
// whatever reads it.
type endsAfter struct {
	context.Context
	looks atomic.Int64
	n     int64
}

func (c *endsAfter) Err() error {
	if c.looks.Add(1) >= c.n {
		return context.Canceled
	}
	return nil
}

func (c *endsAfter) Done() <-chan struct{} { return nil }

// A merge stopped in its middle leaves the store as it was, facts, claims and all; the
// same merge not stopped adds everything.
func TestMerge_StoppedIsAllOrNothing(t *testing.T) {
	const n = 20_000
	src := open(t, t.TempDir())
	facts := src.Facts("cram")
	for i := range n {
		facts.Put("k"+strconv.Itoa(i), nimber(i%9))
	}
	if _, err := src.addClaim("cram", "claimed", Claim{Fact: nimber(3), Origin: Origin{Source: FromImport, Name: "f.spr"}, Line: 2}); err != nil {
		t.Fatal(err)
	}
	if err := src.Flush(); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	s := open(t, dir)
	defer s.Close()
	if err := s.Add("cram", "k1", nimber(1)); err != nil {
		t.Fatal(err)
	}
	for _, looks := range []int64{1, 5, 20} { // at the first look, in the middle, before the ingestion
		ctx := &endsAfter{Context: context.Background(), n: looks}
		rep, err := s.MergeContext(ctx, src)
		if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "nothing merged") {
			t.Fatalf("stopped at look %d: %v, want canceled, nothing merged", looks, err)
		}
		if got := count(t, s); got != 1 {
			t.Errorf("stopped at look %d after %d facts read: the store holds %d facts, want its 1", looks, rep.Read, got)
		}
		if _, had, _ := s.Claim("cram", "claimed"); had {
			t.Errorf("stopped at look %d: the claim was merged", looks)
		}
	}
	if stages, _ := filepath.Glob(filepath.Join(dir, stagePrefix+"*")); len(stages) > 0 {
		t.Errorf("stopped merges left %s", stages)
	}
	rep, err := s.MergeContext(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Read != n || rep.Added != n-1 || rep.Claims != 1 || len(rep.Conflicts) != 0 {
		t.Errorf("merge: %+v, want %d read, %d added, 1 claim", rep, n, n-1)
	}
	if got := count(t, s); got != n {
		t.Errorf("after the merge: %d facts, want %d", got, n)
	}
	if o, _, _ := s.Origin("cram", "k7"); o.Source != FromMerge {
		t.Errorf("origin of a merged fact: %v", o)
	}
	if f, ok, _ := s.Get("cram", "k10"); !ok || !f.Equal(nimber(1)) {
		t.Errorf("k10 after the merge: %s", describe(f))
	}
}

// A search's Facts open on the store find what a merge added.
func TestMerge_FactsOpenSeeIt(t *testing.T) {
	src := open(t, t.TempDir())
	if err := src.Add("cram", "7", nimber(7)); err != nil {
		t.Fatal(err)
	}
	s := open(t, t.TempDir())
	defer s.Close()
	facts := s.Facts("cram")
	if _, ok := facts.Get("7"); ok {
		t.Fatal("found before the merge")
	}
	if _, err := s.Merge(src); err != nil {
		t.Fatal(err)
	}
	if f, ok := facts.Get("7"); !ok || !f.Equal(nimber(7)) {
		t.Errorf("after the merge, Facts.Get = %s, %v", describe(f), ok)
	}
}
