package store

import (
	"hash/maphash"
	"strconv"
	"testing"
)

// The filter holds every key added, grows past its capacity, and rules out nearly all others.
func TestKeyFilter_HoldsGrowsAndRulesOut(t *testing.T) {
	f := newKeyFilter(maphash.MakeSeed(), nil)
	n := 3 * minFilterKeys // three times the first part's room: two more parts
	for i := range n {
		f.add("k" + strconv.Itoa(i))
	}
	for i := range n {
		if !f.mayHold("k" + strconv.Itoa(i)) {
			t.Fatalf("mayHold(k%d) = false after add", i)
		}
	}
	if parts := len(*f.parts.Load()); parts < 2 {
		t.Errorf("%d keys in %d part(s): the filter did not grow", n, parts)
	}
	false_ := 0
	const probes = 200_000
	for i := range probes {
		if f.mayHold("other" + strconv.Itoa(i)) {
			false_++
		}
	}
	// Each full part answers about 0.1 % falsely; a few parts, under 1 % in all.
	if rate := float64(false_) / probes; rate > 0.01 {
		t.Errorf("false positives %.3f %%, want under 1 %%", 100*rate)
	}
	t.Logf("%d keys, %d parts, %.0f KB, false positives %.3f %%", n, len(*f.parts.Load()), float64(f.bytes())/1024, 100*float64(false_)/probes)
}
