package workbench

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"fyne.io/fyne/v2"
)

// A demoStep is one scene of the scripted demo: an action on the UI goroutine, then, when
// wait is set, a pause until the solver has finished, and a pause of its own (to let a
// search run) before the picture.
type demoStep struct {
	name   string
	action func(w *Workbench)
	wait   bool
	pause  time.Duration
}

// demoSteps build a position by hand, type a bad entry (the tasks wait for a valid one),
// solve it, walk its tree and export it, then show the other editors, a save dialog, a
// stopped search, a stopped search that proved the outcome W, a tree recorded after its
// answer, a recording stopped after its answer, and a Sprouts position: the scenes that scripts/screenshot.sh photographs.
func demoSteps(outDir string) []demoStep {
	return []demoStep{
		{name: "01-start", action: func(w *Workbench) {}},
		{name: "02-cram-built", action: func(w *Workbench) {
			w.Editor.SetState(stateOf("cram", "3x4"))
			if b := w.Editor.CramBoard(0); b != nil {
				b.Play(0, 1, 1, 1)
				b.Play(2, 2, 2, 3)
				b.Tapped(&fyne.PointEvent{Position: b.CellCentre(0, 3)})
			}
		}},
		{name: "03-bad-entry", action: func(w *Workbench) { w.Editor.SetNotation(".#.#/.#../..x#") }},
		{name: "04-nimber-solved", action: func(w *Workbench) {
			w.Editor.Undo()
			w.Editor.Redo() // back to the last valid board, which the bad entry never replaced
			w.Solver.Start(TaskNimber)
		}, wait: true},
		{name: "05-node-selected", action: func(w *Workbench) { selectDeep(w) }},
		{name: "06-winning-moves", action: func(w *Workbench) { w.Solver.Start(TaskMoves) }, wait: true},
		{name: "07-exported", action: func(w *Workbench) {
			if outDir != "" {
				path := filepath.Join(outDir, "07-exported-tree.png")
				w.saved(path, ExportTree(path, w.Tree.Tree()))
			}
		}},
		{name: "08-sum-figure9", action: func(w *Workbench) {
			w.OpenExample("cram-sum-figure9.json")
			w.Solver.Start(TaskNimber)
		}, wait: true},
		{name: "09-kayles-moves", action: func(w *Workbench) {
			w.OpenExample("kayles.json")
			w.Solver.Start(TaskMoves)
		}, wait: true},
		{name: "10-chomp", action: func(w *Workbench) {
			w.OpenExample("chomp.json")
			w.Solver.Start(TaskNimber)
		}, wait: true},
		// The script photographs the whole screen for a "dialog" scene, then cancels the
		// dialog with Escape: the status line must stay as it was.
		{name: "11-save-dialog", action: func(w *Workbench) { w.SaveTree() }},
		{name: "12-after-cancel", action: func(w *Workbench) {}},
		{name: "13-running", action: func(w *Workbench) {
			w.Editor.SetState(stateOf("cram", "6x7"))
			w.Solver.Start(TaskNimber)
		}, pause: 3 * time.Second},
		{name: "14-stopped", action: func(w *Workbench) { w.Solver.Stop() }, wait: true},
		// 3x14 is W (about 6 s); its nimber takes much longer: a stop keeps "≠ 0", so W.
		{name: "15-outcome-3x14", action: func(w *Workbench) {
			w.Editor.SetState(stateOf("cram", "3x14"))
			w.Solver.Start(TaskOutcome)
		}, wait: true},
		{name: "16-nimber-3x14", action: func(w *Workbench) { w.Solver.Start(TaskNimber) }, pause: 2 * time.Second},
		{name: "17-stopped-w", action: func(w *Workbench) { w.Solver.Stop() }, wait: true},
		// Kayles 1000 3 is answered from theory at once, then its tree is recorded.
		{name: "18-kayles-1000-3", action: func(w *Workbench) {
			w.Editor.SetState(stateOf("kayles", "1000 3"))
			w.Solver.Start(TaskNimber)
		}, wait: true},
		// Nim 999 too; its tree would take minutes: the answer shows while it is recorded.
		{name: "19-recording", action: func(w *Workbench) {
			w.Editor.SetState(stateOf("nim", "999"))
			w.Solver.Start(TaskNimber)
		}, pause: 3 * time.Second},
		{name: "20-recording-stopped", action: func(w *Workbench) { w.Solver.Stop() }, wait: true},
		{name: "21-sprouts", action: func(w *Workbench) {
			w.Editor.SetState(stateOf("sprouts", "0*4"))
			w.Solver.Start(TaskNimber)
		}, wait: true},
	}
}

// selectDeep selects a node two levels down in the tree, as a tap would.
func selectDeep(w *Workbench) {
	t := w.Tree.Tree()
	if t == nil {
		return
	}
	id := t.Root
	for range 2 {
		if kids := t.Nodes[id].Children; len(kids) > 0 {
			id = kids[len(kids)/2]
		}
	}
	w.Tree.Select(id)
	w.Details.SetNode(t, id)
}

// RunDemo plays the demo on w, for screenshots: after each scene it writes
// "grundy-demo: ready NAME" to out and waits for a line on in. Exported drawings go to
// outDir. It runs on its own goroutine and touches the UI only through fyne.DoAndWait.
func RunDemo(w *Workbench, in io.Reader, out io.Writer, outDir string) {
	lines := bufio.NewScanner(in)
	time.Sleep(time.Second) // let the window appear
	steps := append(append(append(demoSteps(outDir), demoExportSteps(outDir)...), moveDemoSteps()...), treeDemoSteps()...)
	steps = append(append(append(steps, playDemoSteps()...), dayDemoSteps(outDir)...), sproutsDemoSteps(outDir)...)
	steps = append(steps, sproutsEditDemoSteps()...)
	for _, s := range onlySteps(steps, os.Getenv("GRUNDY_DEMO_ONLY")) {
		var done <-chan struct{}
		fyne.DoAndWait(func() {
			s.action(w)
			done = w.Solver.Done()
		})
		if s.wait && done != nil {
			select {
			case <-done:
			case <-time.After(2 * time.Minute):
			}
		}
		time.Sleep(s.pause)
		time.Sleep(700 * time.Millisecond) // let the window redraw
		fmt.Fprintf(out, "grundy-demo: ready %s\n", s.name)
		if !lines.Scan() {
			break
		}
	}
	fmt.Fprintln(out, "grundy-demo: done")
	fyne.DoAndWait(func() { fyne.CurrentApp().Quit() })
}

// onlySteps returns the steps whose names contain only (GRUNDY_DEMO_ONLY, such as "play"),
// or all of them when only is "".
func onlySteps(steps []demoStep, only string) []demoStep {
	if only == "" {
		return steps
	}
	var out []demoStep
	for _, s := range steps {
		if strings.Contains(s.name, only) {
			out = append(out, s)
		}
	}
	return out
}
