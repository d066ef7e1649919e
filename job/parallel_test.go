package job

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"grundy/engine"
)

// workersRunner is a runner of the given workers with a cache of its own (ristretto behind a
// front, a SharedFront for a team), as `solve` makes it.
func workersRunner(t *testing.T, game string, workers int) *Runner {
	t.Helper()
	r, err := NewRunner(game, Config{CacheMB: 32, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return r
}

// randomPositions are positions of several games, from seed: Kayles sums, Cram boards with
// cells filled, Sprouts, and Dawson's Kayles.
func randomPositions(seed uint64, n int) [][2]string {
	r := rand.New(rand.NewPCG(seed, 14))
	var out [][2]string
	for range n {
		switch r.IntN(4) {
		case 0:
			out = append(out, [2]string{"kayles", fmt.Sprintf("%d %d %d", 1+r.IntN(40), 1+r.IntN(40), 1+r.IntN(40))})
		case 1:
			out = append(out, [2]string{"cram", randomBoard(r, 3+r.IntN(2), 4+r.IntN(3))})
		case 2:
			out = append(out, [2]string{"sprouts", fmt.Sprintf("0*%d", 2+r.IntN(6))})
		default:
			out = append(out, [2]string{"dawsons-kayles", fmt.Sprintf("%d %d", 1+r.IntN(60), 1+r.IntN(60))})
		}
	}
	return out
}

// randomBoard is a Cram board of rows × cols with about a fifth of its cells filled.
func randomBoard(r *rand.Rand, rows, cols int) string {
	lines := make([]string, rows)
	for i := range lines {
		var b strings.Builder
		for range cols {
			if r.IntN(5) == 0 {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		lines[i] = b.String()
	}
	return strings.Join(lines, "/")
}

// TestWorkers_SameNimbers solves random positions of four games with runners of 1, 2 and 4
// workers, each with the game's default search and with the other one: every nimber is one
// worker's.
func TestWorkers_SameNimbers(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 8
	}
	for _, gp := range randomPositions(5, n) {
		for _, algo := range []Algo{Couples, PNS} {
			want := ""
			for _, workers := range []int{1, 2, 4} {
				req := request(t, gp[0], gp[1], Nimber)
				req.Algo = algo
				res := workersRunner(t, gp[0], workers).Run(context.Background(), req, nil)
				if res.Err != nil || res.Stopped || !res.Answer.HasNimber {
					t.Fatalf("%s %s, %s, %d workers: %s, err %v, stopped %v", gp[0], gp[1], algo, workers, res.Answer.NimberText(), res.Err, res.Stopped)
				}
				got := res.Answer.NimberText()
				if want == "" {
					want = got
				}
				if got != want {
					t.Fatalf("%s %s, %s: %d workers give %s, 1 worker %s", gp[0], gp[1], algo, workers, got, want)
				}
			}
		}
	}
}

// TestWorkers_SameTree reads trees out after a search by 1 and by 2 workers (which leaves
// their cache different): each checks and proves the same root couple, and one worker's
// search, which is the same every run, gives the same tree file, byte for byte.
func TestWorkers_SameTree(t *testing.T) {
	for _, gp := range [][2]string{{"cram", "3x6"}, {"cram", "4x5"}, {"kayles", "9 14"}, {"sprouts", "0*6"}, {"dawsons-kayles", "23"}} {
		var files [][]byte
		var roots []engine.Node
		for _, workers := range []int{1, 1, 2} {
			req := request(t, gp[0], gp[1], Nimber)
			req.Tree = TreeAfter
			res := workersRunner(t, gp[0], workers).Run(context.Background(), req, nil)
			if res.Err != nil || res.Tree == nil {
				t.Fatalf("%s %s, %d workers: no tree: %v, %s", gp[0], gp[1], workers, res.Err, res.NoTree)
			}
			checkTree(t, res.Tree)
			var b bytes.Buffer
			if err := engine.WriteTree(&b, res.Tree); err != nil {
				t.Fatal(err)
			}
			files = append(files, b.Bytes())
			root := res.Tree.Nodes[res.Tree.Root]
			root.Children = nil
			roots = append(roots, root)
		}
		if !bytes.Equal(files[0], files[1]) {
			t.Errorf("%s %s: one worker's trees differ from run to run (%d and %d bytes)", gp[0], gp[1], len(files[0]), len(files[1]))
		}
		if roots[2].Position != roots[0].Position || roots[2].N != roots[0].N || roots[2].Result != roots[0].Result {
			t.Errorf("%s %s: the root of 2 workers' tree is %+v, 1 worker's %+v", gp[0], gp[1], roots[2], roots[0])
		}
	}
}

// TestWorkers_StopKeepsFacts stops a search of 2 workers once they expanded some nodes: the
// result says stopped, and a second search on the same runner, starting from what the first
// proved, expands fewer nodes than a fresh runner's.
func TestWorkers_StopKeepsFacts(t *testing.T) {
	req := request(t, "cram", "3x10", Nimber)
	fresh := workersRunner(t, "cram", 2).Run(context.Background(), req, nil)
	if fresh.Err != nil || !fresh.Answer.HasNimber {
		t.Fatalf("cram 3x10: %v", fresh.Err)
	}
	r, err := NewRunner("cram", Config{CacheMB: 32, Workers: 2, Every: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stopped := r.Run(ctx, req, func(_ Phase, st engine.Stats) {
		if st.Nodes > fresh.Search.Nodes/3 {
			cancel()
		}
	})
	if !stopped.Stopped {
		t.Skipf("the search ended before its stop (%d nodes)", stopped.Search.Nodes)
	}
	again := r.Run(context.Background(), req, nil)
	if again.Answer.NimberText() != fresh.Answer.NimberText() {
		t.Fatalf("after the stop: nimber %s, want %s", again.Answer.NimberText(), fresh.Answer.NimberText())
	}
	if again.Search.Nodes >= fresh.Search.Nodes {
		t.Fatalf("after the stop: %d nodes, a fresh runner %d: nothing was kept", again.Search.Nodes, fresh.Search.Nodes)
	}
}
