package store

import (
	"testing"

	"grundy/engine"
)

// A Sprouts key in the store may be a cheap key (engine.Exact), written as the options of a
// search were: Export still gives the position's canonical text, never the cheap key.
func TestExport_CheapKeyGetsCanonicalText(t *testing.T) {
	s := openTemp(t)
	const cheap, canonical = "2ABC|ABC", "2ABC|ACB" // one land, written two ways
	if err := s.Add("sprouts", cheap, engine.Fact{}.WithNimber(1)); err != nil {
		t.Fatal(err)
	}
	recs, err := Export(s, "sprouts")
	if err != nil || len(recs) != 1 {
		t.Fatalf("Export = %d records, %v", len(recs), err)
	}
	if recs[0].Key != cheap || recs[0].Position != canonical {
		t.Errorf("Export = key %q, position %q; want key %q, position %q", recs[0].Key, recs[0].Position, cheap, canonical)
	}
}
