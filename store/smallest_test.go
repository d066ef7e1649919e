package store

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"grundy/engine"
	"grundy/games"
)

func needCBC(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("cbc"); err != nil {
		t.Skip("cbc not installed (apt package coinor-cbc; make test installs it)")
	}
}

// fewest is an exhaustive search for the smallest set of a Program's variables that meets
// every need: branch on the alternatives of the first need not met, bounded by the best so
// far. Exponential, and independent of CBC: the oracle of the tests.
func fewest(prog *Program) int {
	best := prog.Vars + 1
	taken := map[int]bool{}
	for v, in := range prog.Fixed {
		if in {
			taken[v] = true
		}
	}
	fixedOut := func(a []int) bool {
		return slices.ContainsFunc(a, func(v int) bool { in, fixed := prog.Fixed[v]; return fixed && !in })
	}
	var search func()
	search = func() {
		if len(taken) >= best {
			return
		}
		// branch on the need not met with the fewest alternatives left
		var branch [][]int
		found := false
		for _, n := range prog.Needs {
			if n.Owner >= 0 && !taken[n.Owner] {
				continue
			}
			var open [][]int
			met := false
			for _, a := range n.Alternatives {
				if !slices.ContainsFunc(a, func(v int) bool { return !taken[v] }) {
					met = true
					break
				}
				if !fixedOut(a) {
					open = append(open, a)
				}
			}
			if !met && (!found || len(open) < len(branch)) {
				branch, found = open, true
				if len(open) == 0 {
					return // a need nothing can meet
				}
			}
		}
		if !found {
			best = len(taken)
			return
		}
		for _, a := range branch {
			var added []int
			for _, v := range a {
				if !taken[v] {
					taken[v] = true
					added = append(added, v)
				}
			}
			search()
			for _, v := range added {
				delete(taken, v)
			}
		}
	}
	search()
	return best
}

// On a pool with choices (pool5), Smallest's certificate derives 0*5 (Certify said so before
// it returned), is as small as the exhaustive search finds on the same program, and no larger
// than what Shrink leaves.
func TestSmallest_AsSmallAsExhaustive(t *testing.T) {
	needCBC(t)
	g, pool, p, full := pool5(t)
	ctx := context.Background()
	got, err := Smallest(ctx, g, pool, p, full, nil, CBC{}, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := newCoupleModel(ctx, g, pool)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := m.program(engine.Exactly(p), full.HasNimber)
	if err != nil {
		t.Fatal(err)
	}
	if want := fewest(prog); len(got.Used) != want {
		t.Errorf("Smallest: %d couples; the exhaustive search finds %d", len(got.Used), want)
	}
	if testing.Short() {
		return
	}
	shrunk, err := Shrink(ctx, "sprouts", pool.Name, pool.Format, p, full, DatabaseOnly())
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Used) > len(shrunk.Used) || !sameResult(got, full) {
		t.Errorf("Smallest: %d couples (win %v); Shrink leaves %d (win %v)", len(got.Used), got.Win, len(shrunk.Used), full.Win)
	}
	t.Logf("0*5 from %d couples: %d (Shrink %d)", len(pool.Records), len(got.Used), len(shrunk.Used))
}

// pool5 is a pool with choices: the couples of 0*5's proof as the search first read it out,
// and those of a nimber proof of it; with its plain check's certificate.
func pool5(t *testing.T) (games.Game, *Database, engine.Position, *Certificate) {
	g, db := unminimised5(t)
	solved, p := solvedDatabase(t, g, "0*5")
	pool := union(db, solved)
	full, err := Certify(context.Background(), "sprouts", pool, p, DatabaseOnly())
	if err != nil {
		t.Fatal(err)
	}
	return g, pool, p, full
}

