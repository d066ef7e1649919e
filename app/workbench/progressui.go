package workbench

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"grundy/engine"
	"grundy/job"
)

// proofView adds a proof-number search's rows to the progress table (ProofRows): the couple
// decided, its proof numbers and which way they go, the DAG's size above the counts, the
// most-proving path under them. The table has none of them while no proof-number search
// has anything to show (the depth-first search, the baselines).
type proofView struct {
	table         *fyne.Container     // the progress table, a gridFormLayout of name/value pairs
	themed        fyne.CanvasObject   // the table in its theme: labels new to it must be given it
	panel         *fyne.Container     // the panel, whose layout gives the table its height
	head, counts  []fyne.CanvasObject // the table's header pair, and its pairs of counts
	names, values []*widget.Label     // the rows' labels, made as needed and reused
	shown         bool                // the table has proof rows
}

// attach makes v add its rows to table, whose first pair is its header and the rest the
// counts; themed holds it, in the table's theme, and panel lays it out.
func (v *proofView) attach(table *fyne.Container, themed fyne.CanvasObject, panel *fyne.Container) {
	v.table, v.themed, v.panel = table, themed, panel
	v.head, v.counts = slices.Clone(table.Objects[:2]), slices.Clone(table.Objects[2:])
}

// show writes p's rows into the table, p a report of the recording's search or of the
// answer's, which has ended or not; a nil p takes them away.
func (v *proofView) show(p *engine.ProofProgress, recording, ended bool) {
	if v.table == nil || p == nil && !v.shown {
		return
	}
	objs, made := slices.Clone(v.head), len(v.names)
	if p != nil {
		top, bottom := ProofRows(p, recording, ended)
		objs = append(v.rows(objs, top, 0), v.counts...)
		objs = v.rows(objs, bottom, len(top))
	} else {
		objs = append(objs, v.counts...)
	}
	rows := len(v.table.Objects)
	v.table.Objects, v.shown = objs, p != nil
	if len(v.names) > made {
		v.themed.Refresh() // the new labels take the table's theme
	} else {
		v.table.Refresh()
	}
	if len(objs) != rows {
		// The table's scroll asks for no more height when it has more rows: the panel
		// gives it its height again, all it can.
		v.panel.Layout.Layout(v.panel.Objects, v.panel.Size())
	}
}

// rows appends the pairs of rows to objs, using the labels from index from on.
func (v *proofView) rows(objs []fyne.CanvasObject, rows [][2]string, from int) []fyne.CanvasObject {
	for i, r := range rows {
		name, value := v.label(from + i)
		value.TextStyle, value.Importance = fyne.TextStyle{}, widget.MediumImportance
		switch {
		case r[1] == ProofHint:
			value.TextStyle, value.Importance = fyne.TextStyle{Italic: true}, widget.LowImportance
		case r[0] == "" && from > 0:
			value.TextStyle.Monospace = true // a couple of the path
		}
		name.SetText(r[0])
		value.SetText(r[1])
		objs = append(objs, name, value)
	}
	return objs
}

// label returns the name and value labels of row i, made if new.
func (v *proofView) label(i int) (name, value *widget.Label) {
	for len(v.names) <= i {
		v.names = append(v.names, widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		v.values = append(v.values, valueLabel())
	}
	return v.names[i], v.values[i]
}

// lines are the texts of the proof rows on show, name and value joined by a tab; nil when
// there are none.
func (v *proofView) lines() []string {
	if !v.shown {
		return nil
	}
	var lines []string
	for i := 0; i+1 < len(v.table.Objects); i += 2 {
		name, _ := v.table.Objects[i].(*widget.Label)
		value, _ := v.table.Objects[i+1].(*widget.Label)
		if name != nil && value != nil && slices.Contains(v.names, name) {
			lines = append(lines, name.Text+"\t"+value.Text)
		}
	}
	return lines
}

// showProof shows the proof-number search of t's search phase. The tree is read out of what
// it proved: the small searches of couples the cache forgot are not the proof's progress.
func (p *SolverPanel) showProof(t *taskRun) {
	p.ui.proof.show(t.stats[job.Searching].Proof, false, t.ended[job.Searching])
}
