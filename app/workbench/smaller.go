package workbench

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/engine"
)

// MinimizeTime is how long "Smaller proof" looks for a smaller proof (Stop ends it sooner,
// keeping the smallest found).
var MinimizeTime = 60 * time.Second

// newSmallerButton makes the "Smaller proof" button of p.
func newSmallerButton(p *SolverPanel) *widget.Button {
	b := widget.NewButtonWithIcon("Smaller proof", theme.ContentCutIcon(), p.SmallerProof)
	b.Disable()
	return b
}

// CanShrink reports whether SmallerProof would run: a normal-play tree is on show, of the
// position in the editor, and no task runs.
func (p *SolverPanel) CanShrink() bool {
	t := p.result.Tree
	return !p.Running() && p.valid && t != nil && t.Convention != engine.Misere
}

// SmallerProof proves the answer on show again and makes its proof smaller for MinimizeTime
// (engine.Minimize: improvements one choice at a time, rounds in random orders), showing the
// size of the smallest proof as it shrinks; the smallest replaces the tree on show. The runner
// is the one that found the answer, whose cache answers the search at once.
func (p *SolverPanel) SmallerProof() {
	if !p.CanShrink() {
		return
	}
	g, pos := p.source()
	if g == nil || pos == nil || g.Name() != p.result.Game {
		return
	}
	r, err := p.runnerFor(g.Name())
	if err != nil {
		p.ui.state.SetText("Cannot make the cache: " + err.Error())
		return
	}
	from := p.result.Tree.LosingCouples()
	t := &taskRun{req: p.request(p.result.Task, g, pos), shrinkFrom: from}
	t.req.Limits.TreeTime = max(t.req.Limits.TreeTime, MinimizeTime+MinimizeTime/2)
	var last time.Time // the last report shown: rounds come by the thousand a second
	t.req.Minimize = engine.Minimize{Time: MinimizeTime, Seed: 1, Progress: func(round, losing int) {
		if now := time.Now(); now.Sub(last) >= shrinkReportEvery {
			last = now
			p.do(func() {
				if p.live(t) {
					p.ui.state.SetText(ShrinkingText(from, losing, round))
				}
			})
		}
	}}
	p.launch(r, t)
}

// shrinkReportEvery is the least time between two reports of a proof being made smaller: a
// report for each round flooded the window's queue with redraws (the soak test hung on it).
const shrinkReportEvery = 100 * time.Millisecond

// ShrinkingText is the state line while a proof is made smaller.
func ShrinkingText(from, now, round int) string {
	return fmt.Sprintf("Smaller proof: %s losing couples, from %s (round %d); Stop keeps it.", count(int64(now)), count(int64(from)), round)
}
