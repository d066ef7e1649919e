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

// NewRistretto returns a cache that holds about mb megabytes.
func NewRistretto(mb int) (*Ristretto, error) {
	if mb < 1 {
		mb = 1
	}
	maxCost := int64(mb) << 20
	entries := maxCost / (entryOverhead + 40)
	c, err := ristretto.NewCache(&ristretto.Config[string, Fact]{
		NumCounters:        10 * entries,
		MaxCost:            maxCost,
		BufferItems:        64,
		Metrics:            true,
		IgnoreInternalCost: true, // our cost already counts the overhead
	})
	if err != nil {
		return nil, err
	}
	return &Ristretto{c: c}, nil
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
