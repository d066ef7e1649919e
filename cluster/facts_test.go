package cluster

import (
	"context"
	"testing"

	"grundy/engine"
	"grundy/games"
)

// A unit's search publishes the facts of the positions near its root only: all of them stay
// in the worker's cache, and the root's own fact is among those published.
func TestRecorder_PublishesNearFactsOnly(t *testing.T) {
	g, _ := games.Lookup("cram")
	p, _ := games.Parse(g, "3x6")
	local := engine.NewMapCache()
	rec := &recorder{behind: local, out: &outbox{}, shared: nearKeys(p, 1)}
	if _, err := engine.NewSolver(engine.WithCache(rec)).Nimber(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	published := rec.out.take()
	kept := local.Usage().Entries
	if int64(len(published)) != rec.sent.Load() || len(published) == 0 || int64(len(published)) >= kept {
		t.Fatalf("published %d facts (counted %d) of %d proved: want some, not all", len(published), rec.sent.Load(), kept)
	}
	root := false
	for _, kf := range published {
		if !rec.shared[kf.key] {
			t.Fatalf("published the fact of %q, not within a move of the root", kf.key)
		}
		if f, _ := local.Get(kf.key); f.Conflicts(kf.fact) {
			t.Fatalf("published %v of %q, the cache knows %v", kf.fact, kf.key, f)
		}
		root = root || kf.key == p.Key()
	}
	if !root {
		t.Error("the root's fact was not published")
	}
	t.Logf("cram 3x6: %d facts proved, %d published (%d keys within a move)", kept, len(published), len(rec.shared))
}
