package cli

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"grundy/games"
)

// movesJSON is what the tests read of `solve --moves --json`.
type movesJSON struct {
	Outcome   string    `json:"outcome"`
	Nimber    *int      `json:"nimber"`
	Stopped   bool      `json:"stopped"`
	Winning   *[]string `json:"winning_moves"`
	Undecided *int      `json:"undecided_moves"`
	Open      []string  `json:"undecided_options"`
	Replies   []int     `json:"open_replies"`
}

// solveMoves runs solve with args and reads its JSON; exit status 0 is required.
func solveMoves(t *testing.T, args ...string) movesJSON {
	t.Helper()
	code, out, errOut := grundy(append([]string{"solve"}, append(args, "--json")...)...)
	var got movesJSON
	if code != 0 || json.Unmarshal([]byte(out), &got) != nil || got.Winning == nil || got.Undecided == nil {
		t.Fatalf("solve %q --json: exit %d %q %q; want 0 with winning_moves and undecided_moves", args, code, out, errOut)
	}
	return got
}

// heapsKey writes heaps with zeros dropped, sorted: the same for every order of one Nim position.
func heapsKey(t *testing.T, pos string) string {
	t.Helper()
	var heaps []int
	for _, f := range strings.Fields(pos) {
		h, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("heaps of %q: %v", pos, err)
		}
		if h > 0 {
			heaps = append(heaps, h)
		}
	}
	slices.Sort(heaps)
	return fmt.Sprint(heaps)
}

// TestSolve_MovesNim: the winning moves of Nim are exactly the moves to a nim-sum of 0,
// found here by taking from each heap what makes the nim-sum 0 (Bouton), with or without
// --outcome-only; the text output lists them one a line.
func TestSolve_MovesNim(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	for _, pos := range []string{"3 5 6", "3 5 7", "1 2 3 4 5 6 7 9"} {
		heaps := strings.Fields(pos)
		x, want := 0, []string{}
		for _, h := range heaps {
			n, _ := strconv.Atoi(h)
			x ^= n
		}
		for i, h := range heaps {
			n, _ := strconv.Atoi(h)
			if n^x < n { // the heap goes down to n^x: the nim-sum is then 0
				next := slices.Clone(heaps)
				next[i] = strconv.Itoa(n ^ x)
				want = append(want, heapsKey(t, strings.Join(next, " ")))
			}
		}
		for _, extra := range [][]string{nil, {"--outcome-only"}} {
			got := solveMoves(t, append([]string{"nim", pos, "--moves"}, extra...)...)
			var wins []string
			for _, m := range *got.Winning {
				wins = append(wins, heapsKey(t, m))
			}
			slices.Sort(wins)
			slices.Sort(want)
			wantOutcome := map[bool]string{true: "W", false: "L"}[x != 0]
			if !slices.Equal(wins, want) || *got.Undecided != 0 || got.Outcome != wantOutcome {
				t.Errorf("nim %s %q: winning %q, %d undecided, outcome %s; want %q, 0, %s", pos, extra, wins, *got.Undecided, got.Outcome, want, wantOutcome)
			}
		}
	}
	code, out, _ := grundy("solve", "nim", "3 5 7", "--moves")
	if code != 0 || !strings.Contains(out, "move      2 5 7\n") || !strings.Contains(out, "moves     3 winning, 12 losing (15 in all)\n") {
		t.Errorf("solve nim '3 5 7' --moves: exit %d\n%s", code, out)
	}
}

// TestSolve_MovesBoxing (issue 15): `solve boxing-match 10x20 --outcome-only --moves`
// answers W within seconds, its winning moves hold the middle 10x10 square (the board left
// is two 10x5 halves, as boxing writes them), and it says how many options it left
// undecided within --move-time.
func TestSolve_MovesBoxing(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	start := time.Now()
	got := solveMoves(t, "boxing-match", "10x20", "--outcome-only", "--moves")
	took := time.Since(start)
	g, _ := games.Lookup("boxing-match")
	middle := slices.ContainsFunc(*got.Winning, func(m string) bool {
		p, err := games.Parse(g, m)
		if err != nil {
			t.Fatalf("winning move %q: %v", m, err)
		}
		comps := p.Split()
		return len(comps) == 2 && comps[0].String() == "10x5" && comps[1].String() == "10x5"
	})
	if got.Outcome != "W" || !middle || *got.Undecided == 0 {
		t.Errorf("10x20: outcome %s, winning %q, %d undecided; want W, the middle square, some undecided", got.Outcome, *got.Winning, *got.Undecided)
	}
	// The machine is shared: 4 s of wall time measured at a load of 15 on 2 cores, 2.3 s CPU.
	if took > 30*time.Second {
		t.Errorf("10x20 --moves took %v, want seconds", took)
	}
	t.Logf("10x20: %d winning, %d undecided in %v", len(*got.Winning), *got.Undecided, took)
}

