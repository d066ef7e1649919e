package store

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// CBC solves a Program with COIN-OR's branch and cut solver, the cbc command (Debian's
// coinor-cbc): the program goes to it as a CPLEX LP file, its best solution comes back.
type CBC struct {
	Path string // the command; "" looks for cbc on the PATH
	// Progress, when not nil, gets a line each time the solver finds a smaller set.
	Progress func(couples int, took time.Duration)
	// Bound, when not nil, gets the relaxation's bound: no set has fewer couples.
	Bound func(couples float64)
	// Grace is how long a stopped cbc has to write its best before it is killed; 0 is 5 s.
	Grace time.Duration
}

// ErrNoSmaller is returned when a program asks for fewer couples than any set of them
// that meets its needs.
var ErrNoSmaller = errors.New("no set of fewer couples proves it")

// ErrNoCBC is returned when the cbc command is not installed.
var ErrNoCBC = errors.New("the smallest certificate needs COIN-OR CBC, the cbc command (Debian: apt install coinor-cbc)")

func (s CBC) Solve(ctx context.Context, prog *Program) ([]int, error) {
	switch {
	case prog.rootless() && prog.Below > 0:
		return nil, ErrNoSmaller
	case prog.rootless():
		return nil, errors.New("cbc: no set of the couples proves it (the root has no alternative left)")
	}
	args := []string{"solve"}
	if prog.Below > 0 {
		args = []string{"cutoff", strconv.FormatFloat(float64(prog.Below)-0.5, 'f', 1, 64), "solve"}
	}
	values, status, err := s.run(ctx, prog, args)
	if err != nil {
		return nil, err
	}
	var chosen []int
	for v, x := range values {
		if x > 0.5 {
			chosen = append(chosen, v)
		}
	}
	slices.Sort(chosen)
	switch {
	case strings.Contains(status, "nfeasible") && prog.Below > 0: // "Integer infeasible" too
		return nil, ErrNoSmaller
	case strings.Contains(status, "nfeasible"):
		return nil, fmt.Errorf("cbc: no set of the couples proves it (%s)", status)
	case ctx.Err() != nil:
		return chosen, ctx.Err()
	case !strings.HasPrefix(status, "Optimal"):
		return chosen, fmt.Errorf("cbc stopped before it proved its set the smallest: %s", status)
	}
	return chosen, nil
}

// Relax solves the program's linear relaxation, where a couple may be taken in part: its
// values, and their sum, a bound no set of couples goes below.
func (s CBC) Relax(ctx context.Context, prog *Program) (map[int]float64, float64, error) {
	if prog.rootless() {
		return nil, 0, errors.New("cbc: the relaxation has no solution (the root has no alternative left)")
	}
	values, status, err := s.run(ctx, prog, []string{"initialSolve"})
	switch {
	case err != nil:
		return nil, 0, err
	case ctx.Err() != nil:
		return nil, 0, ctx.Err()
	case !strings.HasPrefix(status, "Optimal"):
		return nil, 0, fmt.Errorf("cbc: the relaxation was not solved: %s", status)
	}
	bound := 0.0
	for _, x := range values {
		bound += x
	}
	if s.Bound != nil {
		s.Bound(bound)
	}
	return values, bound, nil
}

// run writes prog for cbc, runs cbc with the commands given, and reads back the values of
// the couples (the variables not listed are 0) and the solution's status line.
func (s CBC) run(ctx context.Context, prog *Program, commands []string) (map[int]float64, string, error) {
	path := s.Path
	if path == "" {
		var err error
		if path, err = exec.LookPath("cbc"); err != nil {
			return nil, "", ErrNoCBC
		}
	}
	dir, err := os.MkdirTemp("", "grundy-cbc-")
	if err != nil {
		return nil, "", err
	}
	defer os.RemoveAll(dir)
	model, sol := filepath.Join(dir, "smallest.lp"), filepath.Join(dir, "smallest.sol")
	if err := writeLPFile(model, prog); err != nil {
		return nil, "", err
	}
	args := []string{model}
	if d, ok := ctx.Deadline(); ok {
		args = append(args, "timeMode", "elapsed", "sec", strconv.Itoa(max(1, int(time.Until(d).Seconds()))))
	}
	args = append(append(args, commands...), "solu", sol)
	if stdbuf, err := exec.LookPath("stdbuf"); err == nil {
		// cbc writes its log through stdio, which buffers a pipe by blocks: the smaller
		// sets it finds would be said minutes late, or at its end.
		path, args = stdbuf, append([]string{"-oL", path}, args...)
	}
	// A stop (Ctrl-C, --timeout) asks cbc to end its search and write the best it has, as at
	// its own time limit; one that has not ended Grace later (it may be deep in a
	// relaxation) is killed; and it dies with this process (dieWithParent).
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = cmp.Or(s.Grace, 5*time.Second)
	dieWithParent(cmd)
	log := s.follower(time.Now(), prog.Taken)
	cmd.Stdout, cmd.Stderr = log, log // a writer, not a pipe read here: Wait's WaitDelay holds
	runtime.LockOSThread()            // the thread that starts cbc lives until it ends (Pdeathsig)
	waitErr := cmd.Run()
	runtime.UnlockOSThread()
	values, status, readErr := readCBCSolution(sol, prog)
	switch {
	case readErr != nil && waitErr != nil:
		return nil, "", fmt.Errorf("cbc: %v (%s)", waitErr, log.last)
	case readErr != nil:
		return nil, "", fmt.Errorf("cbc: %w (%s)", readErr, log.last)
	}
	return values, status, nil
}

