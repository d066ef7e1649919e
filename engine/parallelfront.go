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
//
// Made WriteBack, it keeps what is Put in its slot only and gives the cache behind a key's
// fact when a Put or a probe of another key takes the slot: each Set of ristretto costs its
// goroutine a microsecond, the CPU that two workers on two cores do not have to spare.
type SharedFront struct {
	slots     []atomic.Pointer[frontEntry]
	mask      uint64
	seed      maphash.Seed
	behind    Cache
	seen      []atomic.Uint64 // as Front's
	mayHold   func(key string) bool
	writeBack bool
	journal   func(key string, f Fact) // made WriteBack before a Journal: every Put, at once
	stripes   [putStripes]paddedMutex
	victims   []atomic.Pointer[frontEntry] // as Front's: the entries given behind last
	vmask     uint64
}

// putStripes is the number of locks the Puts of a SharedFront are spread over.
const putStripes = 256

// A paddedMutex takes a cache line of its own, so that two workers taking two stripes do
// not slow each other. It also counts its slots' entries that only the front knows.
type paddedMutex struct {
	sync.Mutex
	unsaved int64 // entries of the stripe's slots not yet given to the cache behind (WriteBack)
	_       [48]byte
}

// A frontEntry is one key and what is known of it; it never changes once in a slot. A short
// key is kept in the entry itself: a probe that finds its key then reads one cache line
// past the slot's pointer, not a second one for the key's bytes (cram's keys, of 3 to 30
// bytes, nearly all fit).
type frontEntry struct {
	hash    uint64
	fact    Fact
	unsaved bool  // the cache behind has not been given fact (WriteBack)
	short   uint8 // the length of a key kept in inline, else 0
	inline  [inlineKey]byte
	long    string // a key longer than inlineKey
}

// inlineKey is the longest key a frontEntry keeps in itself.
const inlineKey = 30

// newFrontEntry returns the entry of key, whose hash is h, and f.
func newFrontEntry(h uint64, key string, f Fact, unsaved bool) *frontEntry {
	e := &frontEntry{hash: h, fact: f, unsaved: unsaved}
	if len(key) > 0 && len(key) <= inlineKey {
		e.short = uint8(copy(e.inline[:], key))
	} else {
		e.long = key
	}
	return e
}

// holds reports whether e is the entry of key, whose hash is h.
func (e *frontEntry) holds(h uint64, key string) bool {
	if e == nil || e.hash != h {
		return false
	}
	if e.short > 0 {
		return string(e.inline[:e.short]) == key // no allocation: the compiler compares in place
	}
	return e.long == key
}

// key returns the entry's key.
func (e *frontEntry) key() string {
	if e.short > 0 {
		return string(e.inline[:e.short])
	}
	return e.long
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
	vb := victimBits(bits)
	c.victims, c.vmask = make([]atomic.Pointer[frontEntry], 1<<vb), 1<<vb-1
	if h, ok := behind.(Holder); ok {
		c.mayHold = h.MayHold
	}
	return c
}

// WriteBack makes the front give the cache behind a key's fact only when the key leaves its
// slot, and not at each Put. Only for a cache behind that nothing else reads (ristretto
// alone, not a store): it lacks the facts that stay in the front; or a Journal, which gets
// every Put.
func (c *SharedFront) WriteBack() { c.writeBack, c.journal = true, journalOf(c.behind) }

// probe returns the key's hash, its slot, the slot's stripe and its two bits in the Bloom
// filter.
func (c *SharedFront) probe(key string) (h uint64, s *atomic.Pointer[frontEntry], mu *paddedMutex, b1, b2 uint64) {
	h = maphash.String(c.seed, key) | 1
	n := uint64(len(c.seen)) * 64
	i := h >> 1 & c.mask
	return h, &c.slots[i], &c.stripes[i%putStripes], (h >> 20) % n, (h>>40 | h<<24) % n
}

func (c *SharedFront) isSet(b uint64) bool { return c.seen[b/64].Load()&(1<<(b%64)) != 0 }

