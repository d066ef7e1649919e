package games_test

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"grundy/engine"
	"grundy/games"
)

// bruteNimber is the oracle the engine is checked against on every game: the mex rule on
// whole positions, memoised by their notation. It never splits a position and never uses a
// Key, so neither Algorithm 2 nor the games' canonical forms can fool it.
func bruteNimber(p engine.Position, memo map[string]int) int {
	s := p.String()
	if m, ok := memo[s]; ok {
		return m
	}
	seen := map[int]bool{}
	for o := range p.Options() {
		seen[bruteNimber(o, memo)] = true
	}
	m := 0
	for seen[m] {
		m++
	}
	memo[s] = m
	return m
}

// smallPositions are, per game, positions small enough for the oracle, and a generator of
// random ones.
var smallPositions = []struct {
	game   string
	fixed  []string
	random func(r *rand.Rand) string
}{
	{"nim", []string{"0", "1 2", "3 5 7", "4 4"}, heapsUpTo(3, 6)},
	{"kayles", []string{"1", "4", "12 7", "5 5"}, heapsUpTo(3, 9)},
	{"dawsons-kayles", []string{"6", "9 4"}, heapsUpTo(3, 10)},
	{"dawsons-chess", []string{"5", "10 3"}, heapsUpTo(3, 10)},
	{"octal:4.7", []string{"5", "3 4"}, heapsUpTo(2, 8)},
	{"octal:0.51", []string{"7", "3 4"}, heapsUpTo(3, 9)},
	{"lasker", []string{"3", "3 4"}, heapsUpTo(2, 7)},
	{"grundys-game", []string{"9", "7 5"}, heapsUpTo(3, 11)},
	{"subtraction:1,3,4", []string{"10", "7 6"}, heapsUpTo(3, 14)},
	{"cram", []string{"2x2", "3x3", "2x5", "..#/.../...", "3x3 + 2x5"}, randomBoard(3, 4, ".#")},
	{"chomp", []string{"3x3", "3 3 2 1", "2x5"}, randomHeights(4, 4)},
	{"sprouts", []string{"0*2", "0*3", "0.AB|AB", "1a1a", "1a2a", "ABCD|ABCD", "0*2+1a1a"}, sproutsSpots},
}

// sproutsSpots writes a few small Sprouts positions: spots alone, or beside a loop.
func sproutsSpots(r *rand.Rand) string {
	lands := []string{"0", "0*2", "1a1a", "0.AB|AB", "1a2a", "12", "2AB|AB", "0.1a1a"}
	return lands[r.IntN(len(lands))] + "+" + lands[r.IntN(len(lands))]
}

func heapsUpTo(k, max int) func(r *rand.Rand) string {
	return func(r *rand.Rand) string {
		h := make([]string, 1+r.IntN(k))
		for i := range h {
			h[i] = strconv.Itoa(r.IntN(max + 1))
		}
		return strings.Join(h, " ")
	}
}

