package job

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// heapsOf reads the heaps of a Nim or Kayles position's notation ("3 5 7").
func heapsOf(t *testing.T, pos string) []int {
	t.Helper()
	var heaps []int
	for _, f := range strings.Fields(pos) {
		h, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("heaps of %q: %v", pos, err)
		}
		heaps = append(heaps, h)
	}
	return heaps
}

// winning lists the options that res says win, in the game's order.
func winning(res Result) []string {
	var wins []string
	for _, o := range res.Options {
		if o.Wins() {
			wins = append(wins, o.Position)
		}
	}
	return wins
}

// undecided counts the options res leaves undecided.
func undecided(res Result) int {
	n := 0
	for _, o := range res.Options {
		if !o.Decided() {
			n++
		}
	}
	return n
}

// TestMoves_NimMovesToNimSumZero: in Nim the winning moves are exactly those to a nim-sum of
// 0 (Bouton), whether the options' nimbers or only their outcomes are asked; each nimber is
// the option's nim-sum.
func TestMoves_NimMovesToNimSumZero(t *testing.T) {
	for _, pos := range []string{"3 5 6", "3 5 7", "1 2 3 4 5 6 7 9"} {
		for _, task := range []Task{Moves, OutcomeMoves} {
			res := runner(t, "nim").Run(context.Background(), request(t, "nim", pos, task), nil)
			if res.Err != nil || res.Stopped || len(res.Options) == 0 {
				t.Fatalf("%v of nim %s: err %v, stopped %v, %d options", task, pos, res.Err, res.Stopped, len(res.Options))
			}
			var want []string
			for _, o := range res.Options {
				x := 0
				for _, h := range heapsOf(t, o.Position) {
					x ^= h
				}
				if x == 0 {
					want = append(want, o.Position)
				}
				if task == Moves && (!o.Known || o.Nimber != x) {
					t.Errorf("nim %s: option %s = %+v, want nimber %d", pos, o.Position, o, x)
				}
			}
			if got := winning(res); !slices.Equal(got, want) || undecided(res) != 0 {
				t.Errorf("%v of nim %s: winning %q, %d undecided; want %q, none", task, pos, got, undecided(res), want)
			}
			if wantOutcome := map[bool]string{true: "W", false: "L"}[len(want) > 0]; res.Answer.OutcomeText() != wantOutcome {
				t.Errorf("%v of nim %s: outcome %s, want %s", task, pos, res.Answer.OutcomeText(), wantOutcome)
			}
		}
	}
}

// isMiddleSquare reports whether the boxing option pos leaves two full rectangles of 10
// rows and 5 columns (the halves of 10x20, which boxing writes "10x5").
func isMiddleSquare(t *testing.T, pos string) bool {
	t.Helper()
	p := request(t, "boxing-match", pos, OutcomeMoves).Position
	comps := p.Split()
	return len(comps) == 2 && comps[0].String() == "10x5" && comps[1].String() == "10x5"
}

// TestMoves_BoxingMiddleSquare (issue 15): the winning moves of Boxing Match on 10x20, each
// option searched for 1 ms, hold the middle 10x10 square, found with no search (its two
// equal halves cancel): the answer is W at once, and the hard options stay undecided.
func TestMoves_BoxingMiddleSquare(t *testing.T) {
	req := request(t, "boxing-match", "10x20", OutcomeMoves)
	req.OptionLimit = OptionLimit{Time: time.Millisecond}
	start := time.Now()
	res := runner(t, "boxing-match").Run(context.Background(), req, nil)
	took := time.Since(start)
	if res.Err != nil || res.Stopped || res.Answer.OutcomeText() != "W" {
		t.Fatalf("10x20: err %v, stopped %v, outcome %s; want W", res.Err, res.Stopped, res.Answer.OutcomeText())
	}
	wins := winning(res)
	if !slices.ContainsFunc(wins, func(pos string) bool { return isMiddleSquare(t, pos) }) {
		t.Errorf("10x20: winning moves %q, want the middle 10x10 among them", wins)
	}
	if len(res.Options) != 935 || undecided(res) == 0 {
		t.Errorf("10x20: %d options, %d undecided; want 935, most undecided within 1 ms", len(res.Options), undecided(res))
	}
	t.Logf("10x20: %d winning, %d undecided of %d in %v, %d nodes", len(wins), undecided(res), len(res.Options), took, res.Search.Nodes)
}

