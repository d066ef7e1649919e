package workbench

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"grundy/engine"
	"grundy/games"
)

// newPlayWorkbench returns a test workbench in play mode on game pos, who moving first,
// the engine's choices seeded.
func newPlayWorkbench(t *testing.T, game, pos string, first Side) (*Workbench, *uiQueue) {
	t.Helper()
	w, _, q := newTestWorkbench(t)
	t.Cleanup(w.Play.Close)
	w.SetPlayMode(true)
	if !w.PlayMode() || w.Solver.Visible() {
		t.Fatal("play mode did not show the play panel in the solver's place")
	}
	setPosition(t, w, game, pos)
	w.Play.Seed(1)
	w.Play.SetFirst(first)
	return w, q
}

// waitEngine runs the UI queue until no search runs.
func waitEngine(t *testing.T, w *Workbench, q *uiQueue) {
	t.Helper()
	q.runUntil(t, 30*time.Second, func() bool { return !w.Play.Thinking() })
}

// heaps reads a Nim position as the editor shows it.
func heaps(t *testing.T, notation string) []int {
	t.Helper()
	var hs []int
	for _, f := range strings.Fields(notation) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("nim position %q: %v", notation, err)
		}
		hs = append(hs, n)
	}
	return hs
}

// nimSum is the XOR of the heaps: 0 exactly on P-positions (Bouton), computed apart from the
// engine.
func nimSum(hs []int) int {
	x := 0
	for _, h := range hs {
		x ^= h
	}
	return x
}

// randomNimMove returns a random legal move of Nim from hs: a heap made smaller, written as
// the heap picture writes it (a heap taken whole stays as 0).
func randomNimMove(rng *rand.Rand, hs []int) string {
	var nonEmpty []int
	for i, h := range hs {
		if h > 0 {
			nonEmpty = append(nonEmpty, i)
		}
	}
	k := nonEmpty[rng.IntN(len(nonEmpty))]
	after := append([]int(nil), hs...)
	after[k] = rng.IntN(hs[k])
	parts := make([]string, len(after))
	for i, h := range after {
		parts[i] = strconv.Itoa(h)
	}
	return strings.Join(parts, " ")
}

// userMoves plays the user's moves with move until the game ends, waiting for each engine
// answer and handing it to check.
func userMoves(t *testing.T, w *Workbench, q *uiQueue, move func(ply int), check func(notation string)) {
	t.Helper()
	for ply := 0; w.Play.Playing(); ply++ {
		if ply > 200 {
			t.Fatal("the game does not end")
		}
		if w.Play.game.turn != User {
			t.Fatalf("ply %d: the engine's turn, and it is not thinking", ply)
		}
		before := w.Editor.State().Notation
		move(ply)
		if w.Editor.State().Notation == before {
			t.Fatalf("ply %d: the user's move from %q was not played", ply, before)
		}
		waitEngine(t, w, q)
		if w.Play.game.turn == User || w.Play.game.over && w.Play.game.winner == Engine {
			check(w.Editor.State().Notation)
		}
	}
}

// The seed's game (shared/seeds/002): Nim against the computer from a P-position, the user
// first. Whatever the user plays, each engine answer leaves nim-sum 0, and the engine wins;
// the score counts a loss. The user's moves go through the board (the editor) and through
// the panel's list, in turn.
func TestPlay_NimFromPPositionUserLoses(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			w, q := newPlayWorkbench(t, "nim", "1 2 3", User)
			rng := rand.New(rand.NewPCG(seed, 2))
			w.Play.NewGame()
			if !w.Play.Playing() || !w.Editor.Locked() {
				t.Fatal("no game on, or the editor's fields are not locked")
			}
			move := func(ply int) {
				if ply%2 == 1 {
					pickAndPlay(t, w, rng.IntN(len(w.Play.listed)))
					return
				}
				setPosition(t, w, "nim", randomNimMove(rng, heaps(t, w.Editor.State().Notation)))
			}
			userMoves(t, w, q, move, func(after string) {
				if x := nimSum(heaps(t, after)); x != 0 {
					t.Errorf("the engine left %q, nim-sum %d, not a P-position", after, x)
				}
			})
			if g := w.Play.game; g.winner != Engine {
				t.Fatalf("the game ended on %q, won by %v, want the engine", g.notation, g.winner)
			}
			if wins, losses := w.Play.Score(); wins != 0 || losses != 1 {
				t.Errorf("score %d–%d, want 0–1", wins, losses)
			}
			if s := w.Play.ui.state.Text; !strings.Contains(s, "The engine won") {
				t.Errorf("state %q", s)
			}
			if w.Editor.Locked() {
				t.Error("the editor stays locked after the game")
			}
		})
	}
}

