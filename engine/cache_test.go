package engine

import (
	"context"
	"math/rand/v2"
	"runtime"
	"strconv"
	"testing"
)

// TestRistretto_Usage: with ristretto's own metrics off, Usage counts each key once however
// often it is Put, and its bytes are the costs of what is kept and its tables.
func TestRistretto_Usage(t *testing.T) {
	r, err := NewRistretto(64)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	const keys = 1000
	var cost int64
	for i := range keys {
		k := "k" + strconv.Itoa(i)
		r.Put(k, Fact{}.Without(0))
		r.Wait() // one at a time: ristretto drops Sets when its buffer is full
		r.Put(k, Fact{}.Without(0).Without(1))
		r.Wait()
		cost += int64(entryOverhead + len(k) + Fact{}.size())
	}
	u := r.Usage()
	// The cache is far from full: ristretto's policy admits every key.
	tables := RistrettoCounters(64)*counterBytes + ristrettoFixed
	if want := (Usage{Entries: keys, Bytes: cost + tables, Tables: tables}); u != want {
		t.Fatalf("Usage() = %+v after %d keys Put twice each, want %+v", u, keys, want)
	}
	if f, ok := r.Get("k7"); !ok || !f.Excludes(1) {
		t.Fatalf("Get(k7) = %v, %v: want the second Put's fact", f, ok)
	}
}

// TestFront_WriteBack: a front made WriteBack gives the cache behind only the keys that left
// their slot, and knows every fact Put through it, in its slots or behind.
func TestFront_WriteBack(t *testing.T) {
	behind := NewMapCache()
	front := NewFront(behind, 3)
	front.WriteBack()
	const keys = 200
	key := func(i int) string { return "k" + strconv.Itoa(i) }
	for i := range keys {
		f, _ := front.Get(key(i))
		front.Put(key(i), f.Without(i%5))
		front.Get(key((i * 7) % keys)) // a probe that may take another key's slot
	}
	checkWrittenBack(t, front, behind, keys, key)
}

// checkWrittenBack checks what a write-back front of 8 slots knows after the facts "≠ i%5"
// of keys keys were Put through it: the cache behind got some keys, not all (those that
// left their slot), and the front knows every fact, in its slots or behind.
func checkWrittenBack(t *testing.T, front interface {
	Cache
	Usager
}, behind Usager, keys int, key func(int) string) {
	t.Helper()
	held := behind.Usage().Entries
	if held == 0 || held >= int64(keys) {
		t.Fatalf("the cache behind holds %d keys of %d: want those that left the front's 8 slots", held, keys)
	}
	if u := front.Usage(); u.Entries != int64(keys) {
		t.Fatalf("Usage().Entries = %d, want %d (behind and unsaved in the front)", u.Entries, keys)
	}
	for i := range keys {
		if f, ok := front.Get(key(i)); !ok || !f.Excludes(i%5) || f.Excluded() != 1 {
			t.Fatalf("Get(%q) = %q, %v: want ≠ %d", key(i), f.Describe(5), ok, i%5)
		}
	}
}

// TestFront_WriteBackAgainstBruteForce: a search through a small write-back front, whose
// slots are taken again and again, finds the oracle's nimbers.
func TestFront_WriteBackAgainstBruteForce(t *testing.T) {
	for seed := uint64(1); seed <= seeds(30); seed++ {
		r := rand.New(rand.NewPCG(seed, 9))
		g := randomGraph(r, 14, 3)
		g.sums = seed%2 == 0
		front := NewFront(NewMapCache(), 4)
		front.WriteBack()
		s := NewSolver(WithCache(front))
		for range 6 {
			p := randomPosition(r, g)
			want := bruteNimber(g, p.at)
			if got, err := s.Nimber(context.Background(), p); err != nil || got != want {
				t.Fatalf("seed %d: Nimber(%q) = %d, %v; want %d", seed, p, got, err, want)
			}
		}
	}
}