// TestMoves_StopKeepsWhatIsProven: the nimbers of 10x20's options, which no search finishes,
// stopped after a moment: the result is stopped, but says W and lists the middle square as
// a move of nimber 0, instead of nothing.
func TestMoves_StopKeepsWhatIsProven(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	res := runner(t, "boxing-match").Run(ctx, request(t, "boxing-match", "10x20", Moves), nil)
	if !res.Stopped || res.Answer.OutcomeText() != "W" {
		t.Fatalf("10x20 stopped: stopped %v, outcome %s; want stopped, W", res.Stopped, res.Answer.OutcomeText())
	}
	i := slices.IndexFunc(res.Options, func(o Option) bool { return isMiddleSquare(t, o.Position) })
	if i < 0 || !res.Options[i].Known || res.Options[i].Nimber != 0 {
		t.Errorf("middle square: option %d of %d, want it listed with nimber 0 known", i, len(res.Options))
	}
}

// TestMoves_BudgetLeavesUndecided: Cram 4x7's options searched within one node each (the solver looks at its limit every 1 024 nodes): some
// are left undecided, and what is said of the others is what the full search (a runner of its
// own, every option to its end) finds. 4x7 is a first-player win (nimber 3), whose search
// stops at its first winning move: the options after it are the search's to decide (5x5,
// a loss, had all of its options proven winning by the root's search once moves that leave
// fewest dominoes came first, and 3x10 once Split reduced its components).
func TestMoves_BudgetLeavesUndecided(t *testing.T) {
	full := runner(t, "cram").Run(context.Background(), request(t, "cram", "4x7", Moves), nil)
	if full.Err != nil || undecided(full) != 0 || full.Answer.NimberText() != "3" {
		t.Fatalf("4x7 in full: err %v, %d undecided, nimber %s; want all decided, 3", full.Err, undecided(full), full.Answer.NimberText())
	}
	for _, task := range []Task{Moves, OutcomeMoves} {
		req := request(t, "cram", "4x7", task)
		req.OptionLimit = OptionLimit{Nodes: 1}
		res := runner(t, "cram").Run(context.Background(), req, nil)
		if res.Err != nil || res.Stopped {
			t.Fatalf("%v within 1 node: err %v, stopped %v", task, res.Err, res.Stopped)
		}
		n := undecided(res)
		if n == 0 || n == len(res.Options) {
			t.Errorf("%v: %d of %d undecided; want some, not all", task, n, len(res.Options))
		}
		for i, o := range res.Options {
			want := full.Options[i]
			if o.Position != want.Position || o.Known && o.Nimber != want.Nimber ||
				o.Decided() && o.Wins() != want.Wins() {
				t.Errorf("%v: option %+v, the full search says %+v", task, o, want)
			}
		}
		if res.Answer.HasOutcome && res.Answer.OutcomeText() != "W" {
			t.Errorf("%v: outcome %s, want W or not proven", task, res.Answer.OutcomeText())
		}
	}
}

// misereKayles is the misère outcome of Kayles by brute force: the player to move wins with
// no move left, or with a move to a position lost for the other.
func misereKayles(heaps []int, memo map[string]bool) bool {
	heaps = slices.DeleteFunc(slices.Clone(heaps), func(h int) bool { return h == 0 })
	slices.Sort(heaps)
	key := string(heapBytes(heaps))
	if win, ok := memo[key]; ok {
		return win
	}
	win := len(heaps) == 0
	for i, h := range heaps {
		for take := 1; take <= 2 && take <= h && !win; take++ {
			for left := 0; left <= h-take && !win; left++ {
				next := append(slices.Clone(heaps[:i]), heaps[i+1:]...)
				win = !misereKayles(append(next, left, h-take-left), memo)
			}
		}
	}
	memo[key] = win
	return win
}

