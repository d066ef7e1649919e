package engine

import (
	"sync"

	"github.com/dgraph-io/ristretto/v2"
)

// A Cache remembers Facts by position key. It may forget anything at any time: the search
// never depends on a hit for its answer, only for its speed.
type Cache interface {
	Get(key string) (Fact, bool)
	Put(key string, f Fact)
}

// A Usager reports what a cache holds; the solver panel and `solve --json` show it.
type Usager interface {
	Usage() Usage
}

// Usage is what a cache holds and has done.
type Usage struct {
	Entries  int64 // kept now
	Bytes    int64 // estimated memory of the kept entries
	Rejected int64 // Puts that were dropped or refused
	Evicted  int64
}

// NoCache keeps nothing. Tests run the engine with it to show no answer depends on a hit.
type NoCache struct{}

func (NoCache) Get(string) (Fact, bool) { return Fact{}, false }
func (NoCache) Put(string, Fact)        {}

// MapCache keeps everything in a map, with no bound: for tests and small searches.
type MapCache struct {
	mu sync.Mutex
	m  map[string]Fact
}

// NewMapCache returns an empty MapCache.
func NewMapCache() *MapCache { return &MapCache{m: make(map[string]Fact)} }

func (c *MapCache) Get(key string) (Fact, bool) {
	c.mu.Lock()
	f, ok := c.m[key]
	c.mu.Unlock()
	return f, ok
}

func (c *MapCache) Put(key string, f Fact) {
	c.mu.Lock()
	c.m[key] = f
	c.mu.Unlock()
}

// Usage reports the number of entries and their estimated size.
func (c *MapCache) Usage() Usage {
	c.mu.Lock()
	defer c.mu.Unlock()
	var b int64
	for k, f := range c.m {
		b += int64(len(k) + f.size())
	}
	return Usage{Entries: int64(len(c.m)), Bytes: b}
}

// Ristretto is the workbench's real cache: a dgraph-io/ristretto cache bounded in bytes, which
// keeps the entries most often used (TinyLFU) and drops the rest.
type Ristretto struct {
	c *ristretto.Cache[string, Fact]
}

// entryOverhead approximates ristretto's own memory per entry (its store item and map slot,
// the key hashes, the policy's cost map), so that the byte budget is honest: measured on a
// 1.2-million-entry search (cram 3x14), about 250 bytes beside the key and the Fact.
const entryOverhead = 250

// MaxCacheMB is the largest budget NewRistretto takes (4 TB); the caller checks it against
// the machine's memory.
const MaxCacheMB = 1 << 22

// NewRistretto returns a cache that takes about mb megabytes in all: its entries, with
// their overhead, and its admission policy's counters (a count-min sketch of 4 rows of 4-bit
// counters and a Bloom filter of ~10 bits a counter: about 4 bytes a counter, allocated in
// full at once). The counters take at most an eighth of the budget, about one for every ten
// entries (ristretto's advice), a power of two.
func NewRistretto(mb int) (*Ristretto, error) {
	mb = min(max(mb, 1), MaxCacheMB)
	budget := int64(mb) << 20
	counters := RistrettoCounters(mb)
	c, err := ristretto.NewCache(&ristretto.Config[string, Fact]{
		NumCounters:        counters,
		MaxCost:            budget - counters*counterBytes,
		BufferItems:        64,
		Metrics:            true,
		IgnoreInternalCost: true, // our cost already counts the overhead
	})
	if err != nil {
		return nil, err
	}
	return &Ristretto{c: c}, nil
}

// counterBytes is the memory of one of ristretto's counters: half a byte in each of the
// sketch's 4 rows, and a Bloom filter of 0.01 false positives (9.6 bits, rounded up to a power
// of two of the whole: 16).
const counterBytes = 4

// RistrettoCounters is the number of counters (NumCounters) of a cache of mb megabytes:
// the largest power of two whose counters take at most an eighth of it, and 1 024 at least.
func RistrettoCounters(mb int) int64 {
	budget := int64(min(max(mb, 1), MaxCacheMB)) << 20
	n := int64(1024)
	for 2*n*counterBytes <= budget/8 {
		n *= 2
	}
	return n
}

func (r *Ristretto) Get(key string) (Fact, bool) { return r.c.Get(key) }

func (r *Ristretto) Put(key string, f Fact) {
	r.c.Set(key, f, int64(entryOverhead+len(key)+f.size()))
}

// Usage reports ristretto's own counts.
func (r *Ristretto) Usage() Usage {
	m := r.c.Metrics
	kept := int64(m.KeysAdded()) - int64(m.KeysEvicted())
	return Usage{
		Entries:  kept,
		Bytes:    int64(m.CostAdded()) - int64(m.CostEvicted()),
		Rejected: int64(m.SetsDropped() + m.SetsRejected()),
		Evicted:  int64(m.KeysEvicted()),
	}
}

// Wait blocks until every Put so far is applied (ristretto applies them in the background).
func (r *Ristretto) Wait() { r.c.Wait() }

// Close stops ristretto's goroutines.
func (r *Ristretto) Close() { r.c.Close() }