// Get looks in the front, then behind it. What the cache behind says is kept in the slot
// only if no Put changed the slot meanwhile: the Put is newer.
func (c *SharedFront) Get(key string) (Fact, bool) {
	h, s, mu, b1, b2 := c.probe(key)
	e := s.Load()
	if e.holds(h, key) {
		return e.fact, !e.fact.empty()
	}
	if (!c.isSet(b1) || !c.isSet(b2)) && (c.mayHold == nil || !c.mayHold(key)) {
		return Fact{}, false
	}
	f, ok := c.behindFact(h, key)
	if e == nil || !e.unsaved {
		s.CompareAndSwap(e, newFrontEntry(h, key, f, false))
		return f, ok
	}
	mu.Lock() // e leaves the front: the cache behind gets it first
	if s.CompareAndSwap(e, newFrontEntry(h, key, f, false)) {
		c.save(mu, e)
	}
	mu.Unlock()
	return f, ok
}

// Put merges f with what the slot knows of the key, keeps the merge in the slot, and passes
// it behind; made WriteBack, it passes behind the other key it takes the slot from.
func (c *SharedFront) Put(key string, f Fact) {
	h, s, mu, b1, b2 := c.probe(key)
	mu.Lock()
	defer mu.Unlock()
	e := s.Load()
	same := e.holds(h, key)
	switch {
	case same:
		f = e.fact.Merge(f)
	case c.isSet(b1) && c.isSet(b2) || c.mayHold != nil && c.mayHold(key):
		// Another worker may have Put the key since this one read it, and another key taken
		// its slot since: the cache behind has that fact, and a Put of f alone would undo it
		// there (two workers' "≠ 0" and "≠ 1" left "≠ 0" or "≠ 1", and a fact resting on the
		// other no longer derived from the cache: TestWorkers_FactsCertifyThemselves, 7 runs
		// in 80 on a loaded machine).
		if old, ok := c.behindFact(h, key); ok {
			f = old.Merge(f)
		}
	}
	s.Store(newFrontEntry(h, key, f, c.writeBack))
	c.seen[b1/64].Or(1 << (b1 % 64))
	c.seen[b2/64].Or(1 << (b2 % 64))
	if !c.writeBack {
		c.behind.Put(key, f)
		return
	}
	if c.journal != nil {
		c.journal(key, f)
	}
	mu.unsaved++
	if e != nil && e.unsaved {
		if same {
			mu.unsaved-- // the new entry holds it
		} else {
			c.save(mu, e)
		}
	}
}

// save gives the cache behind the fact of e, an entry that only the front knew; the caller
// holds mu, e's stripe.
func (c *SharedFront) save(mu *paddedMutex, e *frontEntry) {
	mu.unsaved--
	c.behind.Put(e.key(), e.fact)
	c.victim(e.hash).Store(e)
}

// victim is the slot of victims for the hash h.
func (c *SharedFront) victim(h uint64) *atomic.Pointer[frontEntry] { return &c.victims[h>>32&c.vmask] }

// behindFact is what the cache behind knows of key, whose hash is h: what the front gave it
// last if the victims still hold it (ristretto may not have applied it yet), else its Get.
func (c *SharedFront) behindFact(h uint64, key string) (Fact, bool) {
	if v := c.victim(h).Load(); v.holds(h, key) {
		return v.fact, !v.fact.empty()
	}
	return c.behind.Get(key)
}

// Usage is that of the cache behind, plus the front's own memory.
func (c *SharedFront) Usage() Usage {
	var u Usage
	if b, ok := c.behind.(Usager); ok {
		u = b.Usage()
	}
	// The slots' entries are made as they come: counted as if every slot held one.
	tables := int64(len(c.slots)+len(c.victims))*8 + int64(len(c.seen))*8
	u.Bytes += tables + int64(len(c.slots)+len(c.victims))*frontEntryBytes
	u.Tables += tables
	for i := range c.stripes {
		mu := &c.stripes[i]
		mu.Lock()
		u.Entries += mu.unsaved
		mu.Unlock()
	}
	return u
}

// frontEntryBytes is the memory of a SharedFront's entry (a long key is the cache's).
const frontEntryBytes = 80
