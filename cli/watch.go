package cli

import (
	"fmt"
	"io"
	"os"
	"time"

	"grundy/engine"
	"grundy/job"
)

// logEvery is how often `solve --log FILE` appends a line to FILE.
const logEvery = time.Minute

// A watch reports a long solve to a person: with --progress a line on stderr every second,
// with --log FILE a line appended to FILE every minute and one at the end. Each says how far
// the search of the root is (the values its nimber was proven not to be, the heap tried now,
// and how many of the root's options that heap decided) beside the counts of the search.
type watch struct {
	env      *Env
	progress bool      // --progress
	log      io.Writer // --log FILE, or nil
	name     string    // "cram 6x7", the position as the log names it
	root     rootWatch
	lastLog  time.Time
}

// openLog opens name to append to it (created if need be); "" is no log.
func openLog(name string) (*os.File, error) {
	if name == "" {
		return nil, nil
	}
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, usagef("--log: %v", err)
	}
	return f, nil
}

// watchOf is what a watch reports: a line a second (--progress), lines to a log (--log, or
// nil), the words on the root (false: the counts alone).
type watchOf struct {
	progress bool
	log      io.Writer
	root     bool
}

// newWatch returns the watch of the solve of p, or nil when nobody watches (no --progress,
// no --log).
func newWatch(env *Env, r *job.Runner, game string, p engine.Position, of watchOf) *watch {
	if !of.progress && of.log == nil {
		return nil
	}
	w := &watch{env: env, progress: of.progress, log: of.log, name: game + " " + p.String()}
	if of.root {
		w.root = newRootWatch(r.Known, p)
	}
	if w.log != nil {
		w.logf("start")
		w.lastLog = time.Now()
	}
	return w
}

// report is the runner's progress callback.
func (w *watch) report(ph job.Phase, s engine.Stats) {
	root := w.words(s)
	if w.progress {
		printProgress(w.env, ph, s)
		if root != "" {
			fmt.Fprintf(w.env.Stderr, "%-18s %s\n", "", root)
		}
	}
	if w.log != nil && time.Since(w.lastLog) >= logEvery {
		w.lastLog = time.Now()
		w.logf("%s %s, %d nodes, %.0f a second%s%s", ph, roundElapsed(s.Elapsed), s.Nodes, s.NodesPerSecond(), cutWords(s.Proof), clause(root))
	}
}

// words says how far the search of the root is: from the facts proven (rootWatch), or from
// a misère search by proof numbers, which keeps its own ("0 of 10 options refuted"); and, from
// a search by proof numbers, how near the move nearest to a win is ("the move nearest to a
// win has 3 of its 12 replies answered").
func (w *watch) words(s engine.Stats) string {
	p := s.Proof
	if root := w.root.String(); root != "" {
		if p != nil && !p.Misere {
			return root + nearestWords(p)
		}
		return root
	}
	if p != nil && p.RootOptions > 0 {
		return misereWords(p)
	}
	return ""
}

// misereWords says how far a misère search by proof numbers is: its root's options refuted
// (all of them: a loss), and how near the move nearest to a win is (all its replies
// answered: a win).
func misereWords(p *engine.ProofProgress) string {
	return fmt.Sprintf("%d of %d options refuted", p.RootRefuted, p.RootOptions) + nearestWords(p)
}

// nearestWords is "; the move nearest to a win has A of its R replies answered", when the
// search counted them.
func nearestWords(p *engine.ProofProgress) string {
	if p.Replies == 0 {
		return ""
	}
	return fmt.Sprintf("; the move nearest to a win has %d of its %d replies answered", p.Answered, p.Replies)
}

// cutWords is ", its DAG cut to the budget K times" once a proof-number search has cut it:
// past a few, the budget (--cache-mb) binds, and the work under way far from the root is lost
// at each cut.
func cutWords(p *engine.ProofProgress) string {
	switch {
	case p == nil || p.Cuts == 0:
		return ""
	case p.Cuts == 1:
		return ", its DAG cut to the budget once"
	}
	return fmt.Sprintf(", its DAG cut to the budget %d times", p.Cuts)
}

// end logs how the solve ended: its answer, or where it stopped.
func (w *watch) end(res job.Result) {
	if w == nil || w.log == nil {
		return
	}
	s := res.Search
	switch {
	case res.Stopped:
		w.logf("stopped after %s, %d nodes%s%s", roundElapsed(s.Elapsed), s.Nodes, cutWords(s.Proof), clause(w.words(s)))
	case res.Err != nil:
		w.logf("failed: %v", res.Err)
	default:
		w.logf("done in %s, %d nodes%s%s", roundElapsed(s.Elapsed), s.Nodes, cutWords(s.Proof), answerText(res.Answer))
	}
}

