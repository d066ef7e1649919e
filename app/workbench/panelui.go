package workbench

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// panelUI holds the widgets of a SolverPanel.
type panelUI struct {
	tasks   map[Task]*widget.Button
	stop    *widget.Button
	cache   *widget.Select
	bar     *widget.ProgressBarInfinite
	names   []*widget.Label
	values  []*widget.Label
	state   *widget.Label
	outcome *widget.Label
	nimber  *widget.Label
	options *widget.List
	open    *widget.Button
}

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
	var choices []string
	for _, mb := range CacheChoices {
		choices = append(choices, strconv.Itoa(mb)+" MB")
	}
	u.cache = widget.NewSelect(choices, func(s string) {
		if mb, err := strconv.Atoi(strings.TrimSuffix(s, " MB")); err == nil {
			p.prefs.SetInt(PrefCacheMB, mb)
		}
	})
	u.cache.SetSelected(strconv.Itoa(p.CacheMB()) + " MB")
	u.bar = widget.NewProgressBarInfinite()
	for range StatLines(p.last, 0) {
		u.names = append(u.names, widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		v := widget.NewLabel("")
		v.Truncation = fyne.TextTruncateEllipsis // long counts must not widen the window
		u.values = append(u.values, v)
	}
	u.showStats(StatLines(p.last, 0))
	u.state = widget.NewLabel("Ready: choose what to solve.")
	u.state.Wrapping = fyne.TextWrapWord
	u.outcome = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	u.nimber = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	u.options = u.optionList(p)
	u.open = widget.NewButtonWithIcon("Open move in editor", theme.DocumentCreateIcon(), p.openPicked)
	u.open.Disable()
}

// optionList makes the list of options: a mark on winning moves, the option, its nimber.
func (u *panelUI) optionList(p *SolverPanel) *widget.List {
	l := widget.NewList(
		func() int { return len(p.result.Options) },
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
			opt := p.result.Options[i]
			m, v := OptionText(opt)
			pos.SetText(opt.Position)
			mark.SetText(m)
			if m == "" {
				mark.SetText("        ")
			}
			value.SetText(v)
		})
	l.OnSelected = func(i widget.ListItemID) {
		p.picked = i
		u.open.Enable()
	}
	return l
}

// showStats writes the progress table.
func (u *panelUI) showStats(lines [][2]string) {
	for i, l := range lines {
		u.names[i].SetText(l[0])
		u.values[i].SetText(l[1])
	}
}

// layout arranges the widgets: the task buttons and cache size, the progress, how the task
// went, the outcome and nimber, and the options.
func (u *panelUI) layout() fyne.CanvasObject {
	buttons := container.NewHBox(u.tasks[TaskNimber], u.tasks[TaskOutcome], u.tasks[TaskMoves], u.stop)
	cache := container.NewHBox(widget.NewLabel("Cache"), u.cache)
	table := container.New(newGridFormLayout(2))
	for i := range u.names {
		table.Add(u.names[i])
		table.Add(u.values[i])
	}
	top := container.NewVBox(
		container.NewBorder(nil, nil, nil, cache, buttons),
		u.bar,
		table,
		u.state,
		container.NewGridWithColumns(2, u.outcome, u.nimber),
		widget.NewSeparator(),
	)
	return container.NewBorder(top, container.NewHBox(u.open), nil, nil, u.options)
}
