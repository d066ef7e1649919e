package workbench

import (
	"context"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/engine"
	"grundy/games"
)

// Preference keys and choices of the solver panel.
const (
	PrefCacheMB    = "cacheMB"
	DefaultCacheMB = 256
)

// CacheChoices are the cache sizes offered, in MB.
var CacheChoices = []int{16, 64, 256, 1024, 4096}

// progressEvery is how often the search reports its counts; tickEvery how often the
// elapsed time moves on screen between two reports.
const (
	progressEvery = 200 * time.Millisecond
	tickEvery     = 250 * time.Millisecond
)

// A SolverPanel runs the engine on the editor's position: Nimber, Outcome, Winning moves and
// Stop. The search runs in a goroutine; the panel shows its progress and result through
// do (fyne.Do in the app), so the window stays responsive. One solver, with a ristretto cache
// of the size the preferences give, serves one game at a time and keeps what it proved from
// one task to the next.
type SolverPanel struct {
	widget.BaseWidget

	// OnTree is called with the solution tree a task proved.
	OnTree func(t *engine.Tree)
	// OnOpen is called with a move the user asks to open in the editor.
	OnOpen func(game, position string)

	source func() (games.Game, engine.Position)
	do     func(func())
	prefs  fyne.Preferences

	solver     *engine.Solver
	cache      *engine.Ristretto
	solverGame string
	solverMB   int

	job     int // counts tasks, so that late reports of an old task are dropped
	cancel  context.CancelFunc
	started time.Time
	last    engine.Stats
	result  Result
	picked  int // the selected option, or -1
	done    chan struct{}

	ui panelUI
}

// NewSolverPanel returns a panel that solves what source gives, updating the UI through do.
func NewSolverPanel(source func() (games.Game, engine.Position), do func(func()), prefs fyne.Preferences) *SolverPanel {
	p := &SolverPanel{source: source, do: do, prefs: prefs, picked: -1}
	p.ExtendBaseWidget(p)
	p.ui.build(p)
	p.setRunning(false)
	p.showResult()
	return p
}

// CacheMB returns the cache size preference.
func (p *SolverPanel) CacheMB() int { return p.prefs.IntWithFallback(PrefCacheMB, DefaultCacheMB) }

// SetCacheMB sets the cache size preference; the next task starts with a cache that size.
func (p *SolverPanel) SetCacheMB(mb int) {
	p.prefs.SetInt(PrefCacheMB, mb)
	p.ui.cache.SetSelected(strconv.Itoa(mb) + " MB")
}

// Running reports whether a task runs.
func (p *SolverPanel) Running() bool { return p.cancel != nil }

// Result returns the result of the last task.
func (p *SolverPanel) Result() Result { return p.result }

// Done returns a channel closed when the running (or last) task has ended and its result is
// on show; tests wait on it.
func (p *SolverPanel) Done() <-chan struct{} { return p.done }

