package workbench

import (
	"context"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/cluster"
	"grundy/editor"
	"grundy/engine"
	"grundy/games"
	"grundy/job"
	"grundy/store"
)

// Preference keys and defaults of the solver panel.
const (
	PrefCacheMB    = "cacheMB"
	DefaultCacheMB = 1024 // a quarter for the tree: cram 4x9's proof, 400 000 nodes, takes about 100 MB

	// The recording of a solution tree stops at a number of nodes or a time, whichever
	// comes first; the answer never waits for it.
	PrefTreeNodes      = "treeNodes"
	DefaultTreeNodes   = 3_000_000
	PrefTreeSeconds    = "treeSeconds"
	DefaultTreeSeconds = 600 // the tree of cram 4x9 is read out in about the time of its search
)

// Task is what a button of the panel asks: job's tasks, under the names the window's code
// has always used.
type Task = job.Task

// The tasks of the panel's buttons.
const (
	TaskNimber  = job.Nimber
	TaskOutcome = job.Outcome
	TaskMoves   = job.Moves
)

// CacheChoices are the cache sizes offered, in MB.
var CacheChoices = []int{16, 64, 256, 1024, 4096}

// TreeNodeChoices and TreeTimeChoices are the bounds offered on the tree's recording.
var (
	TreeNodeChoices = []int64{300_000, 3_000_000, 30_000_000}
	TreeTimeChoices = []time.Duration{10 * time.Second, time.Minute, 10 * time.Minute}
)

// progressEvery is how often the search reports its counts; tickEvery how often the
// elapsed time moves on screen between two reports.
const (
	progressEvery = 200 * time.Millisecond
	tickEvery     = 250 * time.Millisecond
)

// A SolverPanel runs the tasks Nimber, Outcome and Winning moves on the editor's position
// through a job.Runner, one per game and cache size, which keeps what it proved from one task
// to the next. A task runs in a goroutine in two phases, each with its own counts: the search,
// whose answer is shown as soon as it ends, then the recording of the solution tree, within
// the limits the preferences give. The panel shows them through do (fyne.Do in the app), so
// the window stays responsive. Its results belong to the position they were found for: a
// change of position or game, or an entry that is not a valid position, stops the running
// task and clears them, and the tasks wait for a valid entry.
type SolverPanel struct {
	widget.BaseWidget

	// OnTree is called with the solution tree a task proved.
	OnTree func(t *engine.Tree)
	// OnNoTree is called when a Nimber or Outcome task of position ends without a tree,
	// with why.
	OnNoTree func(game, position, why string)
	// OnOpen is called with a move the user asks to open in the editor.
	OnOpen func(game, position string)
	// OnPicked is called with the option selected in the list of moves, so that the editor
	// draws it on the board.
	OnPicked func(option string)
	// OnFinished is called when a task has ended and its result is on show.
	OnFinished func(job.Result)
	// OnMisere is called when the play of the next tasks changes (SetMisere).
	OnMisere func(misere bool)

	source func() (games.Game, engine.Position)
	do     func(func())
	prefs  fyne.Preferences
	// newContext gives each task its context; tests replace it to stop a task before it
	// begins.
	newContext func() (context.Context, context.CancelFunc)

	runner   *job.Runner
	runnerMB int
	store    *store.Store // the facts store the runners search through, or nil
	// runnerStored says the runner searches through the store; storeTrouble why it does
	// not, when the store's facts of its game could not be read.
	runnerStored bool
	storeTrouble error

	stopped *taskRun // the last task, when its search was stopped by Stop: Resume runs it again

	valid  bool          // the editor's entry is a valid position
	run    *taskRun      // the running task, nil when none runs
	done   chan struct{} // the running or last task's
	last   engine.Stats  // the last counts reported
	result job.Result    // what is on show
	picked int           // the selected option, or -1

	ui panelUI
}

// NewSolverPanel returns a panel that solves what source gives, updating the UI through do.
func NewSolverPanel(source func() (games.Game, engine.Position), do func(func()), prefs fyne.Preferences) *SolverPanel {
	p := &SolverPanel{source: source, do: do, prefs: prefs, picked: -1, valid: true}
	p.newContext = func() (context.Context, context.CancelFunc) { return context.WithCancel(context.Background()) }
	p.ExtendBaseWidget(p)
	p.ui.build(p)
	p.updateButtons()
	p.showResult()
	return p
}

// CacheMB returns the cache size preference.
func (p *SolverPanel) CacheMB() int { return p.prefs.IntWithFallback(PrefCacheMB, DefaultCacheMB) }

// SetCacheMB sets the cache size preference; the next task starts with a cache that size.
func (p *SolverPanel) SetCacheMB(mb int) {
	p.prefs.SetInt(PrefCacheMB, mb)
	p.ui.cache.SetSelected(cacheLabel(mb))
}

