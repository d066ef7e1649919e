package workbench

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// treeTools returns the tree explorer's toolbar: zoom, fit, expand and collapse, save and
// export.
func (w *Workbench) treeTools() fyne.CanvasObject {
	tool := func(label string, icon fyne.Resource, f func()) fyne.CanvasObject {
		b := widget.NewButtonWithIcon(label, icon, f)
		b.Importance = widget.LowImportance
		return b
	}
	return container.NewHBox(
		tool("", theme.ZoomInIcon(), w.Tree.ZoomIn),
		tool("", theme.ZoomOutIcon(), w.Tree.ZoomOut),
		tool("Fit", theme.ZoomFitIcon(), w.Tree.Fit),
		tool("Expand", theme.MenuExpandIcon(), func() { w.Tree.ExpandBelow(w.rootID(), 1<<20); w.Tree.Fit() }),
		tool("Collapse", theme.MoveUpIcon(), func() { w.Tree.CollapseTo(1) }),
		tool("Save", theme.DocumentSaveIcon(), w.SaveTree),
		tool("Export", theme.UploadIcon(), func() { w.Export(false) }),
	)
}
