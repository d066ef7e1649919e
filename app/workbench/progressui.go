package workbench

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"grundy/engine"
	"grundy/job"
)

// proofView shows the progress of a proof-number search under the progress table: the couple
// decided, the root's proof numbers with a line saying which way they go, the DAG's size and
// the most-proving path. It is hidden while no proof-number search has anything to show (the
// depth-first search, the baselines).
type proofView struct {
	box       *fyne.Container
	title     *widget.Label
	deciding  *widget.Label
	numbers   *widget.Label
	hint      *widget.Label
	dag       *widget.Label
	pathTitle *widget.Label
	path      []*widget.Label // the path's lines: its steps and one line for those left out
}

// build makes the view's labels, hidden.
func (v *proofView) build() {
	line := func() *widget.Label {
		l := widget.NewLabel("")
		l.Truncation = fyne.TextTruncateEllipsis
		return l
	}
	v.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	v.deciding, v.numbers, v.dag, v.pathTitle = line(), line(), line(), line()
	v.hint = widget.NewLabelWithStyle(ProofHint, fyne.TextAlignLeading, fyne.TextStyle{Italic: true})
	v.hint.Wrapping = fyne.TextWrapWord
	v.hint.Importance = widget.LowImportance
	v.box = container.NewVBox(widget.NewSeparator(), v.title, v.deciding, v.numbers, v.hint, v.dag, v.pathTitle)
	for range engine.MaxPathSteps + 1 {
		l := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
		l.Truncation = fyne.TextTruncateEllipsis
		v.path = append(v.path, l)
		v.box.Add(l)
	}
	v.box.Hide()
}

// show fills the view with p, a report of the recording's search or of the answer's, which
// has ended or not; a nil p hides it.
func (v *proofView) show(p *engine.ProofProgress, recording, ended bool) {
	if p == nil {
		v.box.Hide()
		return
	}
	v.title.SetText(ProofTitle(p, recording, ended))
	v.deciding.SetText(DecidingText(p))
	v.numbers.SetText(NumbersText(p))
	v.dag.SetText(DAGText(p))
	setShown(v.hint, !p.Proven())
	setShown(v.numbers, !p.Proven())
	v.pathTitle.SetText(PathTitle(p))
	setShown(v.pathTitle, len(p.Path) > 0)
	lines := PathLines(p)
	for i, l := range v.path {
		if i < len(lines) {
			l.SetText(lines[i])
		}
		setShown(l, i < len(lines))
	}
	v.box.Show()
}

// setShown shows or hides o.
func setShown(o fyne.CanvasObject, on bool) {
	if on {
		o.Show()
	} else {
		o.Hide()
	}
}

// showProof shows the proof-number search of t's running phase, or of its last one; when the
// recording has not reported yet, the search's.
func (p *SolverPanel) showProof(t *taskRun) {
	ph := t.phase
	if t.stats[ph].Proof == nil && ph == job.Recording {
		ph = job.Searching
	}
	p.ui.proof.show(t.stats[ph].Proof, ph == job.Recording, t.ended[ph])
}