// answerText is ": nimber N", or ": outcome W" when only the outcome is known, or nothing.
func answerText(a job.Answer) string {
	switch {
	case a.HasNimber:
		return ": nimber " + a.NimberText()
	case a.HasOutcome:
		return ": outcome " + a.OutcomeText()
	}
	return ""
}

// clause is "; " and s, or nothing when s is empty.
func clause(s string) string {
	if s == "" {
		return ""
	}
	return "; " + s
}

// roundElapsed rounds a run's time as a person reads it in a log: whole seconds, or
// hundredths of one for a run shorter than a minute.
func roundElapsed(d time.Duration) time.Duration {
	if d < time.Minute {
		return d.Round(10 * time.Millisecond)
	}
	return d.Round(time.Second)
}

// logf appends one line to the log: the time (UTC), the position, the words.
func (w *watch) logf(format string, a ...any) {
	fmt.Fprintf(w.log, "%s %s: %s\n", time.Now().UTC().Format(time.RFC3339), w.name, fmt.Sprintf(format, a...))
}

// A rootWatch reads, from what the search has proven, how far the search of a root is.
type rootWatch struct {
	known func(engine.Position) (engine.Fact, bool)
	comps []rootComponent
}

// A rootComponent is one component of the root, with its distinct options, each as its
// components.
type rootComponent struct {
	pos  engine.Position
	opts [][]engine.Position
	// decidedAt is, for each option, 1 + the heap with which it was last seen decided, 0
	// if none: a fact once proven stays true, though the cache may let it go, and the count
	// of options decided never goes down for the heap tried.
	decidedAt []int
}

func newRootWatch(cached func(engine.Position) (engine.Fact, bool), p engine.Position) rootWatch {
	// What the game's theory knows without search (engine.Valuer), the search reads too.
	known := func(p engine.Position) (engine.Fact, bool) {
		if v, ok := p.(engine.Valuer); ok {
			if m, ok := v.Value(); ok {
				return engine.Fact{}.WithNimber(m), true
			}
		}
		return cached(p)
	}
	w := rootWatch{known: known}
	for _, c := range p.Split() {
		rc := rootComponent{pos: c}
		seen := map[string]bool{}
		for o := range c.Options() {
			if k := o.Key(); !seen[k] {
				seen[k] = true
				rc.opts = append(rc.opts, o.Split())
			}
		}
		rc.decidedAt = make([]int, len(rc.opts))
		w.comps = append(w.comps, rc)
	}
	return w
}

// String says how far the search is on the first component of the root whose nimber is not
// known: "nimber ≠ 0, 1; trying 2: 17 of 42 options decided"; "" once every one is known.
func (w rootWatch) String() string {
	for i, c := range w.comps {
		f, _ := w.known(c.pos)
		if _, ok := f.Nimber(); ok {
			continue
		}
		n := 0
		for f.Excludes(n) {
			n++
		}
		of := ""
		if len(w.comps) > 1 {
			of = fmt.Sprintf("component %d of %d: ", i+1, len(w.comps))
		}
		proven := ""
		if d := f.Describe(20); d != "" {
			proven = "nimber " + d + "; "
		}
		decided, losing := w.decided(c, n)
		s := fmt.Sprintf("%s%strying %d: %d of %d options decided", of, proven, n, decided, len(c.opts))
		if losing {
			s += ", a losing one found"
		}
		return s
	}
	return ""
}

// decided counts the options of c whose outcome with a heap of n is known, or was known
// when last looked at, and reports whether one is known to be losing (then c's nimber is not
// n).
func (w rootWatch) decided(c rootComponent, n int) (count int, losing bool) {
	for i, parts := range c.opts {
		if c.decidedAt[i] == n+1 {
			count++
			continue
		}
		x, open := n, []engine.Fact(nil)
		for _, p := range parts {
			f, _ := w.known(p)
			if m, ok := f.Nimber(); ok {
				x ^= m
			} else {
				open = append(open, f)
			}
		}
		lost := len(open) == 0 && x == 0 // looked at again each time: it says more
		if len(open) == 0 || len(open) == 1 && open[0].Excludes(x) {
			count++
			if !lost {
				c.decidedAt[i] = n + 1
			}
		}
		losing = losing || lost
	}
	return count, losing
}
