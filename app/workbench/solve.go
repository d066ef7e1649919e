package workbench

import (
	"context"
	"fmt"
	"time"

	"grundy/engine"
	"grundy/games"
	"grundy/job"
	"grundy/store"
)

// A taskRun is one task of the panel, from Start to the display of its result. Its reports
// reach the window only while it is the panel's running task and has not been abandoned.
type taskRun struct {
	req    job.Request
	result job.Result // what is on show of it: the task and position, then the answer
	cancel context.CancelFunc
	done   chan struct{} // closed once its last report has been handled
	ran    chan struct{} // closed once the runner has returned: it no longer uses the store

	facts       *store.Facts // the store's facts of the game, when the runner has a store
	use         [3]store.Use // what they did before the search, before the recording, at the end
	userStopped bool         // Stop stopped it
	resumed     bool         // Resume started it: the same request as a stopped task's
	shrinkFrom  int          // Smaller proof started it from a proof of this many losing couples

	phase     job.Phase
	began     [2]time.Time    // when each phase began, on the solving goroutine's clock
	stats     [2]engine.Stats // each phase's last counts
	ended     [2]bool         // each phase's counts are final
	abandoned bool            // the position changed: nothing of it may be shown
	// interrupted: a change of position stopped its search, which Resume may take up again
	// once the editor is back on its position.
	interrupted bool
}

// start runs req on r in a goroutine: progress, the answer and the end come back through
// p.do, each to be shown only if t is still the panel's task.
func (p *SolverPanel) start(r *job.Runner, t *taskRun) {
	ctx, cancel := p.newContext()
	t.cancel, t.done, t.began[job.Searching] = cancel, make(chan struct{}), time.Now()
	t.ran = make(chan struct{})
	if p.runnerStored {
		t.facts = p.store.Facts(r.Game())
		t.use[0] = t.facts.Use()
	}
	t.req.OnAnswer = func(res job.Result) {
		at := time.Now() // the recording starts now, not when the window gets to it
		t.use[1] = t.useNow()
		p.do(func() { p.answered(t, res, at) })
	}
	stopTick := make(chan struct{})
	go p.tick(t, stopTick)
	go func() {
		res := r.Run(ctx, t.req, func(ph job.Phase, st engine.Stats) {
			p.do(func() { p.progress(t, ph, st) })
		})
		close(t.ran)
		close(stopTick)
		p.do(func() { p.finish(t, res) })
	}()
}

// runnerFor returns the runner of game, made anew (and the old one closed) when the game or
// the cache size changed. It is called only while no task runs.
func (p *SolverPanel) runnerFor(game string) (*job.Runner, error) {
	mb := p.CacheMB()
	if p.runner != nil && p.runner.Game() == game && p.runnerMB == mb {
		return p.runner, nil
	}
	p.Close()
	c := job.Config{CacheMB: mb, Every: progressEvery, Shared: true, Store: p.store}
	r, err := job.NewRunner(game, c)
	p.runnerStored, p.storeTrouble = err == nil && p.store != nil, nil
	if err != nil && p.store != nil {
		// A store whose facts of the game cannot be read: search without it, and say so.
		p.storeTrouble = err
		c.Store = nil
		r, err = job.NewRunner(game, c)
	}
	if err != nil {
		return nil, err
	}
	p.runner, p.runnerMB = r, mb
	return r, nil
}

// live reports whether t's reports may change the window.
func (p *SolverPanel) live(t *taskRun) bool { return p.run == t && !t.abandoned }

// tick moves the elapsed time on screen between reports, until stop is closed.
func (p *SolverPanel) tick(t *taskRun, stop chan struct{}) {
	k := time.NewTicker(tickEvery)
	defer k.Stop()
	for {
		select {
		case <-stop:
			return
		case <-k.C:
			p.do(func() {
				if p.live(t) {
					p.showStats(t)
				}
			})
		}
	}
}

// progress shows the counts of a report of t.
func (p *SolverPanel) progress(t *taskRun, ph job.Phase, st engine.Stats) {
	if !p.live(t) || t.ended[ph] {
		return
	}
	t.stats[ph], p.last = st, st
	p.showStats(t)
}

// answered shows the answer of t's search, which has just ended: the recording of the
// tree, when there is one, began at at.
func (p *SolverPanel) answered(t *taskRun, res job.Result, at time.Time) {
	if !p.live(t) {
		return
	}
	t.result = res
	t.stats[job.Searching], t.ended[job.Searching] = res.Search, true
	p.result = res
	p.showResult()
	if t.req.Tree == job.TreeAfter && !res.Stopped && res.Err == nil {
		t.phase, t.began[job.Recording] = job.Recording, at
		p.ui.state.SetText(RecordingText(res))
	}
	p.showStats(t)
}

