package engine

import (
	"cmp"
	"slices"
	"sync/atomic"
)

// Misère play by forms on a team (WithWorkers): the root's options, whole positions, one of
// each key, are decided one at a time by the workers, each with a search by forms of its
// own, as parallelpns.go splits a couple at its options. The first worker takes them from the
// front (the smallest first, as one worker's proof numbers start: a win needs one losing
// option, found soonest where it is cheap), the others from the back, and once none is left
// an idle worker races an option another is still deciding. A losing option wins the root
// and stops the others; when every option is winning, the root is lost.
//
// A form's id belongs to its table (MisereForms), so each helper forms the small lands again
// in a table of its own, made for the search; what a worker proves of positions with no
// small land reaches the others through the team's cache, where the one-worker search keeps
// it too.

// A misereTeam is the root of a team's misère search, for the reports: its options, and how
// many are proven winning (refuted) so far.
type misereTeam struct {
	root    ProofStep
	options int
	refuted atomic.Int32
}

// misereTogether is the misère outcome of p by forms, its options decided by the team; forms
// is the first worker's table.
func (s *Solver) misereTogether(p Position, forms *MisereForms) bool {
	opts := misereRootOptions(p)
	if len(opts) == 0 {
		return true // no move: under misère play, a win
	}
	queue := newOptionQueue(len(opts))
	team := &misereTeam{root: stepText(p, 0, 0), options: len(opts)}
	byProofNumbers := s.pns != nil
	s.mteam = team
	defer func() { s.mteam = nil }()
	win := s.everyWorker(func(w *Solver) int {
		f := forms
		if w != s {
			f = forms.fresh()
			w.UseProofNumbers(byProofNumbers) // everyWorker sets a helper's as the solver's default
			w.mteam = team
			defer func() { w.mteam = nil }()
		}
		m, done := w.canonSearch(f)
		defer done()
		for i, ok := queue.take(w == s); ok; i, ok = queue.take(w == s) {
			lost := !m.decide(opts[i])
			switch {
			case w.err != nil:
				return 0
			case lost:
				return 1 // a move to a loss
			case queue.finish(i):
				team.refuted.Add(1)
			}
		}
		return 0 // every move is to a win
	})
	return win == 1
}

// misereRootOptions is p's options, one of each key, the smallest (by Hint) first.
func misereRootOptions(p Position) []Position {
	var opts []Position
	seen := map[string]bool{}
	for o := range p.Options() {
		if k := o.Key(); !seen[k] {
			seen[k] = true
			opts = append(opts, o)
		}
	}
	slices.SortStableFunc(opts, func(a, b Position) int { return cmp.Compare(HintOf(a), HintOf(b)) })
	return opts
}

// frame shows a worker's report as the team's: Root is the team's root, with its options
// and those refuted; Option is the one the reporting worker decides, whose numbers, DAG and
// path the report keeps.
func (t *misereTeam) frame(p *ProofProgress) {
	p.Option, p.Root = p.Root, t.root
	p.Options, p.OptionsWon = t.options, int(t.refuted.Load())
	p.RootOptions, p.RootRefuted = t.options, int(t.refuted.Load())
}
