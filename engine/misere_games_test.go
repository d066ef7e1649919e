package engine_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games"
)

// bruteMisere is the oracle of misère play on the workbench's games: a plain recursion on
// whole positions, memoised by their notation, that never splits a position and never reads
// a Key. A position with no move is a win for the player to move.
func bruteMisere(p engine.Position, memo map[string]bool) bool {
	s := p.String()
	if w, ok := memo[s]; ok {
		return w
	}
	win := true // no move: a misère win
	for o := range p.Options() {
		win = false
		if !bruteMisere(o, memo) {
			win = true
			break
		}
	}
	memo[s] = win
	return win
}

func parse(t testing.TB, game, pos string) (games.Game, engine.Position) {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	p, err := games.Parse(g, pos)
	if err != nil {
		t.Fatal(err)
	}
	return g, p
}

// misereSmall are positions of each game small enough for the oracle: fixed ones, and
// random ones.
var misereSmall = []struct {
	game   string
	fixed  []string
	random func(r *rand.Rand) string
}{
	{"nim", []string{"0", "1", "1 1", "2 2", "1 1 1", "3 5 7"}, randomHeaps(4, 5)},
	{"kayles", []string{"1", "2", "4", "5 5", "3 4 5"}, randomHeaps(3, 8)},
	{"dawsons-kayles", []string{"1", "2", "6", "9 4", "3 3"}, randomHeaps(3, 10)},
	{"cram", []string{"1x2", "2x2", "2x3", "3x3", "3x4", "..#/.../...", "2x2 + 2x2", "1x3 + 2x3"}, randomBoard(3, 4)},
	{"sprouts", []string{"0*1", "0*2", "0*3", "0*2+1a1a", "0.AB|AB", "1a1a + 1a1a"}, nil},
}

// randomHeaps writes up to k heaps of up to n tokens.
func randomHeaps(k, n int) func(r *rand.Rand) string {
	return func(r *rand.Rand) string {
		hs := make([]string, 1+r.IntN(k))
		for i := range hs {
			hs[i] = fmt.Sprint(1 + r.IntN(n))
		}
		return strings.Join(hs, " ")
	}
}

// randomBoard writes a random Cram board of up to rows×cols cells, a quarter of them filled.
func randomBoard(rows, cols int) func(r *rand.Rand) string {
	return func(r *rand.Rand) string {
		lines := make([]string, 1+r.IntN(rows))
		w := 1 + r.IntN(cols)
		for i := range lines {
			var b strings.Builder
			for range w {
				if r.IntN(4) == 0 {
					b.WriteByte('#')
				} else {
					b.WriteByte('.')
				}
			}
			lines[i] = b.String()
		}
		return strings.Join(lines, "/")
	}
}

// TestMisereOutcome_Games: the misère search (no theory) and the search by forms agree with
// the oracle on Nim, Kayles, Dawson's Kayles, Cram and Sprouts, with no cache and with one;
// Nim's closed form agrees with them.
func TestMisereOutcome_Games(t *testing.T) {
	ctx := context.Background()
	for _, c := range misereSmall {
		t.Run(c.game, func(t *testing.T) {
			positions := append([]string(nil), c.fixed...)
			r := rand.New(rand.NewPCG(15, 3))
			for i := 0; c.random != nil && i < 40; i++ {
				positions = append(positions, c.random(r))
			}
			memo := map[string]bool{}
			cached := engine.NewSolver(engine.WithoutTheory())
			for i, text := range positions {
				_, p := parse(t, c.game, text)
				want := bruteMisere(p, memo)
				solvers := map[string]*engine.Solver{"cache": cached}
				if i < len(c.fixed) { // with no cache the search is exponential: small ones only
					solvers["no cache"] = engine.NewSolver(engine.WithCache(engine.NoCache{}))
				}
				for name, s := range solvers {
					win, err := s.MisereOutcome(ctx, p, nil)
					if err != nil || win != want {
						t.Errorf("%s: MisereOutcome(%q) = %v, %v, want %v", name, text, win, err, want)
					}
				}
				win, err := engine.NewSolver().MisereOutcomeByForms(ctx, p, nil)
				if err != nil || win != want {
					t.Errorf("MisereOutcomeByForms(%q) = %v, %v, want %v", text, win, err, want)
				}
				if c.game != "nim" {
					continue
				}
				if win, ok := engine.NimTheory(p.Split()); !ok || win != want {
					t.Errorf("NimTheory(%q) = %v, %v, want %v", text, win, ok, want)
				}
				win, err = engine.NewSolver().MisereOutcome(ctx, p, engine.NimTheory)
				if err != nil || win != want {
					t.Errorf("MisereOutcome(%q, NimTheory) = %v, %v, want %v", text, win, err, want)
				}
			}
		})
	}
}