// finish shows how t ended. An abandoned task shows nothing: the panel only waited for it to
// stop before another may run.
func (p *SolverPanel) finish(t *taskRun, res job.Result) {
	defer close(t.done)
	if p.run != t {
		return
	}
	p.run = nil
	defer p.updateButtons()
	if t.abandoned {
		p.ui.state.SetText(p.readyText())
		if t.interrupted {
			p.stopped = t
			p.ui.state.SetText(p.interruptedText(t))
		}
		return
	}
	t.result, p.result = res, res
	t.stats = [2]engine.Stats{res.Search, res.Record}
	t.ended = [2]bool{true, t.phase == job.Recording}
	t.use[2] = t.useNow()
	if t.phase == job.Searching {
		t.use[1] = t.use[2]
	}
	if res.Stopped && t.userStopped && t.phase == job.Searching {
		p.stopped = t
	}
	p.showStats(t)
	p.ui.state.SetText(p.endText(t, res))
	p.showResult()
	if p.OnFinished != nil {
		defer p.OnFinished(res)
	}
	switch {
	case res.Tree != nil:
		if p.OnTree != nil {
			p.OnTree(res.Tree)
		}
	case t.req.Tree != job.NoTree && p.OnNoTree != nil:
		why := res.NoTree
		if res.Err != nil {
			why = "the search failed: " + res.Err.Error()
		}
		p.OnNoTree(res.Game, res.Position, why)
	}
}

// abandon stops the running task, if any, for good: the position it solves is no longer the
// editor's, so nothing it finds will be shown.
func (p *SolverPanel) abandon() {
	if t := p.run; t != nil && !t.abandoned {
		t.abandoned = true
		t.cancel()
	}
}

// useNow is what the store's facts of t's game did so far; zero without a store.
func (t *taskRun) useNow() store.Use {
	if t.facts == nil {
		return store.Use{}
	}
	return t.facts.Use()
}

// storeCell is a phase's cell of the store's row: what the phase read from the store and
// wrote to it, between the snapshots from and to.
func storeCell(from, to store.Use) string {
	return count(to.Hits-from.Hits) + " reused, " + count(to.Puts-from.Puts) + " written"
}

// endText is the state line at t's end: how it ended, after what a resumed task reused,
// and why the store was not used when it could not be.
func (p *SolverPanel) endText(t *taskRun, res job.Result) string {
	s := StateText(res)
	if t.resumed {
		s = fmt.Sprintf("Resumed: %s facts reused from the store, %s cache hits. %s",
			count(t.use[2].Hits-t.use[0].Hits), count(res.Search.CacheHits), s)
	}
	if p.stopped == t {
		s += " Resume goes on from there."
	}
	if t.shrinkFrom > 0 && res.Tree != nil {
		s += fmt.Sprintf(" Smaller proof: %s losing couples, from %s.", count(int64(res.Tree.LosingCouples())), count(int64(t.shrinkFrom)))
	}
	if res.Store.Err != nil {
		s += " The store failed: " + res.Store.Err.Error()
	}
	if p.storeTrouble != nil {
		s += " Searched without the facts store: " + p.storeTrouble.Error()
	}
	return s
}

// request is what the panel asks of the engine for task on position pos of g.
func (p *SolverPanel) request(task Task, g games.Game, pos engine.Position) job.Request {
	req := job.Request{Game: g, Position: pos, Task: task, Tree: job.TreeAfter, Limits: p.TreeLimits(), ReadOut: true}
	req.Misere = p.Misere()
	// Sprouts' misère trees by forms: 0*9's has 363 nodes where the whole positions' has
	// 58 966. The other games' small positions are formed whole (a root and no child): their
	// trees of whole positions show the play.
	req.MisereForms = req.Misere && g != nil && g.Name() == "sprouts"
	if task == TaskMoves {
		req.Tree = job.NoTree // the options' nimbers: no tree of one couple proves them all
	}
	return req
}

// showStats writes both phases' columns of the progress table: the counts of a phase that
// has ended, with its wall time, and those of the running phase, with the time so far.
func (p *SolverPanel) showStats(t *taskRun) {
	var cols [2][][2]string
	var stored [2]string
	for ph := job.Searching; ph <= job.Recording; ph++ {
		switch {
		case t.ended[ph]:
			cols[ph] = StatLines(t.stats[ph], t.stats[ph].Elapsed)
			stored[ph] = storeCell(t.use[ph], t.use[ph+1])
		case ph == t.phase && p.run == t:
			cols[ph] = StatLines(t.stats[ph], time.Since(t.began[ph]))
			stored[ph] = storeCell(t.use[ph], t.useNow())
		}
		if t.facts == nil {
			stored[ph] = ""
		}
	}
	p.ui.showStats(cols[job.Searching], cols[job.Recording])
	p.ui.showStoreUse(stored)
	p.showProof(t)
}

// readyText is the state line when no task runs.
func (p *SolverPanel) readyText() string {
	if !p.valid {
		return "The entry is not a valid position: correct it to solve."
	}
	return "Ready: choose what to solve."
}

// stoppingText is the state line after a Stop.
// interruptedText says that a change of position stopped t's search, and how to take it up.
func (p *SolverPanel) interruptedText(t *taskRun) string {
	if p.CanResume() {
		return fmt.Sprintf("%s was stopped when the position changed: Resume goes on from there.", taskOf(t.result))
	}
	return fmt.Sprintf("%s: stopped, the position changed. Back on it (Undo), Resume goes on from there.", taskOf(t.result))
}

func stoppingText(t *taskRun) string {
	if t.phase == job.Recording {
		return fmt.Sprintf("%s: stopping the recording; the answer stays.", taskOf(t.result))
	}
	return fmt.Sprintf("%s: stopping; what is proven stays.", taskOf(t.result))
}
