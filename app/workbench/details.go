package workbench

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/engine"
)

// Details shows the selected node of the tree: its couple, its label and outcome, and why it
// holds, with buttons to open its position in the editor, copy it, expand everything under it, and
// export its subtree.
type Details struct {
	widget.BaseWidget

	// OnOpen, OnCopy, OnExpand and OnExport act on the node on show.
	OnOpen   func(game, position string)
	OnCopy   func(game, position string)
	OnExpand func(id int)
	OnExport func()

	tree    *engine.Tree
	id      int
	run     *checkRun // the check of the tree on show (verify.go): what may be said of it
	title   *widget.Label
	why     *widget.Label
	buttons []*widget.Button
}

// whyLines is the height of the explanation's box, in lines.
const whyLines = 3

// NewDetails returns an empty details panel.
func NewDetails() *Details {
	d := &Details{id: -1}
	d.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	d.title.Truncation = fyne.TextTruncateEllipsis
	d.why = widget.NewLabel("")
	d.why.Wrapping = fyne.TextWrapWord
	d.buttons = []*widget.Button{
		widget.NewButtonWithIcon("Open in editor", theme.DocumentCreateIcon(), func() {
			if d.OnOpen != nil && d.id >= 0 {
				d.OnOpen(d.tree.Game, d.tree.Nodes[d.id].Position)
			}
		}),
		widget.NewButtonWithIcon("Copy position", theme.ContentCopyIcon(), func() {
			if d.OnCopy != nil && d.id >= 0 {
				d.OnCopy(d.tree.Game, d.tree.Nodes[d.id].Position)
			}
		}),
		widget.NewButtonWithIcon("Expand all below", theme.MenuExpandIcon(), func() {
			if d.OnExpand != nil && d.id >= 0 {
				d.OnExpand(d.id)
			}
		}),
		widget.NewButtonWithIcon("Export subtree…", theme.DocumentSaveIcon(), func() {
			if d.OnExport != nil && d.id >= 0 {
				d.OnExport()
			}
		}),
	}
	d.ExtendBaseWidget(d)
	d.SetNode(nil, -1)
	return d
}

// SetNode shows node id of t; a nil t or a negative id shows a hint instead.
func (d *Details) SetNode(t *engine.Tree, id int) {
	d.tree, d.id = t, id
	if t == nil || id < 0 || id >= len(t.Nodes) {
		d.id = -1
		d.title.SetText("No node selected")
		d.why.SetText("Tap a node of the tree to see its couple and why it holds; tap again to fold it. Double-tap opens it in the editor.")
		for _, b := range d.buttons {
			b.Disable()
		}
		return
	}
	n := &t.Nodes[id]
	kind := "couple"
	if n.Kind == engine.KindSum {
		kind = "sum"
	}
	v := d.verdictOf(t)
	if v.State == Checked {
		d.title.SetText(fmt.Sprintf("Node %d, %s %s   %s   %s", id, kind, t.Couple(id), labelIn(t, id), n.Result))
		d.why.SetText(Why(t, id))
	} else {
		d.title.SetText(fmt.Sprintf("Node %d, %s %s   %s   %s   (%s)", id, kind, t.Couple(id), labelIn(t, id), n.Result, claimWord(v, id)))
		d.why.SetText(Unverified(t, id, v))
	}
	for _, b := range d.buttons {
		b.Enable()
	}
}

// verdictOf returns what is known of t: the verdict of its check, or Unchecked when no
// check ran on it.
func (d *Details) verdictOf(t *engine.Tree) Verdict {
	if t == nil || d.run == nil || d.run.tree != t {
		return Verdict{State: Unchecked, Node: -1}
	}
	return d.run.verdict
}

// claimWord qualifies a node's label when its tree is not a checked proof.
func claimWord(v Verdict, id int) string {
	switch {
	case v.State == NotAProof && v.Node == id:
		return "claimed, fails the check"
	case v.State == NotAProof:
		return "claimed, not a proof"
	}
	return "claimed, not verified"
}

// Text returns the title and the explanation on show.
func (d *Details) Text() (title, why string) { return d.title.Text, d.why.Text }

// CreateRenderer lays out the title, the explanation and the buttons, in an overflow row:
// those that do not fit a narrow window are in its "…" menu.
func (d *Details) CreateRenderer() fyne.WidgetRenderer {
	objs := make([]fyne.CanvasObject, len(d.buttons))
	for i, b := range d.buttons {
		objs[i] = b
	}
	// The explanation scrolls in a box of whyLines lines: a wrapped label asks for the height
	// of its text at the width it had, which would move the tree's split at each node.
	text := fyne.MeasureText("0", theme.TextSize(), fyne.TextStyle{}).Height
	why := container.New(fixedLayout{fyne.NewSize(0, whyLines*text+2*theme.InnerPadding())}, container.NewVScroll(d.why))
	return widget.NewSimpleRenderer(container.NewVBox(widget.NewSeparator(), d.title, why, NewOverflowOf(objs...)))
}