// TestMisereNim_LargeHeaps: the closed form answers Nim positions far beyond search, in one
// node at most.
func TestMisereNim_LargeHeaps(t *testing.T) {
	cases := map[string]bool{"1048576 1048576": false, "1048576 1048575": true, "1 1 1": false, "1 1 1 1": true, "3 2 1": false}
	for text, want := range cases {
		_, p := parse(t, "nim", text)
		s := engine.NewSolver()
		win, err := s.MisereOutcome(context.Background(), p, engine.NimTheory)
		if err != nil || win != want || s.Stats().Nodes > 0 {
			t.Errorf("MisereOutcome(nim %s) = %v, %v in %d nodes, want %v in 0", text, win, err, s.Stats().Nodes, want)
		}
	}
}

// TestMisereSprouts: p-spot Sprouts under misère play, p = 1…7, as published (seed 003:
// W L L L W W L), by the search, and for p ≤ 5 by the oracle too; the recorded tree of each
// holds.
func TestMisereSprouts(t *testing.T) {
	want := []string{"W", "L", "L", "L", "W", "W", "L"}
	ctx := context.Background()
	memo := map[string]bool{}
	for i, w := range want {
		spots := i + 1
		if spots > 5 && testing.Short() {
			break
		}
		g, p := parse(t, "sprouts", fmt.Sprintf("0*%d", spots))
		win, err := engine.NewSolver().MisereOutcome(ctx, p, nil)
		if err != nil || outcome(win) != w {
			t.Errorf("misère 0*%d = %s, %v, want %s", spots, outcome(win), err, w)
		}
		if spots <= 5 {
			if b := outcome(bruteMisere(p, memo)); b != w {
				t.Errorf("oracle: misère 0*%d = %s, want %s", spots, b, w)
			}
		}
		if spots > 6 {
			continue
		}
		tree, err := engine.NewSolver().ProveMisere(ctx, "sprouts", p)
		if err != nil {
			t.Fatal(err)
		}
		parseIn := func(s string) (engine.Position, error) { return games.Parse(g, s) }
		if err := engine.Check(ctx, tree, parseIn); err != nil {
			t.Errorf("Check(misère tree of 0*%d) = %v", spots, err)
		}
		if r := tree.Nodes[tree.Root].Result; r != w {
			t.Errorf("misère tree of 0*%d: root %s, want %s", spots, r, w)
		}
	}
}

// TestProveMisere_Games: the recorded trees of small positions of each game hold, and say
// what the oracle says.
func TestProveMisere_Games(t *testing.T) {
	ctx := context.Background()
	for _, c := range misereSmall {
		g, _ := parse(t, c.game, c.fixed[0])
		parseIn := func(s string) (engine.Position, error) { return games.Parse(g, s) }
		memo := map[string]bool{}
		for _, text := range c.fixed {
			_, p := parse(t, c.game, text)
			tree, err := engine.NewSolver(engine.WithCache(engine.NoCache{})).ProveMisere(ctx, c.game, p)
			if err != nil {
				t.Fatal(err)
			}
			if err := engine.Check(ctx, tree, parseIn); err != nil {
				t.Errorf("%s %s: Check = %v", c.game, text, err)
			}
			if got, want := tree.Nodes[tree.Root].Result, outcome(bruteMisere(p, memo)); got != want {
				t.Errorf("%s %s: root %s, want %s", c.game, text, got, want)
			}
		}
	}
}