func randomBoard(rows, cols int, cells string) func(r *rand.Rand) string {
	return func(r *rand.Rand) string {
		lines := make([]string, rows)
		for i := range lines {
			b := make([]byte, cols)
			for j := range b {
				b[j] = cells[boolInt(r.IntN(4) == 0)]
			}
			lines[i] = string(b)
		}
		return strings.Join(lines, "/")
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func randomHeights(rows, cols int) func(r *rand.Rand) string {
	return func(r *rand.Rand) string {
		h := make([]string, cols)
		top := rows
		for i := range h {
			top = r.IntN(top + 1)
			h[i] = strconv.Itoa(max(top, boolInt(i == 0)))
		}
		return strings.Join(h, " ")
	}
}

func parse(t *testing.T, game, pos string) (games.Game, engine.Position) {
	t.Helper()
	g, err := games.Lookup(game)
	if err != nil {
		t.Fatal(err)
	}
	p, err := games.Parse(g, pos)
	if err != nil {
		t.Fatalf("Parse(%s, %q): %v", game, pos, err)
	}
	return g, p
}

func newCaches() map[string]func() engine.Cache {
	return map[string]func() engine.Cache{
		"none": func() engine.Cache { return engine.NoCache{} },
		"front": func() engine.Cache {
			return engine.NewFront(engine.NewMapCache(), 6)
		},
	}
}

// TestEngine_AgainstBruteForce: on every game, the couples search (nimber and the outcome
// of couples), the baselines, the search of Beling and Rogalski and the recorded solution tree agree with the oracle, with a
// cache that keeps nothing and with one that keeps a little.
func TestEngine_AgainstBruteForce(t *testing.T) {
	const seed = 20261123
	r := rand.New(rand.NewPCG(seed, 1))
	ctx := context.Background()
	for _, tc := range smallPositions {
		positions := append([]string{}, tc.fixed...)
		for range 12 {
			positions = append(positions, tc.random(r))
		}
		for _, pos := range positions {
			g, p := parse(t, tc.game, pos)
			memo := map[string]int{}
			want := bruteNimber(p, memo)
			for name, cache := range newCaches() {
				// Without a cache every search is exponential: keep to small game trees.
				if name == "none" && len(memo) > 300 {
					continue
				}
				checkPosition(t, ctx, fmt.Sprintf("%s/%s (seed %d)", tc.game, name, seed), g, p, cache, want)
			}
		}
	}
}

func checkPosition(t *testing.T, ctx context.Context, what string, g games.Game, p engine.Position, cache func() engine.Cache, want int) {
	t.Helper()
	solver := func() *engine.Solver { return newSolver(g, engine.WithCache(cache())) }
	if got, err := solver().Nimber(ctx, p); err != nil || got != want {
		t.Fatalf("%s: Nimber(%q) = %d, %v; want %d", what, p, got, err, want)
	}
	for n := range 3 {
		if win, _ := solver().Outcome(ctx, p, n); win != (want != n) {
			t.Fatalf("%s: Outcome(%q, %d) = %v; nimber %d", what, p, n, win, want)
		}
	}
	if got, _ := solver().Mex(ctx, p); got != want {
		t.Fatalf("%s: Mex(%q) = %d, want %d", what, p, got, want)
	}
	if win, _ := solver().Elementary(ctx, p); win != (want != 0) {
		t.Fatalf("%s: Elementary(%q) = %v; nimber %d", what, p, win, want)
	}
	if got, err := solver().BR(ctx, p); err != nil || got != want {
		t.Fatalf("%s: BR(%q) = %d, %v; want %d", what, p, got, err, want)
	}
	tree, err := solver().ProveNimber(ctx, g.Name(), p)
	if err != nil {
		t.Fatalf("%s: ProveNimber(%q): %v", what, p, err)
	}
	if root := tree.Nodes[tree.Root]; root.N != want || !root.Losing() {
		t.Fatalf("%s: tree of %q proves (%s, %d) %s, want = %d", what, p, root.Position, root.N, root.Result, want)
	}
	parse := func(s string) (engine.Position, error) { return games.Parse(g, s) }
	if err := engine.Check(ctx, tree, parse); err != nil {
		t.Fatalf("%s: Check(tree of %q): %v", what, p, err)
	}
}

// newSolver returns a solver for positions of g. The heap games know every nimber from
// theory (engine.Valuer, checked against the search in games/octal): for them the solver
// does without it, so that the search is what the tests check.
func newSolver(g games.Game, opts ...engine.SolverOption) *engine.Solver {
	if _, heaps := g.(games.HeapGame); heaps {
		opts = append(opts, engine.WithoutTheory())
	}
	return engine.NewSolver(opts...)
}

// TestEngine_SumIsXor: the nimber of a sum of two random positions is the nim-sum.
func TestEngine_SumIsXor(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	ctx := context.Background()
	for _, tc := range smallPositions {
		for range 4 {
			a, b := tc.random(r), tc.random(r)
			g, pa := parse(t, tc.game, a)
			_, pb := parse(t, tc.game, b)
			_, pab := parse(t, tc.game, a+" + "+b)
			s := newSolver(g)
			na, _ := s.Nimber(ctx, pa)
			nb, _ := s.Nimber(ctx, pb)
			nab, _ := newSolver(g).Nimber(ctx, pab)
			if nab != na^nb {
				t.Fatalf("%s: Nimber(%q) = %d, want %d ^ %d", tc.game, a+" + "+b, nab, na, nb)
			}
		}
	}
}

// TestEngine_PublishedCram reproduces the paper's Figure 13 (3×n up to 3×12) and Figure 14
// (boards up to 5×5) with the couples search, and the 1×n strips (Dawson's Kayles).
func TestEngine_PublishedCram(t *testing.T) {
	f, err := os.Open("cram/testdata/published.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		board, value, ok := strings.Cut(sc.Text(), " ")
		if !ok || strings.HasPrefix(board, "#") {
			continue
		}
		var rows, cols int
		fmt.Sscanf(board, "%dx%d", &rows, &cols)
		if !(rows == 3 && cols <= 12 || rows*cols <= 25 || rows == 1 && cols <= 30) {
			continue
		}
		want, _ := strconv.Atoi(value)
		_, p := parse(t, "cram", board)
		got, err := engine.NewSolver().Nimber(context.Background(), p)
		if err != nil || got != want {
			t.Errorf("Nimber(cram %s) = %d, %v; want %d", board, got, err, want)
		}
	}
}

// TestEngine_PublishedHeaps reproduces the heap tables of the seeds with the couples search,
// without theory (games/octal checks its own fast sieve against the same files).
func TestEngine_PublishedHeaps(t *testing.T) {
	for _, file := range []string{"kayles", "dawsons-chess", "dawsons-kayles", "lasker", "grundys-game"} {
		values := readValues(t, "octal/testdata/"+file+".txt")
		g, _ := parse(t, file, "")
		s := newSolver(g)
		for n, want := range values[:min(len(values), 40)] {
			_, p := parse(t, file, strconv.Itoa(n))
			if got, err := s.Nimber(context.Background(), p); err != nil || got != want {
				t.Errorf("Nimber(%s %d) = %d, %v; want %d", file, n, got, err, want)
			}
		}
	}
}

// readValues reads the values of a table file of games/octal: the lines of numbers.
func readValues(t *testing.T, name string) []int {
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var out []int
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || line[0] < '0' || line[0] > '9' {
			continue
		}
		for _, f := range strings.Fields(line) {
			v, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("%s: %q", name, line)
			}
			out = append(out, v)
		}
	}
	return out
}
