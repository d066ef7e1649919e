package engine

import (
	"sync"
	"sync/atomic"
)

// A cache past its budget lets go of facts by how often they are asked for, not by what
// they cost to prove again: a couple near the root, proven once by millions of nodes and
// seldom asked for after, goes as soon as one a few nodes deep. pinned keeps, beside the
// cache, the facts whose search cost the most nodes, asked only when the cache lacks a key.
//
// Measured (`grundy solve cram RxC --no-db --workers 1 --cache-mb 16`, one run each): 4x9
// 950 887 nodes and 10.5 s of CPU without, 566 918 and 6.7 s with (the same memory given to
// the cache instead, 22 MB: 829 565 nodes); 5x7 3 765 262 nodes and 49.9 s without, 1 048 784
// and 18.1 s with. With the default 384 MB, which holds these boards whole, the nodes are the
// same and the CPU too. (The job's budget gives them a quarter of --cache-mb, up to
// DefaultPinnedBytes, from the cache's share: job/memory.go.)
type pinned struct {
	mu    sync.RWMutex
	facts map[string]pinnedFact
	max   int          // the most facts kept
	least atomic.Int64 // the work a fact must have cost to be kept: raised when the map is full
}

type pinnedFact struct {
	fact Fact
	work int64
}

const (
	// DefaultPinnedBytes is the memory the pinned facts take unless WithPinnedBytes says
	// otherwise: 65 536 facts.
	DefaultPinnedBytes = pinnedFactBytes << 16
	// pinnedFactBytes is about what a fact kept costs: its map slot, its key, its work.
	pinnedFactBytes = 100
	// pinnedLeast is the work, in nodes, of the cheapest fact kept at first.
	pinnedLeast = 4
)

// WithPinnedBytes sets the memory of the facts kept beside the cache for what they cost (at
// least a few hundred of them); n ≤ 0 is DefaultPinnedBytes.
func WithPinnedBytes(n int64) SolverOption { return func(s *Solver) { s.pinnedBytes = n } }

func newPinned(bytes int64) *pinned {
	if bytes <= 0 {
		bytes = DefaultPinnedBytes
	}
	p := &pinned{facts: map[string]pinnedFact{}, max: max(int(bytes/pinnedFactBytes), 256)}
	p.least.Store(pinnedLeast)
	return p
}

func (p *pinned) get(key string) (Fact, bool) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	f, ok := p.facts[key]
	return f.fact, ok
}

// keep adds to key's fact what (key, n) was proven to be, winning or losing, after a search
// of work nodes; a cheap one is not kept. When full, the cheaper half or so goes: the least
// work kept is doubled until the map is within its size.
func (p *pinned) keep(key string, n int, win bool, work int64) {
	if work < p.least.Load() {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	f := p.facts[key]
	f.fact = f.fact.With(n, win)
	f.work = max(f.work, work)
	p.facts[key] = f
	for len(p.facts) > p.max {
		least := 2 * p.least.Load()
		p.least.Store(least)
		for k, f := range p.facts {
			if f.work < least {
				delete(p.facts, k)
			}
		}
	}
}