func outcome(win bool) string {
	if win {
		return "W"
	}
	return "L"
}

// randomPlay is the position after up to moves random moves from 0*spots.
func randomPlay(t testing.TB, r *rand.Rand, spots, moves int) engine.Position {
	_, at := parse(t, "sprouts", fmt.Sprintf("0*%d", spots))
	for range moves {
		var opts []engine.Position
		for o := range at.Options() {
			opts = append(opts, o)
		}
		if len(opts) == 0 {
			break
		}
		at = opts[r.IntN(len(opts))]
	}
	return at
}

// formsSettings are the tables of forms the search is tried with: every component formed,
// none (the whole search), and Sprouts' setting (lands of few lives formed).
func formsSettings() map[string]func() *engine.MisereForms {
	return map[string]func() *engine.MisereForms{
		"all":  engine.NewMisereForms,
		"none": func() *engine.MisereForms { f := engine.NewMisereForms(); f.Budget = 0; return f },
		"lives": func() *engine.MisereForms {
			f := engine.NewMisereForms()
			f.MaxHint = 6
			return f
		},
	}
}

// TestMisereByForms_RandomPositions: on random positions of 2 to 5 spots played a few moves,
// and sums of two of them (20; 400 with GRUNDY_SOAK set), the search by forms, depth first
// and by proof numbers, agrees with the misère search of whole positions and with the brute
// force.
func TestMisereByForms_RandomPositions(t *testing.T) {
	ctx := context.Background()
	r := rand.New(rand.NewPCG(34, 20))
	memo := map[string]bool{}
	n := 20
	switch {
	case os.Getenv("GRUNDY_SOAK") != "":
		n = 400
	case testing.Short():
		n = 8
	}
	for i := range n {
		p := randomPlay(t, r, 2+r.IntN(3), 1+r.IntN(4))
		if i%2 == 1 {
			q := randomPlay(t, r, 2+r.IntN(2), 2+r.IntN(3))
			if p.String() != "!" && q.String() != "!" { // "!" is the empty position
				_, p = parse(t, "sprouts", p.String()+"+"+q.String())
			}
		}
		want := bruteMisere(p, memo)
		old, err := engine.NewSolver().MisereOutcome(ctx, p, nil)
		if err != nil || old != want {
			t.Fatalf("MisereOutcome(%s) = %v, %v, want %v", p, old, err, want)
		}
		for name, forms := range formsSettings() {
			for _, pns := range []bool{false, true} {
				s := engine.NewSolver()
				s.UseProofNumbers(pns)
				win, err := s.MisereOutcomeByForms(ctx, p, forms())
				if err != nil || win != want {
					t.Fatalf("%s, proof numbers %v: MisereOutcomeByForms(%s) = %v, %v, want %v", name, pns, p, win, err, want)
				}
			}
		}
	}
}

// misereSpots is the misère outcome of p-spot Sprouts for p = 1 … 20 (OEIS A164950).
const misereSpots = "WLLLWWLLLWWWLLLWWWLL"

