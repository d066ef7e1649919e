package workbench

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/viz/treeview"
)

// treeTools returns the tree explorer's toolbar: zoom, fit, expand one level or all (asking
// above treeview.LargeTree nodes), collapse, the Tree | Outline choice, save and export.
func (w *Workbench) treeTools() fyne.CanvasObject {
	tool := func(label string, icon fyne.Resource, f func()) fyne.CanvasObject {
		b := widget.NewButtonWithIcon(label, icon, f)
		b.Importance = widget.LowImportance
		return b
	}
	w.Tree.Ask = w.askLarge
	mode := widget.NewRadioGroup([]string{"Tree", "Outline"}, func(s string) { w.Tree.SetOutline(s == "Outline") })
	mode.Horizontal = true
	mode.Required = true
	mode.SetSelected("Tree")
	return NewOverflowOf(
		tool("", theme.ZoomInIcon(), w.Tree.ZoomIn),
		tool("", theme.ZoomOutIcon(), w.Tree.ZoomOut),
		tool("Fit", theme.ZoomFitIcon(), w.Tree.Fit),
		tool("Expand one level", theme.MenuDropDownIcon(), func() { w.Tree.ExpandLevel(w.Tree.Selected()) }),
		tool("Expand all", theme.MenuExpandIcon(), func() { w.Tree.ExpandAll(-1) }),
		tool("Collapse", theme.MoveUpIcon(), func() { w.Tree.CollapseTo(1) }),
		mode,
		tool("Save", theme.DocumentSaveIcon(), w.SaveTree),
		tool("Export", theme.UploadIcon(), func() { w.Export(false) }),
	)
}

// askLarge asks, before an expansion shows n nodes, more than treeview.LargeTree, whether
// to show them all, the first LargeTree, or none.
func (w *Workbench) askLarge(n int, answer func(treeview.Answer)) {
	msg := widget.NewLabel(fmt.Sprintf("This shows %s nodes: drawing them takes time and memory.\n"+
		"The outline view lists a large tree without drawing it.", thousands(n)))
	var d *dialog.CustomDialog
	reply := func(a treeview.Answer) func() {
		return func() { d.Hide(); answer(a) }
	}
	all := widget.NewButton("Show all "+thousands(n), reply(treeview.AnswerAll))
	some := widget.NewButton("Show "+thousands(treeview.LargeTree), reply(treeview.AnswerBudget))
	some.Importance = widget.HighImportance
	cancel := widget.NewButton("Cancel", reply(treeview.AnswerCancel))
	d = dialog.NewCustomWithoutButtons("Expand a large tree?", msg, w.win)
	d.SetButtons([]fyne.CanvasObject{cancel, all, some})
	withKeys(w.win, d, some.OnTapped, cancel.OnTapped) // Enter takes the highlighted choice
	d.Show()
}

// thousands writes n with thin spaces between groups of three digits: 462 599.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "\u202f" + s[i:]
	}
	return s
}
