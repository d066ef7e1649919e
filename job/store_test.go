package job

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"grundy/engine"
	"grundy/store"
)

func openStore(t *testing.T) *store.Store {
	t.Helper()
	s, err := store.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// storeRunner is a runner with its own small cache and the store s behind it.
func storeRunner(t *testing.T, game string, s *store.Store) *Runner {
	t.Helper()
	r, err := NewRunner(game, Config{CacheMB: 32, Store: s, Every: time.Millisecond, Workers: 1}) // counts compared are one worker's
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return r
}

// stopAfter returns a context cancelled once the search it watches passed nodes, and the
// progress callback that watches it.
func stopAfter(nodes int64) (context.Context, func(Phase, engine.Stats)) {
	ctx, cancel := context.WithCancel(context.Background())
	return ctx, func(_ Phase, st engine.Stats) {
		if st.Nodes >= nodes {
			cancel()
		}
	}
}

// A search stopped at random points, each time resumed by a new runner on the same store,
// ends with the answer of a search from nothing, in fewer nodes; each resumed search reads
// what the stopped ones wrote.
func TestRunner_ResumesFromTheStore(t *testing.T) {
	const game, pos, want = "cram", "3x10", "2"
	cold := storeRunner(t, game, openStore(t)).Run(context.Background(), request(t, game, pos, Nimber), nil)
	if cold.Err != nil || cold.Answer.NimberText() != want || cold.Store.Written == 0 {
		t.Fatalf("cold: err %v, nimber %s, %d facts written", cold.Err, cold.Answer.NimberText(), cold.Store.Written)
	}
	seed := rand.Uint64()
	rng := rand.New(rand.NewPCG(seed, 0))
	s := openStore(t)
	var stops, reads int64
	for i := range 3 {
		// A fifth of the work at most: three stops leave work to the last run.
		ctx, watch := stopAfter(cold.Search.Nodes/20 + rng.Int64N(cold.Search.Nodes*3/20))
		res := storeRunner(t, game, s).Run(ctx, request(t, game, pos, Nimber), watch)
		if res.Err != nil || res.Store.Err != nil {
			t.Fatalf("seed %d, stop %d: %v, %v", seed, i, res.Err, res.Store.Err)
		}
		if res.Stopped {
			stops++
		}
		reads += res.Store.Hits
	}
	warm := storeRunner(t, game, s).Run(context.Background(), request(t, game, pos, Nimber), nil)
	if warm.Err != nil || warm.Stopped || warm.Answer.NimberText() != want {
		t.Fatalf("seed %d: resumed: err %v, stopped %v, nimber %s, want %s", seed, warm.Err, warm.Stopped, warm.Answer.NimberText(), want)
	}
	if stops != 3 {
		t.Fatalf("seed %d: %d of 3 searches were stopped", seed, stops)
	}
	if warm.Search.Nodes >= cold.Search.Nodes || warm.Search.Nodes == 0 || warm.Store.Hits == 0 {
		t.Errorf("seed %d: resumed after %d stops in %d nodes (%d store hits), from nothing %d nodes; want fewer, not none",
			seed, stops, warm.Search.Nodes, warm.Store.Hits, cold.Search.Nodes)
	}
	t.Logf("seed %d: %d stops (%d facts read by the later ones); resumed in %d nodes with %d store hits, from nothing %d",
		seed, stops, reads, warm.Search.Nodes, warm.Store.Hits, cold.Search.Nodes)
}

// A fact planted in the store is read by the search (here a false nimber, which the search
// answers), and the recording, which reads no cache, still proves the true one.
func TestRunner_ReadsThePlantedFactTheTreeDoesNot(t *testing.T) {
	s := openStore(t)
	req := request(t, "cram", "3x4", Nimber)
	if err := s.Add("cram", req.Position.Key(), engine.Fact{}.WithNimber(5)); err != nil {
		t.Fatal(err)
	}
	r := storeRunner(t, "cram", s)
	res := r.Run(context.Background(), req, nil)
	if res.Err != nil || res.Answer.NimberText() != "5" || res.Store.Hits != 1 || res.Search.Nodes != 0 {
		t.Fatalf("with = 5 planted: err %v, nimber %s, %d store hits, %d nodes; want the planted 5, read once",
			res.Err, res.Answer.NimberText(), res.Store.Hits, res.Search.Nodes)
	}
	req.Tree = TreeOnly
	res = r.Run(context.Background(), req, nil)
	if res.Tree == nil {
		t.Fatalf("no tree: %s, %v", res.NoTree, res.Err)
	}
	checkTree(t, res.Tree)
	if root := res.Tree.Nodes[res.Tree.Root]; !root.Losing() || root.N != 1 {
		t.Errorf("the recorded root is (%s, %d) %s, want the true = 1", root.Position, root.N, root.Result)
	}
}

// Without a store, a runner's cache is what it was: a front before ristretto, no tier.
func TestRunner_WithoutStoreUnchanged(t *testing.T) {
	r, err := NewRunner("cram", Config{CacheMB: 32, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, ok := r.cache.(*engine.Front); !ok || r.tier != nil {
		t.Fatalf("cache %T, tier %v; want a Front and no tier", r.cache, r.tier)
	}
	res := r.Run(context.Background(), request(t, "cram", "3x5", Nimber), nil)
	if res.Answer.NimberText() != "1" || res.Store != (StoreUse{}) {
		t.Errorf("cram 3x5 without store: nimber %s, store use %+v; want 1, none", res.Answer.NimberText(), res.Store)
	}
}

// A tree read out from the store (StoreWriteOnly off, `grundy tree --from-store`) starts from
// what an earlier run proved into it: its search takes no node, and its proof checks, where
// the write-only runner of `grundy tree` searches again.
func TestRunner_TreeFromTheStore(t *testing.T) {
	s := openStore(t)
	req := request(t, "sprouts", "0*9", Outcome)
	if res := storeRunner(t, "sprouts", s).Run(context.Background(), req, nil); res.Err != nil || res.Search.Nodes == 0 {
		t.Fatalf("solve: err %v, %d nodes", res.Err, res.Search.Nodes)
	}
	req.Tree, req.ReadOut = TreeOnly, true
	for _, writeOnly := range []bool{false, true} {
		r, err := NewRunner("sprouts", Config{CacheMB: 32, Store: s, StoreWriteOnly: writeOnly, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		res := r.Run(context.Background(), req, nil)
		r.Close()
		if res.Tree == nil {
			t.Fatalf("write-only %v: no tree: %s, %v", writeOnly, res.NoTree, res.Err)
		}
		checkTree(t, res.Tree)
		if searched := res.Search.Nodes > 0; searched != writeOnly {
			t.Errorf("write-only %v: the search took %d nodes", writeOnly, res.Search.Nodes)
		}
	}
}