// A stop after the plain check, while the program is being written, keeps the plain check's
// couples as the smallest found, with the stop's error.
func TestSmallest_StoppedWritingTheProgram(t *testing.T) {
	g, pool, p, full := pool5(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got, err := Smallest(ctx, g, pool, p, full, nil, CBC{Path: filepath.Join(t.TempDir(), "no-cbc")}, time.Time{})
	if !errors.Is(err, context.Canceled) || got == nil || len(got.Used) != len(full.Used) {
		t.Fatalf("stopped after the check: %v, %v; want the check's %d couples and the stop", got, err, len(full.Used))
	}
}

// A search stopped by its deadline still returns the solver's best set, checked after it:
// the stop of the run as a whole (ctx) is what cuts the check short, not the deadline.
func TestSmallest_CheckedAfterItsDeadline(t *testing.T) {
	needCBC(t)
	g, pool, p, full := pool5(t)
	got, err := Smallest(context.Background(), g, pool, p, full, nil, patient{}, time.Now().Add(200*time.Millisecond))
	if !errors.Is(err, context.DeadlineExceeded) || got == nil || len(got.Used) >= len(full.Used) || !sameResult(got, full) {
		t.Fatalf("got %v, %v; want fewer than the plain check's %d couples, and the deadline", got, err, len(full.Used))
	}
}

// patient is CBC that says its smallest set only when stopped, as a search cut short by its
// deadline does.
type patient struct{}

func (patient) Relax(ctx context.Context, prog *Program) (map[int]float64, float64, error) {
	all := map[int]float64{}
	for _, v := range prog.used() {
		all[v] = 1
	}
	return all, 0, nil
}

func (patient) Solve(ctx context.Context, prog *Program) ([]int, error) {
	set, err := CBC{}.Solve(context.Background(), prog)
	if err != nil {
		return nil, err
	}
	<-ctx.Done()
	return set, ctx.Err()
}

// union returns the records of a and b, each key once.
func union(a, b *Database) *Database {
	out := &Database{Name: a.Name + "+" + b.Name, Format: a.Format}
	seen := map[string]bool{}
	for _, r := range slices.Concat(a.Records, b.Records) {
		if !seen[r.Key] {
			seen[r.Key] = true
			out.Records = append(out.Records, r)
		}
	}
	return out
}

// The program CBC gets weighs every choice at once: the root's cheap-looking alternative
// (one couple) needs three more, the other (two couples) shares one with them and needs
// nothing more. Greedy picks the one couple first; the smallest takes the two.
func TestCBC_WeighsChoicesTogether(t *testing.T) {
	needCBC(t)
	prog := &Program{Vars: 6, Fixed: map[int]bool{5: false}, Needs: []Need{
		{Owner: -1, Alternatives: [][]int{{0}, {1, 2}}},
		{Owner: 0, Alternatives: [][]int{{1, 3}, {5}}},
		{Owner: 0, Alternatives: [][]int{{4}}},
		{Owner: 3, Alternatives: nil}, // 3 cannot be taken
		{Owner: 1, Alternatives: [][]int{{2}}},
	}}
	got, err := CBC{}.Solve(context.Background(), prog)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, []int{1, 2}) || fewest(prog) != 2 {
		t.Fatalf("CBC took %v, want [1 2] (exhaustive: %d)", got, fewest(prog))
	}
}

// A program no set meets is said so, not answered with a wrong set.
func TestCBC_Infeasible(t *testing.T) {
	needCBC(t)
	prog := &Program{Vars: 2, Fixed: map[int]bool{}, Needs: []Need{
		{Owner: -1, Alternatives: [][]int{{0}}},
		{Owner: 0, Alternatives: nil},
	}}
	if got, err := (CBC{}).Solve(context.Background(), prog); err == nil {
		t.Fatalf("an infeasible program solved: %v", got)
	}
}