// TestMoves_MisereKayles: misère Kayles, each option searched within about a thousand nodes:
// some options are left undecided (misère play has no theory for Kayles), and every
// decided one is what a brute force says.
func TestMoves_MisereKayles(t *testing.T) {
	req := request(t, "kayles", "12 13 14", Moves)
	req.Misere, req.OptionLimit = true, OptionLimit{Nodes: 1}
	res := runner(t, "kayles").Run(context.Background(), req, nil)
	if res.Err != nil || res.Stopped || res.Task != OutcomeMoves {
		t.Fatalf("misère kayles 12 13 14: err %v, stopped %v, task %v", res.Err, res.Stopped, res.Task)
	}
	if n := undecided(res); n == 0 || n == len(res.Options) {
		t.Errorf("%d of %d undecided; want some, not all", n, len(res.Options))
	}
	memo := map[string]bool{}
	for _, o := range res.Options {
		lost := !misereKayles(heapsOf(t, o.Position), memo)
		if o.Known || o.Decided() && o.Wins() != lost {
			t.Errorf("option %+v: the brute force says lost = %v (and no nimber under misère play)", o, lost)
		}
	}
	if res.Answer.HasNimber || len(winning(res)) > 0 && res.Answer.OutcomeText() != "W" {
		t.Errorf("answer %+v with winning moves %q: want W, no nimber", res.Answer, winning(res))
	}
}

// heapBytes is a memo's key of sorted heaps, a byte a heap (the tests' heaps are small; a
// larger one would share its key with another, so it is refused).
func heapBytes(heaps []int) []byte {
	b := make([]byte, len(heaps))
	for i, h := range heaps {
		if h < 0 || h > 0xff {
			panic("heapBytes: heap " + strconv.Itoa(h) + " does not fit a byte")
		}
		b[i] = byte(h)
	}
	return b
}

// misereNim is misère Nim's closed form (Bouton, 1902), written here apart from the engine's:
// with a heap of 2 or more the player to move wins as in normal play (nim-sum ≠ 0); with
// only heaps of 0 and 1, when an even number of 1s is left.
func misereNim(heaps []int) bool {
	x, ones, big := 0, 0, false
	for _, h := range heaps {
		x ^= h
		big = big || h >= 2
		if h == 1 {
			ones++
		}
	}
	if big {
		return x != 0
	}
	return ones%2 == 0
}

// TestMoves_MisereNim: the winning moves of misère Nim are the moves to a position the
// closed form says is lost, and the position is W exactly when there is one.
func TestMoves_MisereNim(t *testing.T) {
	for _, pos := range []string{"3 5 7", "1 1 2", "1 1 1", "2 2", "1 2 3", "4"} {
		req := request(t, "nim", pos, OutcomeMoves)
		req.Misere = true
		res := runner(t, "nim").Run(context.Background(), req, nil)
		if res.Err != nil || undecided(res) != 0 {
			t.Fatalf("misère nim %s: err %v, %d undecided", pos, res.Err, undecided(res))
		}
		var want []string
		for _, o := range res.Options {
			if !misereNim(heapsOf(t, o.Position)) {
				want = append(want, o.Position)
			}
		}
		if got := winning(res); !slices.Equal(got, want) {
			t.Errorf("misère nim %s: winning %q, want %q", pos, got, want)
		}
		wantOutcome := map[bool]string{true: "W", false: "L"}[misereNim(heapsOf(t, pos))]
		if res.Answer.OutcomeText() != wantOutcome || res.Answer.HasNimber || (len(want) > 0) != (wantOutcome == "W") {
			t.Errorf("misère nim %s: answer %+v, want %s with no nimber", pos, res.Answer, wantOutcome)
		}
	}
}

// TestMoves_MisereStopped: misère winning moves stopped before the end say the position's
// outcome is not proven (when no winning move was found), not that it has no move.
func TestMoves_MisereStopped(t *testing.T) {
	req := request(t, "sprouts", "0*9", Moves)
	req.Misere = true
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	res := runner(t, "sprouts").Run(ctx, req, nil)
	if !res.Stopped || res.Err != nil || len(res.Options) == 0 {
		t.Fatalf("misère 0*9 moves in 50 ms: stopped %v, err %v, %d options; want stopped, listed", res.Stopped, res.Err, len(res.Options))
	}
	if got, want := res.ProvenText(), "0*9: nothing proven yet"; got != want {
		t.Errorf("ProvenText() = %q, want %q", got, want)
	}
	if res.Answer.HasOutcome != (len(winning(res)) > 0) {
		t.Errorf("answer %+v with winning moves %q: want W exactly when one is found", res.Answer, winning(res))
	}
}
