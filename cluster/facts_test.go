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

// A batch is named by the key its subject holds, which the server vouches for, and the
// user of that key; with no key (a server that asks none, a batch of before), by the node's
// name alone, said to be its own.
func TestMerger_NamesTheSender(t *testing.T) {
	m := &merger{names: map[string]string{"UKEY": "worker-b"}}
	for _, c := range []struct{ subject, want string }{
		{subjectFacts + "UKEY", `"w1", key UKEY (worker-b)`},
		{subjectFacts + "UOTHER", `"w1", key UOTHER (a key of no user)`},
		{subjectFacts + openSender, `"w1" (a name it gave itself)`},
		{"grundy.facts", `"w1" (a name it gave itself)`},
	} {
		if got := m.from(c.subject, "w1"); got != c.want {
			t.Errorf("from(%q) = %s, want %s", c.subject, got, c.want)
		}
	}
}