// TreeLimits returns the bounds on the tree's recording that the preferences give.
func (p *SolverPanel) TreeLimits() job.Limits {
	return job.Limits{
		TreeNodes: int64(p.prefs.IntWithFallback(PrefTreeNodes, DefaultTreeNodes)),
		TreeTime:  time.Duration(p.prefs.IntWithFallback(PrefTreeSeconds, DefaultTreeSeconds)) * time.Second,
	}
}

// SetTreeLimits sets the bounds on the tree's recording, for the next task.
func (p *SolverPanel) SetTreeLimits(l job.Limits) {
	p.prefs.SetInt(PrefTreeNodes, int(l.TreeNodes))
	p.prefs.SetInt(PrefTreeSeconds, int(l.TreeTime/time.Second))
	p.ui.treeNodes.SetSelected(nodesLabel(l.TreeNodes))
	p.ui.treeTime.SetSelected(durationLabel(l.TreeTime))
}

// Running reports whether a task runs (or, abandoned, is stopping).
func (p *SolverPanel) Running() bool { return p.run != nil }

// Result returns what is on show: the result of the last task, or nothing when the
// position changed since.
func (p *SolverPanel) Result() job.Result { return p.result }

// Done returns a channel closed when the running (or last) task has ended and its result is
// on show; tests and the demo wait on it.
func (p *SolverPanel) Done() <-chan struct{} { return p.done }

// Start runs task on the editor's position, unless a task runs or the entry is not valid.
func (p *SolverPanel) Start(task Task) {
	g, pos := p.source()
	if p.Running() || !p.valid || g == nil || pos == nil {
		return
	}
	r, err := p.runnerFor(g.Name())
	if err != nil {
		p.ui.state.SetText("Cannot make the cache: " + err.Error())
		return
	}
	p.launch(r, &taskRun{req: p.request(task, g, pos)})
}

// launch runs t on r and shows it running.
func (p *SolverPanel) launch(r *job.Runner, t *taskRun) {
	t.result = job.Result{Task: t.req.Task, Game: r.Game(), Position: t.req.Position.String()}
	if prev := p.stopped; t.resumed && prev != nil {
		// What the stopped search proved stays on show until the resumed one knows more.
		t.result.Answer, t.result.Options = prev.result.Answer, prev.result.Options
	}
	p.run, p.last, p.stopped = t, engine.Stats{}, nil
	p.start(r, t)
	p.done = t.done
	p.result, p.picked = t.result, -1
	p.updateButtons()
	p.ui.state.SetText(SearchingText(t.result))
	if t.resumed {
		p.ui.state.SetText(taskOf(t.result) + ": resuming where it stopped…")
	}
	p.showResult()
	p.showStats(t)
}

// Stop stops the running task: a stopped search keeps what it proved (in the cache, and
// on show), a stopped recording keeps the answer.
func (p *SolverPanel) Stop() {
	if t := p.run; t != nil && !t.abandoned {
		t.cancel()
		t.userStopped = true
		p.ui.state.SetText(stoppingText(t))
		p.ui.stop.Disable()
	}
}

// Close frees the runner's cache. Call it when no task runs.
func (p *SolverPanel) Close() {
	if p.runner != nil {
		p.runner.Close()
		p.runner = nil
	}
}

// SetStore sets the facts store the next tasks search through (nil: none). The runner,
// made with the last store, is closed. Call it when no task runs.
func (p *SolverPanel) SetStore(s *store.Store) {
	p.Close()
	p.store, p.storeTrouble = s, nil
}

// ShowStoreSize shows what the facts store holds (see StoreSizeText).
func (p *SolverPanel) ShowStoreSize(text string) { p.ui.storeSize.SetText(text) }

// CanResume reports whether Resume would run a stopped search again.
// The editor must show the position of the stopped search.
func (p *SolverPanel) CanResume() bool {
	if p.stopped == nil || p.Running() || !p.valid {
		return false
	}
	g, pos := p.source()
	r := p.stopped.result
	return g != nil && pos != nil && g.Name() == r.Game && pos.String() == r.Position && p.stopped.req.Misere == p.Misere()
}

// Resume runs the last task again, when Stop stopped its search, on the same runner: its
// cache and the facts store keep what the stopped search proved, so it goes on from there.
func (p *SolverPanel) Resume() {
	if !p.CanResume() {
		return
	}
	last := p.stopped
	r, err := p.runnerFor(last.result.Game)
	if err != nil {
		p.ui.state.SetText("Cannot make the cache: " + err.Error())
		return
	}
	p.launch(r, &taskRun{req: last.req, resumed: true})
}

