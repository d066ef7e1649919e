package job

import (
	"context"
	"fmt"

	"grundy/engine"
	"grundy/games"
)

// misere answers a request under misère play: the outcome by search (misereOutcome), then
// its tree when one is asked for. Misère play has no nimbers: a Nimber task is answered as Outcome, and the components' facts, which are normal-play
// nimbers, are not shown (Components stays empty).
func (r *Runner) misere(ctx context.Context, req Request, res *Result) {
	res.Task = Outcome
	switch {
	case req.Task.listsMoves():
		res.Task = OutcomeMoves // no nimbers: the options' misère outcomes
		res.stopped(r.moves(ctx, req, res))
		if res.Stopped {
			res.Components = []Component{{Position: res.Position}} // no normal-play fact, as below
		}
		return
	case req.Algo != "" && req.Algo != Couples && req.Algo != Elementary && req.Algo != PNS:
		res.Err = fmt.Errorf("job: misère play searches whole positions, depth first or by proof numbers; the %s search does not apply", req.Algo)
		return
	}
	if req.Tree != TreeOnly {
		s := r.alone()
		win, err := misereOutcome(ctx, s, req)
		res.Search = s.Stats()
		if err == nil {
			res.Answer = Answer{HasOutcome: true, Win: win}
		}
		res.stopped(err)
		if res.Stopped {
			// Nothing is proven of a whole position before its search ends: say so, rather
			// than nothing at all, which reads as a position with no move.
			res.Components = []Component{{Position: res.Position}}
		}
		if req.OnAnswer != nil {
			req.OnAnswer(res.clone())
		}
		switch {
		case req.Tree != TreeAfter || res.Err != nil:
			return
		case res.Stopped:
			res.NoTree = "the search was stopped"
			return
		}
	}
	r.recordMisere(ctx, req, res)
}

// alone is the solver of a search that one worker makes (misère play's): the runner's own
// when it has one worker, else one with the whole budget that shares the runner's cache and
// reports as the runner's own does. The team's solver would give it its worker's part of the
// options memo and of the proof-number DAG, and leave the rest idle.
func (r *Runner) alone() *engine.Solver {
	if r.workers <= 1 {
		return r.solver
	}
	return engine.NewSolver(append(r.budget.solverOptions(), engine.WithCache(r.cache),
		engine.WithProgress(r.reportPhase, r.every))...)
}

// misereOutcome searches req's position under misère play: by the theory when the game has
// one (Nim), else by the components' misère forms (engine.MisereOutcomeByForms), which carry
// the small components of a sum as one form.
func misereOutcome(ctx context.Context, s *engine.Solver, req Request) (bool, error) {
	if theory := misereTheory(req.Game); theory != nil {
		return s.MisereOutcome(ctx, req.Position, theory)
	}
	s.UseProofNumbers(req.misereProofNumbers())
	return s.MisereOutcomeByForms(ctx, req.Position, MisereForms(req.Game))
}

// misereProofNumbers reports whether req's misère search by forms goes by proof numbers:
// when the game's algorithm, or the one asked for, is theirs.
func (req Request) misereProofNumbers() bool {
	return req.Game != nil && req.proofNumbers(req.Game.Name())
}

// sproutsFormLives is the most lives of a Sprouts land whose misère form the search makes:
// the larger ones are searched. Measured by proof numbers (`grundy solve sprouts 0*p
// --misere --no-db`, one run each, a loaded machine): 9 lives against 11, 0*12 332 302 nodes
// and 73 s against 98 422 nodes and 39 s; 0*13 98 406 nodes and 30 s against 30 975 and 14 s
// (10 lives 47 428 and 15 s, 12 lives 18 233 and 31 s: forming a land of 12 lives costs more
// than it saves); the small p pay for the forms of the lands of 10 and 11 lives, 0*9 1.5 s
// against 3.3 s, 0*10 2.6 s against 4.1 s. (Depth first, on 0*8 and 0*9: 5 lives 2.3 s and
// more, 9 lives 2.1 s and 61 s, where the search of whole positions took 5.0 s and 71 s.)
const sproutsFormLives = 11

// MisereForms is the table of misère forms a search of g starts with: for Sprouts, forms of
// the lands of few lives only.
func MisereForms(g games.Game) *engine.MisereForms {
	f := engine.NewMisereForms()
	if g != nil && g.Name() == "sprouts" {
		f.MaxHint, f.Budget = sproutsFormLives, 1<<30
	}
	return f
}

// misereTheory is what the engine may know of g's misère outcomes without search: Nim's
// closed form; nothing for the other games.
func misereTheory(g games.Game) engine.MisereTheory {
	if g != nil && g.Name() == "nim" {
		return engine.NimTheory
	}
	return nil
}

// recordMisere records the misère tree within the request's limits, with a fresh solver whose
// proofs go to the runner's cache under misère keys: for a game with a misère theory (Nim)
// by a search of whole positions that reads no cache and no theory; for the others read out
// of whole positions, each one's outcome asked of the search by forms (the tree proves
// itself from the rules, whatever the search said); with MisereForms, a tree of couples
// (position, form) read out of the search by forms.
func (r *Runner) recordMisere(ctx context.Context, req Request, res *Result) {
	s, rctx, cancel := r.recorder(ctx, req)
	defer cancel()
	var t *engine.Tree
	var err error
	switch {
	case req.MisereForms:
		s.UseProofNumbers(req.misereProofNumbers())
		t, err = s.ProveMisereForms(rctx, res.Game, req.Position, MisereForms(req.Game))
	case misereTheory(req.Game) != nil:
		t, err = s.ProveMisere(rctx, res.Game, req.Position)
	default:
		s.UseProofNumbers(req.misereProofNumbers())
		t, err = s.ProveMisereByForms(rctx, res.Game, req.Position, MisereForms(req.Game))
	}
	res.Record = s.Stats()
	if req.Tree == TreeOnly {
		res.Search = res.Record // the recording was the search
	}
	if err != nil {
		res.noTree(err, rctx, req, "misère tree")
		return
	}
	res.Tree = t
	res.Answer = Answer{HasOutcome: true, Win: !t.Nodes[t.Root].Losing()}
}

// recorder returns the fresh solver of a recording, writing through to the runner's
// cache, and its context, bounded by the request's limits.
func (r *Runner) recorder(ctx context.Context, req Request) (*engine.Solver, context.Context, context.CancelFunc) {
	rctx, cancel := ctx, context.CancelFunc(func() {})
	if d := req.Limits.TreeTime; d > 0 {
		rctx, cancel = context.WithTimeoutCause(ctx, d, errTreeTime)
	}
	s := engine.NewSolver(append(r.budget.solverOptions(), engine.WithCache(r.cache),
		engine.WithProgress(r.report(Recording), r.every), engine.WithNodeLimit(req.Limits.TreeNodes))...)
	return s, rctx, cancel
}
