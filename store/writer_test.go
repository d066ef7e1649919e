package store

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"grundy/engine"
)

// The writer joins the Puts of a window by sorting them: whatever their order, their games and
// the windows they fall in, the store ends with each key's Puts merged, and its filter holds
// every key written. Puts of a key grow as a search's do (≠ values one by one, then the
// nimber), shuffled among other keys and games, with flushes at random points; the batches
// the writer recycles must not carry a key from one window to the next.
func TestWriter_JoinsPutsOfAKeyInAnyOrder(t *testing.T) {
	seed := rand.Uint64()
	rng := rand.New(rand.NewPCG(seed, 1))
	s := open(t, t.TempDir())
	type put struct {
		game, key string
		fact      engine.Fact
	}
	var puts []put
	want := map[[2]string]engine.Fact{}
	for i := range 3 * batchFacts {
		game := []string{"cram", "nim"}[i%2]
		k := rng.IntN(5000)
		key := fmt.Sprintf("k%d", k)
		nim := k % 5 // one nimber a key, so that no two Puts conflict
		var steps []engine.Fact
		var grown engine.Fact
		for v := range nim {
			grown = grown.Without(v)
			steps = append(steps, grown)
		}
		steps = append(steps, nimber(nim))
		f := steps[rng.IntN(len(steps))]
		puts = append(puts, put{game, key, f})
		id := [2]string{game, key}
		want[id] = want[id].Merge(f)
	}
	for i, p := range puts {
		s.Facts(p.game).Put(p.key, p.fact)
		if rng.IntN(2000) == 0 || i == len(puts)-1 {
			if err := s.Flush(); err != nil {
				t.Fatal(err)
			}
		}
	}
	for id, f := range want {
		got, ok, err := s.Get(id[0], id[1])
		if err != nil || !ok || !got.Equal(f) {
			t.Fatalf("seed %d: %s %q = %s (%v, %v), want %s", seed, id[0], id[1], describe(got), ok, err, describe(f))
		}
		if !s.Facts(id[0]).MayHold(id[1]) {
			t.Fatalf("seed %d: %s %q written but not in the filter", seed, id[0], id[1])
		}
	}
	if n := s.Conflicts(); n != 0 {
		t.Errorf("seed %d: %d conflicts, want none", seed, n)
	}
	stats, err := s.Stats()
	if err != nil {
		t.Fatal(err)
	}
	var stored int64
	for _, g := range stats.Games {
		stored += g.Entries
	}
	if stored != int64(len(want)) {
		t.Errorf("seed %d: %d facts stored, want %d keys", seed, stored, len(want))
	}
}

// Two Puts of one key that conflict, in one window, keep the first, as the merge operator
// keeps the older; the conflict is counted.
func TestWriter_ConflictInAWindowKeepsTheFirst(t *testing.T) {
	s := open(t, t.TempDir())
	facts := s.Facts("nim")
	facts.Put("k", nimber(1))
	facts.Put("j", nimber(0))
	facts.Put("k", nimber(2))
	facts.Put("k", without(0))
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if f := mustGet(t, s, "nim", "k"); !f.Equal(nimber(1)) {
		t.Errorf("k = %s, want the first = 1", describe(f))
	}
	if s.Conflicts() != 1 {
		t.Errorf("Conflicts = %d, want 1", s.Conflicts())
	}
}

// Use.Added counts the positions new to the store once each, as the writer writes them: not
// a Put that grows a stored fact, nor a key stored before the store was opened.
func TestFacts_AddedCountsNewPositions(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir)
	facts := s.Facts("cram")
	facts.Put("a", without(0))
	facts.Put("b", nimber(0))
	if got := facts.Use().Added; got != 0 {
		t.Errorf("Added = %d before the writer wrote, want 0", got)
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	facts.Put("a", nimber(1))
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := facts.Use().Added; got != 2 || s.Added()["cram"] != 2 {
		t.Errorf("Added = %d (store %v), want 2: a and b", got, s.Added())
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, dir)
	facts = s.Facts("cram")
	facts.Put("a", nimber(1))
	facts.Put("c", nimber(2))
	if err := s.Add("cram", "d", nimber(0)); err != nil {
		t.Fatal(err)
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := facts.Use().Added; got != 2 {
		t.Errorf("reopened: Added = %d, want 2: c and d, not a", got)
	}
}

// sortByHead orders heads as a stable comparison sort does, heads sharing bytes or not.
func TestSortByHead_AsAStableSort(t *testing.T) {
	seed := rand.Uint64()
	rng := rand.New(rand.NewPCG(seed, 2))
	for _, n := range []int{0, 1, 2, 100, 5000} {
		order := make([]keyHead, n)
		for i := range order {
			h := uint64(rng.IntN(40)) << 56 // few heads, and bytes every head shares
			if rng.IntN(2) == 0 {
				h |= uint64(rng.IntN(3)) << 8
			}
			order[i] = keyHead{h, int32(i)}
		}
		want := slices.Clone(order)
		slices.SortStableFunc(want, func(a, b keyHead) int { return cmp.Compare(a.head, b.head) })
		got, _ := sortByHead(order, make([]keyHead, n))
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d, %d heads: not the stable order", seed, n)
		}
	}
}

// Keys longer than a head that share their first 8 bytes are each written with their own
// Puts joined, and a conflict among them keeps the first.
func TestWriter_LongKeysSharingAHead(t *testing.T) {
	s := open(t, t.TempDir())
	facts := s.Facts("nim")
	keys := []string{"samehead-b", "samehead-a", "samehead", "samehead-ab"}
	for i, k := range keys {
		facts.Put(k, without(i))
	}
	for i, k := range keys {
		facts.Put(k, nimber(i+1))
	}
	facts.Put("samehead-a", nimber(0)) // conflicts with its = 2
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	for i, k := range keys {
		if f := mustGet(t, s, "nim", k); !f.Equal(nimber(i + 1)) {
			t.Errorf("%s = %s, want %d", k, describe(f), i+1)
		}
	}
	if s.Conflicts() != 1 {
		t.Errorf("Conflicts = %d, want 1", s.Conflicts())
	}
}