// A program whose root need has no alternative left (a reduced program) is refused as no
// set meeting it, before cbc is asked: the LP format cannot write it.
func TestCBC_RootWithoutAlternative(t *testing.T) {
	solver := CBC{Path: filepath.Join(t.TempDir(), "no-cbc")} // any call of cbc fails otherwise
	prog := &Program{Vars: 1, Fixed: map[int]bool{}, Needs: []Need{{Owner: -1}}}
	if _, err := solver.Solve(context.Background(), prog); err == nil || !strings.Contains(err.Error(), "no set") {
		t.Errorf("Solve: %v, want no set of the couples", err)
	}
	prog.Below = 3
	if _, err := solver.Solve(context.Background(), prog); !errors.Is(err, ErrNoSmaller) {
		t.Errorf("Solve below 3: %v, want ErrNoSmaller", err)
	}
	if _, _, err := solver.Relax(context.Background(), prog); err == nil || errors.Is(err, ErrNoCBC) {
		t.Errorf("Relax: %v, want no solution", err)
	}
}

// Without cbc, the error says what to install.
func TestCBC_Missing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := CBC{}.Solve(context.Background(), &Program{Vars: 1, Needs: []Need{{Owner: -1, Alternatives: [][]int{{0}}}}})
	if !errors.Is(err, ErrNoCBC) {
		t.Fatalf("no cbc on the PATH: %v", err)
	}
}

// A solution file naming a couple the program does not have is refused.
func TestReadCBCSolution_UnknownCouple(t *testing.T) {
	name := filepath.Join(t.TempDir(), "s.sol")
	os.WriteFile(name, []byte("Optimal - objective value 1.00000000\n      0 x7   1   1\n"), 0o644)
	if _, _, err := readCBCSolution(name, &Program{Vars: 2}); err == nil {
		t.Fatal("x7 of a 2-couple program read")
	}
	os.WriteFile(name, []byte("Optimal - objective value 1.00000000\n      0 x1   1   1\n      1 z0   0.5   0\n"), 0o644)
	got, status, err := readCBCSolution(name, &Program{Vars: 2})
	if err != nil || len(got) != 1 || got[1] != 1 || status[:7] != "Optimal" {
		t.Fatalf("read %v %q %v", got, status, err)
	}
}

// cbc's log says each smaller set it finds, by its heuristics or its search: each is passed
// on once, larger ones found later are not.
func TestCBC_FollowsItsLog(t *testing.T) {
	log := "Cbc0038I Solution found of 58\nCbc0038I Solution found of 60\n" +
		"Cbc0012I Integer solution of 51 found by DiveCoefficient after 759 iterations\n" +
		"Cbc0012I Integer solution of\nResult - Optimal solution found\n"
	var got []int
	w := CBC{Progress: func(n int, _ time.Duration) { got = append(got, n) }}.follower(time.Now(), 0)
	for len(log) > 0 { // in pieces, as a pipe gives it
		k := min(len(log), 7)
		w.Write([]byte(log[:k]))
		log = log[k:]
	}
	if last := w.last; !slices.Equal(got, []int{58, 51}) || last != "Result - Optimal solution found" {
		t.Fatalf("said %v, last line %q", got, last)
	}
	// a part's program says the sizes of whole sets: its own and the couples taken outside it
	got = nil
	w = CBC{Progress: func(n int, _ time.Duration) { got = append(got, n) }}.follower(time.Now(), 100)
	w.Write([]byte("Cbc0038I Solution found of 5\n"))
	if !slices.Equal(got, []int{105}) {
		t.Fatalf("a part's program said %v, want [105]", got)
	}
}

// A stop ends the solver within seconds, even one that ignores the interrupt.
func TestCBC_StopKillsAStubbornSolver(t *testing.T) {
	stub := filepath.Join(t.TempDir(), "cbc")
	os.WriteFile(stub, []byte("#!/bin/sh\ntrap '' INT\necho Cbc0038I Solution found of 3\nexec sleep 60\n"), 0o755)
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	var said []int
	_, err := CBC{Path: stub, Grace: 200 * time.Millisecond, Progress: func(n int, _ time.Duration) { said = append(said, n) }}.Solve(ctx,
		&Program{Vars: 1, Needs: []Need{{Owner: -1, Alternatives: [][]int{{0}}}}})
	if err == nil || time.Since(start) > 10*time.Second || !slices.Equal(said, []int{3}) {
		t.Fatalf("stopped solver: %v after %v, said %v", err, time.Since(start), said)
	}
}

