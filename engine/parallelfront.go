package engine

import (
	"hash/maphash"
	"sync"
	"sync/atomic"
)

// A SharedFront is a Front that the workers of one search use at once (WithWorkers): a
// direct-mapped table of immutable entries swapped atomically, so that a probe takes no lock,
// and a Bloom filter of the keys ever Put, set atomically. What one worker learns is seen by
// the others at once, as the front's own worker sees it (ristretto applies its Sets in the
// background). A Put merges what it brings with what the slot knows of the key, so that two
// workers proving "≠ 0" and "≠ 1" of one position at once leave "≠ 0, 1"; Puts of one stripe
// of slots are serialised, so that the cache behind receives a key's facts in the order they
// grew and keeps the largest.
type SharedFront struct {
	slots   []atomic.Pointer[frontEntry]
	mask    uint64
	seed    maphash.Seed
	behind  Cache
	seen    []atomic.Uint64 // as Front's
	mayHold func(key string) bool
	stripes [putStripes]paddedMutex
}

// putStripes is the number of locks the Puts of a SharedFront are spread over.
const putStripes = 256

// A paddedMutex takes a cache line of its own, so that two workers taking two stripes do
// not slow each other.
type paddedMutex struct {
	sync.Mutex
	_ [56]byte
}

// A frontEntry is one key and what is known of it; it never changes once in a slot.
type frontEntry struct {
	hash uint64
	key  string
	fact Fact
}

// NewSharedFront returns a shared front of 2^bits slots before behind, which must be safe
// for concurrent use. As with NewFront, give each cache one front for its whole life.
func NewSharedFront(behind Cache, bits int) *SharedFront {
	c := &SharedFront{
		slots:  make([]atomic.Pointer[frontEntry], 1<<bits),
		mask:   1<<bits - 1,
		seed:   maphash.MakeSeed(),
		behind: behind,
		seen:   make([]atomic.Uint64, 1<<(bits+4)/64),
	}
	if h, ok := behind.(Holder); ok {
		c.mayHold = h.MayHold
	}
	return c
}

// probe returns the key's hash, its slot and its two bits in the Bloom filter.
func (c *SharedFront) probe(key string) (h uint64, s *atomic.Pointer[frontEntry], b1, b2 uint64) {
	h = maphash.String(c.seed, key) | 1
	n := uint64(len(c.seen)) * 64
	return h, &c.slots[h>>1&c.mask], (h >> 20) % n, (h>>40 | h<<24) % n
}

func (c *SharedFront) isSet(b uint64) bool { return c.seen[b/64].Load()&(1<<(b%64)) != 0 }

// Get looks in the front, then behind it. What the cache behind says is kept in the slot
// only if no Put changed the slot meanwhile: the Put is newer.
func (c *SharedFront) Get(key string) (Fact, bool) {
	h, s, b1, b2 := c.probe(key)
	e := s.Load()
	if e != nil && e.hash == h && e.key == key {
		return e.fact, !e.fact.empty()
	}
	if (!c.isSet(b1) || !c.isSet(b2)) && (c.mayHold == nil || !c.mayHold(key)) {
		return Fact{}, false
	}
	f, ok := c.behind.Get(key)
	s.CompareAndSwap(e, &frontEntry{h, key, f})
	return f, ok
}

// Put merges f with what the slot knows of the key, keeps the merge in the slot, and passes
// it behind.
func (c *SharedFront) Put(key string, f Fact) {
	h, s, b1, b2 := c.probe(key)
	mu := &c.stripes[h>>1%putStripes]
	mu.Lock()
	defer mu.Unlock()
	if e := s.Load(); e != nil && e.hash == h && e.key == key {
		f = e.fact.Merge(f)
	}
	s.Store(&frontEntry{h, key, f})
	c.seen[b1/64].Or(1 << (b1 % 64))
	c.seen[b2/64].Or(1 << (b2 % 64))
	c.behind.Put(key, f)
}

// Usage is that of the cache behind, plus the front's own memory.
func (c *SharedFront) Usage() Usage {
	var u Usage
	if b, ok := c.behind.(Usager); ok {
		u = b.Usage()
	}
	u.Bytes += int64(len(c.slots))*(8+frontEntryBytes) + int64(len(c.seen))*8
	return u
}

// frontEntryBytes is the memory of a SharedFront's entry (its key is the cache's).
const frontEntryBytes = 48
