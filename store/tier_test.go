package store

import (
	"fmt"
	"testing"

	"grundy/engine"
)

// A Tier's MayHold is asked by the front before it, of keys the front never Put. While the
// store holds only what was Put through that one tier, the answer is no, without a filter;
// as soon as the store may hold a key from elsewhere (on disk at the start, added, Put through
// another tier), the filter answers.
func TestTier_MayHoldOnlyKeysFromElsewhere(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	facts := s.Facts("cram")
	tier := Through(engine.NewMapCache(), facts)
	tier.Put("a", nimber(1))
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if !facts.MayHold("a") {
		t.Fatalf("the filter lacks a, written")
	}
	if tier.MayHold("a") {
		t.Errorf("tier.MayHold(a) = true: only this tier wrote to a cold store")
	}
	if err := s.Add("cram", "b", nimber(2)); err != nil {
		t.Fatal(err)
	}
	if !tier.MayHold("b") || !tier.MayHold("a") {
		t.Errorf("after Add: MayHold(b) = %v, MayHold(a) = %v, want both true", tier.MayHold("b"), tier.MayHold("a"))
	}

	other := s.Facts("nim")
	first := Through(engine.NewMapCache(), other)
	first.Put("x", nimber(3))
	second := Through(engine.NewMapCache(), other)
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if !second.MayHold("x") || !first.MayHold("x") {
		t.Errorf("two tiers: MayHold(x) = %v, %v, want true for both", first.MayHold("x"), second.MayHold("x"))
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s = open(t, dir)
	tier = Through(engine.NewMapCache(), s.Facts("cram"))
	if !tier.MayHold("a") {
		t.Errorf("reopened: MayHold(a) = false for a key on disk")
	}
	if f, ok := tier.Get("a"); !ok || !f.Equal(nimber(1)) {
		t.Errorf("reopened: Get(a) = %s, %v, want = 1", describe(f), ok)
	}
}

// A second runner on the same store in one process (the window's next search) reads what the
// first wrote: its front never saw those keys, and must be told the store may hold them.
func TestTier_SecondTierReadsTheFirstsFacts(t *testing.T) {
	s := open(t, t.TempDir())
	facts := s.Facts("cram")
	first := engine.NewFront(Through(engine.NewMapCache(), facts), 10)
	first.Put("a", nimber(1))
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	second := engine.NewFront(Through(engine.NewMapCache(), facts), 10)
	if f, ok := second.Get("a"); !ok || !f.Equal(nimber(1)) {
		t.Errorf("second front Get(a) = %s, %v, want = 1 from the store", describe(f), ok)
	}
}

// countingCache counts the Puts that reach a cache.
type countingCache struct {
	engine.Cache
	puts int
}

func (c *countingCache) Put(key string, f engine.Fact) {
	c.puts++
	c.Cache.Put(key, f)
}

// A WriteBack front before a Tier journals every Put to the store at once, and gives the
// cache near only the facts it evicts: the store holds every fact the search proved, as
// behind a write-through front, and ristretto is spared the Sets of facts the front keeps.
func TestTier_WriteBackFrontJournalsEveryPut(t *testing.T) {
	for _, team := range []bool{false, true} {
		s := open(t, t.TempDir())
		near := &countingCache{Cache: engine.NewMapCache()}
		tier := Through(near, s.Facts("cram"))
		var front interface {
			engine.Cache
			WriteBack()
		} = engine.NewFront(tier, 10)
		if team {
			front = engine.NewSharedFront(tier, 10)
		}
		front.WriteBack()
		const keys, puts = 4000, 10000
		for i := range puts {
			k := i * 7919 % keys
			front.Put(fmt.Sprintf("k%d", k), without(i/keys))
		}
		if err := s.Flush(); err != nil {
			t.Fatal(err)
		}
		stats, err := s.Stats()
		if err != nil {
			t.Fatal(err)
		}
		if stats.Games[0].Entries != keys || tier.StorePuts() != puts {
			t.Errorf("team %v: %d facts stored from %d Puts, want %d from %d", team, stats.Games[0].Entries, tier.StorePuts(), keys, puts)
		}
		last := fmt.Sprintf("k%d", (puts-1)*7919%keys)
		if f := mustGet(t, s, "cram", last); !f.Equal(without(0, 1, 2)) {
			t.Errorf("team %v: %s = %s, want its three Puts merged", team, last, describe(f))
		}
		if near.puts == 0 || near.puts >= puts {
			t.Errorf("team %v: the cache near got %d of %d Puts, want the evicted ones only", team, near.puts, puts)
		}
	}
}

// A Put made straight to the Facts, not through a Tier, is from elsewhere: a tier's front
// never saw it, so MayHold must ask the filter.
func TestTier_MayHoldAfterAPutNotThroughIt(t *testing.T) {
	s := open(t, t.TempDir())
	facts := s.Facts("cram")
	tier := Through(engine.NewMapCache(), facts)
	facts.Put("a", nimber(1))
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if !tier.MayHold("a") {
		t.Errorf("MayHold(a) = false for a key Put straight to the Facts")
	}
}
