package job

import (
	"context"
	"fmt"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games"
)

// Every heap game answers its largest legal heaps in the time its search takes: the tree's
// recording, which would never end there, stops at its limit without delaying the answer.
func TestRun_LargestHeapsAnswerInSearchTime(t *testing.T) {
	if testing.Short() {
		t.Skip("sieves Grundy's game to its limit")
	}
	const treeTime = 300 * time.Millisecond
	for _, name := range []string{"nim", "kayles", "dawsons-kayles", "dawsons-chess", "octal:0.6", "lasker", "grundys-game", "subtraction:1,3,4"} {
		g, err := games.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		hg, ok := g.(games.HeapGame)
		if !ok {
			t.Fatalf("%s is not a heap game", name)
		}
		pos := fmt.Sprintf("%d 3", hg.MaxHeap())
		p, err := games.Parse(g, pos)
		if err != nil {
			t.Fatalf("%s %s: %v", name, pos, err)
		}
		r, err := NewRunner(name, Config{Cache: engine.NewMapCache()})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(r.Close)
		req := Request{Game: g, Position: p, Task: Nimber, Tree: TreeAfter, Limits: Limits{TreeNodes: 100_000, TreeTime: treeTime}}
		start := time.Now()
		res := r.Run(context.Background(), req, nil)
		took := time.Since(start)
		if res.Err != nil || !res.Answer.HasNimber {
			t.Errorf("%s %s: err %v, answer %+v", name, pos, res.Err, res.Answer)
			continue
		}
		// Generous: the machine runs other tests beside this one.
		if bound := res.Search.Elapsed + treeTime + 2*time.Second; took > bound {
			t.Errorf("%s %s: answered in %v, search %v: want at most the search plus the tree's %v (and slack)", name, pos, took, res.Search.Elapsed, treeTime)
		}
		if res.Tree == nil && res.NoTree == "" {
			t.Errorf("%s %s: no tree, and no reason given", name, pos)
		}
	}
}

// A team's own memory is counted in its budget: with any number of workers, the cache, the
// front (a SharedFront's larger slots for a team), the options memo, the tree's share and
// the team's table and stacks add up to the budget at most; each worker's memo and DAG are
// its part of the shares; one worker's budget is what it was before teams. And the runtime's
// limit leaves the program's own pages room under the process's bound.
func TestBudget_CountsTheTeam(t *testing.T) {
	for _, mb := range []int{10, 11, 64, 100, 1000, 20001} {
		for _, workers := range []int{1, 2, 4, 16} {
			pinned := min(int64(mb)<<20/4, engine.DefaultPinnedBytes)
			if cache, _ := shares(mb, workers); teamBytes(workers)+pinned > int64(cache-1)<<20 {
				continue // a team larger than the cache's share: the cache keeps 1 MB, over the budget
			}
			b := budgetOf(mb, true, workers)
			slot := int64(engine.FrontSlotBytes)
			if workers > 1 {
				slot = engine.SharedSlotBytes
			}
			total := int64(b.cache)<<20 + slot<<b.front + b.memo + b.tree + b.pinned + teamBytes(workers)
			if total > int64(mb)<<20 {
				t.Errorf("budgetOf(%d MB, %d workers): %d bytes in all (cache %d MB, front 2^%d, memo %d, tree %d, pinned %d, team %d)",
					mb, workers, total, b.cache, b.front, b.memo, b.tree, b.pinned, teamBytes(workers))
			}
			if b.pinned != pinned {
				t.Errorf("budgetOf(%d MB): pinned facts %d bytes, want %d", mb, b.pinned, pinned)
			}
			cache := mb/2 - int((pinned+1<<19)>>20)
			if front := engine.FrontBits(int64(mb) << 20 / 8); workers == 1 && (b.cache != cache || b.front != front) {
				t.Errorf("budgetOf(%d MB, 1 worker): cache %d MB, front 2^%d; want %d and 2^%d", mb, b.cache, b.front, cache, front)
			}
			if workers > 1 && b.cache >= mb*3/8 {
				t.Errorf("budgetOf(%d MB, %d workers): cache %d MB, want less than one worker's %d", mb, workers, b.cache, mb*3/8)
			}
			if got := len(b.teamOptions()); got != 4 {
				t.Errorf("teamOptions: %d options, want workers, memo, tree and pinned facts", got)
			}
		}
		if limit, bound := memoryLimit(mb), ProcessMB(mb)<<20; limit+programMB<<20 > bound || limit > (int64(mb)*7/5+48)<<20 {
			t.Errorf("memoryLimit(%d) = %d MB: with the program's %d MB over ProcessMB's %d MB, or over 1.4 × the budget + 48", mb, limit>>20, programMB, bound>>20)
		}
	}
	if b := budgetOf(100, false, 2); b.tree != 75<<20-teamBytes(2)-engine.DefaultPinnedBytes || b.cache != 0 {
		t.Errorf("a runner given a cache, 2 workers: tree %d, cache %d; want 3/4 of 100 MB less the team's and the pinned facts', no cache", b.tree, b.cache)
	}
}