// Start runs task on the editor's position, unless a task runs already.
func (p *SolverPanel) Start(task Task) {
	g, pos := p.source()
	if p.Running() || g == nil || pos == nil {
		return
	}
	s := p.solverFor(g.Name())
	if s == nil {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	p.job++
	job, done, stopTick := p.job, make(chan struct{}), make(chan struct{})
	p.cancel, p.done, p.started, p.last = cancel, done, time.Now(), engine.Stats{}
	p.result, p.picked = Result{Task: task, Game: g.Name(), Position: pos.String()}, -1
	p.setRunning(true)
	p.ui.state.SetText(task.String() + " of " + pos.String() + "…")
	p.showResult()
	go p.tick(job, stopTick)
	go func() {
		r := Solve(ctx, s, task, g.Name(), pos)
		close(stopTick)
		p.do(func() { p.finish(job, r) })
	}()
}

// Stop stops the running task; what it proved stays in the cache and is shown.
func (p *SolverPanel) Stop() {
	if p.cancel != nil {
		p.cancel()
		p.ui.state.SetText("Stopping…")
	}
}

// solverFor returns the solver of game, made anew when the game or the cache size changed.
func (p *SolverPanel) solverFor(game string) *engine.Solver {
	mb := p.CacheMB()
	if p.solver != nil && p.solverGame == game && p.solverMB == mb {
		return p.solver
	}
	if p.cache != nil {
		p.cache.Close()
	}
	c, err := engine.NewRistretto(mb)
	if err != nil {
		p.ui.state.SetText("cannot make the cache: " + err.Error())
		return nil
	}
	job := &p.job
	p.cache, p.solverGame, p.solverMB = c, game, mb
	p.solver = engine.NewSolver(engine.WithCache(engine.NewFront(c, engine.FrontBits(mb))), engine.WithProgress(func(st engine.Stats) {
		j := *job // read on the search goroutine: job only changes while no task runs
		p.do(func() { p.progress(j, st) })
	}, progressEvery))
	return p.solver
}

// tick moves the elapsed time on screen between reports, until stop is closed.
func (p *SolverPanel) tick(job int, stop chan struct{}) {
	t := time.NewTicker(tickEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			p.do(func() { p.progress(job, engine.Stats{}) })
		}
	}
}

// progress shows the counts of a report (or, for a zero st, the last ones with the time
// moved on), when it belongs to the running task.
func (p *SolverPanel) progress(job int, st engine.Stats) {
	if job != p.job || p.cancel == nil {
		return
	}
	if st.Nodes > 0 || st.Elapsed > 0 {
		p.last = st
	}
	p.ui.showStats(StatLines(p.last, time.Since(p.started)))
}

// finish shows the result of task job.
func (p *SolverPanel) finish(job int, r Result) {
	if job != p.job {
		return
	}
	p.cancel = nil
	p.result = r
	p.setRunning(false)
	p.ui.showStats(StatLines(r.Stats, r.Stats.Elapsed))
	p.ui.state.SetText(StateText(r))
	p.showResult()
	if r.Tree != nil && p.OnTree != nil {
		p.OnTree(r.Tree)
	}
	close(p.done)
}

// PositionChanged tells the panel that the editor shows another position.
func (p *SolverPanel) PositionChanged() {
	if p.Running() {
		return
	}
	p.result, p.picked = Result{}, -1
	p.ui.state.SetText("Ready: choose what to solve.")
	p.showResult()
}

// showResult fills the outcome, the nimber and the list of options.
func (p *SolverPanel) showResult() {
	p.ui.outcome.SetText(OutcomeText(p.result))
	p.ui.nimber.SetText(NimberText(p.result))
	p.ui.options.UnselectAll()
	p.ui.options.Refresh()
	p.ui.open.Disable()
}

// setRunning enables the buttons that make sense while a task runs, or while none does.
func (p *SolverPanel) setRunning(on bool) {
	for _, b := range p.ui.tasks {
		if on {
			b.Disable()
		} else {
			b.Enable()
		}
	}
	if on {
		p.ui.stop.Enable()
		p.ui.cache.Disable()
		p.ui.bar.Show()
		p.ui.bar.Start()
	} else {
		p.ui.stop.Disable()
		p.ui.cache.Enable()
		p.ui.bar.Stop()
		p.ui.bar.Hide()
	}
}

// CreateRenderer lays out the panel.
func (p *SolverPanel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.ui.layout())
}

// openPicked opens the selected option in the editor.
func (p *SolverPanel) openPicked() {
	if p.picked >= 0 && p.picked < len(p.result.Options) && p.OnOpen != nil {
		p.OnOpen(p.result.Game, p.result.Options[p.picked].Position)
	}
}

// taskIcon returns the icon of a task's button. (A function, not a package variable: the
// theme may only be asked once the app runs, and the command line never starts it.)
func taskIcon(t Task) fyne.Resource {
	if t == TaskMoves {
		return theme.MediaFastForwardIcon()
	}
	return theme.MediaPlayIcon()
}