// TestSolve_MovesBudget: with a budget of a thousand nodes an option (--move-nodes 1, no
// time bound) some options of Cram 4x7 + 1x2 stay undecided, the output says so, and every
// winning move it lists is one of those the full search (every option to its end) finds.
// The options left undecided are listed too: each, solved alone, is a winning move of the
// full search exactly when it is lost.
func TestSolve_MovesBudget(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	full := solveMoves(t, "cram", "4x7 + 1x2", "--moves", "--move-time", "0", "--no-db")
	if *full.Undecided != 0 || len(*full.Winning) == 0 {
		t.Fatalf("full search: %d undecided, winning %q; want all decided, some winning", *full.Undecided, *full.Winning)
	}
	budget := []string{"cram", "4x7 + 1x2", "--moves", "--move-time", "0", "--move-nodes", "1", "--no-db"}
	got := solveMoves(t, budget...)
	for _, m := range *got.Winning {
		if !slices.Contains(*full.Winning, m) {
			t.Errorf("winning move %q within 1 node, not one of the full search's %q", m, *full.Winning)
		}
	}
	if *got.Undecided == 0 || got.Outcome != "W" {
		t.Errorf("within 1 node: %d undecided, outcome %s; want some undecided, W", *got.Undecided, got.Outcome)
	}
	if len(got.Open) != *got.Undecided {
		t.Errorf("within 1 node: %d undecided options listed, %d counted", len(got.Open), *got.Undecided)
	}
	for _, u := range got.Open {
		code, out, _ := grundy("solve", "cram", u, "--outcome-only", "--no-db", "--json")
		var alone movesJSON
		if code != 0 || json.Unmarshal([]byte(out), &alone) != nil {
			t.Fatalf("solve cram %q: exit %d, %q", u, code, out)
		}
		if lost, listed := alone.Outcome == "L", slices.Contains(*full.Winning, u); lost != listed || slices.Contains(*got.Winning, u) {
			t.Errorf("undecided option %q: outcome %s alone, among the full search's winning moves %v, among those within 1 node %v", u, alone.Outcome, listed, slices.Contains(*got.Winning, u))
		}
	}
	code, out, _ := grundy(append([]string{"solve"}, budget...)...)
	if want := fmt.Sprintf("%d not decided within 1 node each", *got.Undecided); code != 0 || !strings.Contains(out, want) {
		t.Errorf("text output: exit %d, want %q in\n%s", code, want, out)
	}
}

// misereKayles is the misère outcome of Kayles by brute force: the player to move wins with
// no move left, or with a move to a position lost for the other.
func misereKayles(heaps []int, memo map[string]bool) bool {
	heaps = slices.DeleteFunc(slices.Clone(heaps), func(h int) bool { return h == 0 })
	slices.Sort(heaps)
	key := fmt.Sprint(heaps)
	if win, ok := memo[key]; ok {
		return win
	}
	win := len(heaps) == 0
	for i, h := range heaps {
		for take := 1; take <= min(2, h) && !win; take++ {
			for left := 0; left <= h-take && !win; left++ {
				next := append(slices.Clone(heaps[:i]), heaps[i+1:]...)
				win = !misereKayles(append(next, left, h-take-left), memo)
			}
		}
	}
	memo[key] = win
	return win
}

