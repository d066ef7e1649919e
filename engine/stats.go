package engine

import (
	"sync/atomic"
	"time"
)

// Stats are the counts of one search, as the progress callback and `solve --json` show them.
type Stats struct {
	Nodes     int64         // couples expanded (their options generated)
	CacheHits int64         // couples answered by what was already known
	Lookups   int64         // questions asked of the cache
	Depth     int           // current depth of the search
	MaxDepth  int           // deepest so far
	Elapsed   time.Duration // since the search started
	Cache     Usage         // what the cache holds, when it can tell
	// Proof is what a proof-number search knows of its way, at its last report; nil for
	// the other searches. It is never changed once handed out.
	Proof *ProofProgress
}

// NodesPerSecond is the search's speed so far.
func (s Stats) NodesPerSecond() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Nodes) / s.Elapsed.Seconds()
}

// HitRate is the share of cache lookups that found something.
func (s Stats) HitRate() float64 {
	if s.Lookups == 0 {
		return 0
	}
	return float64(s.CacheHits) / float64(s.Lookups)
}

// counters are the live counts, read by other goroutines while the search runs.
type counters struct {
	nodes, hits, lookups atomic.Int64
	depth, maxDepth      atomic.Int32
	start                atomic.Int64                  // time.Now().UnixNano() when the search began
	stop                 atomic.Int64                  // when it ended, or 0 while it runs
	proof                atomic.Pointer[ProofProgress] // a proof-number search's last snapshot (pnPublish)
}

func (c *counters) started() time.Time { return time.Unix(0, c.start.Load()) }

// elapsed is the search's wall time: until now while it runs, until its end after.
func (c *counters) elapsed() time.Duration {
	if stop := c.stop.Load(); stop != 0 {
		return time.Duration(stop - c.start.Load())
	}
	return time.Since(c.started())
}

func (c *counters) enter() {
	d := c.depth.Add(1)
	if d > c.maxDepth.Load() {
		c.maxDepth.Store(d)
	}
}

func (c *counters) leave() { c.depth.Add(-1) }

func (c *counters) snapshot(cache Cache) Stats {
	s := Stats{
		Nodes:     c.nodes.Load(),
		CacheHits: c.hits.Load(),
		Lookups:   c.lookups.Load(),
		Depth:     int(c.depth.Load()),
		MaxDepth:  int(c.maxDepth.Load()),
		Elapsed:   c.elapsed(),
		Proof:     c.proof.Load(),
	}
	if u, ok := cache.(Usager); ok {
		s.Cache = u.Usage()
	}
	return s
}
