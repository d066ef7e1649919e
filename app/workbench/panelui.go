package workbench

import (
	"image/color"
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"grundy/editor"
	"grundy/engine"
	"grundy/job"
)

// panelUI holds the widgets of a SolverPanel.
type panelUI struct {
	tasks      map[Task]*widget.Button
	stop       *widget.Button
	smaller    *widget.Button // makes the proof on show smaller
	resume     *widget.Button // beside the moves' summary, after a stopped search
	gear       *widget.Button // shows the settings: the tree's limits and the cache
	settingsUp *widget.PopUp  // the settings on show, if they are
	cache      *editor.Select
	treeNodes  *editor.Select
	treeTime   *editor.Select
	misere     *widget.Check
	bar        *widget.ProgressBarInfinite
	names      []*widget.Label
	values     []*widget.Label  // the search's counts
	treeValues []*widget.Label  // the recording's counts
	storeUse   [2]*widget.Label // what each phase reused from the facts store and wrote
	storeSize  *widget.Label    // what the facts store holds
	proof      proofView        // a proof-number search's rows of the progress table
	state      *widget.Label
	outcome    *widget.Label
	nimber     *widget.Label
	options    *widget.List
	order      []int         // the options in the list's order: winning moves first
	summary    *widget.Label // how many moves win
	open       *widget.Button

	storeSizeText func() string // what the facts store holds now (the window's; nil: none given)
}

// cacheLabel names a cache size choice.
func cacheLabel(mb int) string { return strconv.Itoa(mb) + " MB" }