// TestMisereByForms_Spots: 0*1 … 0*7 (0*9 with GRUNDY_SOAK set) by forms, one table kept
// from one p to the next, as OEIS A164950 says: even p by proof numbers, odd p depth first.
func TestMisereByForms_Spots(t *testing.T) {
	last := 7
	if testing.Short() {
		last = 6
	}
	if os.Getenv("GRUNDY_SOAK") != "" {
		last = 9
	}
	for name, forms := range formsSettings() {
		if name == "all" {
			continue // every land of 0*6 formed: seconds
		}
		f := forms()
		for spots := 1; spots <= last; spots++ {
			if name == "none" && spots > 6 && os.Getenv("GRUNDY_SOAK") == "" {
				break // the whole search of 0*7: a second
			}
			_, p := parse(t, "sprouts", fmt.Sprintf("0*%d", spots))
			start := time.Now()
			s := engine.NewSolver()
			s.UseProofNumbers(spots%2 == 0)
			win, err := s.MisereOutcomeByForms(context.Background(), p, f)
			got := outcome(win)
			if err != nil || got != misereSpots[spots-1:spots] {
				t.Errorf("%s: misère 0*%d = %s, %v, want %s", name, spots, got, err, misereSpots[spots-1:spots])
			}
			t.Logf("%s: misère 0*%d = %s in %v, %d forms", name, spots, got, time.Since(start), f.Len())
		}
	}
}

// TestMisereByForms_SmallBudget: a proof-number search whose DAG passes a small budget, cut
// again and again with nothing proven between two cuts, keeps less each time and so still
// decides (it stopped at the second cut, before: 0*6 in 128 KB, 0*7 in 512 KB).
func TestMisereByForms_SmallBudget(t *testing.T) {
	for _, tt := range []struct {
		spots int
		kb    int64
	}{{6, 128}, {7, 512}} {
		if testing.Short() && tt.spots > 6 {
			break // seconds
		}
		_, p := parse(t, "sprouts", fmt.Sprintf("0*%d", tt.spots))
		s := engine.NewSolver(engine.WithTreeBytes(tt.kb << 10))
		s.UseProofNumbers(true)
		win, err := s.MisereOutcomeByForms(context.Background(), p, nil)
		if got, want := outcome(win), misereSpots[tt.spots-1:tt.spots]; err != nil || got != want {
			t.Errorf("misère 0*%d within %d KB: %s, %v; want %s", tt.spots, tt.kb, got, err, want)
		}
	}
}

// A misereItem is a position whose misère tree the tests record, with its outcome.
type misereItem struct {
	game string
	p    engine.Position
	want string
	big  bool // every land of it formed: seconds
}

// misereItems are 0*1 … 0*7 (0*6 with -short), random Sprouts positions and sums, and every
// game's small positions, with the outcome A164950 or the brute force gives.
func misereItems(t *testing.T) []misereItem {
	var items []misereItem
	last := 7
	if testing.Short() {
		last = 6
	}
	for spots := 1; spots <= last; spots++ {
		_, p := parse(t, "sprouts", fmt.Sprintf("0*%d", spots))
		items = append(items, misereItem{"sprouts", p, misereSpots[spots-1 : spots], spots > 4})
	}
	r := rand.New(rand.NewPCG(9, 34))
	memo := map[string]bool{}
	for range 10 {
		p := randomPlay(t, r, 2+r.IntN(3), 1+r.IntN(4))
		q := randomPlay(t, r, 2+r.IntN(2), 2+r.IntN(3))
		if p.String() != "!" && q.String() != "!" {
			_, p = parse(t, "sprouts", p.String()+"+"+q.String())
		}
		items = append(items, misereItem{"sprouts", p, outcome(bruteMisere(p, memo)), false})
	}
	for _, c := range misereSmall {
		memo := map[string]bool{}
		for _, text := range c.fixed {
			_, p := parse(t, c.game, text)
			items = append(items, misereItem{c.game, p, outcome(bruteMisere(p, memo)), false})
		}
	}
	return items
}

// A misereProver records the misère tree of p in game with a solver and a table of forms.
type misereProver func(s *engine.Solver, ctx context.Context, game string, p engine.Position, f *engine.MisereForms) (*engine.Tree, error)