// pickAndPlay selects row i of the play panel's list, which draws its move on the board,
// and taps the row's Play.
func pickAndPlay(t *testing.T, w *Workbench, i int) {
	t.Helper()
	w.Play.ui.list.Select(i)
	if w.Editor.MoveNote() == "" {
		t.Errorf("the move picked in the list is not drawn on the board")
	}
	tapRowPlay(t, w, i)
}

// tapRowPlay taps the Play button of row i of the play panel's list.
func tapRowPlay(t *testing.T, w *Workbench, i int) {
	t.Helper()
	row := w.Play.ui.list.CreateItem()
	w.Play.ui.list.UpdateItem(i, row)
	play, ok := row.(*fyne.Container).Objects[2].(*widget.Button)
	if !ok {
		t.Fatalf("row %d has no Play button", i)
	}
	test.Tap(play)
}

// From an N-position with the engine to move, every engine answer leaves a P-position, over
// three games: New game replays from the start, and the score adds up until it is reset.
func TestPlay_NimEngineAnswersLeavePPositions(t *testing.T) {
	w, q := newPlayWorkbench(t, "nim", "3 5 7 2", Engine)
	if x := nimSum([]int{3, 5, 7, 2}); x == 0 {
		t.Fatal("the start is not an N-position")
	}
	rng := rand.New(rand.NewPCG(7, 7))
	answers := 0
	for game := 1; game <= 3; game++ {
		w.Play.NewGame()
		if got := w.Play.game.start; got != "3 5 7 2" {
			t.Fatalf("game %d starts from %q, want the first game's start", game, got)
		}
		waitEngine(t, w, q)
		first := w.Editor.State().Notation
		if x := nimSum(heaps(t, first)); x != 0 {
			t.Errorf("game %d: the engine's first move left %q, nim-sum %d", game, first, x)
		}
		answers++
		userMoves(t, w, q, func(int) {
			setPosition(t, w, "nim", randomNimMove(rng, heaps(t, w.Editor.State().Notation)))
		}, func(after string) {
			answers++
			if x := nimSum(heaps(t, after)); x != 0 {
				t.Errorf("game %d: the engine left %q, nim-sum %d", game, after, x)
			}
		})
		if wins, losses := w.Play.Score(); wins != 0 || losses != game {
			t.Fatalf("after game %d: score %d–%d, want 0–%d", game, wins, losses, game)
		}
	}
	t.Logf("%d engine answers checked", answers)
	if !strings.Contains(w.Play.ui.score.Text, "you 0 – 3 engine") {
		t.Errorf("score line %q", w.Play.ui.score.Text)
	}
	test.Tap(w.Play.ui.reset)
	if wins, losses := w.Play.Score(); wins != 0 || losses != 0 {
		t.Errorf("after reset: %d–%d", wins, losses)
	}
}

// checkLost fails t when position after of g, which the engine left, is not lost for the
// player to move (nimber 0 by brute force).
func checkLost(t *testing.T, g games.Game, after string, memo map[string]int) {
	t.Helper()
	p, err := games.Parse(g, after)
	if err != nil {
		t.Fatal(err)
	}
	if n := bruteNimber(p, memo); n != 0 {
		t.Errorf("the engine left %q, nimber %d", after, n)
	}
}

// bruteNimber is the nimber of p by plain mex over its options, apart from the engine's
// search.
func bruteNimber(p engine.Position, memo map[string]int) int {
	if n, ok := memo[p.String()]; ok {
		return n
	}
	seen := map[int]bool{}
	for o := range p.Options() {
		seen[bruteNimber(o, memo)] = true
	}
	n := 0
	for seen[n] {
		n++
	}
	memo[p.String()] = n
	return n
}

// Cram 3x3 is a P-position: the user drags dominoes on the board (CramBoard.Play, as a drag
// does), a tap that fills one cell is no move and is undone, and every engine answer leaves
// a position of nimber 0 by brute force; the engine wins.
func TestPlay_CramOnTheBoard(t *testing.T) {
	w, q := newPlayWorkbench(t, "cram", "3x3", User)
	g, _ := games.Lookup("cram")
	memo := map[string]int{}
	rng := rand.New(rand.NewPCG(3, 3))
	w.Play.NewGame()
	tapped := false
	userMoves(t, w, q, func(ply int) {
		b := w.Editor.CramBoard(0)
		if b == nil {
			t.Fatal("no Cram board on show")
		}
		if !tapped {
			tapped = true
			before := w.Editor.State().Notation
			b.Tapped(&fyne.PointEvent{Position: b.CellCentre(0, 0)})
			if got := w.Editor.State().Notation; got != before {
				t.Errorf("a tap changed the board to %q during the game, want %q kept", got, before)
			}
			if s := w.Play.ui.state.Text; !strings.Contains(s, "not a move") {
				t.Errorf("after a tap: state %q", s)
			}
			b = w.Editor.CramBoard(0)
		}
		var pairs [][4]int
		bd := b.Board()
		for i := range bd.Rows() {
			for j := range bd.Cols() {
				if j+1 < bd.Cols() && bd.Free(i, j) && bd.Free(i, j+1) {
					pairs = append(pairs, [4]int{i, j, i, j + 1})
				}
				if i+1 < bd.Rows() && bd.Free(i, j) && bd.Free(i+1, j) {
					pairs = append(pairs, [4]int{i, j, i + 1, j})
				}
			}
		}
		d := pairs[rng.IntN(len(pairs))]
		b.Play(d[0], d[1], d[2], d[3])
	}, func(after string) { checkLost(t, g, after, memo) })
	if wins, losses := w.Play.Score(); wins != 0 || losses != 1 {
		t.Errorf("score %d–%d, want 0–1", wins, losses)
	}
}

