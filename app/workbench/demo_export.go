package workbench

import (
	"path/filepath"
)

// demoExportSteps show the export dialog on the tree of Cram 3x4: as the tree view opens
// it with one node collapsed, then expanded in full (the labels would go under 5 pt: the
// warning), then cut at the depth that fits. The last scene writes that page, as the dialog
// would, to outDir as cram-3x4.pdf, and the page as shown to cram-3x4-shown.pdf, without
// the file dialog.
func demoExportSteps(outDir string) []demoStep {
	var d *exportDialog
	write := func(w *Workbench, name string) {
		c, err := d.choice()
		target, ok := d.target()
		if outDir == "" || err != nil || !ok {
			return
		}
		path := filepath.Join(outDir, name)
		w.saved(path, ExportTree(path, target.tree, c.options(target)...))
	}
	return []demoStep{
		{name: "22-cram-3x4", action: func(w *Workbench) {
			w.Editor.SetState(stateOf("cram", "3x4"))
			w.Solver.Start(TaskNimber)
		}, wait: true},
		{name: "23-export-shown", action: func(w *Workbench) {
			if t := w.Tree.Tree(); t != nil && len(t.Nodes[t.Root].Children) > 1 {
				w.Tree.Toggle(t.Nodes[t.Root].Children[1])
			}
			d = newExportDialog(w, false)
			d.show()
		}},
		{name: "24-export-warning", action: func(w *Workbench) {
			write(w, "cram-3x4-shown.pdf")
			if t := w.Tree.Tree(); t != nil {
				w.Tree.ExpandBelow(t.Root, 1<<20)
			}
			d.update()
		}},
		{name: "25-export-depth-2", action: func(w *Workbench) { d.depth.SetSelected("2") }},
		{name: "26-export-written", action: func(w *Workbench) {
			write(w, "cram-3x4.pdf")
			d.dlg.Dismiss()
		}},
	}
}
