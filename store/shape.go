package store

import (
	"sync"

	"grundy/engine"
)

// sproutsShape hashes what every writing of a Sprouts position shares, so that a read asks
// the filter of the stored keys' shapes before it pays for the exact key (see keyForm). A
// cheap key may name letters, start and run round each boundary, and order boundaries,
// regions and lands otherwise than the canonical text; none of that changes:
//   - a boundary: the multiset of its symbols' kinds (a spot of 0, 1 or 2 lines, an
//     uppercase letter, a lowercase one), and of the distances round it between the two
//     places of each lowercase letter (the shorter way: both ways read alike);
//   - a region: the multiset of its boundaries;
//   - a land: the multiset of its regions, and of the pairs of regions each uppercase
//     letter joins (its two places are in two regions of the land);
//   - a position: the multiset of its lands; a misère key's, of its components.
//
// Multisets are sums of mixed hashes. The distances and pairs tell apart positions whose
// symbols alone are alike: of 11 455 positions met solving 0*9, 9 939 shapes where the
// symbols alone gave 9 194; a minute of 0*33 (one worker) on a store of the chain 0*20 …
// 0*32 made the exact key of 9 368 of its 94 055 cheap keys not in the cache, where with the
// symbols alone it made that of 26 493 of 109 952, and each found the same share of facts.
func sproutsShape(key string) uint64 {
	if engine.IsMisereKey(key) {
		parts, err := misereParts(key)
		if err != nil {
			return mix(uint64(len(key)))
		}
		var sum uint64
		for _, p := range parts {
			sum += mix(sproutsShape(p) ^ 0x5bd1e995)
		}
		return mix(sum ^ 0x6d6973)
	}
	sh := shapers.Get().(*shaper)
	h := sh.of(key)
	shapers.Put(sh)
	return h
}

// A shaper reads a key for sproutsShape, one symbol at a time.
type shaper struct {
	symbols  int    // of the boundary being read
	boundary uint64 // its hash so far
	low      []seen // its lowercase letters seen once, by name
	dists    []int  // the distances from the first place to the second of the others
	region   uint64
	regions  []uint64 // of the land being read: each region's hash
	upper    []joined // its uppercase letters, by name
	land     uint64
	all      uint64
}

// shapers keeps the shapers' lists between keys: a store opened reads the shape of every
// stored key, millions of them.
var shapers = sync.Pool{New: func() any { return new(shaper) }}

type seen struct {
	name string
	at   int
}

type joined struct {
	name   string
	r1, r2 int // the regions of its two places; r2 -1 until the second is read
}

// of returns the shape of a normal-play key.
func (s *shaper) of(key string) uint64 {
	s.all = 0
	for i := 0; i < len(key); i++ {
		switch c := key[i]; {
		case c == '+':
			s.endLand()
		case c == '|':
			s.endRegion()
		case c == '.':
			s.endBoundary()
		case c == '0' && i+1 < len(key) && key[i+1] == '*': // 0*k: k boundaries of one spot
			k, j := 0, i+2
			for ; j < len(key) && key[j] >= '0' && key[j] <= '9'; j++ {
				k = 10*k + int(key[j]-'0')
			}
			for range k {
				s.symbol('0')
				s.endBoundary()
			}
			i = j - 1
		case c >= 'A' && c <= 'Y':
			s.uppercase(key[i : i+1])
		case c >= 'a' && c <= 'l':
			s.lowercase(key[i : i+1])
		case (c == 'm' || c == 'n' || c == 'Z') && i+1 < len(key) && key[i+1] == '(': // a letter by number
			j := i
			for j < len(key) && key[j] != ')' {
				j++
			}
			name := key[i:min(j+1, len(key))]
			if c == 'm' {
				s.lowercase(name)
			} else {
				s.uppercase(name)
			}
			i = j
		default:
			s.symbol(uint64(c))
		}
	}
	s.endLand()
	return mix(s.all)
}

func (s *shaper) symbol(kind uint64) {
	s.symbols++
	s.boundary += mix(kind)
}

// lowercase reads a lowercase letter: at its second place, the distance from its first.
func (s *shaper) lowercase(name string) {
	defer s.symbol('a')
	for i, l := range s.low {
		if l.name == name {
			s.dists = append(s.dists, s.symbols-l.at)
			s.low = append(s.low[:i], s.low[i+1:]...)
			return
		}
	}
	s.low = append(s.low, seen{name, s.symbols})
}

// uppercase reads an uppercase letter, noting the region it is in.
func (s *shaper) uppercase(name string) {
	defer s.symbol('A')
	r := len(s.regions)
	for i := range s.upper {
		if u := &s.upper[i]; u.name == name && u.r2 < 0 {
			u.r2 = r
			return
		}
	}
	s.upper = append(s.upper, joined{name, r, -1})
}

// endBoundary ends a boundary: the distances of its lowercase letters are made symmetric
// (d and the boundary's length less d read alike) and it joins its region.
func (s *shaper) endBoundary() {
	for _, d := range s.dists {
		s.boundary += mix(0x1c00 ^ uint64(min(d, s.symbols-d)))
	}
	if s.symbols > 0 {
		s.region += mix(s.boundary ^ 0xb0)
	}
	s.symbols, s.boundary, s.low, s.dists = 0, 0, s.low[:0], s.dists[:0]
}

func (s *shaper) endRegion() {
	s.endBoundary()
	s.regions = append(s.regions, s.region)
	s.land += mix(s.region ^ 0x4e6)
	s.region = 0
}

func (s *shaper) endLand() {
	s.endRegion()
	for _, u := range s.upper {
		if u.r2 < 0 {
			continue // seen once: a key no reduction wrote; every writing of it reads alike
		}
		a, b := s.regions[u.r1], s.regions[u.r2]
		s.land += mix(min(a, b)*0x9e3779b97f4a7c15 ^ max(a, b) ^ 0x7a)
	}
	s.all += mix(s.land ^ 0x1a)
	s.land, s.regions, s.upper = 0, s.regions[:0], s.upper[:0]
}