// TestSolve_MovesMisereKayles: misère Kayles, whose outcomes have no theory here, with a
// thousand nodes an option: some options stay undecided, and the winning moves listed are
// misère losses by brute force; with no bound, they are all of them.
func TestSolve_MovesMisereKayles(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	memo := map[string]bool{}
	lost := func(pos string) bool {
		var heaps []int
		for _, f := range strings.Fields(pos) {
			h, _ := strconv.Atoi(f)
			heaps = append(heaps, h)
		}
		return !misereKayles(heaps, memo)
	}
	got := solveMoves(t, "kayles", "12 13 14", "--misere", "--moves", "--move-time", "0", "--move-nodes", "1", "--no-db")
	if *got.Undecided == 0 || got.Nimber != nil {
		t.Errorf("misère kayles 12 13 14 within 1 node: %d undecided, nimber %v; want some undecided, none", *got.Undecided, got.Nimber)
	}
	for _, m := range *got.Winning {
		if !lost(m) {
			t.Errorf("winning move %q: the brute force says the player to move there wins", m)
		}
	}
	all := solveMoves(t, "kayles", "5 6", "--misere", "--moves", "--move-time", "0", "--no-db")
	var want []string
	for _, heaps := range kaylesOptions([]int{5, 6}) {
		if lost(heaps) {
			want = append(want, heapsKey(t, heaps))
		}
	}
	var wins []string
	for _, m := range *all.Winning {
		wins = append(wins, heapsKey(t, m))
	}
	slices.Sort(wins)
	want = slices.Compact(slices.Sorted(slices.Values(want)))
	if !slices.Equal(slices.Compact(wins), want) || *all.Undecided != 0 || all.Outcome != map[bool]string{true: "W", false: "L"}[len(want) > 0] {
		t.Errorf("misère kayles 5 6: winning %q, %d undecided, outcome %s; want %q, 0", wins, *all.Undecided, all.Outcome, want)
	}
}

// kaylesOptions lists the positions one Kayles move leads to from heaps, as notations.
func kaylesOptions(heaps []int) []string {
	var out []string
	for i, h := range heaps {
		for take := 1; take <= min(2, h); take++ {
			for left := 0; left <= h-take; left++ {
				next := append(slices.Clone(heaps[:i]), heaps[i+1:]...)
				next = append(next, left, h-take-left)
				out = append(out, strings.Trim(fmt.Sprint(next), "[]"))
			}
		}
	}
	return out
}

// TestSolve_MovesBadFlags: the flags of the moves are checked before any work.
func TestSolve_MovesBadFlags(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--move-nodes", "5"}, "add --moves"},
		{[]string{"--moves", "--move-time", "-1s"}, "--move-time"},
		{[]string{"--moves", "--move-nodes", "-1"}, "--move-nodes"},
		{[]string{"--moves", "--algo", "mex"}, "--algo mex"},
		{[]string{"--moves", "--algo", "br"}, "--algo br"},
	} {
		code, _, errOut := grundy(append([]string{"solve", "nim", "3 4"}, c.args...)...)
		if code != exitUsage || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("solve %q: exit %d %q; want 2 and one line naming %s", c.args, code, errOut, c.want)
		}
	}
}

// TestSolve_MovesOpenReplies: a position with no winning move found lists its undecided
// options nearest to a proof first, each with its replies not proven won (at least one, or
// the option would be decided); once one is solved, a second listing from the same store has
// it decided and no count larger than before (facts only grow).
func TestSolve_MovesOpenReplies(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	db := t.TempDir()
	list := []string{"sprouts", "0*12", "--outcome-only", "--moves", "--move-time", "0", "--move-nodes", "1", "--db", db}
	before := solveMoves(t, list...)
	if len(*before.Winning) != 0 || len(before.Open) < 2 || len(before.Replies) != len(before.Open) {
		t.Fatalf("0*12 within 1 node: winning %q, undecided %q, open replies %v; want none winning, two undecided or more, a count each",
			*before.Winning, before.Open, before.Replies)
	}
	if !slices.IsSorted(before.Replies) || before.Replies[0] < 1 {
		t.Errorf("open replies %v: want at least 1 each, nearest first", before.Replies)
	}
	first := before.Open[0]
	if code, out, errOut := grundy("solve", "sprouts", first, "--outcome-only", "--db", db); code != 0 {
		t.Fatalf("solve %s: exit %d %q %q", first, code, out, errOut)
	}
	after := solveMoves(t, list...)
	if slices.Contains(after.Open, first) {
		t.Errorf("%s solved, yet still listed undecided: %q", first, after.Open)
	}
	for i, o := range after.Open {
		if j := slices.Index(before.Open, o); j < 0 || after.Replies[i] > before.Replies[j] {
			t.Errorf("%s: %d open replies after one option solved, %v before", o, after.Replies[i], before.Replies)
		}
	}
}
