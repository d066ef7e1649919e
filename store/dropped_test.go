package store

import (
	"fmt"
	"testing"
	"time"

	"grundy/engine"
)

// A writer that falls behind makes the Facts drop its oldest Puts rather than stop the search:
// the drops are counted, by the Facts and by a Tier (which job reports as StoreUse.Dropped),
// and what was not dropped is written.
func TestFacts_DropsCountedWhenWriterBehind(t *testing.T) {
	s := openTemp(t)
	facts := s.Facts("nim")
	tier := Through(engine.NewMapCache(), facts)
	// A flush whose reply nobody reads yet holds the writer, as a stalled disk would.
	// (It holds the writer once its flush of nothing pending is done: the sleep lets it be,
	// and a Put the flush took instead would only make fewer drops.)
	reply := make(chan error)
	s.writer.ops <- reply
	time.Sleep(50 * time.Millisecond)
	// The queue takes queueBatches batches, the Facts keeps maxPendingFacts, and each batch
	// past those drops one: 4 here.
	const puts = maxPendingFacts + (queueBatches+3)*batchFacts
	for i := range puts {
		tier.Put(fmt.Sprint(i), engine.Fact{}.WithNimber(1))
	}
	if err := <-reply; err != nil {
		t.Fatal(err)
	}
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	dropped := facts.Use().Dropped
	if dropped == 0 || dropped > 4*batchFacts || dropped%batchFacts != 0 || tier.StoreDropped() != dropped {
		t.Fatalf("dropped %d (tier %d), want whole batches, 4 at most and one at least", dropped, tier.StoreDropped())
	}
	stats, err := s.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if got := stats.Games[0].Entries; got != puts-dropped {
		t.Errorf("%d facts stored, want %d Puts less %d dropped", got, puts, dropped)
	}
}