// TestFronts_KnowWhatTheyGaveBehindLast: a key asked again just after another key took its
// slot is known, though the cache behind has not applied its Put yet (ristretto applies a
// new key's Set in the background): the victims keep it. Without them the fact was lost for
// the search, which then worked again, more or less from run to run (one worker on sprouts
// 0*13: 18 985 to 39 909 nodes in some runs, 20 654 in most; cram 5x6: ten runs, ten counts).
func TestFronts_KnowWhatTheyGaveBehindLast(t *testing.T) {
	for _, shared := range []bool{false, true} {
		behind := &lagCache{applied: map[string]Fact{}}
		var front Cache
		var slot func(key string) (any, any) // the key's slot and its victims' slot
		if shared {
			c := NewSharedFront(behind, 10)
			c.WriteBack()
			front = c
			slot = func(key string) (any, any) { h, s, _, _, _ := c.probe(key); return s, c.victim(h) }
		} else {
			c := NewFront(behind, 10)
			c.WriteBack()
			front = c
			slot = func(key string) (any, any) { h, s, _, _ := c.probe(key); return s, c.victim(h) }
		}
		x, y := collidingKeys(t, slot)
		front.Put(x, Fact{}.Without(0))
		front.Put(y, Fact{}.Without(1)) // y takes x's slot: x goes behind, not applied yet
		if len(behind.pending) != 1 {
			t.Fatalf("shared %v: %d Puts behind, want x's", shared, len(behind.pending))
		}
		if f, ok := front.Get(x); !ok || !f.Excludes(0) {
			t.Fatalf("shared %v: Get(x) = %q, %v just after y took its slot: want ≠ 0", shared, f.Describe(2), ok)
		}
		behind.apply()
		if f, ok := behind.Get(x); !ok || !f.Excludes(0) {
			t.Fatalf("shared %v: behind, x is %q, %v: want ≠ 0", shared, f.Describe(2), ok)
		}
	}
}

// collidingKeys finds two keys of one slot whose victims differ.
func collidingKeys(t *testing.T, slot func(key string) (any, any)) (string, string) {
	t.Helper()
	x := "x"
	sx, vx := slot(x)
	for i := range 1 << 20 {
		y := "y" + strconv.Itoa(i)
		if sy, vy := slot(y); sy == sx && vy != vx {
			return x, y
		}
	}
	t.Fatal("no key shares x's slot")
	return "", ""
}

// A lagCache applies its Puts only when told (apply), as ristretto applies a new key's Set
// in the background.
type lagCache struct {
	applied map[string]Fact
	pending [][2]any
}

func (c *lagCache) Get(key string) (Fact, bool) { f, ok := c.applied[key]; return f, ok }
func (c *lagCache) Put(key string, f Fact)      { c.pending = append(c.pending, [2]any{key, f}) }

func (c *lagCache) apply() {
	for _, p := range c.pending {
		c.applied[p[0].(string)] = p[1].(Fact)
	}
	c.pending = nil
}

// TestCacheUsage_Measured: what the runner's cache (a write-back front before ristretto)
// reports of itself agrees with the memory it takes, measured by the runtime, empty and
// churned full, and its entries are the keys it can give back. It reported an empty cache's
// counters as nothing at all (0.8 MB of 1.6 at 8 MB; 25 MB of 41 at 256), so that a window
// read "45.3 MB in 1 entry" with no word of what held the 45 MB. The entries' bytes are
// what they cost the budget: churned full, they take 80 to 90 % of it.
func TestCacheUsage_Measured(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's memory is not the cache's")
	}
	heap := func() int64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.GC() // and what sync.Pools kept past one collection
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	const mb = 8
	before := heap()
	rc, err := NewRistretto(mb / 2)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	front := NewFront(rc, FrontBits(mb<<20/8))
	front.WriteBack()
	near := func(what string, reported, measured int64, slack float64) {
		t.Helper()
		t.Logf("%s: %d bytes reported, %d measured", what, reported, measured)
		if d := float64(reported - measured); d > slack*float64(measured) || -d > slack*float64(measured) {
			t.Errorf("%s: %d bytes reported, %d measured: more than %.0f %% apart", what, reported, measured, 100*slack)
		}
	}
	u := front.Usage()
	near("empty", u.Bytes, heap()-before, 0.1)
	if u.Entries != 0 || u.Tables != u.Bytes {
		t.Errorf("empty: Usage() = %+v: want no entry, every byte in its tables", u)
	}
	const keys = 100_000 // about 4 times what it holds
	key := func(i int) string { return "cram:" + strconv.Itoa(i*7919) }
	for i := range keys {
		front.Put(key(i), Fact{}.Without(i%5))
	}
	rc.Wait()
	u = front.Usage()
	near("full", u.Bytes, heap()-before, 0.25)
	held := int64(0)
	for i := range keys {
		if _, ok := rc.Get(key(i)); ok {
			held++
		}
	}
	if want := held + front.unsaved; u.Entries != want {
		t.Errorf("Usage().Entries = %d, want %d: %d in ristretto, %d in the front alone", u.Entries, want, held, front.unsaved)
	}
	runtime.KeepAlive(front)
}