// eachMisereTree records with prove the tree of each of misereItems, by each table of forms
// (one under -short, the race run), depth first and by proof numbers, and hands it to check
// with a name for messages and the game's parser; the root must say what A164950 or the
// brute force says.
func eachMisereTree(t *testing.T, prove misereProver, check func(what string, tree *engine.Tree, parseIn func(string) (engine.Position, error))) {
	ctx := context.Background()
	for _, it := range misereItems(t) {
		g, _ := games.Lookup(it.game)
		parseIn := func(s string) (engine.Position, error) { return games.Parse(g, s) }
		for name, forms := range formsSettings() {
			if name == "all" && it.big || testing.Short() && name != "lives" {
				continue // -short: one table of forms, which forms some lands
			}
			for _, pns := range []bool{false, true} {
				what := fmt.Sprintf("%s %s (%s, proof numbers %v)", it.game, it.p, name, pns)
				s := engine.NewSolver()
				s.UseProofNumbers(pns)
				tree, err := prove(s, ctx, it.game, it.p, forms())
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				if got := tree.Nodes[tree.Root].Result; got != it.want {
					t.Errorf("%s: root %s, want %s", what, got, it.want)
				}
				check(what, tree, parseIn)
			}
		}
	}
}

// TestProveMisereByForms: trees read out of whole positions, their outcomes asked of the
// search by forms, pass Check (eachMisereTree).
func TestProveMisereByForms(t *testing.T) {
	eachMisereTree(t, (*engine.Solver).ProveMisereByForms, func(what string, tree *engine.Tree, parseIn func(string) (engine.Position, error)) {
		if err := engine.Check(context.Background(), tree, parseIn); err != nil {
			t.Errorf("%s: Check = %v", what, err)
		}
	})
}

// TestProveMisereForms: trees by forms (eachMisereTree), written and read back by both
// readers, pass Check.
func TestProveMisereForms(t *testing.T) {
	ctx := context.Background()
	eachMisereTree(t, (*engine.Solver).ProveMisereForms, func(what string, tree *engine.Tree, parseIn func(string) (engine.Position, error)) {
		var buf bytes.Buffer
		if err := engine.WriteTree(&buf, tree); err != nil {
			t.Fatal(err)
		}
		back, err := engine.ReadTree(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%s: ReadTree: %v\n%s", what, err, buf.String())
		}
		if err := engine.Check(ctx, back, parseIn); err != nil {
			t.Errorf("%s: Check = %v\n%s", what, err, buf.String())
		}
		compact, err := engine.ReadCheckTree(ctx, bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("%s: ReadCheckTree: %v", what, err)
		}
		if err := engine.CheckCompact(ctx, compact, parseIn, nil); err != nil {
			t.Errorf("%s: CheckCompact = %v", what, err)
		}
	})
}

