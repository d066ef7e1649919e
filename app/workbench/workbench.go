package workbench

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"grundy/assets"
	"grundy/editor"
	"grundy/engine"
	"grundy/games"
	"grundy/job"
	"grundy/viz/treeview"
)

// Options configure a Workbench. The zero value is the real app's, except for Picker.
type Options struct {
	// Picker asks for files; nil uses fyne's dialogs.
	Picker Picker
	// Folders asks for directories (the facts store's); nil uses fyne's dialog.
	Folders FolderPicker
	// Catalog lists the editor's games; nil uses the games registry.
	Catalog *editor.Catalog
	// Do runs a function on the UI goroutine; nil uses fyne.Do. Tests pass a queue that
	// they drain on the test goroutine.
	Do func(func())
	// SessionDir keeps the copy of the tree on show that a window which did not close
	// normally reopens; "" is DefaultSessionDir.
	SessionDir string
}

// MinSize is the smallest size of the window: the content never asks for less, and at this
// size no control overlaps another (layout_test.go checks it, and 1024×700).
var MinSize = fyne.NewSize(800, 560)

// A Workbench is the content of the main window: the position editor and the solver panel
// on the left, the tree explorer with the selected node's details on the right, a status
// line, the main menu and the keyboard shortcuts.
type Workbench struct {
	Editor  *editor.Editor
	Solver  *SolverPanel
	Play    *PlayPanel // in the solver panel's place in play mode (playui.go)
	Tree    *treeview.TreeView
	Details *Details

	app      fyne.App
	win      fyne.Window
	picker   Picker
	folders  FolderPicker
	facts    factsStore   // the facts store (store.go)
	session  session      // the recovery copy of the tree on show (session.go)
	aside    *engine.Tree // a tree of another game or play than the editor's (follow.go)
	noTree   string       // the game and position the pane says have no tree, if it does
	closed   bool         // Close has run
	unlimit  func()       // gives the window's memory limit back (memory.go)
	do       func(func()) // runs a function on the UI goroutine
	examples []assets.Example
	status   *widget.Label
	title    *widget.Label // the tree's caption: its game and root
	titled   editor.State  // the example whose title the window shows (title.go)
	content  fyne.CanvasObject
	mode     *widget.RadioGroup // the solver panel or the play panel
	left     *container.Split   // the editor over the panels
}

