package store

import (
	"hash/maphash"
	"sync"
	"sync/atomic"
)

// A keyFilter is a Bloom filter of the position keys a game has in the store: those found on
// disk when the game's Facts were made, and those written since. The search asks it before
// the store, so that a position never stored (the common question) costs a hash and one
// cache line, not a pebble read. It is blocked (the probes of a key fall in one 64-byte
// block) and scalable: when a part is full, a part of twice its size is added. Its words are
// atomic: the writer adds while searches ask.
type keyFilter struct {
	seed  maphash.Seed
	mu    sync.Mutex // adding a part
	parts atomic.Pointer[[]*bloomPart]
}

// A bloomPart holds up to capacity keys at filterBitsPerKey bits each.
type bloomPart struct {
	words    []atomic.Uint64
	blocks   uint64 // a power of two
	capacity int64
	n        atomic.Int64
}

const (
	filterBitsPerKey = 16 // with 7 probes in a block: about 0.1 % false positives when full
	filterProbes     = 7
	blockWords       = 8 // 512 bits
	minFilterKeys    = 1 << 18
)

// newKeyFilter returns a filter of the keys whose hashes (with seed) are given, with room
// for as many again.
func newKeyFilter(seed maphash.Seed, hashes []uint64) *keyFilter {
	f := &keyFilter{seed: seed}
	parts := []*bloomPart{newBloomPart(max(2*int64(len(hashes)), minFilterKeys))}
	f.parts.Store(&parts)
	for _, h := range hashes {
		f.addHash(h)
	}
	return f
}

func newBloomPart(keys int64) *bloomPart {
	blocks := uint64(1)
	for int64(blocks)*blockWords*64 < keys*filterBitsPerKey {
		blocks *= 2
	}
	return &bloomPart{
		words:    make([]atomic.Uint64, blocks*blockWords),
		blocks:   blocks,
		capacity: int64(blocks) * blockWords * 64 / filterBitsPerKey,
	}
}

// mayHold reports whether key may be in the store; false means it surely is not.
func (f *keyFilter) mayHold(key string) bool { return f.mayHoldHash(maphash.String(f.seed, key)) }

// mayHoldHash reports whether a key of hash h may be in the store.
func (f *keyFilter) mayHoldHash(h uint64) bool {
	for _, p := range *f.parts.Load() {
		if p.has(h) {
			return true
		}
	}
	return false
}

// add records that key is in the store.
func (f *keyFilter) add(key string) bool { return f.addHash(f.hash(key)) }

// hash is key's hash in the filter.
func (f *keyFilter) hash(key string) uint64 { return maphash.String(f.seed, key) }

// addHash records the key of hash h, and reports whether it is new to the filter: a key a
// part already held sets no new bit and is not counted again (the writer adds a key at each
// write). A new key whose bits all happen to be set (1 in 1 000 when the part is full) is
// taken for one held.
func (f *keyFilter) addHash(h uint64) bool {
	parts := *f.parts.Load()
	for _, p := range parts[:len(parts)-1] {
		if p.has(h) {
			return false
		}
	}
	last := parts[len(parts)-1]
	if last.n.Load() >= last.capacity {
		last = f.grow(last)
	}
	if !last.set(h) {
		return false
	}
	last.n.Add(1)
	return true
}

// grow adds a part twice as large as full, unless another goroutine just did.
func (f *keyFilter) grow(full *bloomPart) *bloomPart {
	f.mu.Lock()
	defer f.mu.Unlock()
	parts := *f.parts.Load()
	if last := parts[len(parts)-1]; last != full {
		return last
	}
	grown := append(parts[:len(parts):len(parts)], newBloomPart(2*full.capacity))
	f.parts.Store(&grown)
	return grown[len(grown)-1]
}

// block returns the words of h's block, and the bits that choose its probes in it: the
// block took h's low bits, the probes take 9 bits each of a mix of the rest.
func (p *bloomPart) block(h uint64) ([]atomic.Uint64, uint64) {
	base := (h & (p.blocks - 1)) * blockWords
	return p.words[base : base+blockWords], (h>>32 | h<<32) * 0x9e3779b97f4a7c15
}

func (p *bloomPart) has(h uint64) bool {
	words, g := p.block(h)
	for range filterProbes {
		if words[g>>6&7].Load()&(1<<(g&63)) == 0 {
			return false
		}
		g >>= 9
	}
	return true
}

// set sets h's bits, and reports whether one was not set before.
func (p *bloomPart) set(h uint64) bool {
	words, g := p.block(h)
	added := false
	for range filterProbes {
		bit := uint64(1) << (g & 63)
		if words[g>>6&7].Or(bit)&bit == 0 {
			added = true
		}
		g >>= 9
	}
	return added
}

// bytes is the filter's memory.
func (f *keyFilter) bytes() int64 {
	var n int64
	for _, p := range *f.parts.Load() {
		n += int64(len(p.words)) * 8
	}
	return n
}
