package engine

import "hash/maphash"

// Front is a small direct-mapped cache in front of another: a probe costs one hash and one
// string comparison, against ~80 ns for ristretto's Get, and what was just learnt is seen at
// once (ristretto applies its Sets in the background). Every Put goes through to the cache
// behind. A Front is for one search at a time: it is not safe for concurrent use.
type Front struct {
	slots  []frontSlot
	mask   uint64
	seed   maphash.Seed
	behind Cache
	// seen is a Bloom filter of the keys ever Put: a key it has not seen was never put
	// behind, and ristretto is not asked (an unknown position is the common probe).
	seen []uint64
	// mayHold, when the cache behind is a Holder, is asked before a key not seen is
	// skipped: a store holds keys of earlier runs.
	mayHold func(key string) bool
	// writeBack: a Put stays in its slot, and the cache behind gets it when another key
	// takes the slot (WriteBack); unsaved counts the slots that hold such a Put.
	writeBack bool
	journal   func(key string, f Fact) // made WriteBack before a Journal: every Put, at once
	unsaved   int64
	// victims keeps the facts the front gave the cache behind last (save), by other bits of
	// their hash than the slots': ristretto applies a Set of a new key in the background,
	// and a key asked again just after it left its slot (two keys taking one slot in turns)
	// found nothing behind, so the search worked again for a fact it had (one worker on
	// sprouts 0*13: 18 985 or 39 909 nodes in 2 of 12 runs, 20 654 in the others).
	victims []frontSlot
	vmask   uint64
}

// victimBits is the size of a front's victims for a front of 2^bits slots: 1/128 of it,
// 2^6 at least, 2^15 at most (ristretto's goroutine applies a Set within microseconds, a
// few hundred write-backs at most). Their memory is within the shares' spare (job's budget:
// under half a byte a slot).
func victimBits(bits int) int { return min(max(bits-7, 6), 15) }

// A Holder is a cache that may hold keys never Put through the front before it (a store
// filled by earlier runs). MayHold reports false only for a key it surely lacks.
type Holder interface {
	MayHold(key string) bool
}

// A Journal is a cache that must have every Put at once (a facts store, whose writes a
// kill may cut short): a WriteBack front before it passes it each Put through Journal, and
// through Put only the facts it evicts.
type Journal interface {
	Journal(key string, f Fact)
}

// A frontSlot holds one key; hash spares most string comparisons. The key's hash has its
// low bit set; the slot's has it cleared while the cache behind lacks the slot's fact
// (WriteBack), so that the slot keeps its 48 bytes. A used slot's hash is not 0 (but for one
// hash in 2^63, whose unsaved fact is then forgotten).
type frontSlot struct {
	hash uint64
	key  string
	fact Fact
}

// holds reports whether the slot holds key, whose hash is h.
func (s *frontSlot) holds(h uint64, key string) bool { return s.hash|1 == h && s.key == key }

// unsaved reports whether the cache behind lacks the slot's fact.
func (s *frontSlot) unsaved() bool { return s.hash != 0 && s.hash&1 == 0 }

// FrontBits returns the size of a Front (in bits of its slot count) that takes bytes at
// most: a slot is FrontSlotBytes, and its key, which the cache behind holds too. A front has
// 2^10 slots at least and 2^22 at most.
func FrontBits(bytes int64) int { return frontBitsOf(bytes, FrontSlotBytes) }

// SharedFrontBits is FrontBits for a SharedFront, whose slots are larger (SharedSlotBytes).
func SharedFrontBits(bytes int64) int { return frontBitsOf(bytes, SharedSlotBytes) }

// frontBitsOf is the size of a front of slots of slot bytes that takes bytes at most, from
// 2^10 to 2^22 slots.
func frontBitsOf(bytes, slot int64) int {
	bits := 10
	for bits < 22 && slot<<(bits+1) <= bytes {
		bits++
	}
	return bits
}

// FrontSlotBytes is the memory of one slot of a Front: 48 bytes in the table, 2 in the
// Bloom filter.
const FrontSlotBytes = 50

// SharedSlotBytes is the memory of one slot of a SharedFront: a pointer to an entry of its
// own (frontEntryBytes, a short key in it) and 2 bytes of Bloom filter.
const SharedSlotBytes = 8 + frontEntryBytes + 2