// A cbcLog takes cbc's log as it is written, a line at a time: it reports each smaller set
// found and keeps the last line, for messages.
type cbcLog struct {
	progress func(couples int, took time.Duration)
	start    time.Time
	best     float64
	taken    int // couples outside the program, in every set
	partial  []byte
	last     string
}

func (s CBC) follower(start time.Time, taken int) *cbcLog {
	return &cbcLog{progress: s.Progress, start: start, best: math.Inf(1), taken: taken}
}

func (l *cbcLog) Write(p []byte) (int, error) {
	l.partial = append(l.partial, p...)
	for {
		i := bytes.IndexByte(l.partial, '\n')
		if i < 0 {
			return len(p), nil
		}
		l.line(strings.TrimSpace(string(l.partial[:i])))
		l.partial = l.partial[i+1:]
	}
}

func (l *cbcLog) line(line string) {
	if line != "" {
		l.last = line
	}
	// "Cbc0012I Integer solution of 58 found by DiveCoefficient after 759 iterations …",
	// "Cbc0038I Solution found of 51" (its heuristics, before the search)
	for _, said := range []string{"Integer solution of ", "Solution found of "} {
		i := strings.Index(line, said)
		if i < 0 || l.progress == nil {
			continue
		}
		f := strings.Fields(line[i+len(said):] + " -")
		if v, err := strconv.ParseFloat(f[0], 64); err == nil && v < l.best {
			l.best = v
			l.progress(l.taken+int(math.Round(v)), time.Since(l.start))
		}
	}
}

// writeLPFile writes prog in CPLEX LP format: x<v> for the couples, z<k> for the
// alternatives of more than one couple (z ≤ each of its x, needs ≥ their owner).
func writeLPFile(name string, prog *Program) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	writeLP(w, prog)
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func writeLP(w io.Writer, prog *Program) {
	vars := prog.used()
	fmt.Fprint(w, "Minimize\n obj:")
	for i, v := range vars {
		fmt.Fprintf(w, " + x%d", v)
		if i%16 == 15 {
			fmt.Fprint(w, "\n")
		}
	}
	fmt.Fprint(w, "\nSubject To\n")
	zs := map[string]string{}
	name := func(a []int) string {
		if len(a) == 1 {
			return "x" + strconv.Itoa(a[0])
		}
		k := setKey(a)
		if z, ok := zs[k]; ok {
			return z
		}
		z := "z" + strconv.Itoa(len(zs))
		zs[k] = z
		for _, v := range a {
			fmt.Fprintf(w, " %s - x%d <= 0\n", z, v)
		}
		return z
	}
	for _, v := range slices.Sorted(maps.Keys(prog.Fixed)) {
		fmt.Fprintf(w, " x%d = %d\n", v, map[bool]int{true: 1}[prog.Fixed[v]])
	}
	for _, n := range prog.Needs {
		if len(n.Alternatives) == 0 {
			fmt.Fprintf(w, " x%d = 0\n", n.Owner)
			continue
		}
		names := make([]string, 0, len(n.Alternatives)) // each named before the need is written
		for _, a := range n.Alternatives {
			names = append(names, name(a))
		}
		slices.Sort(names)
		fmt.Fprint(w, " ")
		for _, z := range slices.Compact(names) {
			fmt.Fprintf(w, " + %s", z)
		}
		if n.Owner < 0 {
			fmt.Fprint(w, " >= 1\n")
		} else {
			fmt.Fprintf(w, " - x%d >= 0\n", n.Owner)
		}
	}
	fmt.Fprint(w, "Bounds\n")
	for i := range len(zs) {
		fmt.Fprintf(w, " 0 <= z%d <= 1\n", i)
	}
	fmt.Fprint(w, "Binary\n")
	for _, v := range vars {
		fmt.Fprintf(w, " x%d\n", v)
	}
	fmt.Fprint(w, "End\n")
}

// readCBCSolution reads cbc's solution file: a status line, then "index name value cost"
// for each nonzero variable (marked "**" when it breaks a bound). It returns the values of
// the couples' variables.
func readCBCSolution(name string, prog *Program) (map[int]float64, string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, "", fmt.Errorf("no solution written: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() {
		return nil, "", fmt.Errorf("an empty solution file")
	}
	status := strings.TrimSpace(sc.Text())
	values := map[int]float64{}
	for sc.Scan() {
		fs := strings.Fields(strings.TrimPrefix(strings.TrimSpace(sc.Text()), "**"))
		if len(fs) < 3 || !strings.HasPrefix(fs[1], "x") {
			continue
		}
		v, err := strconv.Atoi(fs[1][1:])
		if err != nil || v < 0 || v >= prog.Vars {
			return nil, status, fmt.Errorf("solution line %q: no such couple", sc.Text())
		}
		if x, err := strconv.ParseFloat(fs[2], 64); err == nil && x > 0 {
			values[v] = x
		}
	}
	return values, status, sc.Err()
}
