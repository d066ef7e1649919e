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