// NewFront returns a front of 2^bits slots before behind. It knows of the keys Put through
// it only, and of those a Holder behind it may hold: give each cache one front for its
// whole life.
func NewFront(behind Cache, bits int) *Front {
	c := &Front{
		slots:  make([]frontSlot, 1<<bits),
		mask:   1<<bits - 1,
		seed:   maphash.MakeSeed(),
		behind: behind,
		seen:   make([]uint64, 1<<(bits+4)/64), // 16 bits a slot
	}
	vb := victimBits(bits)
	c.victims, c.vmask = make([]frontSlot, 1<<vb), 1<<vb-1
	if h, ok := behind.(Holder); ok {
		c.mayHold = h.MayHold
	}
	return c
}

// probe returns the key's hash, its slot and its two bits in the Bloom filter.
func (c *Front) probe(key string) (h uint64, s *frontSlot, b1, b2 uint64) {
	h = maphash.String(c.seed, key) | 1
	n := uint64(len(c.seen)) * 64
	return h, &c.slots[h>>1&c.mask], (h >> 20) % n, (h>>40 | h<<24) % n
}

func (c *Front) isSet(b uint64) bool { return c.seen[b/64]&(1<<(b%64)) != 0 }

// Get looks in the front, then behind it. A miss behind is remembered too (as the empty
// Fact): every Put passes through the front and overwrites its slot, so while the slot holds
// the key, nothing newer can be behind it.
func (c *Front) Get(key string) (Fact, bool) {
	h, s, b1, b2 := c.probe(key)
	if s.holds(h, key) {
		return s.fact, !s.fact.empty()
	}
	if v := c.victim(h); v.holds(h, key) {
		f := v.fact
		c.save(s)
		*s = frontSlot{h, key, f}
		return f, !f.empty()
	}
	c.save(s)
	if (!c.isSet(b1) || !c.isSet(b2)) && (c.mayHold == nil || !c.mayHold(key)) {
		*s = frontSlot{h, key, Fact{}}
		return Fact{}, false
	}
	f, ok := c.behind.Get(key)
	*s = frontSlot{h, key, f}
	return f, ok
}

// Put keeps f in the front, evicting whatever shared its slot, and passes it behind; made
// WriteBack, it passes behind the key it evicts instead.
func (c *Front) Put(key string, f Fact) {
	h, s, b1, b2 := c.probe(key)
	c.seen[b1/64] |= 1 << (b1 % 64)
	c.seen[b2/64] |= 1 << (b2 % 64)
	if !c.writeBack {
		*s = frontSlot{h, key, f}
		c.behind.Put(key, f)
		return
	}
	if c.journal != nil {
		c.journal(key, f)
	}
	if !s.holds(h, key) {
		c.save(s)
	}
	if !s.unsaved() {
		c.unsaved++
	}
	*s = frontSlot{h &^ 1, key, f}
}

// save gives the cache behind the fact of the slot s, about to be taken, if only the front
// knows it.
func (c *Front) save(s *frontSlot) {
	if s.unsaved() {
		c.behind.Put(s.key, s.fact)
		s.hash |= 1
		c.unsaved--
		*c.victim(s.hash) = *s
	}
}

// victim is the slot of victims for the hash h.
func (c *Front) victim(h uint64) *frontSlot { return &c.victims[h>>32&c.vmask] }

// WriteBack makes the front give the cache behind a key's fact only when another key takes
// its slot, and not at each Put: each Set of ristretto costs its goroutine a microsecond.
// Only for a cache behind that nothing else reads (ristretto alone, not a store): it lacks
// the facts that stay in the front; or a Journal, which gets every Put.
func (c *Front) WriteBack() { c.writeBack, c.journal = true, journalOf(c.behind) }

// journalOf is the Journal of a cache that is one, else nil.
func journalOf(c Cache) func(key string, f Fact) {
	if j, ok := c.(Journal); ok {
		return j.Journal
	}
	return nil
}

// Usage is that of the cache behind, plus the front's own memory.
func (c *Front) Usage() Usage {
	var u Usage
	if b, ok := c.behind.(Usager); ok {
		u = b.Usage()
	}
	tables := int64(len(c.slots)+len(c.victims))*48 + int64(len(c.seen))*8
	u.Bytes += tables
	u.Tables += tables
	u.Entries += c.unsaved
	return u
}