// build makes the widgets of p.
func (u *panelUI) build(p *SolverPanel) {
	u.tasks = map[Task]*widget.Button{}
	for _, t := range []Task{TaskNimber, TaskOutcome, TaskMoves} {
		b := widget.NewButtonWithIcon(t.String(), taskIcon(t), func() { p.Start(t) })
		if t == TaskNimber {
			b.Importance = widget.HighImportance
		}
		u.tasks[t] = b
	}
	u.stop = widget.NewButtonWithIcon("Stop", theme.MediaStopIcon(), p.Stop)
	u.stop.Importance = widget.DangerImportance
	u.smaller = newSmallerButton(p)
	u.resume = widget.NewButtonWithIcon("Resume", theme.MediaReplayIcon(), p.Resume)
	u.resume.Importance = widget.HighImportance
	u.resume.Hide()
	u.settings(p)
	u.misere = newMisereCheck(p)
	u.gear = widget.NewButtonWithIcon("", theme.SettingsIcon(), u.showSettings)
	u.gear.Importance = widget.LowImportance
	u.bar = widget.NewProgressBarInfinite()
	for _, l := range StatLines(engine.Stats{}, 0) {
		u.names = append(u.names, widget.NewLabelWithStyle(l[0], fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		u.values = append(u.values, valueLabel())
		u.treeValues = append(u.treeValues, valueLabel())
	}
	u.storeUse = [2]*widget.Label{valueLabel(), valueLabel()}
	u.storeSize = valueLabel()
	u.state = widget.NewLabel("Ready: choose what to solve.")
	u.state.Truncation = fyne.TextTruncateEllipsis
	u.outcome = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	u.outcome.Truncation = fyne.TextTruncateEllipsis
	u.nimber = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	u.nimber.Truncation = fyne.TextTruncateEllipsis
	u.summary = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	u.summary.Truncation = fyne.TextTruncateEllipsis
	u.options = u.optionList(p)
	u.open = widget.NewButtonWithIcon("Open move in editor", theme.DocumentCreateIcon(), p.openPicked)
	u.open.Disable()
}

// valueLabel is a cell of the progress table: long counts must not widen the window.
func valueLabel() *widget.Label {
	v := widget.NewLabel("")
	v.Truncation = fyne.TextTruncateEllipsis
	return v
}

// settings makes the choices of the cache size and of the tree's limits, each kept in the
// preferences.
func (u *panelUI) settings(p *SolverPanel) {
	var mbs []string
	for _, mb := range CacheChoices {
		mbs = append(mbs, cacheLabel(mb))
	}
	u.cache = editor.NewSelect(mbs, func(s string) {
		for _, mb := range CacheChoices {
			if s == cacheLabel(mb) {
				p.prefs.SetInt(PrefCacheMB, mb)
			}
		}
	})
	var nodes []string
	for _, n := range TreeNodeChoices {
		nodes = append(nodes, nodesLabel(n))
	}
	u.treeNodes = editor.NewSelect(nodes, func(s string) {
		for _, n := range TreeNodeChoices {
			if s == nodesLabel(n) {
				p.prefs.SetInt(PrefTreeNodes, int(n))
			}
		}
	})
	var times []string
	for _, d := range TreeTimeChoices {
		times = append(times, durationLabel(d))
	}
	u.treeTime = editor.NewSelect(times, func(s string) {
		for _, d := range TreeTimeChoices {
			if s == durationLabel(d) {
				p.prefs.SetInt(PrefTreeSeconds, int(d/time.Second))
			}
		}
	})
	for _, s := range []*editor.Select{u.cache, u.treeNodes, u.treeTime} {
		s.PlaceHolder = longest(s.Options) // the select is as wide as its longest choice
	}
	l := p.TreeLimits()
	u.cache.SetSelected(cacheLabel(p.CacheMB()))
	u.treeNodes.SetSelected(nodesLabel(l.TreeNodes))
	u.treeTime.SetSelected(durationLabel(l.TreeTime))
}

// longest returns the longest of texts, in runes.
func longest(texts []string) string {
	l := ""
	for _, t := range texts {
		if len([]rune(t)) > len([]rune(l)) {
			l = t
		}
	}
	return l
}

// optionList makes the list of options, winning moves first: a mark on winning moves, the
// option, its nimber.
func (u *panelUI) optionList(p *SolverPanel) *widget.List {
	l := widget.NewList(
		func() int { return len(u.order) },
		func() fyne.CanvasObject {
			mark := widget.NewLabelWithStyle("★ wins", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			mark.Importance = widget.SuccessImportance
			pos := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
			pos.Truncation = fyne.TextTruncateEllipsis
			return container.NewBorder(nil, nil, mark, widget.NewLabel("= 00"), pos)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			row := o.(*fyne.Container)
			pos, mark, value := row.Objects[0].(*widget.Label), row.Objects[1].(*widget.Label), row.Objects[2].(*widget.Label)
			opt := p.result.Options[u.order[i]]
			m, v := OptionText(opt)
			pos.SetText(opt.Position)
			mark.SetText(m)
			if m == "" {
				mark.SetText("        ")
			}
			value.SetText(v)
		})
	l.OnSelected = func(i widget.ListItemID) {
		p.picked = u.order[i]
		p.firePicked()
		u.open.Enable()
	}
	return l
}

// showOptions lists opts, winning moves first, each group in the game's order, under a line
// that counts the winning moves.
func (u *panelUI) showOptions(opts []job.Option) {
	u.order = WinsFirst(opts)
	u.summary.SetText(MovesSummary(opts))
	u.options.UnselectAll()
	u.options.Refresh()
}

// WinsFirst returns the indices of opts, those of winning moves first; each group keeps the
// game's order.
func WinsFirst(opts []job.Option) []int {
	order := make([]int, 0, len(opts))
	for i, o := range opts {
		if o.Wins() {
			order = append(order, i)
		}
	}
	for i, o := range opts {
		if !o.Wins() {
			order = append(order, i)
		}
	}
	return order
}

// MovesSummary is the line over the options: how many moves win, or why none does. It is
// empty when there are no options to list.
func MovesSummary(opts []job.Option) string {
	if len(opts) == 0 {
		return ""
	}
	wins, unknown := 0, 0
	for _, o := range opts {
		switch {
		case o.Wins():
			wins++
		case !o.Decided():
			unknown++
		}
	}
	switch {
	case wins == 1:
		return "1 winning move"
	case wins > 1:
		return strconv.Itoa(wins) + " winning moves"
	case unknown > 0:
		return "no winning move found: " + strconv.Itoa(unknown) + " of " + strconv.Itoa(len(opts)) + " moves not solved"
	}
	return "no winning move: every move leads to a nimber ≠ 0"
}

// showStats writes the progress table's columns: the search's and the recording's; a nil
// column is blank (its phase has not run).
func (u *panelUI) showStats(search, record [][2]string) {
	for i := range u.names {
		u.values[i].SetText(cell(search, i))
		u.treeValues[i].SetText(cell(record, i))
	}
}

// cell is the value of row i of a column, or "" for a blank column.
func cell(col [][2]string, i int) string {
	if i < len(col) {
		return col[i][1]
	}
	return ""
}

// showSettings pops the settings up under the gear button: the bounds on the tree's
// recording and the cache size. They are kept out of the panel so that it fits a small
// window.
func (u *panelUI) showSettings() {
	c := fyne.CurrentApp().Driver().CanvasForObject(u.gear)
	if c == nil {
		return
	}
	title := widget.NewLabelWithStyle("Solver settings", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	form := widget.NewForm(
		widget.NewFormItem("Tree up to", container.NewHBox(u.treeNodes, widget.NewLabel("nodes"))),
		widget.NewFormItem("or", u.treeTime),
		widget.NewFormItem("Cache", container.NewHBox(u.cache, widget.NewLabel("(a quarter of it records trees)"))),
		widget.NewFormItem("Play", u.misere),
	)
	pop := widget.NewPopUp(container.NewVBox(title, form), c)
	u.settingsUp = pop
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(u.gear)
	pos.Y += u.gear.Size().Height
	pos.X = max(0, min(pos.X, c.Size().Width-pop.MinSize().Width))
	pop.ShowAtPosition(pos)
}

// hideSettings hides the settings when they are on show, and reports whether they were.
func (u *panelUI) hideSettings() bool {
	if u.settingsUp == nil || !u.settingsUp.Visible() {
		return false
	}
	u.settingsUp.Hide()
	u.settingsUp = nil
	return true
}

// layout arranges the widgets: the task buttons and the settings' gear, the progress of both
// phases (with a proof-number search's rows), how the task went, the outcome and nimber, and
// the options under their summary.
// The panel's minimum size does not depend on what it shows (a long state, a running task),
// so that the window's splits stay where they are when a task starts or ends.
func (u *panelUI) layout() fyne.CanvasObject {
	buttons := container.NewHBox(u.tasks[TaskNimber], u.tasks[TaskOutcome], u.tasks[TaskMoves], u.stop,
		layout.NewSpacer(), u.gear)
	bold := fyne.TextStyle{Bold: true}
	// The bar, shown while a task runs, takes the blank corner of the table: nothing moves
	// as it comes and goes.
	table := container.New(newGridFormLayout(1),
		container.New(fixedLayout{fyne.NewSize(0, compactRow())}, container.NewPadded(u.bar)), container.NewGridWithColumns(2,
			widget.NewLabelWithStyle("Search", fyne.TextAlignLeading, bold),
			widget.NewLabelWithStyle("Tree", fyne.TextAlignLeading, bold)))
	for i := range u.names {
		table.Add(u.names[i])
		table.Add(container.NewGridWithColumns(2, u.values[i], u.treeValues[i]))
	}
	u.storeRows(table)
	// The state takes one line, however long it is.
	state := container.New(fixedLayout{fyne.NewSize(0, compactRow())}, u.state)
	compact := func(o fyne.CanvasObject) *container.ThemeOverride {
		return container.NewThemeOverride(o, compactTheme{})
	}
	compactTable := compact(table)
	panel := container.New(panelLayout{},
		buttons,
		container.NewVScroll(compactTable),
		compact(state),
		compact(container.NewGridWithColumns(2, u.outcome, u.nimber)),
		container.NewBorder(nil, nil, container.NewHBox(u.resume, u.smaller), u.open, u.summary),
		u.options,
	)
	u.proof.attach(table, compactTable, panel)
	return panel
}

// tableRows is how many rows of the progress table a small window shows: it scrolls.
const tableRows = 3

// panelLayout stacks the panel's parts at their heights, the list of options last, taking
// the rest. The progress table (the second object) gets all its rows when there is room,
// and no fewer than tableRows, scrolled, when there is not: a small window keeps room for
// the board and the moves.
type panelLayout struct{}

// heights returns the table's height, and what the other parts (the list of options
// excluded) take with the padding between all of them.
func (panelLayout) heights(objs []fyne.CanvasObject, height float32) (table, others float32) {
	pad := theme.Padding()
	for i, o := range objs {
		if i != 1 && i != len(objs)-1 {
			others += o.MinSize().Height
		}
	}
	others += float32(len(objs)-1) * pad
	least := float32(tableRows) * compactRow()
	natural := objs[1].MinSize().Height
	if s, ok := objs[1].(*container.Scroll); ok {
		natural = s.Content.MinSize().Height
	}
	table = max(least, min(natural, height-others-objs[len(objs)-1].MinSize().Height))
	return table, others
}

func (l panelLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	table, _ := l.heights(objs, size.Height)
	pad := theme.Padding()
	y := float32(0)
	for i, o := range objs {
		h := o.MinSize().Height
		switch i {
		case 1:
			h = table
		case len(objs) - 1:
			h = max(0, size.Height-y)
		}
		o.Move(fyne.NewPos(0, y))
		o.Resize(fyne.NewSize(size.Width, h))
		y += h + pad
	}
}

func (l panelLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	_, others := l.heights(objs, 0)
	w := float32(0)
	for _, o := range objs {
		w = max(w, o.MinSize().Width)
	}
	return fyne.NewSize(w, others+float32(tableRows)*compactRow()+objs[len(objs)-1].MinSize().Height)
}

// compactTheme is the app's theme with labels padded less: the progress table's rows and
// the state line, which would otherwise take a third of a small window's height.
type compactTheme struct{}

// compactPadding is the room around a compact label's text.
const compactPadding = 2

func (compactTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return appTheme().Color(n, v)
}
func (compactTheme) Font(s fyne.TextStyle) fyne.Resource     { return appTheme().Font(s) }
func (compactTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return appTheme().Icon(n) }
func (compactTheme) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameInnerPadding || n == theme.SizeNameLineSpacing {
		return compactPadding
	}
	return appTheme().Size(n)
}

// appTheme is the app's own theme. (theme.Current, asked while compactTheme renders, would
// return compactTheme.)
func appTheme() fyne.Theme {
	if a := fyne.CurrentApp(); a != nil && a.Settings().Theme() != nil {
		return a.Settings().Theme()
	}
	return theme.DefaultTheme()
}

// compactRow is the height of a one-line label in compactTheme.
func compactRow() float32 {
	return fyne.MeasureText("0", appTheme().Size(theme.SizeNameText), fyne.TextStyle{}).Height + 2*compactPadding
}

// fixedLayout gives its objects all its room and asks for min, whatever they ask.
type fixedLayout struct{ min fyne.Size }

func (l fixedLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	minLayout{}.Layout(objs, size)
}

func (l fixedLayout) MinSize([]fyne.CanvasObject) fyne.Size { return l.min }