// The hint marks the one winning move of Nim 1 2 and draws it on the board; played, it
// leaves the engine no winning move, and the user wins.
func TestPlay_HintThenWin(t *testing.T) {
	w, q := newPlayWorkbench(t, "nim", "1 2", User)
	w.Play.NewGame()
	test.Tap(w.Play.ui.hint)
	waitEngine(t, w, q)
	if m := w.Play.game.moves[w.Play.listed[0]]; !m.wins || m.notation != "1 1" {
		t.Fatalf("first listed move %+v, want 1 1, winning", m)
	}
	if s := w.Play.ui.state.Text; !strings.Contains(s, "1 winning move") {
		t.Errorf("state %q", s)
	}
	if note := w.Editor.MoveNote(); !strings.Contains(note, "heap 2") {
		t.Errorf("the board's note %q, want the winning move drawn", note)
	}
	tapRowPlay(t, w, 0) // the move the hint selected
	waitEngine(t, w, q)
	if !strings.Contains(w.Play.note, "no move wins") {
		t.Errorf("engine's note %q", w.Play.note)
	}
	pickAndPlay(t, w, 0) // the last coin
	if wins, losses := w.Play.Score(); wins != 1 || losses != 0 {
		t.Errorf("score %d–%d, want 1–0 (%s)", wins, losses, w.Play.ui.state.Text)
	}
}

// Under misère play the player who moves last loses: from Nim 1 1 the user's move forces
// the engine to take the last coin.
func TestPlay_Misere(t *testing.T) {
	w, q := newPlayWorkbench(t, "nim", "1 1", User)
	test.Tap(w.Play.ui.misere)
	if !w.Solver.Misere() {
		t.Fatal("the play panel's Misère did not set the solver's")
	}
	w.Play.NewGame()
	setPosition(t, w, "nim", "0 1")
	waitEngine(t, w, q)
	if w.Play.Playing() {
		t.Fatalf("game still on at %q", w.Editor.State().Notation)
	}
	if wins, losses := w.Play.Score(); wins != 1 || losses != 0 {
		t.Errorf("score %d–%d, want 1–0", wins, losses)
	}
	if s := w.Play.ui.state.Text; !strings.Contains(s, "misère") {
		t.Errorf("state %q", s)
	}
	// The engine first from 1 1 1 1 (misère-won: take one, three ones are lost) wins.
	setPosition(t, w, "nim", "1 1 1 1")
	w.Play.SetFirst(Engine)
	w.Play.NewGame()
	waitEngine(t, w, q)
	ones := 0
	for _, h := range heaps(t, w.Editor.State().Notation) {
		ones += h
	}
	if ones != 3 {
		t.Errorf("the engine left %q, want three heaps of 1", w.Editor.State().Notation)
	}
}

// While a game is on, the editor's fields are locked and a change that is not a move is
// undone; ending the game unlocks them and counts nothing.
func TestPlay_BoardLockedDuringGame(t *testing.T) {
	w, _ := newPlayWorkbench(t, "nim", "4 5", User)
	w.Play.NewGame()
	if !w.Editor.Locked() {
		t.Fatal("the fields are not locked")
	}
	w.Editor.SetState(stateOf("nim", "9 9"))
	if got := w.Editor.State().Notation; got != "4 5" {
		t.Errorf("an edit during the game left %q, want 4 5", got)
	}
	w.Editor.SetState(stateOf("kayles", "4 5"))
	if got := w.Editor.State().Game; got != "nim" {
		t.Errorf("a change of game during the game left %q", got)
	}
	test.Tap(w.Play.ui.end)
	if w.Play.Playing() || w.Editor.Locked() {
		t.Fatal("End game left the game on or the fields locked")
	}
	if wins, losses := w.Play.Score(); wins+losses != 0 {
		t.Errorf("an ended game counted: %d–%d", wins, losses)
	}
	setPosition(t, w, "nim", "9 9")
	w.SetPlayMode(false)
	if w.PlayMode() || !w.Solver.Visible() {
		t.Error("Solve did not bring the solver panel back")
	}
}