// Asked for fewer couples than the smallest set, cbc says there is none; asked for fewer
// than one more, it gives the smallest. The relaxation's bound is no more than the smallest.
func TestCBC_BelowAndRelax(t *testing.T) {
	needCBC(t)
	prog := &Program{Vars: 5, Fixed: map[int]bool{}, Needs: []Need{
		{Owner: -1, Alternatives: [][]int{{0}, {1, 2}}},
		{Owner: 0, Alternatives: [][]int{{3}}},
		{Owner: 3, Alternatives: [][]int{{4}}},
		{Owner: 1, Alternatives: [][]int{{2}}},
	}}
	below := *prog
	below.Below = 2
	if got, err := (CBC{}).Solve(context.Background(), &below); !errors.Is(err, ErrNoSmaller) {
		t.Fatalf("fewer than 2 couples: got %v, %v; want ErrNoSmaller", got, err)
	}
	below.Below = 3
	if got, err := (CBC{}).Solve(context.Background(), &below); err != nil || !slices.Equal(got, []int{1, 2}) {
		t.Fatalf("fewer than 3 couples: got %v, %v; want [1 2]", got, err)
	}
	var said float64
	values, bound, err := CBC{Bound: func(b float64) { said = b }}.Relax(context.Background(), prog)
	if err != nil || bound > 2+1e-9 || bound < 1-1e-9 || said != bound || len(values) == 0 {
		t.Fatalf("relaxation: %v, bound %v (said %v), %v", values, bound, said, err)
	}
}

// A solver that answers the program reduced to the relaxation's couples, and writes a set
// that meets no need when given the whole program (as a stopped cbc may).
type reducedOnly struct {
	t       *testing.T
	support map[int]float64
	calls   int
	parts   int
}

func (s *reducedOnly) Relax(context.Context, *Program) (map[int]float64, float64, error) {
	return s.support, 1, nil
}

func (s *reducedOnly) Solve(_ context.Context, prog *Program) ([]int, error) {
	if prog.Taken > 0 { // a part's program: a set that meets no need
		s.parts++
		return []int{0}, errors.New("stopped")
	}
	s.calls++
	if s.calls == 1 {
		for _, v := range prog.used() {
			if _, ok := s.support[v]; !ok && v < 3 { // 3, 4, 5: the start's
				s.t.Errorf("the reduced program has couple %d, which neither the relaxation nor the start takes", v)
			}
		}
		return []int{1, 2}, nil
	}
	if prog.Below != 2 {
		s.t.Errorf("the whole program asks for fewer than %d couples, want 2", prog.Below)
	}
	return []int{0}, errors.New("stopped")
}

// smallestSet gives the best of the reduced program when the whole one gives nothing
// better, and never a set that fails a need, whatever the solver writes.
func TestSmallestSet_KeepsTheReducedBest(t *testing.T) {
	prog := &Program{Vars: 6, Fixed: map[int]bool{}, Needs: []Need{
		{Owner: -1, Alternatives: [][]int{{0}, {1, 2}, {3, 4, 5}}},
		{Owner: 0, Alternatives: [][]int{{5}}},
		{Owner: 5, Alternatives: [][]int{{4}}},
		{Owner: 1, Alternatives: [][]int{{2}}},
	}}
	s := &reducedOnly{t: t, support: map[int]float64{1: 0.5, 2: 0.5}}
	got, err := smallestSet(context.Background(), prog, []int{3, 4, 5}, s, true)
	if !slices.Equal(got, []int{1, 2}) || err == nil || s.calls != 2 || s.parts == 0 {
		t.Fatalf("got %v, %v after %d solves and %d parts; want [1 2], parts tried, and the whole program's stop", got, err, s.calls, s.parts)
	}
	if !prog.holds([]int{1, 2}) || prog.holds([]int{0}) || prog.holds([]int{1}) {
		t.Fatal("holds is wrong")
	}
}