// TestCheckMisereForms_Refuses: a tree by forms of misère 0*7, altered in one place — a
// result, a child, a node's form, a form's options, which lands it forms, its forms table —
// does not hold; and the reader refuses forms that are not a table of games.
func TestCheckMisereForms_Refuses(t *testing.T) {
	ctx := context.Background()
	g, p := parse(t, "sprouts", "0*7")
	parseIn := func(s string) (engine.Position, error) { return games.Parse(g, s) }
	f := engine.NewMisereForms()
	f.MaxHint = 6
	made, err := engine.NewSolver().ProveMisereForms(ctx, "sprouts", p, f)
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.Check(ctx, made, parseIn); err != nil {
		t.Fatalf("the tree as made: %v", err)
	}
	prove := func() *engine.Tree { // a copy of made to alter
		tr := *made
		tr.Nodes = slices.Clone(made.Nodes)
		for i := range tr.Nodes {
			tr.Nodes[i].Children = slices.Clone(tr.Nodes[i].Children)
		}
		tr.Forms = slices.Clone(made.Forms)
		return &tr
	}
	// first finds a node other than the root that holds what want asks.
	first := func(tr *engine.Tree, want func(n engine.Node) bool) int {
		for i, n := range tr.Nodes {
			if i != tr.Root && want(n) {
				return i
			}
		}
		t.Fatal("no such node in the tree")
		return 0
	}
	cases := []struct {
		name  string
		alter func(tr *engine.Tree)
		wants string
	}{
		{"flipped root", func(tr *engine.Tree) { tr.Nodes[tr.Root].Result = "W" }, "children"},
		{"W child swapped", func(tr *engine.Tree) {
			w := first(tr, func(n engine.Node) bool { return n.Result == "W" && len(n.Children) == 1 })
			other := first(tr, func(n engine.Node) bool { return n.Result == "L" && n.ID != tr.Nodes[w].Children[0] })
			tr.Nodes[w].Children[0] = other
		}, "not an option"},
		{"L child dropped", func(tr *engine.Tree) {
			l := first(tr, func(n engine.Node) bool { return n.Result == "L" && len(n.Children) > 1 })
			tr.Nodes[l].Children = tr.Nodes[l].Children[1:]
		}, "missing"},
		{"node's form", func(tr *engine.Tree) {
			i := first(tr, func(n engine.Node) bool { return n.N != 0 })
			tr.Nodes[i].N = 0
		}, ""},
		{"form's options", func(tr *engine.Tree) {
			i := first(tr, func(n engine.Node) bool { return n.N != 0 })
			tr.Forms[tr.Nodes[i].N] = []int32{}
		}, ""},
		{"lands formed", func(tr *engine.Tree) { tr.FormHint = 4 }, ""},
		{"form past the table", func(tr *engine.Tree) { tr.Nodes[first(tr, func(engine.Node) bool { return true })].N = len(tr.Forms) }, "forms"},
		{"no forms", func(tr *engine.Tree) { tr.Forms = nil }, ""},
	}
	for _, c := range cases {
		tr := prove()
		c.alter(tr)
		err := engine.Check(ctx, tr, parseIn)
		var ce *engine.CheckError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), c.wants) {
			t.Errorf("%s: Check = %v, want a CheckError saying %q", c.name, err, c.wants)
		}
	}
	node := `"nodes":[{"id":0,"position":"0*2","n":0,"result":"L","children":[]}]}`
	for _, head := range []string{
		`{"format":"grundy-tree/1","game":"sprouts","root":0,"forms":[[]],`,                           // a normal-play tree
		`{"format":"grundy-tree/1","convention":"misere","game":"sprouts","root":0,"forms":[[0]],`,    // the first is not the empty game
		`{"format":"grundy-tree/1","convention":"misere","game":"sprouts","root":0,"forms":[[],[1]],`, // an option not before it
		`{"format":"grundy-tree/1","convention":"misere","game":"sprouts","root":0,"forms":[],`,
		`{"format":"grundy-tree/1","convention":"misere","game":"sprouts","root":0,"forms":[[],["0"]],`,
	} {
		if _, err := engine.ReadTree(strings.NewReader(head + node)); err == nil {
			t.Errorf("ReadTree(%s…) took it, want an error", head)
		}
		if _, err := engine.ReadCheckTree(ctx, strings.NewReader(head+node)); err == nil {
			t.Errorf("ReadCheckTree(%s…) took it, want an error", head)
		}
	}
}

