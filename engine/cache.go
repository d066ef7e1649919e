package engine

import (
	"sync"
	"sync/atomic"

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
	Bytes    int64 // estimated memory of the cache: its entries and its Tables
	Tables   int64 // of Bytes, what is taken at the start whatever the entries: a front's slots, ristretto's counters
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
	// Our own counts, for Usage: ristretto's Metrics cost a sixth of a search's CPU outside
	// its workers (its policy goroutine times every admission, time.Now and a map of 10^5
	// keys, and every Get and Set adds to shared counters). Each sits on its own cache line:
	// Puts come from every worker, rejections and evictions from ristretto's goroutine.
	sets, updates, dropped, rejected, evicted paddedCount
	counters                                  int64 // NumCounters, for Usage
}

// A paddedCount is a counter alone on its cache line.
type paddedCount struct {
	atomic.Int64
	_ [56]byte
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
	r := &Ristretto{counters: counters}
	c, err := ristretto.NewCache(&ristretto.Config[string, Fact]{
		NumCounters:        counters,
		MaxCost:            budget - counters*counterBytes,
		BufferItems:        64,
		IgnoreInternalCost: true, // our cost already counts the overhead
		// Called only for a key already held, under its shard's lock: the Put was an update.
		ShouldUpdate: func(Fact, Fact) bool { r.updates.Add(1); return true },
		OnReject:     func(*ristretto.Item[Fact]) { r.rejected.Add(1) },
		OnEvict:      func(*ristretto.Item[Fact]) { r.evicted.Add(1) },
	})
	if err != nil {
		return nil, err
	}
	r.c = c
	return r, nil
}

// counterBytes is the memory of one of ristretto's counters: half a byte in each of the
// sketch's 4 rows, and a Bloom filter of 0.01 false positives (9.6 bits, rounded up to a power
// of two of the whole: 16). Measured: 4.0 bytes a counter from 2^21 counters up, and
// ristrettoFixed beside them (its buffers and shards): 0.28 MB.
const (
	counterBytes   = 4
	ristrettoFixed = 280 << 10
)

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
	if r.c.Set(key, f, int64(entryOverhead+len(key)+f.size())) {
		r.sets.Add(1)
	} else {
		r.dropped.Add(1) // a new key, with ristretto's buffer full
	}
}

// Usage reports what ristretto holds: its entries' bytes from its policy, with its counters
// and buffers beside them (Tables, taken whole at the start), its entries from our counts
// (the Puts of new keys less those refused and evicted; those still in ristretto's buffer
// count as kept). The entries' bytes are what they cost the budget (entryOverhead each);
// measured, a cache churned full takes 80 to 90 % of that, one that has just grown less.
func (r *Ristretto) Usage() Usage {
	evicted, rejected := r.evicted.Load(), r.rejected.Load()
	tables := r.counters*counterBytes + ristrettoFixed
	return Usage{
		Entries:  max(r.sets.Load()-r.updates.Load()-rejected-evicted, 0),
		Bytes:    r.c.MaxCost() - r.c.RemainingCost() + tables,
		Tables:   tables,
		Rejected: r.dropped.Load() + rejected,
		Evicted:  evicted,
	}
}

// Wait blocks until every Put so far is applied (ristretto applies them in the background).
func (r *Ristretto) Wait() { r.c.Wait() }

// Close stops ristretto's goroutines, in the background: ristretto's Close also zeroes its
// counters, touching pages never used (a tenth of a second of a command that solved a
// board in a millisecond), which a process about to exit need not wait for.
func (r *Ristretto) Close() { go r.c.Close() }