// Stop makes the engine play at once what it has: on an empty 6x7 Cram board, whose
// winning moves take long to prove, a move that says it was stopped.
func TestPlay_StopPlaysAtOnce(t *testing.T) {
	w, q := newPlayWorkbench(t, "cram", "6x7", Engine)
	w.Play.NewGame()
	if !w.Play.Thinking() {
		t.Fatal("the engine is not thinking")
	}
	start := time.Now()
	test.Tap(w.Play.ui.stop)
	waitEngine(t, w, q)
	if d := time.Since(start); d > 4*time.Second {
		t.Errorf("the engine took %v to play after Stop", d)
	}
	if w.Play.game.plies != 1 || !strings.Contains(w.Play.note, "stopped") {
		t.Errorf("after Stop: %d plies, note %q", w.Play.game.plies, w.Play.note)
	}
}

// In play mode, with a game on and its moves listed, no control overlaps another.
func TestPlay_NoOverlap(t *testing.T) {
	for _, size := range checkedSizes {
		t.Run(fmt.Sprintf("%.0fx%.0f", size.Width, size.Height), func(t *testing.T) {
			w, q := newPlayWorkbench(t, "nim", "3 5 7", User)
			w.Play.NewGame()
			test.Tap(w.Play.ui.hint)
			waitEngine(t, w, q)
			checkNoOverlap(t, w, size)
		})
	}
}

// The engine's choice: a winning move when one is known; else an unsolved move before a
// proven loser; among those, the one that leaves the most moves.
func TestPickMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	cases := []struct {
		name  string
		moves []playMove
		want  int
		why   pickReason
	}{
		{"a win", []playMove{{known: true, left: 9}, {known: true, wins: true, left: 1}}, 1, pickWins},
		{"the longest", []playMove{{known: true, left: 2}, {known: true, left: 5}, {known: true, left: 3}}, 1, pickLong},
		{"unsolved first", []playMove{{known: true, left: 9}, {left: 1}, {known: true, left: 8}}, 1, pickUnsolved},
		{"the longest unsolved", []playMove{{left: 1}, {known: true, left: 9}, {left: 4}}, 2, pickUnsolved},
	}
	for _, c := range cases {
		if got, why := pickMove(c.moves, rng); got != c.want || why != c.why {
			t.Errorf("%s: pickMove = %d, %v; want %d, %v", c.name, got, why, c.want, c.why)
		}
	}
}

// A change of the board is read as a move by its notation, or else by its key (a heap taken
// whole written as 0); a position that is no move is not found.
func TestFindMove(t *testing.T) {
	g, _ := games.Lookup("nim")
	parse := func(s string) engine.Position {
		p, err := games.Parse(g, s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	moves := distinctMoves(parse("1 2 3"))
	for _, c := range []struct {
		after string
		want  string
	}{{"1 2 1", "1 2 1"}, {"1 0 3", "1 3"}, {"1 2 2", "1 2 2"}, {"1 2 4", ""}, {"3 2 1", ""}} {
		i := findMove(moves, parse(c.after))
		got := ""
		if i >= 0 {
			got = moves[i].notation
		}
		if got != c.want {
			t.Errorf("findMove(1 2 3 → %s) = %q, want %q", c.after, got, c.want)
		}
	}
}

// heapTokens returns the token rows of the editor's heap picture, found by type as a user
// finds them on screen.
func heapTokens(o fyne.CanvasObject) []fyne.Tappable {
	var out []fyne.Tappable
	if fmt.Sprintf("%T", o) == "*editor.heapTokens" {
		return []fyne.Tappable{o.(fyne.Tappable)}
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, heapTokens(c)...)
		}
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			out = append(out, heapTokens(c)...)
		}
	}
	return out
}

// A tap on a heap's first token is a move of Nim (the heap keeps one token): the engine
// answers it.
func TestPlay_NimTokenTap(t *testing.T) {
	w, q := newPlayWorkbench(t, "nim", "1 2 3", User)
	w.Play.NewGame()
	rows := heapTokens(w.Editor)
	if len(rows) != 3 {
		t.Fatalf("%d heaps of tokens on show, want 3", len(rows))
	}
	test.TapAt(rows[2], fyne.NewPos(1, 1))
	if w.Play.game.plies != 1 {
		t.Fatalf("the tap on heap 3's first token was not a move: the board shows %q", w.Editor.State().Notation)
	}
	waitEngine(t, w, q)
	if got := w.Editor.State().Notation; nimSum(heaps(t, got)) != 0 || w.Play.game.plies != 2 {
		t.Errorf("after the engine's answer: %q, %d plies", got, w.Play.game.plies)
	}
}