// TestMisereByForms_ProgressSaysRootOptions: a misère search by proof numbers reports its
// root's options and how many are refuted, as they are: never more refuted than there are,
// and the count never goes down; of a win, the move nearest to it with its replies answered.
func TestMisereByForms_ProgressSaysRootOptions(t *testing.T) {
	_, p := parse(t, "sprouts", "0*9") // L: every option is refuted in the end
	f := engine.NewMisereForms()
	f.MaxHint = 9
	win, reports := misereReports(t, p, f)
	if win {
		t.Fatal("misère 0*9 is a win: want a loss")
	}
	if len(reports) == 0 {
		t.Fatal("no report named the root's options")
	}
	last := 0
	for _, r := range reports {
		if r.RootRefuted > r.RootOptions || r.RootRefuted < last {
			t.Fatalf("report %d of %d options refuted, after %d", r.RootRefuted, r.RootOptions, last)
		}
		last = r.RootRefuted
	}
	t.Logf("%d reports, the last: %d of %d options refuted", len(reports), last, reports[len(reports)-1].RootOptions)

	// A win (0*6, every land searched): the move nearest to it is reported with its replies,
	// never more answered than there are, and some answered before the end.
	_, p = parse(t, "sprouts", "0*6")
	f = engine.NewMisereForms()
	f.Budget = 0
	if win, reports = misereReports(t, p, f); !win {
		t.Fatal("misère 0*6 is a loss: want a win")
	}
	answered := 0
	for _, r := range reports {
		if !r.Misere || r.Answered > r.Replies {
			t.Fatalf("report: misère %v, %d of %d replies answered", r.Misere, r.Answered, r.Replies)
		}
		answered = max(answered, r.Answered)
	}
	if answered == 0 {
		t.Errorf("%d reports of misère 0*6, none with a reply answered", len(reports))
	}
}

// misereReports decides p's misère outcome by proof numbers with the forms f, a fresh solver
// reporting at each check: the outcome, and the reports that named the root's options.
func misereReports(t *testing.T, p engine.Position, f *engine.MisereForms) (bool, []engine.ProofProgress) {
	t.Helper()
	var reports []engine.ProofProgress
	s := engine.NewSolver(engine.WithProgress(func(st engine.Stats) {
		if st.Proof != nil && st.Proof.RootOptions > 0 {
			reports = append(reports, *st.Proof)
		}
	}, 0))
	s.UseProofNumbers(true)
	win, err := s.MisereOutcomeByForms(context.Background(), p, f)
	if err != nil {
		t.Fatal(err)
	}
	return win, reports
}

// TestProveMisereForms_TooLarge: a tree by forms past its budget of bytes is refused with the
// budget it passed.
func TestProveMisereForms_TooLarge(t *testing.T) {
	_, p := parse(t, "sprouts", "0*5")
	ctx := context.Background()
	_, err := engine.NewSolver(engine.WithTreeBytes(4<<10)).ProveMisereForms(ctx, "sprouts", p, nil)
	var large *engine.TreeTooLargeError
	if !errors.As(err, &large) || large.Budget != 4<<10 {
		t.Errorf("within 4 KB: %v, want the tree too large for 4 KB", err)
	}
	if _, err := engine.NewSolver().ProveMisereForms(ctx, "sprouts", p, nil); err != nil {
		t.Errorf("within the default budget: %v", err)
	}
}

// TestMisereForms_StopKeepsTable: a search stopped anywhere, in the middle of forming a
// component too, leaves its table of forms right for the searches that keep it (it kept a
// component whose options the stop cut off as the form of no move, and a later search of
// the same table called 0*1 a loss). The stop comes at the n-th option made, for many n.
func TestMisereForms_StopKeepsTable(t *testing.T) {
	last, step := 5, 3
	if testing.Short() {
		last, step = 4, 7
	}
	_, p := parse(t, "sprouts", "0*6")
	for n := 1; n <= 400; n += step {
		f := engine.NewMisereForms()
		f.MaxHint = 9
		ctx, cancel := context.WithCancel(context.Background())
		left := n
		engine.NewSolver().MisereOutcomeByForms(ctx, cancelAt{p, &left, cancel}, f)
		cancel()
		for spots := 1; spots <= last; spots++ {
			_, q := parse(t, "sprouts", fmt.Sprintf("0*%d", spots))
			win, err := engine.NewSolver().MisereOutcomeByForms(context.Background(), q, f)
			if got := outcome(win); err != nil || got != misereSpots[spots-1:spots] {
				t.Fatalf("after a stop at option %d: misère 0*%d = %s, %v, want %s", n, spots, got, err, misereSpots[spots-1:spots])
			}
		}
	}
}