// New builds the workbench in win: its content, main menu and shortcuts.
func New(a fyne.App, win fyne.Window, opts Options) *Workbench {
	w := &Workbench{app: a, win: win, picker: opts.Picker, folders: opts.Folders, examples: assets.Examples()}
	if w.picker == nil {
		w.picker = FynePicker{Win: win}
	}
	if w.folders == nil {
		w.folders = FynePicker{Win: win}
	}
	do := opts.Do
	if do == nil {
		do = fyne.Do
	}
	w.do = do
	w.session.dir = opts.SessionDir
	if w.session.dir == "" {
		w.session.dir, _ = DefaultSessionDir() // none: no recovery copy
	}
	cat := editor.DefaultCatalog()
	if opts.Catalog != nil {
		cat = *opts.Catalog
	}
	w.status = widget.NewLabel("")
	w.status.Truncation = fyne.TextTruncateEllipsis
	w.title = widget.NewLabelWithStyle("Solution tree", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	w.title.Truncation = fyne.TextTruncateEllipsis
	w.Editor = editor.New(cat)
	w.Editor.Files = w.picker // Save and Open drawing (Sprouts)
	w.Solver = NewSolverPanel(w.Editor.Current, do, a.Preferences())
	w.unlimit = w.followCacheSetting()
	w.Play = NewPlayPanel(w.Editor, w.Solver, do, a.Preferences())
	w.Tree = treeview.New()
	w.Tree.Do = do
	w.Details = NewDetails()
	w.connect()
	w.content = w.layout()
	win.SetContent(w.content)
	w.openStore()
	w.restoreSession()
	win.SetOnClosed(func() { w.Play.Close(); w.Close() })
	w.refreshMenu()
	w.shortcuts()
	return w
}

// connect wires the parts together.
func (w *Workbench) connect() {
	w.Editor.OnChanged = func(g games.Game, p engine.Position) {
		if w.Play.EditorChanged(g, p) {
			return // not a move of the game on: undone
		}
		w.keepPosition()
		w.Solver.PositionChanged()
		w.clearStale()
		w.positionChanged()
		w.followEditor()
		w.showStoreSize()
	}
	w.Solver.OnMisere = func(bool) { w.followEditor() }
	w.Editor.OnSubmitted = func() { w.Solver.Start(TaskNimber) }
	w.Solver.OnTree = w.ShowTree
	w.Solver.OnNoTree = w.showNoTree
	w.Editor.OnInvalid = func(err error) {
		w.Solver.PositionInvalid(err)
		w.clearStale()
		w.positionChanged()
	}
	w.Solver.OnOpen = w.openPosition
	w.Solver.OnPicked = w.Editor.ShowMove
	w.Solver.OnFinished = func(job.Result) { w.countFacts() }
	w.Tree.OnSelected = func(id int) { w.Details.SetNode(w.Tree.Tree(), id) }
	w.Tree.OnActivated = func(id int) {
		t := w.Tree.Tree()
		w.openPosition(t.Game, t.Nodes[id].Position)
	}
	w.Details.OnOpen = w.openPosition
	w.Details.OnCopy = w.copyPosition
	w.Details.OnExpand = func(id int) { w.Tree.ExpandBelow(id, 1<<20) }
	w.Details.OnExport = func() { w.Export(true) }
}

// ShowTree shows t in the explorer, its root selected, and checks it (verify.go): the window
// says it is a proof only once engine.Check has verified it.
func (w *Workbench) ShowTree(t *engine.Tree) {
	w.clearStale()
	w.aside, w.noTree = nil, ""
	w.Tree.SetTree(t)
	w.Tree.Select(t.Root)
	w.session.keep(t)
	w.verify(t)
}

// openPosition shows a position in the editor.
func (w *Workbench) openPosition(game, position string) {
	if err := w.Editor.SetState(stateOf(game, position)); err != nil {
		w.status.SetText(err.Error())
	}
}

// copyPosition puts a position's notation on the clipboard, as the command line takes it.
func (w *Workbench) copyPosition(game, position string) {
	w.app.Clipboard().SetContent(position)
	w.status.SetText("Copied the position " + game + " " + position + " to the clipboard.")
}

func stateOf(game, position string) editor.State {
	return editor.State{Game: game, Notation: position}
}

// Status returns the status line.
func (w *Workbench) Status() string { return w.status.Text }

// layout arranges the window.
func (w *Workbench) layout() fyne.CanvasObject {
	w.mode = w.newModeBar()
	w.Play.Content().Hide()
	panels := container.NewStack(w.Solver, w.Play.Content())
	left := container.NewVSplit(w.Editor, container.NewBorder(container.NewThemeOverride(w.mode, compactTheme{}), nil, nil, nil, panels))
	left.Offset = 0.5
	w.left = left
	tools := w.treeTools()
	// The drawing is not clipped by fyne except inside a scroll container: without one, the
	// edges and nodes of a zoomed tree run over the details and the toolbar.
	view := container.NewScroll(w.Tree)
	view.Direction = container.ScrollNone
	right := container.NewBorder(container.NewVBox(tools, w.title), w.Details, nil, nil, view)
	split := container.NewHSplit(left, right)
	split.Offset = 0.46
	status := container.NewThemeOverride(w.status, compactTheme{}) // one line, padded as the table
	return container.New(minLayout{MinSize}, container.NewBorder(nil, status, nil, nil, split))
}

// minLayout gives its objects all its room, and asks for at least min.
type minLayout struct{ min fyne.Size }

func (l minLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l minLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	m := l.min
	for _, o := range objs {
		m = m.Max(o.MinSize())
	}
	return m
}

// rootID is the root of the tree on show, or -1.
func (w *Workbench) rootID() int {
	if t := w.Tree.Tree(); t != nil {
		return t.Root
	}
	return -1
}
