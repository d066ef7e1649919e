package store

import (
	"fmt"
	"testing"

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
	reply := make(chan error)
	s.writer.ops <- reply
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
	if dropped != 4*batchFacts || tier.StoreDropped() != dropped {
		t.Fatalf("dropped %d (tier %d), want %d", dropped, tier.StoreDropped(), 4*batchFacts)
	}
	stats, err := s.Stats()
	if err != nil {
		t.Fatal(err)
	}
	if got := stats.Games[0].Entries; got != puts-dropped {
		t.Errorf("%d facts stored, want %d Puts less %d dropped", got, puts, dropped)
	}
}