// cancelAt is a position whose options, and theirs below them, call cancel once left of
// them were made: a stop anywhere in a search, where polling the context finds it.
type cancelAt struct {
	engine.Position
	left   *int
	cancel func()
}

func (c cancelAt) Options() iter.Seq[engine.Position] {
	return func(yield func(engine.Position) bool) {
		for o := range c.Position.Options() {
			if *c.left--; *c.left == 0 {
				c.cancel()
			}
			if !yield(cancelAt{o, c.left, c.cancel}) {
				return
			}
		}
	}
}

func (c cancelAt) Split() []engine.Position {
	var out []engine.Position
	for _, q := range c.Position.Split() {
		out = append(out, cancelAt{q, c.left, c.cancel})
	}
	return out
}

func (c cancelAt) Hint() int  { return engine.HintOf(c.Position) }
func (c cancelAt) Guess() int { return engine.GuessOf(c.Position) }

// TestMisereByForms_CacheAcrossTables: a position with small lands proven by one search is
// known to the next through the cache, though the next forms its lands in a table of its own
// (their forms' ids differ; their names do not).
func TestMisereByForms_CacheAcrossTables(t *testing.T) {
	_, p := parse(t, "sprouts", "0*4+0*2") // 0*2 is small: the root carries its form
	cache := engine.NewMapCache()
	var wins []bool
	var nodes []int64
	for i := range 2 {
		f := engine.NewMisereForms()
		f.MaxHint = 9
		if i == 1 {
			_, q := parse(t, "sprouts", "0*3+0*1") // other forms first: other ids
			if _, err := engine.NewSolver(engine.WithCache(cache)).MisereOutcomeByForms(context.Background(), q, f); err != nil {
				t.Fatal(err)
			}
		}
		s := engine.NewSolver(engine.WithCache(cache))
		s.UseProofNumbers(true)
		win, err := s.MisereOutcomeByForms(context.Background(), p, f)
		if err != nil {
			t.Fatal(err)
		}
		wins, nodes = append(wins, win), append(nodes, s.Stats().Nodes)
	}
	want := bruteMisere(p, map[string]bool{})
	if wins[0] != want || wins[1] != want || nodes[0] == 0 || nodes[1] != 0 {
		t.Errorf("misère 0*4+0*2: %v in %d nodes, then %v in %d with another table; want %v, then no node", wins[0], nodes[0], wins[1], nodes[1], want)
	}
}

// TestMisereByForms_NumbersFollowMoves: the check of TestMiserePN_NumbersFollowMoves on
// Sprouts, whose small lands are formed (a move in a form keeps the large lands: a parent of
// the same hint), with room for the DAG and with cuts.
func TestMisereByForms_NumbersFollowMoves(t *testing.T) {
	checked := engine.CheckMiserePNUpdates(t)
	for _, kb := range []int64{0, 1024} {
		for spots := 6; spots <= 7; spots++ {
			_, p := parse(t, "sprouts", fmt.Sprintf("0*%d", spots))
			var opts []engine.SolverOption
			if kb > 0 {
				opts = append(opts, engine.WithTreeBytes(kb<<10))
			}
			s := engine.NewSolver(opts...)
			s.UseProofNumbers(true)
			f := engine.NewMisereForms()
			f.MaxHint = 5
			win, err := s.MisereOutcomeByForms(context.Background(), p, f)
			if got, want := outcome(win), misereSpots[spots-1:spots]; err != nil || got != want {
				t.Errorf("misère 0*%d within %d KB: %s, %v; want %s", spots, kb, got, err, want)
			}
		}
	}
	if *checked < 100 {
		t.Fatalf("%d positions checked: too few to test the update", *checked)
	}
	t.Logf("%d positions checked", *checked)
}
