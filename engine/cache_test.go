package engine

import (
	"strconv"
	"testing"
)

// TestRistretto_Usage: with ristretto's own metrics off, Usage counts each key once however
// often it is Put, and its bytes are the costs of what is kept.
func TestRistretto_Usage(t *testing.T) {
	r, err := NewRistretto(64)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	const keys = 1000
	var cost int64
	for i := range keys {
		k := "k" + strconv.Itoa(i)
		r.Put(k, Fact{}.Without(0))
		r.Wait() // one at a time: ristretto drops Sets when its buffer is full
		r.Put(k, Fact{}.Without(0).Without(1))
		r.Wait()
		cost += int64(entryOverhead + len(k) + Fact{}.size())
	}
	u := r.Usage()
	// The cache is far from full: ristretto's policy admits every key.
	if want := (Usage{Entries: keys, Bytes: cost}); u != want {
		t.Fatalf("Usage() = %+v after %d keys Put twice each, want %+v", u, keys, want)
	}
	if f, ok := r.Get("k7"); !ok || !f.Excludes(1) {
		t.Fatalf("Get(k7) = %v, %v: want the second Put's fact", f, ok)
	}
}
