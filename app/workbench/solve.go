package workbench

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"grundy/engine"
)

// A Task is what the solver panel asks of the engine.
type Task int

// The tasks of the solver panel's buttons.
const (
	TaskNimber  Task = iota // the nimber, with its solution tree (Algorithm 3)
	TaskOutcome             // the outcome, with its solution tree (Algorithms 1 and 2)
	TaskMoves               // every option's nimber: the winning moves
)

// String names the task as its button does.
func (t Task) String() string {
	switch t {
	case TaskNimber:
		return "Nimber"
	case TaskOutcome:
		return "Outcome"
	case TaskMoves:
		return "Winning moves"
	}
	return "Task(" + strconv.Itoa(int(t)) + ")"
}

// MaxOptions is the most options the winning-moves task lists.
const MaxOptions = 2000

// A Result is what a task found: the parts that it proved, or, when it was stopped, what the
// search had proven by then.
type Result struct {
	Task     Task
	Game     string
	Position string

	HasOutcome bool
	Win        bool // the player to move wins
	HasNimber  bool
	Nimber     int

	Options []Option     // TaskMoves: the options, in the order of the game's moves
	Tree    *engine.Tree // TaskNimber and TaskOutcome: the proof, when it was small enough
	NoTree  string       // why there is no tree for a finished TaskNimber or TaskOutcome
	Stats   engine.Stats

	Stopped bool   // the search was stopped before it finished
	Proven  string // when stopped: what is known of the position's components
	Err     error  // a failure other than a stop
}

// An Option is one move of the position and the nimber of the position it leads to.
type Option struct {
	Position string
	Nimber   int
	Known    bool // false when the search stopped before this option
}

// Wins reports whether the move wins: it leads to a position of nimber 0.
func (o Option) Wins() bool { return o.Known && o.Nimber == 0 }

// Solve runs task on position p of game with s, until it ends or ctx does.
func Solve(ctx context.Context, s *engine.Solver, task Task, game string, p engine.Position) Result {
	r := Result{Task: task, Game: game, Position: p.String()}
	var err error
	switch task {
	case TaskNimber:
		r.Nimber, err = s.Nimber(ctx, p)
		r.HasNimber, r.HasOutcome, r.Win = err == nil, err == nil, r.Nimber != 0
		r.Stats = s.Stats()
		if err == nil {
			r.prove(ctx, s.ProveNimber, game, p)
		}
	case TaskOutcome:
		r.Win, err = s.Outcome(ctx, p, 0)
		r.HasOutcome = err == nil
		r.Stats = s.Stats()
		if err == nil {
			r.prove(ctx, s.ProveOutcome, game, p)
		}
	case TaskMoves:
		err = r.moves(ctx, s, p)
		r.Stats = s.Stats()
	}
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		r.Stopped, r.Tree = true, nil
		r.Proven = Proven(s, p)
	case err != nil:
		r.Err = err
	}
	return r
}

// treeLimit bounds the searches whose solution tree the panel records afterwards: the
// recording searches again, keeping every proof in memory, without the cache's help.
var treeLimit int64 = 300_000

// prove records the solution tree of what the search found, when the search was small
// enough; a stop during the recording keeps the answer and says there is no tree.
func (r *Result) prove(ctx context.Context, prove func(context.Context, string, engine.Position) (*engine.Tree, error), game string, p engine.Position) {
	if r.Stats.Nodes > treeLimit {
		r.NoTree = fmt.Sprintf("no tree: the search took %d nodes, more than the %d the tree is recorded for", r.Stats.Nodes, treeLimit)
		return
	}
	t, err := prove(ctx, game, p)
	if err != nil {
		r.NoTree = "no tree: " + err.Error()
		return
	}
	r.Tree = t
}

// moves computes the nimber of every option, then the position's as their mex.
func (r *Result) moves(ctx context.Context, s *engine.Solver, p engine.Position) error {
	seen := map[string]bool{}
	for o := range p.Options() {
		name := o.String()
		if seen[name] {
			continue
		}
		seen[name] = true
		r.Options = append(r.Options, Option{Position: name})
		if len(r.Options) == MaxOptions {
			return fmt.Errorf("more than %d options: solve the position's nimber instead", MaxOptions)
		}
	}
	i := 0
	for o := range p.Options() {
		if i == len(r.Options) {
			break
		}
		if o.String() != r.Options[i].Position {
			continue // a duplicate
		}
		n, err := s.Nimber(ctx, o)
		if err != nil {
			return err
		}
		r.Options[i].Nimber, r.Options[i].Known = n, true
		i++
	}
	r.HasNimber, r.Nimber = true, mex(r.Options)
	r.HasOutcome, r.Win = true, r.Nimber != 0
	return nil
}

// mex returns the least nimber that no option has.
func mex(opts []Option) int {
	ns := make([]int, 0, len(opts))
	for _, o := range opts {
		ns = append(ns, o.Nimber)
	}
	slices.Sort(ns)
	m := 0
	for _, n := range ns {
		if n == m {
			m++
		} else if n > m {
			break
		}
	}
	return m
}

// Proven says what the solver knows of each component of p: its nimber, or the values its
// nimber was proven different from, as "3x3: = 2" or "2x5: ≠ 0, 1".
func Proven(s *engine.Solver, p engine.Position) string {
	var parts []string
	for _, c := range p.Split() {
		f, ok := s.Known(c)
		parts = append(parts, c.String()+": "+describeFact(f, ok))
	}
	if len(parts) == 0 {
		return "the position has no move: its nimber is 0"
	}
	return strings.Join(parts, "; ")
}

// describeFact writes a fact as the tree labels do: "= n", or "≠ a, b, …", or "nothing yet".
func describeFact(f engine.Fact, ok bool) string {
	if !ok {
		return "nothing proven yet"
	}
	if n, ok := f.Nimber(); ok {
		return "= " + strconv.Itoa(n)
	}
	var ex []string
	for n, left := 0, f.Excluded(); left > 0 && n < 1<<16; n++ {
		if f.Excludes(n) {
			ex = append(ex, strconv.Itoa(n))
			left--
		}
		if len(ex) == 12 {
			ex = append(ex, "…")
			break
		}
	}
	if len(ex) == 0 {
		return "nothing proven yet"
	}
	return "≠ " + strings.Join(ex, ", ")
}
