package workbench

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2/widget"

	"grundy/engine"
	"grundy/games"
)

// A CheckState says what the window knows of the tree on show.
type CheckState int

const (
	Unchecked CheckState = iota // no check ran on it: nothing is claimed proven
	Checking                    // its check runs
	Checked                     // engine.Check verified it: a proof
	NotAProof                   // the check failed, or the game is unknown: nothing is proven
)

// A Verdict is the state of the check of the tree on show, with its progress or failure.
type Verdict struct {
	State       CheckState
	Done, Total int   // nodes verified, of those reachable from the root (Checking)
	Err         error // why the tree is not a proof (NotAProof)
	Node        int   // the node that fails, or -1 when the failure is the whole tree's
}

// checkWait is how long the window waits for a check before showing the tree as
// "checking…": a small tree is shown checked at once, a large one is checked in the
// background. checkProgressEvery is how often a background check reports its progress.
var (
	checkWait          = 100 * time.Millisecond
	checkProgressEvery = 200 * time.Millisecond
)

// A checkRun is the check of one tree. A newer tree cancels it, and its late reports are
// dropped: only the run the Details panel holds may change the window.
type checkRun struct {
	tree    *engine.Tree
	cancel  context.CancelFunc
	verdict Verdict
}

// verify checks t, the tree just put on show, against its game's rules (engine.Check),
// cancelling the check of the tree it replaces. Until the check passes, the window says the
// tree is not verified; if it fails, the window says it is not a proof and selects the node
// that fails.
func (w *Workbench) verify(t *engine.Tree) {
	if old := w.Details.run; old != nil {
		old.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &checkRun{tree: t, cancel: cancel}
	w.Details.run = r
	w.showVerdict(r, Verdict{State: Checking, Total: len(t.Nodes), Node: -1})
	parse, err := parserOf(t.Game, t.Split)
	if err != nil {
		cancel()
		w.checked(r, fmt.Errorf("cannot be checked: %w", err))
		return
	}
	result := make(chan error)
	do, every := w.Solver.do, checkProgressEvery // read here: a replaced check may run on after its window
	go func() {
		last := time.Now()
		err := engine.CheckWithProgress(ctx, t, parse, func(done, total int) {
			if now := time.Now(); now.Sub(last) >= every {
				last = now
				do(func() { w.showVerdict(r, Verdict{State: Checking, Done: done, Total: total, Node: -1}) })
			}
		})
		err = readable(t, err, parse)
		select {
		case result <- err: // the window still waits: it shows the verdict itself
		default:
			do(func() { w.checked(r, err) })
		}
	}()
	if checkWait > 0 {
		select {
		case err := <-result:
			w.checked(r, err)
		case <-time.After(checkWait):
		}
	}
}

// parserOf returns the parser of positions of the game named game, split by rule, the way
// the tree was written with (a Cram tree of before the reductions splits boards as they are).
func parserOf(game, rule string) (func(string) (engine.Position, error), error) {
	g, err := games.Lookup(game)
	if err != nil {
		return nil, err
	}
	return func(s string) (engine.Position, error) { return games.ParseRule(g, rule, s) }, nil
}

// readable names the option a failed check found missing by its notation: the engine names
// it by its key, which is for machines.
func readable(t *engine.Tree, err error, parse func(string) (engine.Position, error)) error {
	var ce *engine.CheckError
	if !errors.As(err, &ce) {
		return err
	}
	claim, _, ok := strings.Cut(ce.Why, "an option is missing (key")
	if !ok {
		return err
	}
	name := missingOption(t, ce.Node, parse)
	if name == "" {
		return err
	}
	named := *ce
	named.Why = fmt.Sprintf("%sthe option (%s, %d) is missing", claim, name, ce.N)
	return &named
}

// missingOption returns the notation of an option of node id's position that no child of the
// same heap stands for, or "" when there is none.
func missingOption(t *engine.Tree, id int, parse func(string) (engine.Position, error)) string {
	n := &t.Nodes[id]
	p, err := parse(n.Position)
	if err != nil || len(p.Split()) != 1 {
		return ""
	}
	have := map[string]bool{}
	for _, k := range n.Children {
		if c := &t.Nodes[k]; c.N == n.N {
			if q, err := parse(c.Position); err == nil {
				have[componentKeys(q)] = true
			}
		}
	}
	for o := range p.Split()[0].Options() {
		if !have[componentKeys(o)] {
			return o.String()
		}
	}
	return ""
}

// componentKeys names a position by the keys of its components, whatever their order, as
// the checker compares a couple's options with its children.
func componentKeys(p engine.Position) string {
	var keys []string
	for _, q := range p.Split() {
		keys = append(keys, strconv.Itoa(len(q.Key()))+":"+q.Key())
	}
	slices.Sort(keys)
	return strings.Join(keys, "")
}

// checked shows the end of run r: err is nil when the tree is a proof.
func (w *Workbench) checked(r *checkRun, err error) {
	if err == nil {
		w.showVerdict(r, Verdict{State: Checked, Done: len(r.tree.Nodes), Total: len(r.tree.Nodes), Node: -1})
		return
	}
	var ce *engine.CheckError
	if !errors.As(err, &ce) && errors.Is(err, context.Canceled) {
		return // another tree replaced this one
	}
	v := Verdict{State: NotAProof, Err: err, Node: -1}
	if ce != nil {
		v.Node = ce.Node
	}
	w.showVerdict(r, v)
}

// showVerdict shows v, the news of run r, unless r is no longer the tree on show or has
// ended already (a progress report may arrive after the verdict).
func (w *Workbench) showVerdict(r *checkRun, v Verdict) {
	if w.Details.run != r || (v.State == Checking && r.verdict.State > Checking) {
		return
	}
	r.verdict = v
	t := r.tree
	w.title.SetText(treeTitle(t, v))
	w.title.Importance = widget.MediumImportance
	if v.State == NotAProof {
		w.title.Importance = widget.DangerImportance
	}
	w.title.Refresh()
	id := w.Tree.Selected()
	if v.State == NotAProof {
		id = t.Root
		if v.Node >= 0 && v.Node < len(t.Nodes) {
			id = v.Node
		}
		w.reveal(id)
		w.Tree.Select(id)
	}
	if w.Tree.Tree() == t && (v.State != Checking || v.Done == 0) { // progress shows in the title only
		w.Details.SetNode(t, id)
	}
}

// treeTitle is the caption over the tree: its game, root and verdict.
func treeTitle(t *engine.Tree, v Verdict) string {
	name := t.Game + " " + t.Nodes[t.Root].Position
	if t.Convention == engine.Misere {
		name += " under misère play"
	}
	switch v.State {
	case Checking:
		if v.Done == 0 {
			return "Solution tree: " + name + ", checking…"
		}
		return fmt.Sprintf("Solution tree: %s, checking… %s of %s nodes", name, count(int64(v.Done)), count(int64(v.Total)))
	case Checked:
		return fmt.Sprintf("Solution tree: %s, proof checked (%s nodes)", name, count(int64(v.Total)))
	case NotAProof:
		return "Not a proof: " + name + ": " + v.Err.Error()
	}
	return "Solution tree: " + name + ", not verified"
}

// reveal expands the nodes above id, when it is hidden, and fits the tree to the view.
func (w *Workbench) reveal(id int) {
	t := w.Tree.Tree()
	if t == nil || id == t.Root {
		return
	}
	parent := parents(t)
	hidden := false
	for a := parent[id]; a >= 0; a = parent[a] {
		if !w.Tree.Expanded(a) {
			w.Tree.ExpandBelow(a, 1)
			hidden = true
		}
	}
	if hidden {
		w.Tree.Fit()
	}
}

// parents returns the parent of each node on a shortest path from the root, -1 for the
// root and the nodes it does not reach.
func parents(t *engine.Tree) []int {
	parent := make([]int, len(t.Nodes))
	for i := range parent {
		parent[i] = -1
	}
	seen := make([]bool, len(t.Nodes))
	seen[t.Root] = true
	for queue := []int{t.Root}; len(queue) > 0; queue = queue[1:] {
		for _, k := range t.Nodes[queue[0]].Children {
			if k >= 0 && k < len(t.Nodes) && !seen[k] {
				seen[k], parent[k] = true, queue[0]
				queue = append(queue, k)
			}
		}
	}
	return parent
}

// clearStale clears the status line when the position or the tree on show changes, so that
// an error or a note about what was on show before does not stay under what is now.
func (w *Workbench) clearStale() { w.status.SetText("") }

// verdict returns what the window knows of the tree on show.
func (w *Workbench) verdict() Verdict { return w.Details.verdictOf(w.Tree.Tree()) }
