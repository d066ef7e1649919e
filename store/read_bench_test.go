package store

import (
	"fmt"
	"testing"

	"grundy/engine"
)

// BenchmarkColdReads measures what a search's probes of positions never stored cost with a
// store behind its cache: a Tier's MayHold (which the front asks of every key it never Put),
// on a cold store and on one holding a million facts; and the Facts' Get of such a key,
// which its filter answers. Baseline: the same probes of a map cache.
func BenchmarkColdReads(b *testing.B) {
	keys := make([]string, 1<<16)
	for i := range keys {
		keys[i] = fmt.Sprintf("absent/%07d", i)
	}
	cold := openBench(b, 0)
	warm := openBench(b, 1_000_000)
	coldTier := Through(engine.NewMapCache(), cold.Facts("cram"))
	warmTier := Through(engine.NewMapCache(), warm.Facts("cram"))
	mapCache := engine.NewMapCache()
	probe := func(name string, ask func(key string) bool) {
		b.Run(name, func(b *testing.B) {
			i, held := 0, 0
			for b.Loop() {
				if ask(keys[i&(len(keys)-1)]) {
					held++
				}
				i++
			}
			if held > i/100 {
				b.Fatalf("%d of %d absent keys said held", held, i)
			}
		})
	}
	probe("map-get", func(k string) bool { _, ok := mapCache.Get(k); return ok })
	probe("cold/tier-mayhold", coldTier.MayHold)
	probe("cold/facts-get", func(k string) bool { _, ok := cold.Facts("cram").Get(k); return ok })
	probe("million/tier-mayhold", warmTier.MayHold)
	probe("million/facts-get", func(k string) bool { _, ok := warm.Facts("cram").Get(k); return ok })
}

// openBench opens a store in a temporary directory holding n facts of cram, written before
// it was opened.
func openBench(b *testing.B, n int) *Store {
	return openFilled(b, "cram", n, func(i int) (string, int) { return fmt.Sprintf("held/%07d", i), i % 3 })
}

// openFilled opens a store in a temporary directory holding n facts of game, written before
// it was opened: the i-th (from 0) is the nimber fact gives, under the key it gives.
func openFilled(b *testing.B, game string, n int, fact func(i int) (key string, nimber int)) *Store {
	b.Helper()
	dir := b.TempDir()
	s, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	facts := s.Facts(game)
	for i := range n {
		key, nimber := fact(i)
		facts.Put(key, engine.Fact{}.WithNimber(nimber))
		if (i+1)%(1<<16) == 0 {
			if err := s.Flush(); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	if s, err = Open(dir); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}