// letGo stops the running task, if any, and waits up to wait for its runner to return;
// it reports whether none runs any more, so that the runner and the store may be closed.
func (p *SolverPanel) letGo(wait time.Duration) bool {
	t := p.run
	if t == nil {
		return true
	}
	p.abandon()
	select {
	case <-t.ran:
		return true
	case <-time.After(wait):
		return false
	}
}

// PositionChanged tells the panel that the editor shows another valid position: what is on
// show belonged to the last one, and goes, and a running task is stopped.
func (p *SolverPanel) PositionChanged() {
	p.valid = true
	p.clear()
}

// PositionInvalid tells the panel that the editor's entry is not a valid position: nothing
// can be solved until it is, and what is on show goes.
func (p *SolverPanel) PositionInvalid(error) {
	p.valid = false
	p.clear()
}

// clear stops the running task and takes away everything on show.
// A search it stops this way is not lost without a word: the state line says so, and Resume
// takes it up when the editor is back on its position.
func (p *SolverPanel) clear() {
	if t := p.run; t != nil && !t.abandoned && t.phase == job.Searching {
		t.interrupted = true
	}
	p.abandon()
	p.result, p.picked, p.last = job.Result{}, -1, engine.Stats{}
	p.ui.showStats(nil, nil)
	p.ui.proof.show(nil, false, false)
	p.ui.showStoreUse([2]string{})
	switch t := p.run; {
	case t != nil && t.interrupted:
		p.ui.state.SetText(p.interruptedText(t))
	case t != nil:
		p.ui.state.SetText("Stopping the task of the last position…")
	case p.CanResume():
		p.ui.state.SetText(p.interruptedText(p.stopped))
	default:
		p.ui.state.SetText(p.readyText())
	}
	p.showResult()
	p.updateButtons()
}

// showResult fills the outcome, the nimber and the list of options, none selected: the move
// drawn on the board, if any, goes too.
func (p *SolverPanel) showResult() {
	p.showAnswer()
	p.ui.showOptions(p.result.Options)
	p.ui.open.Disable()
	p.firePicked()
}

// updateButtons enables what makes sense now: the tasks when none runs and the entry is
// valid, Stop while a task runs, the settings between tasks.
func (p *SolverPanel) updateButtons() {
	running := p.Running()
	for _, b := range p.ui.tasks {
		setEnabled(b, !running && p.valid)
	}
	setEnabled(p.ui.stop, running && !p.run.abandoned)
	setEnabled(p.ui.smaller, p.CanShrink())
	p.ui.showResume(p.CanResume())
	for _, s := range []*editor.Select{p.ui.cache, p.ui.treeNodes, p.ui.treeTime} {
		setEnabled(s, !running)
	}
	p.updateMisere(running)
	if running {
		p.ui.bar.Show()
		p.ui.bar.Start()
	} else {
		p.ui.bar.Stop()
		p.ui.bar.Hide()
	}
}

// setEnabled enables or disables w.
func setEnabled(w fyne.Disableable, on bool) {
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}

// CreateRenderer lays out the panel.
func (p *SolverPanel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.ui.layout())
}

// firePicked hands the selected option to OnPicked, or "" when none is selected.
func (p *SolverPanel) firePicked() {
	if p.OnPicked == nil {
		return
	}
	option := ""
	if p.picked >= 0 && p.picked < len(p.result.Options) {
		option = p.result.Options[p.picked].Position
	}
	p.OnPicked(option)
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

// ShowServerAnswer shows in the panel the answer a cluster gave (Solve ▸ Server…) for
// position of game, when it is still the editor's, no task runs and the panel knows no more:
// the answer no longer stays in the server's dialog alone. The cluster plays normal play: under
// misère play the panel says the answer is not its own.
func (p *SolverPanel) ShowServerAnswer(game, position, server string, a cluster.Answer) {
	g, pos := p.source()
	if g == nil || pos == nil || g.Name() != game || pos.String() != position || p.Running() {
		return
	}
	if p.Misere() {
		p.ui.state.SetText("The server at " + server + " answered for normal play; the panel shows misère play.")
		return
	}
	ans := job.Answer{HasOutcome: a.Outcome == cluster.Win || a.Outcome == cluster.Loss, Win: a.Outcome == cluster.Win}
	if a.Nimber != nil {
		ans = job.Answer{HasOutcome: true, Win: *a.Nimber != 0, HasNimber: true, Nimber: *a.Nimber}
	}
	if !ans.HasOutcome || p.result.Answer.HasNimber || (p.result.Answer.HasOutcome && !ans.HasNimber) {
		return // nothing the panel does not show already
	}
	p.result = job.Result{Game: game, Position: position, Answer: ans}
	p.showResult()
	p.ui.state.SetText("Answered by the server at " + server + ".")
}
